"""Exports: the text round-trips through the importer, CSV cells cannot run as formulas, JSON."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cards.models import Card
from decks.exports import as_csv, as_json, csv_cell, export
from decks.selectors import deck_rows, deck_text
from decks.services import EntrySpec, deck_create
from tests.factories import (  # noqa: F401
    ELIRIA_LIST,
    MISION_LIST,
    CardFactory,
    EditionFactory,
    UserFactory,
    deck_from_list,
)

pytestmark = [pytest.mark.django_db]


def snapshot(deck):  # type: ignore[no-untyped-def]
    return sorted((r.section, r.card.code, r.quantity) for r in deck_rows(deck))


@pytest.mark.parametrize(("game", "text"), [("eliria", ELIRIA_LIST), ("mision", MISION_LIST)])
def test_text_export_reimports_to_the_same_deck(bundled, game, text):
    player = UserFactory()
    deck = deck_from_list(player, text, game)
    exported = export(deck, deck_rows(deck), "text").content
    again = deck_from_list(player, exported, game, name="Reimportado")
    assert snapshot(again) == snapshot(deck)
    assert deck_text(deck_rows(again), game) == exported  # and exporting again changes nothing


def test_text_export_is_the_contract_form(bundled):
    deck = deck_from_list(UserFactory())
    assert deck_text(deck_rows(deck), "eliria") == (
        "Mazo:\n"
        "1 Cañón del sacrificio (BASE-105)\n"
        "1 Centinela de Ámbar (BASE-001)\n"
        "1 Defensa final (BASE-011)\n"
        "1 Lobo de ceniza (BASE-003)\n"
        "1 Organismo de fisión (BASE-108)\n"
        "1 Ritual del despertar (BASE-041)\n"
        "\n"
        "Tokens:\n"
        "1 Token de fisión (BASE-109)\n"
    )


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r", "\0"])
def test_csv_cell_neutralises_formula_starts(start):
    assert csv_cell(f"{start}1+1") == f"'{start}1+1"
    assert csv_cell("Lobo de ceniza") == "Lobo de ceniza"
    assert csv_cell(3) == "3"


def test_csv_export_neutralises_formula_injection_in_card_names(db):
    player = UserFactory()
    evil = EditionFactory(card=CardFactory(name='=HYPERLINK("http://x.example","clic")', code="TST-EVIL")).card
    plus = EditionFactory(card=CardFactory(name="+cmd|' /C calc'!A0", code="TST-PLUS")).card
    deck = deck_create(owner=player, game="eliria", name="Malicioso",
                       entries=[EntrySpec("main", evil, 1), EntrySpec("main", plus, 2)])
    rows = list(csv.reader(io.StringIO(as_csv(deck, deck_rows(deck)))))
    assert rows[0] == ["section", "quantity", "code", "name"]
    names = {row[2]: row[3] for row in rows[1:]}
    assert names["TST-EVIL"] == '\'=HYPERLINK("http://x.example","clic")'
    assert names["TST-PLUS"] == "'+cmd|' /C calc'!A0"
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)


def test_csv_export_lists_sections_in_order(bundled):
    deck = deck_from_list(UserFactory(), MISION_LIST, "mision")
    rows = list(csv.reader(io.StringIO(as_csv(deck, deck_rows(deck)))))
    assert [r[0] for r in rows[1:]] == ["entities"] * 4 + ["elements"] * 3
    assert ["elements", "2", "SOS1-017", "Gota de rocío"] in rows


def test_json_export(bundled):
    player = UserFactory()
    deck = deck_from_list(player)
    card = Card.objects.get(game="eliria", code="BASE-105")
    data = as_json(deck, deck_rows(deck))
    assert data["format"] == "deck/1" and data["game"] == "eliria" and data["name"] == "Mazo de prueba"
    assert {"quantity": 1, "code": "BASE-105", "name": card.name, "edition": None} in data["sections"]["main"]
    assert data["sections"]["tokens"] == [{"quantity": 1, "code": "BASE-109", "name": "Token de fisión", "edition": None}]
    assert data["list"] == deck_text(deck_rows(deck), "eliria")
    out = export(deck, deck_rows(deck), "json")
    assert json.loads(out.content) == json.loads(json.dumps(data, default=str))
    assert out.filename == "mazo-de-prueba.json"
