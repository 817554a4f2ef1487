"""import_catalogue / export_catalogue: docs/contract.md §1 and §2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from PIL import Image

from cards.models import Card, Edition, Set

DATA = Path(__file__).resolve().parents[2] / "data" / "catalogue"


def doc(cards, game="eliria", sets=None):  # type: ignore[no-untyped-def]
    return {
        "format": "catalogue/1", "game": game,
        "sets": sets or [{"code": "BASE", "name": "Colección BASE", "released": "2026-01-10"}],
        "cards": cards,
    }


def combat(code="BASE-105", name="Cañón del sacrificio", editions=None):  # type: ignore[no-untyped-def]
    return {"code": code, "set": "BASE", "name": name, "type": "combat", "editions": editions or [ed(1, "2026-01-10")]}


def ed(n, released, **over):  # type: ignore[no-untyped-def]
    base = {"edition": n, "released": released, "potential": 4, "class": "objeto vivo", "cross": False,
            "passive": "", "resistance": 3, "attacks": [{"cost": 2, "name": "Disparo", "damage": "x", "effect": ""}]}
    return {**base, **over}


def write(tmp_path, name, content):  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_text(json.dumps(content, ensure_ascii=False) if not isinstance(content, str) else content)
    return path


def run_import(*paths):  # type: ignore[no-untyped-def]
    out, err = io.StringIO(), io.StringIO()
    call_command("import_catalogue", *map(str, paths), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def export(game="eliria", fmt="json"):  # type: ignore[no-untyped-def]
    out = io.StringIO()
    call_command("export_catalogue", "--game", game, "--format", fmt, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_import_then_reimport_changes_nothing(tmp_path):
    path = write(tmp_path, "c.json", doc([combat()]))
    run_import(path)
    before = list(Edition.objects.values())
    out, _ = run_import(path)
    assert "ediciones nuevas: 0, ediciones cambiadas: 0" in out
    assert list(Edition.objects.values()) == before


@pytest.mark.django_db
def test_ruling_tercero_newest_edition_is_current_whatever_the_entry_order(tmp_path):
    editions = [ed(3, "2026-06-01", resistance=5), ed(1, "2026-01-10"), ed(2, "2026-03-01", resistance=4)]
    run_import(write(tmp_path, "c.json", doc([combat(editions=editions)])))
    card = Card.objects.get(code="BASE-105")
    assert (card.current.edition, card.current.resistance) == (3, 5)


@pytest.mark.django_db
def test_ruling_tercero_same_date_goes_to_higher_edition(tmp_path):
    editions = [ed(2, "2026-01-10", resistance=9), ed(1, "2026-01-10")]
    run_import(write(tmp_path, "c.json", doc([combat(editions=editions)])))
    assert Card.objects.get().current.edition == 2


@pytest.mark.django_db
def test_a_later_file_with_a_new_edition_adds_it_and_it_becomes_current(tmp_path):
    run_import(write(tmp_path, "a.json", doc([combat()])))
    run_import(write(tmp_path, "b.json", doc([combat(editions=[ed(2, "2026-06-01", resistance=7)])])))
    card = Card.objects.get()
    assert card.editions.count() == 2
    assert card.current.resistance == 7


@pytest.mark.django_db
def test_an_older_edition_imported_later_does_not_replace_the_current_text(tmp_path):
    run_import(write(tmp_path, "a.json", doc([combat(editions=[ed(2, "2026-06-01", resistance=7)])])))
    run_import(write(tmp_path, "b.json", doc([combat(editions=[ed(1, "2026-01-10", resistance=3)])])))
    assert Card.objects.get().current.edition == 2


@pytest.mark.django_db
def test_bad_record_writes_nothing_and_names_file_record_field(tmp_path):
    good = combat("BASE-001", "Buena")
    bad = combat("BASE-002", "Mala", editions=[ed(1, "2026-01-10", potential=13)])
    path = write(tmp_path, "bad.json", doc([good, bad]))
    with pytest.raises(CommandError):
        run_import(path)
    assert Card.objects.count() == 0 and Set.objects.count() == 0


@pytest.mark.django_db
def test_error_lines_are_written_as_the_contract_says(tmp_path, capsys):
    bad = combat("BASE-002", "Mala", editions=[ed(1, "10/01/2026")])
    path = write(tmp_path, "bad.json", doc([combat("BASE-001", "Buena"), bad]))
    err = io.StringIO()
    with pytest.raises(CommandError, match=r"^1 error: no se ha importado nada\.$"):
        call_command("import_catalogue", str(path), stderr=err)
    assert err.getvalue().startswith(f"{path}:2:released: ")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda c: c.update(type="dragon"), "type"),
        (lambda c: c.update(set="NOPE"), "set"),
        (lambda c: c.pop("name"), "name"),
        (lambda c: c.update(editions=[]), "editions"),
        (lambda c: c["editions"][0].update(cross="yes"), "cross"),
        (lambda c: c["editions"][0]["attacks"][0].update(damage="mucho"), "damage"),
        (lambda c: c["editions"][0].update(edition=0), "edition"),
        (lambda c: c["editions"][0].update(color="azul"), "color"),
    ],
)
def test_each_kind_of_bad_field_is_named(tmp_path, mutate, field):
    card = combat()
    mutate(card)
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(write(tmp_path, "x.json", doc([card]))), stderr=err)
    assert f":1:{field}: " in err.getvalue()
    assert Card.objects.count() == 0


@pytest.mark.django_db
def test_two_files_one_bad_imports_neither(tmp_path):
    good = write(tmp_path, "good.json", doc([combat()]))
    bad = write(tmp_path, "bad.json", "{not json")
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(good), str(bad), stderr=err)
    assert "bad.json:1:-: JSON no válido" in err.getvalue()
    assert Card.objects.count() == 0


@pytest.mark.django_db
def test_duplicate_code_in_a_file_is_refused(tmp_path):
    with pytest.raises(CommandError):
        run_import(write(tmp_path, "d.json", doc([combat(), combat(name="Otro")])))


@pytest.mark.django_db
def test_identity_is_fixed_across_imports(tmp_path):
    run_import(write(tmp_path, "a.json", doc([combat()])))
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(write(tmp_path, "b.json", doc([combat(name="Otro nombre")]))), stderr=err)
    assert "b.json:1:name:" in err.getvalue()
    assert Card.objects.get().name == "Cañón del sacrificio"


@pytest.mark.django_db
def test_mision_cards_need_four_worlds_and_elements_a_chest(tmp_path):
    sets = [{"code": "SOS1", "name": "Primera misión"}]
    ente = {"code": "SOS1-001", "set": "SOS1", "name": "Capitana", "type": "entity",
            "editions": [{"edition": 1, "released": "2026-03-01", "worlds": {"water": 8, "air": 3, "fire": 1}}]}
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(write(tmp_path, "m.json", doc([ente], "mision", sets))), stderr=err)
    assert ":1:worlds:" in err.getvalue()
    ente["editions"][0]["worlds"]["earth"] = 2
    elem = {"code": "SOS1-002", "set": "SOS1", "name": "Gota", "type": "element",
            "editions": [{"edition": 1, "released": "2026-03-01", "worlds": {"water": 1, "air": 0, "fire": 0, "earth": 0}, "chest": 4}]}
    run_import(write(tmp_path, "m.json", doc([ente, elem], "mision", sets)))
    assert Card.objects.get(code="SOS1-002").current.chest == 4


@pytest.mark.django_db
def test_export_import_export_is_identical_for_the_bundled_catalogue(tmp_path, django_db_blocker):
    run_import(*sorted(DATA.glob("*.json")))
    first = {g: export(g) for g in ("eliria", "mision")}
    Edition.objects.all().delete()
    Card.objects.all().delete()
    Set.objects.all().delete()
    paths = [write(tmp_path, f"{g}.json", text) for g, text in first.items()]
    run_import(*paths)
    assert {g: export(g) for g in ("eliria", "mision")} == first


@pytest.mark.django_db
def test_csv_export_imports_back_to_the_same_catalogue(tmp_path):
    run_import(*sorted(DATA.glob("*.json")))
    json_before = export("eliria")
    csv_text = export("eliria", "csv")
    Edition.objects.all().delete()
    Card.objects.all().delete()
    Set.objects.all().delete()
    run_import(write(tmp_path, "eliria.csv", csv_text))
    assert json.loads(export("eliria"))["cards"] == json.loads(json_before)["cards"]


@pytest.mark.django_db
def test_csv_export_neutralises_formulas_and_imports_them_back(tmp_path):
    """L7: a text a spreadsheet would run (=, +, -, @) is exported after a `'` and read back as it was."""
    texts = {"=HYPERLINK(\"http://x\")": "flavor", "-2 de poder": "artist", "'=ya escapado": "errata"}
    doc = {"format": "catalogue/1", "game": "eliria",
           "sets": [{"code": "F", "name": "Fórmulas", "released": "2026-01-01"}],
           "cards": [{"code": "F-1", "set": "F", "name": "@Carta", "type": "reaction",
                      "editions": [{"edition": 1, "released": "2026-01-01", "effect": "+1 al robar",
                                    **{field: text for text, field in texts.items()}}]}]}
    run_import(write(tmp_path, "f.json", json.dumps(doc)))
    csv_text = export("eliria", "csv")
    for text in [*texts, "@Carta", "+1 al robar"]:
        assert f",{text}" not in csv_text and f",\"{text}" not in csv_text  # never a bare formula cell
    assert "'@Carta" in csv_text and "''=ya escapado" in csv_text
    before = json.loads(export("eliria"))["cards"]
    Edition.objects.all().delete()
    Card.objects.all().delete()
    Set.objects.all().delete()
    run_import(write(tmp_path, "f.csv", csv_text))
    assert json.loads(export("eliria"))["cards"] == before


@pytest.mark.django_db
def test_csv_errors_name_the_line(tmp_path):
    text = ("game,set,code,name,type,edition,released,potential,class,resistance\n"
            "eliria,BASE,BASE-001,Uno,combat,1,2026-01-10,3,guerrero,2\n"
            "eliria,BASE,BASE-002,Dos,combat,1,2026-01-10,tres,guerrero,2\n")
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(write(tmp_path, "c.csv", text)), stderr=err)
    assert "c.csv:3:potential: " in err.getvalue()


def _png(path, size=(40, 56)):  # type: ignore[no-untyped-def]
    Image.new("RGB", size, "red").save(path, format="PNG")


@pytest.mark.django_db
def test_images_are_validated_reencoded_and_stored_by_content(tmp_path, settings):
    _png(tmp_path / "scan.png")
    card = combat(editions=[ed(1, "2026-01-10", image="scan.png")])
    path = write(tmp_path, "c.json", doc([card]))
    run_import(path)
    stored = Card.objects.get().current.image
    assert stored.name.startswith("cards/") and stored.name.endswith(".webp")
    with Image.open(stored.path) as img:
        assert img.format == "WEBP"
    run_import(path)  # idempotent: same bytes, same name
    assert Card.objects.get().current.image.name == stored.name


@pytest.mark.django_db
def test_a_non_image_or_missing_image_is_refused(tmp_path):
    (tmp_path / "fake.png").write_text("<?php echo 1; ?>")
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(write(tmp_path, "c.json", doc([combat(editions=[ed(1, "2026-01-10", image="fake.png")])]))), stderr=err)
    assert ":1:image: fake.png: no es una imagen" in err.getvalue()
    assert Card.objects.count() == 0


@pytest.mark.django_db
def test_decompression_bomb_is_refused(tmp_path):
    Image.new("1", (10_000, 10_000)).save(tmp_path / "bomb.png")
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(write(tmp_path, "c.json", doc([combat(editions=[ed(1, "2026-01-10", image="bomb.png")])]))), stderr=err)
    assert "demasiado grande" in err.getvalue() or "demasiados píxeles" in err.getvalue()


@pytest.mark.django_db
def test_image_paths_cannot_leave_the_files_folder(tmp_path):
    (tmp_path / "sub").mkdir()
    _png(tmp_path / "outside.png")
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(write(tmp_path / "sub", "c.json", doc([combat(editions=[ed(1, "2026-01-10", image="../outside.png")])]))), stderr=err)
    assert "sale de la carpeta" in err.getvalue()


@pytest.mark.django_db
def test_bundled_catalogue_meets_the_issue(bundled):
    eliria = Card.objects.filter(game="eliria")
    assert eliria.count() >= 60
    assert {"combat", "token", "reaction", "summon"} <= set(eliria.values_list("type", flat=True))
    subtypes = set(Edition.objects.filter(card__type="summon").values_list("subtype", flat=True))
    assert subtypes == {"ephemeral", "attached", "field"}
    assert Edition.objects.filter(card__game="eliria", cross=True).exists()
    for code in ("BASE-011", "BASE-102", "BASE-105", "BASE-108", "BASE-150", "BASE-180"):
        assert eliria.filter(code=code).exists(), code
    for code in ("BASE-011", "BASE-102", "BASE-105", "BASE-180"):
        card = eliria.get(code=code)
        assert card.current.edition == 2 and "Resolución" in card.current.errata
    assert Card.objects.filter(game="mision", type="entity").count() >= 16
    assert Card.objects.filter(game="mision", type="element").count() >= 30
    assert Set.objects.filter(sample=False).count() == 0  # marked as sample data


@pytest.mark.django_db
def test_a_malformed_csv_line_is_named(tmp_path):
    text = ("game,set,code,name,type,edition,released,potential,class,resistance\n"
            "eliria,BASE,BASE-001,Uno,combat,1,2026-01-10,3,guerrero,2\n"
            'eliria,BASE,BASE-002,"Dos\rmal,combat,1,2026-01-10,3,guerrero,2\n')
    path = tmp_path / "c.csv"
    path.write_bytes(text.encode())
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(path), stderr=err)
    assert "c.csv:" in err.getvalue() and Card.objects.count() == 0
