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


def test_a_session_keeps_the_list_before_each_change_so_they_compare_one_at_a_time(bundled, client):
    """Issue 36: the folding keeps the steps; the compare page opens any step of a session."""
    player = UserFactory()
    deck = deck_create(owner=player, game="eliria", name="Sesión")
    for code in ("BASE-001", "BASE-009", "BASE-011"):
        deck = deck_change_card(deck, expected_version=deck.version, actor=player, card=_card(code),
                                section="main", delta=1)
    session = deck.revisions.get(number=deck.version)
    assert [len(step["snapshot"]) for step in session.steps] == [1, 2]  # before the second and the third click
    assert "BASE-009" in session.steps[1]["text"] and "BASE-011" not in session.steps[1]["text"]
    client.force_login(player)
    history = client.get(f"/mazos/{deck.pk}/revisiones/").content.decode()
    last = f"a={deck.pk}@{session.number}.2&amp;b={deck.pk}@{session.number}"
    assert last in history and "3 cambios en esta sesión" in history
    page = client.get("/mazos/comparar/", {"a": f"{deck.pk}@{session.number}.2", "b": f"{deck.pk}@{session.number}"})
    html = page.content.decode()
    assert page.status_code == 200 and "+1 Defensa final (BASE-011)" in html and "BASE-009" not in html.split(
        'class="diff list-diff"', 1)[1].split("</ul>", 1)[0]  # only the last change
    assert f'value="{deck.pk}@{session.number}.1"' in html  # every step in the picker
    assert client.get("/mazos/comparar/", {"a": f"{deck.pk}@{session.number}.3",
                                           "b": f"{deck.pk}@{session.number}"}).status_code == 404
