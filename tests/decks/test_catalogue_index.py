"""The catalogue in memory (cards.index): the same cards as the database, no query per validation,
and never stale after a change here or in another process."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.index import catalogue_index, drop_index
from cards.lookup import DbLookup
from cards.models import Card
from cards.pagecache import catalogue_changed
from cards.validation import validate_list
from engine import parse_decklist

LISTS = [
    ("eliria", "Mazo:\n2 Cañón del sacrificio (BASE-105)\nCañón del sacrificio\nlobo de CENIZA\n1 (exp-010)\n"
               "Tokens:\nToken de fisión\nCapitana Marea\nNo existe\n"),
    ("mision", "Entes:\nCapitana Marea\nLobo de ceniza\nElementos:\n(BASE-105)\n"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "text"), LISTS)
def test_the_index_answers_what_the_database_answers(bundled, game, text, monkeypatch):
    lines = parse_decklist(text, game).lines
    fast = DbLookup(lines, game)
    slow = DbLookup.__new__(DbLookup)
    slow._by_code, slow._by_name = {}, {}
    codes = {line.code for line in lines if line.code}
    from engine import fold

    slow._from_database(codes | {c.upper() for c in codes}, {fold(line.name) for line in lines if not line.code}, game)
    for line in lines:
        if line.code:
            assert fast.by_code(line.code) == slow.by_code(line.code)
        assert fast.by_name(line.name) == slow.by_name(line.name)
    from_index = validate_list(game, text).as_dict()
    # The same validation when the index cannot be trusted (a failing shared cache): from the database.
    monkeypatch.setattr("cards.lookup.catalogue_index", lambda: None)
    assert validate_list(game, text).as_dict() == from_index


@pytest.mark.django_db
def test_a_warm_validation_asks_the_database_nothing(bundled):
    validate_list("eliria", "Lobo de ceniza\nCañón del sacrificio (BASE-105)")
    with CaptureQueriesContext(connection) as queries:
        report = validate_list("eliria", "Lobo de ceniza\nCentinela de Ámbar\nDefensa final")
    assert len(queries) == 0 and report.sections["main"] == 3


@pytest.mark.django_db
def test_an_edit_here_is_seen_at_once(bundled):
    assert validate_list("eliria", "Lobo de ceniza").entries[0].card.potential != 11
    card = Card.objects.get(game="eliria", name="Lobo de ceniza")
    edition = card.current
    edition.potential = 11
    edition.save()
    index = catalogue_index()
    assert index is not None and index.by_code[("eliria", card.code)].potential == 11


@pytest.mark.django_db
def test_a_change_in_another_process_moves_the_version_and_rebuilds(bundled):
    first = catalogue_index()
    Card.objects.filter(game="eliria", name="Lobo de ceniza").update(name="Lobo de brasas", name_folded="lobo de brasas")  # no signal
    assert catalogue_index() is first  # this process has not been told
    catalogue_changed()  # what an import or the admin does, through the shared cache
    rebuilt = catalogue_index()
    assert rebuilt is not first and "lobo de ceniza" not in rebuilt.by_name
    drop_index()
