"""The deck page's body is rendered once per deck version and kept (decks.views.page._deck_body): what a
player sees must still be theirs, current, and its forms must work in their own session."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.factories import UserFactory, deck_from_list

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def row_form(html: str) -> dict[str, str]:
    """The hidden fields of the first "+" button's form in the list, with the button's own delta,
    as a browser would send them (a row's − and + share one form)."""
    for form in re.findall(r'<form class="change".*?</form>', html, re.S):
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
        if 'name="delta" value="1"' in form:
            return {**fields, "delta": "1"}
    raise AssertionError("no + button")


@pytest.mark.django_db
def test_a_kept_body_carries_each_session_its_own_working_token(bundled):
    owner = UserFactory()
    deck = deck_from_list(owner)
    for _ in range(2):  # the second session reads the body the first one rendered
        browser = Client(enforce_csrf_checks=True)
        browser.force_login(owner)
        page = browser.get(f"/mazos/{deck.pk}/").content.decode()
        assert "\x00" not in page
        fields = row_form(page)
        assert fields["csrfmiddlewaretoken"] in TOKEN.findall(page)
        answer = browser.post(f"/mazos/{deck.pk}/cartas/", fields)
        assert answer.status_code == 302, answer.status_code  # a 403 would be a token of another session
        deck.refresh_from_db()
    assert deck.version == 3


@pytest.mark.django_db
def test_the_page_shows_each_new_version_and_only_the_owner_gets_forms(bundled):
    owner, visitor = UserFactory(), UserFactory()
    deck = deck_from_list(owner, visibility="public")
    seen = Client()
    seen.force_login(visitor)
    assert 'class="change"' not in seen.get(f"/mazos/{deck.pk}/").content.decode()  # kept for visitors
    mine = Client()
    mine.force_login(owner)
    page = mine.get(f"/mazos/{deck.pk}/").content.decode()
    assert 'class="change"' in page
    fields = row_form(page)
    quantities = re.findall(r'name="quantity" value="(\d+)"', page)
    mine.post(f"/mazos/{deck.pk}/cartas/", fields)
    after = mine.get(f"/mazos/{deck.pk}/").content.decode()
    assert f'data-version="{deck.version + 1}"' in after and f'value="{deck.version + 1}"' in after
    assert sum(map(int, re.findall(r'name="quantity" value="(\d+)"', after))) == sum(map(int, quantities)) + 1
    assert 'class="change"' not in seen.get(f"/mazos/{deck.pk}/").content.decode()


@pytest.mark.django_db
def test_the_card_page_body_is_shared_but_each_player_sees_their_own_copies(bundled):
    """cards.views.card_detail keeps the catalogue part; the copies are filled in per answer."""
    alice, bob = UserFactory(), UserFactory()
    url = "/cartas/eliria/BASE-105/"
    browsers = {}
    for user in (alice, bob):
        browsers[user] = Client()
        browsers[user].force_login(user)
    page = browsers[alice].get(url).content.decode()
    assert "0 copias" in page and "\x00" not in page
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"',
                             page[page.index('class="owned"'):]))
    browsers[alice].post("/coleccion/cambiar/", {**fields, "delta": "1"})
    assert "1 copia<" in browsers[alice].get(url).content.decode()
    assert "0 copias" in browsers[bob].get(url).content.decode()
    anonymous = Client().get(url).content.decode()
    assert 'class="owned"' not in anonymous and "BASE-105" in anonymous


@pytest.mark.django_db
def test_the_kept_edit_form_saves_in_a_new_session_and_shows_the_new_name(bundled):
    owner = UserFactory()
    deck = deck_from_list(owner)
    for name in ("Primero", "Segundo"):
        browser = Client(enforce_csrf_checks=True)
        browser.force_login(owner)
        page = browser.get(f"/mazos/{deck.pk}/").content.decode()
        form = re.search(r'<details class="edit-details">.*?</form>', page, re.S).group(0)  # type: ignore[union-attr]
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
        answer = browser.post(f"/mazos/{deck.pk}/datos/", {**fields, "name": name, "visibility": "private"})
        assert answer.status_code == 302
        assert f'value="{name}"' in browser.get(f"/mazos/{deck.pk}/").content.decode()


@pytest.mark.django_db
def test_the_builder_query_is_filled_in_escaped_and_adds_no_kept_copy(bundled, settings):
    from cards import pagecache

    settings.REDIS_URL = ""  # the per-process store, whose entries can be counted
    owner = UserFactory()
    deck = deck_from_list(owner)
    browser = Client()
    browser.force_login(owner)
    browser.get(f"/mazos/{deck.pk}/")
    kept = len(pagecache._local.items)
    for q in ('"><script>alert(1)</script>', "lobo", "t:combat pot>=3"):
        page = browser.get(f"/mazos/{deck.pk}/", {"q": q}).content.decode()
        assert "<script>alert" not in page
        assert row_form(page[page.index('class="deck-grid"'):])["q"] == q.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
            '"', "&quot;").replace("'", "&#x27;")
    assert len(pagecache._local.items) == kept


@pytest.mark.django_db
def test_each_language_keeps_its_own_body(bundled):
    owner = UserFactory()
    deck = deck_from_list(owner)
    browser = Client()
    browser.force_login(owner)

    def grid() -> str:
        page = browser.get(f"/mazos/{deck.pk}/").content.decode()
        return page[page.index('class="deck-grid"'):]

    assert "Mazo legal" in grid() or "El mazo no es legal" in grid()
    browser.cookies["django_language"] = "en"
    english = grid()
    assert "Validation" in english and "Validación" not in english
    browser.cookies["django_language"] = "es"
    assert "Validación" in grid()


@pytest.mark.django_db
def test_a_rows_minus_and_plus_share_one_form(bundled):
    """Issue 38: two forms per row were half the builder's DOM (2,031 nodes on a phone audit)."""
    owner = UserFactory()
    deck = deck_from_list(owner)
    browser = Client()
    browser.force_login(owner)
    html = browser.get(f"/mazos/{deck.pk}/").content.decode()
    rows = html.count('<li class="entry"')
    forms = re.findall(r'<form class="change".*?</form>', html, re.S)
    assert rows and len(forms) == rows
    assert all('name="delta" value="-1"' in form and 'name="delta" value="1"' in form for form in forms)
    fields = row_form(html)
    before = deck.entries.get(card_id=fields["card"], section=fields["section"]).quantity
    assert browser.post(f"/mazos/{deck.pk}/cartas/", {**fields, "delta": "-1"}).status_code in (200, 302)
    assert not deck.entries.filter(card_id=fields["card"], section=fields["section"], quantity=before).exists()
    assert "js/builder." in html  # the builder's keys load for the owner alone
    other = Client()
    other.force_login(UserFactory())
    assert "js/builder." not in other.get("/mazos/").content.decode()  # their list of decks
