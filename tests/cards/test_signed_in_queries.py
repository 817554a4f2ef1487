"""Signed-in catalogue answers: how many queries they make, and that what is kept for them (the
card page's chrome, which card a URL names) stays one player's, follows the catalogue and leaves
CSRF working. Numbers of queries, never seconds (bench/load.py measures the speed)."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from cards.models import Card
from collection.services import collection_add

CARD = "/cartas/eliria/BASE-105/"
SEARCH = "/api/cards/?game=eliria&q=t:combat%20pot%3E%3D3"
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+"')


def signed_in(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_a_signed_in_card_page_reads_only_the_session_the_user_and_the_players_copies(bundled, player, django_assert_max_num_queries):
    client = signed_in(player)
    client.get(CARD)  # keeps the body, the chrome and which card the URL names
    with django_assert_max_num_queries(3):  # the session, the user, the player's copies
        response = client.get(CARD)
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]


@pytest.mark.django_db
def test_a_signed_in_search_reads_only_the_session_and_the_user(bundled, player, django_assert_max_num_queries):
    client = signed_in(player)
    client.get(SEARCH)
    with django_assert_max_num_queries(2):  # the matches' ids and the cards' objects are kept
        response = client.get(SEARCH)
    assert response.status_code == 200 and response.json()["results"]


@pytest.mark.django_db
def test_the_kept_chrome_is_the_page_base_html_draws(bundled, player):
    """The card page with the kept chrome and copies form is, token aside, the page base.html draws."""
    client = signed_in(player)
    client.cookies["django_language"] = "en"
    client.get(CARD + "?x=1&y=%C3%A1")
    kept = client.get(CARD + "?x=1&y=%C3%A1")
    context = {k: kept.context[k] for k in ("card", "quick_add", "body")}
    with translation.override("en"):
        whole = render_to_string("cards/detail.html", context, kept.wsgi_request)
        owned = render_to_string("cards/_card_owned.html", {"card": kept.context["card"]}, kept.wsgi_request)
    assert TOKEN.sub(r'\1"', owned) in TOKEN.sub(r'\1"', kept.content.decode())  # the kept +1/−1 form too
    assert TOKEN.sub(r'\1"', kept.content.decode()) == TOKEN.sub(r'\1"', whole)
    assert "next=/cartas/eliria/BASE-105/%3Fx%3D1%26y%3D%25C3%25A1" in kept.content.decode()
    assert "\x00" not in kept.content.decode()


@pytest.mark.django_db
def test_the_chrome_and_the_copies_stay_each_players_own(bundled, player, other):
    card = Card.objects.get(game="eliria", code="BASE-105")
    collection_add(owner=player, card=card, delta=3)
    ana, bruno = signed_in(player).get(CARD).content.decode(), signed_in(other).get(CARD).content.decode()
    assert "ana" in ana and "3 copias" in ana
    assert ">ana<" not in bruno and "3 copias" not in bruno and "bruno" in bruno
    anonymous = Client().get(CARD).content.decode()
    assert "bruno" not in anonymous and "Entrar" in anonymous


@pytest.mark.django_db
def test_a_new_copy_shows_at_once_and_the_kept_forms_post_with_csrf(bundled, player):
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    page = client.get(CARD).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    card = Card.objects.get(game="eliria", code="BASE-105")
    answer = client.post("/coleccion/cambiar/", {"card": card.pk, "delta": "1", "csrfmiddlewaretoken": token})
    assert answer.status_code in (200, 302)
    assert "1 copia" in client.get(CARD).content.decode()
    assert client.post("/coleccion/cambiar/", {"card": card.pk, "delta": "1"}).status_code == 403


@pytest.mark.django_db
def test_a_renamed_card_is_seen_at_once(bundled, player, client):
    from cards.pagecache import catalogue_changed

    signed_in(player).get(CARD)
    Card.objects.filter(game="eliria", code="BASE-105").update(name="Cañón renombrado")
    catalogue_changed()  # what every import and editor's change calls
    assert "Cañón renombrado" in signed_in(player).get(CARD).content.decode()
    assert signed_in(player).get("/cartas/eliria/NO-SUCH/").status_code == 404


@pytest.mark.django_db
def test_the_card_pages_count_of_copies_is_the_collections_over_every_edition_and_condition(bundled, player, other):
    """The card page reads one card's copies as a plain sum (collection.selectors.owned_copies); it
    must say what the annotated count of the lists says (with_owned), editions and conditions summed."""
    from django.db.models import Count

    from collection.selectors import owned_copies, with_owned

    card = Card.objects.annotate(n=Count("editions")).filter(game="eliria", n__gte=2).first() or Card.objects.get(
        game="eliria", code="BASE-105")
    editions = list(card.editions.all())
    collection_add(owner=player, card=card, delta=2, edition=editions[0])
    collection_add(owner=player, card=card, delta=1, edition=editions[-1], condition="MP")
    collection_add(owner=other, card=card, delta=5)
    annotated = with_owned(Card.objects.filter(pk=card.pk), player).get().owned
    assert owned_copies(card.pk, player) == annotated == 3
    assert owned_copies(card.pk, other) == 5
    page = signed_in(player).get(f"/cartas/eliria/{card.code}/").content.decode()
    assert "3 copias" in page
