"""Per-deck tags, the considering board and the odds panel of the deck page (decks/views/odds.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card
from decks.models import Visibility
from decks.selectors import deck_rows, deck_text
from decks.services import (
    DeckError,
    NotDeckOwner,
    deck_change_card,
    deck_consider_add,
    deck_consider_remove,
    deck_tag_set,
    tag_names,
)
from tests.factories import MULLIGAN_LIST, UserFactory, deck_from_list


@pytest.fixture
def deck(bundled):  # type: ignore[no-untyped-def]
    return deck_from_list(UserFactory(), MULLIGAN_LIST)


def _card(code: str) -> Card:
    return Card.objects.get(game="eliria", code=code)


@pytest.mark.django_db
def test_tags_are_set_replaced_and_removed_per_card(deck):
    owner, defensa = deck.owner, _card("BASE-011")
    assert deck_tag_set(deck=deck, actor=owner, card=defensa, names=["defensa", "motor"]) == ["defensa", "motor"]
    deck_tag_set(deck=deck, actor=owner, card=defensa, names=["defensa"])
    assert list(deck.tags.values_list("name", flat=True)) == ["defensa"]
    deck_tag_set(deck=deck, actor=owner, card=defensa, names=[])
    assert not deck.tags.exists()


def test_tag_names_are_trimmed_lowered_and_unique():
    assert tag_names(" Defensa ,  motor  rápido,,defensa") == ["defensa", "motor rápido"]


@pytest.mark.django_db
def test_only_the_owner_writes_tags_and_the_board(deck):
    intruder, card = UserFactory(), _card("BASE-011")
    with pytest.raises(NotDeckOwner):
        deck_tag_set(deck=deck, actor=intruder, card=card, names=["x"])
    with pytest.raises(NotDeckOwner):
        deck_consider_add(deck=deck, actor=intruder, card=card)
    with pytest.raises(NotDeckOwner):
        deck_consider_remove(deck=deck, actor=intruder, card=card)
    assert not deck.tags.exists() and not deck.considering.exists()


@pytest.mark.django_db
def test_a_bad_tag_or_a_card_of_another_game_is_refused_by_name(deck):
    with pytest.raises(DeckError, match="«-mal»"):
        deck_tag_set(deck=deck, actor=deck.owner, card=_card("BASE-011"), names=["-mal"])
    ente = Card.objects.filter(game="mision").first()
    with pytest.raises(DeckError, match=ente.code):
        deck_consider_add(deck=deck, actor=deck.owner, card=ente)


@pytest.mark.django_db
def test_considered_cards_stay_outside_the_list_and_across_revisions(deck):
    owner, guardiana = deck.owner, _card("BASE-007")
    deck_consider_add(deck=deck, actor=owner, card=guardiana, note="si falta resistencia")
    deck_consider_add(deck=deck, actor=owner, card=guardiana, note="otra nota")  # once, note updated
    assert list(deck.considering.values_list("note", flat=True)) == ["otra nota"]
    text = deck_text(deck_rows(deck), "eliria")
    assert "BASE-007" not in text  # not in the list, not exported
    deck = deck_change_card(deck, expected_version=deck.version, actor=owner, card=_card("BASE-001"),
                            section="main", delta=1)  # fmt: skip
    assert deck.considering.get().card == guardiana  # a new revision keeps the board
    assert deck_consider_remove(deck=deck, actor=owner, card=guardiana) is True
    assert deck_consider_remove(deck=deck, actor=owner, card=guardiana) is False


@pytest.mark.django_db
def test_the_board_pages_write_for_the_owner_and_refuse_others(deck, client):
    client.force_login(deck.owner)
    url = reverse("decks:tags", args=[deck.pk])
    r = client.post(url, {"card": "BASE-011", "tags": "defensa, Motor"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    assert sorted(deck.tags.values_list("name", flat=True)) == ["defensa", "motor"]
    assert 'data-tag="defensa"' in r.content.decode()
    r = client.post(reverse("decks:consider", args=[deck.pk]), {"card": "Guardiana del umbral"}, HTTP_HX_REQUEST="true")
    assert deck.considering.get().card.code == "BASE-007"
    r = client.post(reverse("decks:consider", args=[deck.pk]), {"card": "no existe"}, HTTP_HX_REQUEST="true")
    assert "«no existe»" in r.content.decode()
    client.force_login(UserFactory())
    assert client.post(url, {"card": "BASE-011", "tags": "x"}).status_code == 404  # a private deck: not revealed


@pytest.mark.django_db
def test_the_odds_panel_reads_the_saved_list_and_a_tag_is_a_group(deck, client):
    client.force_login(deck.owner)
    page = client.get(deck.get_absolute_url()).content.decode()
    assert 'id="odds-form"' in page and reverse("decks:odds", args=[deck.pk]) in page
    deck_tag_set(deck=deck, actor=deck.owner, card=_card("BASE-011"), names=["defensa"])
    url = reverse("decks:odds", args=[deck.pk])
    body = client.get(url, {"tag": "defensa", "k": "1", "turns": "3", "first": "1"}).content.decode()
    assert body.count("<tr data-turn=") == 3
    assert "1 carta de 18" in body
    body = client.get(url, {"q": "pot>=cinco"}).content.decode()
    assert 'class="error"' in body


@pytest.mark.django_db
def test_a_public_deck_shows_its_odds_and_board_read_only(deck, client):
    deck.visibility = Visibility.PUBLIC
    deck.save()
    deck_consider_add(deck=deck, actor=deck.owner, card=_card("BASE-007"))
    client.force_login(UserFactory())
    body = client.get(reverse("decks:odds", args=[deck.pk]), {"q": "t:combate"}).content.decode()
    assert "<tr data-turn=" in body
    board = client.get(reverse("decks:board", args=[deck.pk])).content.decode()
    assert "Guardiana del umbral" in board and 'id="consider-form"' not in board
    assert client.post(reverse("decks:consider", args=[deck.pk]), {"card": "BASE-001"}).status_code == 403


@pytest.mark.django_db
def test_a_mision_deck_shows_elementos_and_entes_odds(bundled, client):
    from tests.factories import MISION_LIST

    deck = deck_from_list(UserFactory(), MISION_LIST, game="mision")
    client.force_login(deck.owner)
    body = client.get(reverse("decks:odds", args=[deck.pk]), {"q": "t:elemento", "turns": "2"}).content.decode()
    assert body.count("<tr data-turn=") == 2 and "Entes sacados" in body
