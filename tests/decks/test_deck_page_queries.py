"""The owner's deck page signed in: how many queries an answer makes once its pieces are kept, and
that the kept page chrome (cards.views.kept_chrome) is what base.html draws, carries each
player's name and token only, and that an edit shows at once. Queries, never seconds."""

from __future__ import annotations

import re

import pytest
from django.template import engines
from django.test import Client
from django.utils import translation

from cards.models import Card
from decks.services import EntrySpec, deck_create, deck_update
from tests.factories import UserFactory

TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+"')


def sixty(owner, **kwargs):  # type: ignore[no-untyped-def]
    cards = list(Card.objects.filter(game="eliria").exclude(type="token").order_by("code")[:60])
    return deck_create(owner=owner, game="eliria", name="Sesenta", entries=[EntrySpec("main", c, 1) for c in cards], **kwargs)


def signed_in(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_owners_sixty_card_page_reads_the_session_the_user_and_the_deck(bundled, django_assert_max_num_queries):
    owner = UserFactory()
    deck = sixty(owner)
    client = signed_in(owner)
    client.get(f"/mazos/{deck.pk}/")  # keeps the body, the summary, the edit form and the chrome
    with django_assert_max_num_queries(3):  # the session, the user, the deck with its owner and last note
        response = client.get(f"/mazos/{deck.pk}/")
    assert response.status_code == 200 and "private" in response["Cache-Control"]


@pytest.mark.django_db
def test_a_builder_query_costs_only_the_search(bundled, django_assert_max_num_queries):
    owner = UserFactory()
    deck = sixty(owner)
    client = signed_in(owner)
    client.get(f"/mazos/{deck.pk}/?q=lobo")
    with django_assert_max_num_queries(7):
        page = client.get(f"/mazos/{deck.pk}/?q=lobo").content.decode()
    assert 'value="lobo"' in page


@pytest.mark.django_db
def test_the_kept_chrome_is_what_base_html_draws_with_the_query_escaped(bundled):
    owner = UserFactory(username="dueña")
    deck = sixty(owner)
    client = signed_in(owner)
    path = f"/mazos/{deck.pk}/?q=%3Cb%3E"
    client.get(path)
    kept = client.get(path)
    with translation.override("es"):
        whole = engines["django"].from_string('{% extends "base.html" %}').render({"q": "<b>"}, kept.wsgi_request)
    page = kept.content.decode()

    def chrome(html: str) -> tuple[str, str]:  # the header and the footer around the page's own part
        return TOKEN.sub(r'\1"', html.split("<body")[1].split("<main")[0]), html.split("</main>")[1]

    assert chrome(page) == chrome(whole)
    assert 'id="top-q" type="search" name="q" placeholder="Buscar cartas…" value="&lt;b&gt;"' in page
    assert "<b>" not in page.split("<main")[0] and "\x00" not in page


@pytest.mark.django_db
def test_an_edit_shows_at_once_and_no_player_sees_anothers_name_or_forms(bundled):
    owner, visitor = UserFactory(username="propietaria"), UserFactory(username="visitante")
    deck = sixty(owner, visibility="public")
    mine, theirs = signed_in(owner), signed_in(visitor)
    mine.get(f"/mazos/{deck.pk}/")
    theirs.get(f"/mazos/{deck.pk}/")
    deck_update(deck, actor=owner, expected_version=deck.version, name="Sesenta y uno")
    page = mine.get(f"/mazos/{deck.pk}/").content.decode()
    assert "Sesenta y uno" in page and 'class="change"' in page
    seen = theirs.get(f"/mazos/{deck.pk}/").content.decode()
    assert "Sesenta y uno" in seen and 'class="change"' not in seen
    assert ">visitante<" in seen and ">propietaria</a>" not in seen  # the menu names the viewer only
    anonymous = Client().get(f"/mazos/{deck.pk}/").content.decode()
    assert "visitante" not in anonymous and f"next=/mazos/{deck.pk}/" in anonymous
