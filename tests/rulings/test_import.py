"""Rulings loader: the five official rulings, idempotent, all-or-nothing, FILE:RECORD:FIELD errors."""

from __future__ import annotations

import copy
import datetime as dt
import io
import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from common.errors import RecordsRejected
from rulings.models import Ruling
from rulings.services import rulings_for_card, rulings_import
from tests.factories import EditionFactory

DATA = Path(settings.BASE_DIR) / "data" / "rulings" / "rulings.json"
OFFICIAL_DATES = ["2026-02-20", "2026-04-10", "2026-04-11", "2026-04-13", "2026-05-11"]


def official() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def write(tmp_path: Path, doc: dict, name: str = "rulings.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def import_errors(path: Path) -> list[str]:
    with pytest.raises(RecordsRejected) as exc:
        rulings_import(paths=[path])
    return [str(e) for e in exc.value.problems]


@pytest.mark.django_db
def test_bundled_load_gives_the_five_official_rulings_with_their_dates(bundled):
    rulings = list(Ruling.objects.order_by("number"))
    assert [r.title for r in rulings] == ["PRIMERO", "SEGUNDO", "TERCERO", "CUARTO", "QUINTO"]
    assert [r.date.isoformat() for r in rulings] == OFFICIAL_DATES
    assert [r.code for r in rulings] == ["260220", "260410", "260411", "260413", "260511"]
    assert rulings[2].all_cards and rulings[2].card_codes == []
    assert rulings[0].card_codes == ["BASE-105"] and rulings[0].mention_codes == ["BASE-108", "BASE-150"]
    assert rulings[0].edition == "Primera edición" and rulings[0].edition_number == 1


@pytest.mark.django_db
def test_import_is_idempotent(bundled):
    before = list(Ruling.objects.values_list("pk", "number", "text_folded"))
    result = rulings_import(paths=[DATA])
    assert (result.created, result.updated, result.unchanged) == (0, 0, 5)
    assert list(Ruling.objects.values_list("pk", "number", "text_folded")) == before


@pytest.mark.django_db
def test_text_is_kept_verbatim_accents_spacing_and_all(bundled):
    doc = official()
    for raw in doc["rulings"]:
        ruling = Ruling.objects.get(number=raw["number"])
        assert (ruling.considerations, ruling.criterion) == (raw["considerations"], raw["criterion"])
    # A no-break space and a space, as published.
    assert (
        "sub óptima, que admite\u00a0 diversas interpretaciones"
        in Ruling.objects.get(number=2).considerations
    )
    assert "únicamente impedirá.que la carta" in Ruling.objects.get(number=4).criterion
    assert "por encima del texto antigüo" in Ruling.objects.get(number=3).criterion
    assert 'BASE-102 (Base genética "Netaliseb")' in Ruling.objects.get(number=4).considerations


@pytest.mark.django_db
def test_every_ruling_says_which_site_behaviour_follows_it(bundled):
    behaviour = dict(Ruling.objects.values_list("number", "site_behaviour"))
    assert "Cañón del sacrificio" in behaviour[1] and "expresamente" in behaviour[1]
    assert "Defensa final" in behaviour[2]
    assert "edición más reciente" in behaviour[3]
    assert "combatiente atacado" in behaviour[4]
    assert "efímera" in behaviour[5]


@pytest.mark.django_db
def test_export_writes_the_bundled_file_back_exactly(bundled):
    out = io.StringIO()
    call_command("export_rulings", stdout=out)
    assert out.getvalue() == DATA.read_text(encoding="utf-8")


@pytest.mark.django_db
def test_export_import_export_is_identical(tmp_path):
    doc = official()
    doc["rulings"][0]["site_behaviour"] = "Otro comportamiento."  # an override survives the trip
    del doc["rulings"][1]["code"]  # derived from the date
    rulings_import(paths=[write(tmp_path, doc)])
    first = io.StringIO()
    call_command("export_rulings", stdout=first)
    assert json.loads(first.getvalue())["rulings"][0]["site_behaviour"] == "Otro comportamiento."
    assert json.loads(first.getvalue())["rulings"][1]["code"] == "260410"
    again = tmp_path / "again.json"
    again.write_text(first.getvalue(), encoding="utf-8")
    call_command("import_rulings", str(again), stdout=io.StringIO())
    second = io.StringIO()
    call_command("export_rulings", stdout=second)
    assert first.getvalue() == second.getvalue()


@pytest.mark.django_db
def test_a_sixth_ruling_is_added_without_touching_the_others(bundled, tmp_path):
    doc = {
        "format": "rulings/1",
        "game": "eliria",
        "rulings": [
            {
                "number": 6,
                "title": "SEXTO",
                "date": "2026-07-01",
                "cards": ["BASE-001"],
                "edition": "Primera edición",
                "considerations": "Consideración.",
                "criterion": "Criterio.",
            }
        ],
    }
    rulings_import(paths=[write(tmp_path, doc)])
    assert Ruling.objects.count() == 6
    sixth = Ruling.objects.get(number=6)
    assert sixth.code == "260701" and sixth.site_behaviour == "" and not sixth.all_cards


@pytest.mark.parametrize(
    ("change", "field", "needle"),
    [
        (lambda r: r.pop("criterion"), "criterion", "falta el campo criterion"),
        (lambda r: r.pop("date"), "date", "falta la fecha"),
        (lambda r: r.update(date="2026-02-30"), "date", "fecha no válida"),
        (lambda r: r.update(date="20/02/2026"), "date", "fecha no válida"),
        (lambda r: r.update(code="260221"), "code", "no coincide"),
        (lambda r: r.update(number="uno"), "number", "número entero"),
        (lambda r: r.update(cards="BASE-105"), "cards", "lista"),
        (lambda r: r.update(cards=[], all_cards=False), "cards", "all_cards"),
        (lambda r: r.update(extra=1), "extra", "campo desconocido"),
        (lambda r: r.update(title="X" * 41), "title", "demasiado largo"),
    ],
)
@pytest.mark.django_db
def test_a_bad_record_refuses_the_whole_file(tmp_path, change, field, needle):
    doc = official()
    change(doc["rulings"][1])  # the second record; the first is fine and must not be written either
    path = write(tmp_path, doc)
    errors = import_errors(path)
    assert any(e.startswith(f"{path}:2:{field}: ") and needle in e for e in errors), errors
    assert Ruling.objects.count() == 0


@pytest.mark.django_db
def test_duplicate_number_is_refused_naming_the_record(tmp_path):
    doc = official()
    doc["rulings"].append(copy.deepcopy(doc["rulings"][0]))
    path = write(tmp_path, doc)
    errors = import_errors(path)
    assert errors == [f"{path}:6:number: el número 1 ya aparece en el registro 1"]
    assert Ruling.objects.count() == 0


@pytest.mark.django_db
def test_duplicate_number_across_files_is_refused(tmp_path):
    a = write(tmp_path, official(), "a.json")
    b = write(tmp_path, {"format": "rulings/1", "rulings": [official()["rulings"][4]]}, "b.json")
    with pytest.raises(RecordsRejected) as exc:
        rulings_import(paths=[a, b])
    assert [f"{e.file}:{e.record}:{e.field}" for e in exc.value.problems] == [f"{b}:1:number"]
    assert Ruling.objects.count() == 0


@pytest.mark.django_db
def test_bad_json_and_bad_format_are_reported(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert import_errors(broken)[0].startswith(f"{broken}:1:-: JSON no válido")
    assert import_errors(write(tmp_path, {"format": "catalogue/1", "rulings": []}))[0].endswith(
        'se espera "format": "rulings/1", no \'catalogue/1\''
    )


@pytest.mark.django_db
def test_command_prints_every_error_and_writes_nothing(tmp_path):
    doc = official()
    doc["rulings"][0].pop("title")
    doc["rulings"][3]["date"] = "2026-13-01"
    err = io.StringIO()
    with pytest.raises(CommandError, match="2 errores"):
        call_command("import_rulings", str(write(tmp_path, doc)), stderr=err)
    assert ":1:title: " in err.getvalue() and ":4:date: " in err.getvalue()
    assert Ruling.objects.count() == 0


@pytest.mark.django_db
def test_unknown_card_code_loads_and_links_once_the_card_exists(tmp_path):
    doc = {
        "format": "rulings/1",
        "game": "eliria",
        "rulings": [
            {
                "number": 9,
                "title": "NOVENO",
                "date": "2026-08-01",
                "code": "260801",
                "cards": ["TST-900"],
                "considerations": "C.",
                "criterion": "D.",
            }
        ],
    }
    rulings_import(paths=[write(tmp_path, doc)])
    assert Ruling.objects.get(number=9).card_codes == ["TST-900"]
    card = EditionFactory(card__code="TST-900").card  # the catalogue catches up later
    assert [r["number"] for r in rulings_for_card(card)] == [9]


@pytest.mark.django_db
def test_rulings_for_card_is_newest_first_with_iso_dates(bundled):
    from cards.models import Card

    refs = rulings_for_card(Card.objects.get(game="eliria", code="BASE-105"))
    assert [(r["title"], r["date"]) for r in refs] == [("TERCERO", "2026-04-11"), ("PRIMERO", "2026-02-20")]
    assert refs[1]["url"] == "/resoluciones/1/" and "expresamente" in refs[1]["summary"]
    assert dt.date.fromisoformat(refs[0]["date"])
