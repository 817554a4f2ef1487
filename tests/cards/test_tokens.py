"""Tokens an effect creates (rule 14: they need not be in the deck) come from the catalogue the site
plays from, on every path: the in-memory index and the database (when the shared cache fails and
the index cannot be trusted). A token the editors add is playable at once, with no restart; one
they change or delete is changed or gone at once: nothing is kept per process beside the index."""

from __future__ import annotations

import pytest
from django.test import TestCase, override_settings

from cards.index import catalogue_index
from cards.lookup import DbLookup
from cards.models import Card
from engine import parse_decklist

from .test_catalogue_import import combat, doc, ed, run_import, write

SETS = [{"code": "NUE", "name": "Colección nueva", "released": "2026-01-10"}]
DECK = "Mazo:\n1 Semillero\n" + "".join(f"1 Relleno {i}\n" for i in range(8))
# A shared cache that cannot be reached: the catalogue version is unknown, so the site reads the
# database instead of its index (cards.index.catalogue_index answers None).
NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0",
                        "OPTIONS": {"socket_timeout": 0.2, "socket_connect_timeout": 0.2}}}


def creator_and_fillers():  # type: ignore[no-untyped-def]
    creator = combat("NUE-001", "Semillero", [ed(1, "2026-01-10", potential=6, attacks=[], effects=[
        {"trigger": "end_of_power", "action": "create_token", "token": "NUE-002", "min_power": 1, "cost_power": 1},
    ])])
    # Reactions fill the deck and leave the combat slots free for the token.
    fillers = [{"code": f"NUE-01{i}", "name": f"Relleno {i}", "type": "reaction",
                "editions": [{"edition": 1, "released": "2026-01-10", "effect": "", "effects": []}]}
               for i in range(8)]
    for card in (creator, *fillers):
        card["set"] = "NUE"
    return [creator, *fillers]


def token(potential=2, editions=1):  # type: ignore[no-untyped-def]
    """The token; with ``editions=2`` a second, newer edition changes its potential (ruling TERCERO)."""
    return {"code": "NUE-002", "set": "NUE", "name": "Brote nuevo", "type": "token", "editions": [
        ed(n, f"2026-0{n}-10", potential=2 if n == 1 else potential, resistance=1, effects=[],
           attacks=[{"cost": 1, "name": "Raíz", "damage": 1, "effect": ""}])
        for n in range(1, editions + 1)
    ]}


def import_cards(tmp_path, name, cards):  # type: ignore[no-untyped-def]
    """An editor's import, committed: the catalogue version moves for every process (cards.services)."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        run_import(write(tmp_path, name, doc(cards, sets=SETS)))


def tokens_placed(client) -> list[str]:  # type: ignore[no-untyped-def]
    """The codes of the tokens placed in one traced goldfish game of DECK, through the API."""
    body = client.post("/api/goldfish/", {"game": "eliria", "list": DECK, "games": 1, "turns": 8, "seed": 1,
                                          "trace": True}, content_type="application/json").json()
    return [event["card"] for event in body["trace"] if event["event"] == "token"]


def carried(code: str = "NUE-001") -> list[tuple[str, str, int | None]]:
    """The tokens the card read for a list carries, as (code, name, potential)."""
    card = DbLookup(parse_decklist(DECK, "eliria").lines, "eliria").by_code(code)
    assert card is not None
    return [(t.code, t.name, t.potential) for t in card.tokens]


@pytest.mark.django_db
def test_a_token_added_to_the_catalogue_is_played_at_once_without_a_tokens_line(tmp_path, client):
    import_cards(tmp_path, "before.json", creator_and_fillers())
    assert catalogue_index() is not None  # the index is built, and knows no NUE-002
    assert tokens_placed(client) == [] and carried() == []
    import_cards(tmp_path, "token.json", [token()])  # an editor adds the token: no restart
    assert carried() == [("NUE-002", "Brote nuevo", 2)]
    assert tokens_placed(client) and set(tokens_placed(client)) == {"NUE-002"}


@pytest.mark.django_db
def test_a_changed_token_is_played_as_changed_and_a_deleted_one_is_gone(tmp_path, client):
    import_cards(tmp_path, "all.json", [*creator_and_fillers(), token()])
    assert tokens_placed(client)
    import_cards(tmp_path, "changed.json", [token(5, editions=2)])  # a new edition of the token
    assert carried() == [("NUE-002", "Brote nuevo", 5)]
    Card.objects.get(code="NUE-002").delete()  # as the admin deletes it
    assert carried() == []
    assert tokens_placed(client) == []


@pytest.mark.django_db
def test_without_the_index_the_database_path_plays_a_deck_that_creates_a_token(tmp_path, client):
    import_cards(tmp_path, "all.json", [*creator_and_fillers(), token()])
    with override_settings(CACHES=NO_CACHE):
        assert catalogue_index() is None  # the shared cache fails: lists are read from the database
        assert carried() == [("NUE-002", "Brote nuevo", 2)]
        placed = tokens_placed(client)
    assert placed and set(placed) == {"NUE-002"}


@pytest.mark.django_db
def test_the_database_path_reads_tokens_in_one_more_query_and_none_for_a_list_that_makes_none(
    tmp_path, django_assert_num_queries
):
    import_cards(tmp_path, "all.json", [*creator_and_fillers(), token()])
    plain = parse_decklist("Mazo:\n" + "".join(f"1 Relleno {i}\n" for i in range(8)), "eliria").lines
    makes = parse_decklist(DECK, "eliria").lines
    with override_settings(CACHES=NO_CACHE):
        with django_assert_num_queries(1):
            DbLookup(plain, "eliria")
        with django_assert_num_queries(2):
            assert DbLookup(makes, "eliria").by_code("NUE-001").tokens[0].code == "NUE-002"  # type: ignore[union-attr]

