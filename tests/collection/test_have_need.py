"""Have / need for a deck, the shopping list across wanted decks, set completion; query counts."""

from __future__ import annotations

import datetime as dt

import pytest

from cards.models import Card, Edition, Set
from collection.exports import shopping_csv, shopping_text
from collection.selectors import deck_have_need, set_completion, shopping_list
from collection.services import collection_add, collection_import_csv, deck_set_built, deck_set_wanted
from decks.models import Deck, DeckEntry
from tests.factories import deck_from_list

pytestmark = pytest.mark.django_db

A = "Mazo:\n4 Lobo de ceniza (TST-001)\n2 Gólem de barro (TST-002)\n1 Cañón del sacrificio (TST-003)\nTokens:\n1 Token de fisión (TST-004)\n"
B = "Mazo:\n3 Lobo de ceniza (TST-001)\n1 Gólem de barro (TST-002)\n"


def by_code(report):  # type: ignore[no-untyped-def]
    return {ln.card.code: ln.result for ln in report.lines}


def test_have_need_counts_every_edition_and_says_what_is_missing(mini, player):
    collection_import_csv(owner=player, text="game,code,edition,quantity\neliria,TST-001,1,1\neliria,TST-001,2,2\neliria,TST-002,,5\n")
    deck = deck_from_list(player, A)
    report = deck_have_need(deck)
    lines = by_code(report)
    assert (lines["TST-001"].owned, lines["TST-001"].missing) == (3, 1)
    assert (lines["TST-002"].owned, lines["TST-002"].missing) == (5, 0)
    assert lines["TST-003"].missing == lines["TST-004"].missing == 1
    assert (report.needed, report.have, report.missing, report.taken) == (8, 5, 3, 0)


def test_copies_in_another_built_deck_are_taken(mini, player):
    collection_import_csv(owner=player, text="game,code,quantity\neliria,TST-001,5\neliria,TST-002,2\n")
    deck_a, deck_b = deck_from_list(player, A, name="A"), deck_from_list(player, B, name="B")
    assert by_code(deck_have_need(deck_a))["TST-001"].missing == 0  # B is not built: nothing taken
    deck_set_built(owner=player, deck_id=deck_b.pk, built=True)
    lines = by_code(deck_have_need(deck_a))
    lobo = lines["TST-001"]
    assert (lobo.needed, lobo.owned, lobo.taken, lobo.available, lobo.missing) == (4, 5, 3, 2, 2)
    assert lobo.taken_by == [("B", 3)]
    assert (lines["TST-002"].available, lines["TST-002"].missing) == (1, 1)
    assert deck_have_need(deck_a).taken == 3
    # A built deck does not take its own copies: B's have/need is unchanged by being built.
    assert by_code(deck_have_need(deck_b))["TST-001"].missing == 0
    deck_set_built(owner=player, deck_id=deck_a.pk, built=True)
    assert by_code(deck_have_need(deck_b))["TST-001"].taken == 4


def test_another_players_built_decks_take_nothing(mini, player, other):
    collection_add(owner=player, card=mini.lobo, delta=4)
    theirs = deck_from_list(other, B)
    deck_set_built(owner=other, deck_id=theirs.pk, built=True)
    assert by_code(deck_have_need(deck_from_list(player, A)))["TST-001"].missing == 0


def test_a_pinned_entry_needs_that_edition(mini, player):
    old = mini.lobo.editions.get(edition=1)
    collection_add(owner=player, card=mini.lobo, delta=3)  # current edition (2)
    collection_add(owner=player, card=mini.lobo, delta=1, edition=old)
    deck = deck_from_list(player, "Mazo:\n2 Lobo de ceniza (TST-001)\n")
    DeckEntry.objects.filter(deck=deck).update(edition=old)
    lobo = by_code(deck_have_need(deck))["TST-001"]
    assert (lobo.owned, lobo.available, lobo.missing) == (1, 1, 1)


def test_the_shopping_list_adds_up_every_wanted_deck(mini, player):
    collection_add(owner=player, card=mini.lobo, delta=5)
    deck_a, deck_b = deck_from_list(player, A, name="A"), deck_from_list(player, B, name="B")
    deck_from_list(player, "Mazo:\n9 Cañón del sacrificio (TST-003)\n", name="No deseado")
    assert shopping_list(player).lines == []
    deck_set_wanted(owner=player, deck_id=deck_a.pk, wanted=True)
    deck_set_wanted(owner=player, deck_id=deck_b.pk, wanted=True)
    shopping = shopping_list(player)
    buy = {ln.card.code: (ln.quantity, ln.decks) for ln in shopping.lines}
    assert buy == {
        "TST-001": (2, ["A", "B"]),  # 4 + 3 needed, 5 owned
        "TST-002": (3, ["A", "B"]),
        "TST-003": (1, ["A"]),
        "TST-004": (1, ["A"]),
    }
    assert shopping_text(shopping.lines, "eliria") == (
        "Mazo:\n1 Cañón del sacrificio (TST-003)\n3 Gólem de barro (TST-002)\n2 Lobo de ceniza (TST-001)\n\n"
        "Tokens:\n1 Token de fisión (TST-004)\n"
    )
    csv_text = shopping_csv(shopping.lines)
    assert csv_text.splitlines()[0] == "game,code,edition,quantity,condition,language,name"
    assert "eliria,TST-001,,2,,,Lobo de ceniza" in csv_text.splitlines()


def test_the_shopping_list_counts_built_decks_that_are_not_wanted_as_taken(mini, player):
    collection_add(owner=player, card=mini.golem, delta=2)
    built = deck_from_list(player, "Mazo:\n2 Gólem de barro (TST-002)\n", name="Montado")
    wanted = deck_from_list(player, "Mazo:\n1 Gólem de barro (TST-002)\n", name="Deseado")
    deck_set_built(owner=player, deck_id=built.pk, built=True)
    deck_set_wanted(owner=player, deck_id=wanted.pk, wanted=True)
    [line] = shopping_list(player).lines
    assert (line.card.code, line.quantity) == ("TST-002", 1)


def test_set_completion_counts_distinct_cards_by_type(mini, player):
    collection_add(owner=player, card=mini.lobo, delta=3)
    collection_add(owner=player, card=mini.lobo, delta=1, edition=mini.lobo.editions.get(edition=1))
    collection_add(owner=player, card=mini.token, delta=1)
    eliria = set_completion(player)["eliria"]
    [row] = [r for r in eliria if r.set.code == "TST"]
    assert (row.owned, row.total, row.percent) == (2, 4, 50)
    assert row.by_type == [("Combate", 1, 3), ("Token", 1, 1)]
    assert set_completion(None)["mision"][0].owned == 0


# ---------------------------------------------------------------- query counts
def _big_deck(owner, n: int) -> Deck:  # type: ignore[no-untyped-def]
    """A deck of n distinct cards (half of them owned, a few in another built deck)."""
    the_set, _ = Set.objects.get_or_create(game="eliria", code="BIG", defaults={"name": "Grande"})
    cards = Card.objects.bulk_create(
        Card(game="eliria", code=f"BIG-{i:03d}", set=the_set, name=f"Carta {i}", name_folded=f"carta {i}", type="combat")
        for i in range(n)
    )
    editions = Edition.objects.bulk_create(Edition(card=c, edition=1, released=dt.date(2026, 1, 1)) for c in cards)
    for c, e in zip(cards, editions, strict=True):
        c.current = e
    Card.objects.bulk_update(cards, ["current"])
    deck = Deck.objects.create(owner=owner, game="eliria", name=f"Grande {n}")
    other = Deck.objects.create(owner=owner, game="eliria", name=f"Montado {n}", built=True)
    DeckEntry.objects.bulk_create(DeckEntry(deck=deck, section="main", card=c, quantity=3) for c in cards)
    DeckEntry.objects.bulk_create(DeckEntry(deck=other, section="main", card=c, quantity=1) for c in cards[:5])
    for c in cards[::2]:
        collection_add(owner=owner, card=c, delta=2)
    return deck


@pytest.mark.parametrize("size", [5, 60])
def test_have_need_queries_do_not_grow_with_the_deck(db, player, size, django_assert_max_num_queries):
    deck = _big_deck(player, size)
    with django_assert_max_num_queries(4):
        report = deck_have_need(deck)
        assert len(report.lines) == size
    # Every card needs 3; the even ones are owned twice; the built deck holds one of cards 0, 2, 4.
    assert report.have == 2 * ((size + 1) // 2) - 3
    assert report.taken == 3


@pytest.mark.parametrize("size", [5, 60])
def test_have_need_page_and_api_queries_do_not_grow(client, player, size, django_assert_max_num_queries):
    deck = _big_deck(player, size)
    client.force_login(player)
    with django_assert_max_num_queries(7):
        assert client.get(f"/coleccion/mazo/{deck.pk}/").status_code == 200
    with django_assert_max_num_queries(7):
        assert client.get(f"/api/collection/decks/{deck.pk}/").status_code == 200


@pytest.mark.parametrize("size", [5, 60])
def test_collection_page_queries_do_not_grow(client, player, size, django_assert_max_num_queries):
    _big_deck(player, size)
    client.force_login(player)
    with django_assert_max_num_queries(6):
        response = client.get("/coleccion/?per_page=96")
    assert response.status_code == 200
    assert response.content.decode().count('class="owned"') == (size + 1) // 2


@pytest.mark.parametrize("size", [5, 60])
def test_shopping_list_queries_do_not_grow(player, size, django_assert_max_num_queries):
    deck = _big_deck(player, size)
    deck_set_wanted(owner=player, deck_id=deck.pk, wanted=True)
    with django_assert_max_num_queries(4):
        assert len(shopping_list(player).lines) == size
