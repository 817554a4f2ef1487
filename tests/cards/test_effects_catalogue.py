"""Card behaviour as catalogue data: `effects` imported, validated, exported as imported,
shown by the API, searched with `is:unsimulated`, and played by the engine from the current edition."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.lookup import card_data
from cards.models import Card, Edition
from engine import DeckEntry, EliriaMatch

from .test_catalogue_import import combat, doc, ed, export, run_import, write

DRAW = [{"trigger": "on_play", "action": "draw", "amount": 2}]
POWER = [{"trigger": "on_play", "action": "add_power", "amount": 1, "target": "own_face_up"}]


def summon(code, effects, edition=1, released="2026-01-10", text="Roba dos cartas."):  # type: ignore[no-untyped-def]
    edition_obj = {"edition": edition, "released": released, "subtype": "ephemeral", "effect": text}
    if effects is not None:
        edition_obj["effects"] = effects
    return {"code": code, "set": "BASE", "name": f"Invocación {code}", "type": "summon", "editions": [edition_obj]}


@pytest.mark.django_db
def test_effects_are_imported_and_exported_exactly_as_imported(tmp_path):
    document = doc([summon("BASE-900", DRAW), summon("BASE-901", []), summon("BASE-902", None)])
    run_import(write(tmp_path, "c.json", document))
    exported = json.loads(export())
    by_code = {c["code"]: c["editions"][0] for c in exported["cards"]}
    assert by_code["BASE-900"]["effects"] == DRAW
    assert by_code["BASE-901"]["effects"] == []
    assert "effects" not in by_code["BASE-902"]  # absent stays absent
    assert Edition.objects.get(card__code="BASE-902").effects is None


@pytest.mark.django_db
def test_a_bad_effect_is_an_import_error_naming_file_record_field_and_nothing_is_written(tmp_path):
    bad = [{"trigger": "on_play", "action": "teleport"}]
    path = write(tmp_path, "bad.json", doc([summon("BASE-900", DRAW), summon("BASE-901", bad)]))
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(path), stderr=out)
    err = out.getvalue()
    assert f"{path}:2:effects: edición 1: efecto 1: acción desconocida: 'teleport'" in err
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_the_csv_carries_effects_as_a_json_column(tmp_path):
    run_import(write(tmp_path, "c.json", doc([summon("BASE-900", DRAW), summon("BASE-902", None)])))
    text = export(fmt="csv")
    rows = {r["code"]: r for r in csv.DictReader(io.StringIO(text))}
    assert json.loads(rows["BASE-900"]["effects"]) == DRAW and rows["BASE-902"]["effects"] == ""
    Card.objects.all().delete()
    run_import(write(tmp_path, "c.csv", text))
    assert Edition.objects.get(card__code="BASE-900").effects == DRAW


@pytest.mark.django_db
def test_unsimulated_flag_search_and_api(tmp_path, client):
    plain = combat("BASE-903", "Gólem", [ed(1, "2026-01-10")])
    run_import(write(tmp_path, "c.json", doc([summon("BASE-900", DRAW), summon("BASE-902", None), plain])))
    assert list(Card.objects.unsimulated().values_list("code", flat=True)) == ["BASE-902"]
    assert Edition.objects.get(card__code="BASE-902").is_simulated is False
    assert list(Card.objects.search("is:unsimulated").values_list("code", flat=True)) == ["BASE-902"]
    assert set(Card.objects.search("-is:unsimulated").values_list("code", flat=True)) == {"BASE-900", "BASE-903"}
    body = client.get("/api/cards/eliria/BASE-900/").json()
    assert body["current"]["effects"] == DRAW and body["editions"][0]["effects"] == DRAW
    assert body["unsimulated"] is False
    assert client.get("/api/cards/eliria/BASE-902/").json()["unsimulated"] is True


@pytest.mark.django_db
def test_a_new_edition_with_other_effects_changes_what_the_engine_does(tmp_path):
    """Ruling TERCERO for behaviour: the newest edition's effects are the ones played."""
    run_import(write(tmp_path, "a.json", doc([summon("BASE-900", DRAW)])))
    first = card_data(Card.objects.with_current().get(code="BASE-900"))
    newer = summon("BASE-900", POWER, edition=2, released="2026-05-01", text="+1 de poder.")
    run_import(write(tmp_path, "b.json", doc([newer])))
    second = card_data(Card.objects.with_current().get(code="BASE-900"))
    assert first.effects == tuple(DRAW) and second.effects == tuple(POWER)
    hands = []
    for card in (first, second):
        m = EliriaMatch([[DeckEntry("main", 30, card_data_filler()), DeckEntry("main", 1, card)]], seed=1, first=0)
        side = m.sides[0]
        side.hand.append(m.table.cards[m.table._id(card)])  # noqa: SLF001 - place the summon in hand
        m._ask_movement()  # noqa: SLF001
        before = len(side.hand)
        m.push_key(f"play:{len(side.hand) - 1}:support:up")
        hands.append(len(side.hand) - before)
    assert hands == [1, -1]  # drew two (minus the summon played), then only played it


def card_data_filler():  # type: ignore[no-untyped-def]
    from engine import Attack, CardData, Game

    return CardData(Game.ELIRIA, "F-1", "Relleno", "combat", potential=3, resistance=9, attacks=(Attack(1, "T", 0),))


@pytest.mark.django_db
def test_the_admin_validates_effects_like_the_import_and_refreshes_unsimulated(client):
    from django.contrib.auth.models import User

    from tests.factories import EditionFactory

    from .test_admin import _form

    client.force_login(User.objects.create_superuser("fx-editor", "fx@example.com", "pw-pw-pw-123"))
    ed = EditionFactory(passive="Hace algo.")
    card = ed.card
    form = _form(card, ed, "")
    form["editions-TOTAL_FORMS"] = "1"
    form["editions-0-passive"] = "Hace algo."
    form["editions-0-effects"] = '[{"trigger": "passive", "action": "fly"}]'
    r = client.post(f"/admin/cards/card/{card.pk}/change/", form)
    assert r.status_code == 200 and "acción desconocida" in r.content.decode()
    assert Edition.objects.get(pk=ed.pk).effects is None
    form["editions-0-effects"] = '[{"trigger": "passive", "action": "reach", "reach": "any"}]'
    r = client.post(f"/admin/cards/card/{card.pk}/change/", form)
    assert r.status_code == 302
    card.refresh_from_db()
    assert Edition.objects.get(pk=ed.pk).effects == [{"trigger": "passive", "action": "reach", "reach": "any"}]
    assert card.unsimulated is False


@pytest.mark.django_db
def test_a_new_edition_of_a_bundled_card_with_other_effects_changes_play(tmp_path):
    """Marea de vigor (BASE-043) reprinted to draw a card instead: the engine follows the new edition."""
    from pathlib import Path

    bundled = Path(__file__).resolve().parents[2] / "data/catalogue/eliria.json"
    run_import(bundled)
    old = card_data(Card.objects.with_current().get(code="BASE-043"))
    assert old.effects == tuple(POWER)
    doc_ = json.loads(bundled.read_text(encoding="utf-8"))
    marea = next(c for c in doc_["cards"] if c["code"] == "BASE-043")
    reprint = {**marea["editions"][0], "edition": 2, "released": "2026-12-01", "effect": "Roba una carta.",
               "effects": [{"trigger": "on_play", "action": "draw", "amount": 1}]}
    marea["editions"].append(reprint)
    doc_["cards"] = [marea]
    run_import(write(tmp_path, "reprint.json", doc_))
    new = card_data(Card.objects.with_current().get(code="BASE-043"))
    assert new.effects == ({"trigger": "on_play", "action": "draw", "amount": 1},)
    powers, hands = [], []
    for card in (old, new):
        m = EliriaMatch([[DeckEntry("main", 30, card_data_filler()), DeckEntry("main", 1, card)]], seed=1, first=0)
        side = m.sides[0]
        side.hand.append(m.table.cards[m.table._id(card)])  # noqa: SLF001
        m._ask_movement()  # noqa: SLF001
        m.push_key("play:0:slot0:up")  # a combatant first
        before = len(side.hand)
        m.push_key(f"play:{len(side.hand) - 1}:support:up")
        powers.append(side.combat[0].power)
        hands.append(len(side.hand) - before)
    assert powers == [1, 0] and hands == [-1, 0]  # +1 power, then a card drawn instead
