"""Card search: `has:rulings` (and its Spanish forms) finds the cards a ruling names."""

from __future__ import annotations

import pytest

from cards.models import Card

NAMED = {"BASE-011", "BASE-102", "BASE-105", "BASE-180"}


def codes(q: str) -> set[str]:
    return set(Card.objects.search(q).values_list("code", flat=True))


@pytest.mark.django_db
def test_has_rulings_finds_the_named_cards_only(bundled):
    # TERCERO is for every card; it does not make the whole catalogue match.
    assert codes("has:rulings") == NAMED
    assert codes("tiene:resolución") == NAMED
    assert codes("has:resoluciones game:eliria") == NAMED
    assert "BASE-105" in codes("has:rulings canon")
    assert not codes("-has:rulings") & NAMED and codes("-has:rulings")


@pytest.mark.django_db
def test_has_rulings_in_the_page_and_the_api(bundled, client, api_client):
    assert "/cartas/eliria/BASE-105/cara.png" in client.get("/cartas/", {"q": "has:rulings"}).content.decode()
    body = api_client.get("/api/cards/", {"q": "has:rulings"}).json()
    assert {c["code"] for c in body["results"]} == NAMED
