"""The catalogue search's collection fields: owned (counts of the searching player) and missing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from cards.models import Card
from cards.search import SearchError
from collection.services import collection_add
from tests.factories import deck_from_list

pytestmark = pytest.mark.django_db


def codes(q: str, user) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(Card.objects.search(q, user=user).values_list("code", flat=True))


@pytest.fixture
def owning(mini, player):  # type: ignore[no-untyped-def]
    collection_add(owner=player, card=mini.lobo, delta=3)
    collection_add(owner=player, card=mini.lobo, delta=1, edition=mini.lobo.editions.get(edition=1))  # 4 in all
    collection_add(owner=player, card=mini.golem, delta=1)
    collection_add(owner=player, card=mini.marea, delta=2)
    return player


ALL = ["SOS-001", "SOS-002", "TST-001", "TST-002", "TST-003", "TST-004"]


@pytest.mark.parametrize(("q", "expected"), [
    ("owned>0", ["SOS-001", "TST-001", "TST-002"]),
    ("owned:0", ["SOS-002", "TST-003", "TST-004"]),
    ("owned>=2", ["SOS-001", "TST-001"]),
    ("owned>=4", ["TST-001"]),  # both editions count
    ("owned:1", ["TST-002"]),
    ("owned<2", ["SOS-002", "TST-002", "TST-003", "TST-004"]),
    ("owned!=0", ["SOS-001", "TST-001", "TST-002"]),
    ("-owned>0", ["SOS-002", "TST-003", "TST-004"]),
    ("tengo>0 game:mision", ["SOS-001"]),
    ("owned>0 OR t:token", ["SOS-001", "TST-001", "TST-002", "TST-004"]),
])
def test_owned(owning, q, expected):
    assert codes(q, owning) == expected


def test_owned_counts_only_the_searching_players_cards(owning, other):
    assert codes("owned>0", other) == []
    assert codes("owned:0", other) == ALL


def test_an_anonymous_player_owns_nothing(owning):
    for user in (None, AnonymousUser()):
        assert codes("owned:0", user) == ALL
        assert codes("owned>0", user) == []
        assert codes("-owned>0", user) == ALL


def test_owned_needs_a_number(owning):
    with pytest.raises(SearchError, match="número entero"):
        codes("owned>muchas", owning)


def test_missing_for_one_of_my_decks(owning, other):
    deck = deck_from_list(owning, "Mazo:\n4 Lobo de ceniza (TST-001)\n2 Gólem de barro (TST-002)\n1 Cañón del sacrificio (TST-003)\n")
    assert codes(f"missing:{deck.pk}", owning) == ["TST-002", "TST-003"]
    assert codes(f"faltan:{deck.pk} t:combat -owned>0", owning) == ["TST-003"]
    for user in (other, None):  # another player's deck is "no such deck": nothing about it leaks
        with pytest.raises(SearchError, match=f"No tienes ningún mazo con el número {deck.pk}"):
            codes(f"missing:{deck.pk}", user)
    with pytest.raises(SearchError, match="missing:<número"):
        codes(f"missing>{deck.pk}", owning)


def test_the_catalogue_page_understands_the_fields(client, owning):
    client.force_login(owning)
    page = client.get("/cartas/", {"q": "owned>=2"}).content.decode()
    assert "Lobo de ceniza" in page and "Capitana Marea" in page and "Gólem de barro" not in page
    client.logout()
    assert "Lobo de ceniza" not in client.get("/cartas/", {"q": "owned>0"}).content.decode()


def test_the_cards_api_understands_the_fields(api_client, owning):
    api_client.force_authenticate(owning)
    data = api_client.get("/api/cards/", {"q": "owned>=2"}).json()
    assert sorted(r["code"] for r in data["results"]) == ["SOS-001", "TST-001"]
    api_client.force_authenticate(None)
    assert api_client.get("/api/cards/", {"q": "owned>0"}).json()["count"] == 0


def test_the_collection_page_shows_a_search_error_in_the_readers_language(client, owning):
    client.force_login(owning)
    client.cookies["django_language"] = "en"
    english = client.get("/coleccion/?q=owned>muchas")
    client.cookies["django_language"] = "es"
    spanish = client.get("/coleccion/?q=owned>muchas")
    assert "necesita un número entero" in spanish.content.decode()
    assert "necesita" not in english.content.decode() and "needs a whole number" in english.content.decode()
