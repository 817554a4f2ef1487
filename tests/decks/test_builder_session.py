"""Builder clicks are an editing session: one revision per session, not one per click."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.models import DeckRevision
from decks.services import SESSION_NOTE, SESSION_WINDOW, deck_change_card, deck_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _card(code):  # type: ignore[no-untyped-def]
    from cards.models import Card

    return Card.objects.get(code=code)


def test_thirteen_clicks_make_one_revision_that_sums_the_session(bundled):
    player = UserFactory()
    deck = deck_create(owner=player, game="eliria", name="Sesión")
    for _ in range(7):
        deck = deck_change_card(deck, expected_version=deck.version, actor=player, card=_card("BASE-001"),
                                section="main", delta=1)
    for _ in range(6):
        deck = deck_change_card(deck, expected_version=deck.version, actor=player, card=_card("BASE-001"),
                                section="main", delta=-1)
    deck = deck_change_card(deck, expected_version=deck.version, actor=player, card=_card("BASE-009"),
                            section="main", delta=1)
    assert deck.version == 15
    revisions = list(deck.revisions.order_by("number"))
    assert [r.number for r in revisions] == [1, 15]
    session = revisions[1]
    assert session.note == SESSION_NOTE
    assert sorted((a["code"], a["quantity"]) for a in session.added) == [("BASE-001", 1), ("BASE-009", 1)]
    assert session.removed == []


def test_a_new_session_starts_after_a_pause_or_another_save(bundled):
    player = UserFactory()
    deck = deck_create(owner=player, game="eliria", name="Sesión")
    deck = deck_change_card(deck, expected_version=1, actor=player, card=_card("BASE-001"), section="main", delta=1)
    DeckRevision.objects.filter(deck=deck, number=2).update(created=timezone.now() - SESSION_WINDOW - timedelta(1))
    deck = deck_change_card(deck, expected_version=2, actor=player, card=_card("BASE-001"), section="main", delta=1)
    assert deck.revisions.count() == 3
    assert deck.revisions.get(number=3).added == [
        {"section": "main", "code": "BASE-001", "name": _card("BASE-001").name, "quantity": 1}
    ]
