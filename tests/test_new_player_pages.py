"""What a new player found on the pages (issue 38), checked on the server's answers: the offline
page, meta descriptions, named search landmarks, revisions counted 1, 2, 3, the deck page's words
(no list headers, no pasted-list line numbers), the collection's slips, English pages without
Spanish rule words, and the odds panel one tap away on a phone."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from cards.models import Card
from decks.models import DeckRevision
from decks.services import deck_update
from tests.factories import deck_from_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed(player) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(player)
    return client


def test_the_offline_page_is_served_and_the_worker_knows_it(client, bundled):
    page = client.get("/sin-conexion/")
    assert page.status_code == 200 and "Sin conexión" in page.content.decode()
    worker = client.get("/sw.js").content.decode()
    assert '"/sin-conexion/"' in worker and "eliria-private-v1" in worker and "ignoreVary" in worker


def test_every_page_has_one_meta_description_and_named_search_landmarks(client, signed, bundled, player):
    deck = deck_from_list(player, name="Mazo de prueba")
    card = Card.objects.get(code="BASE-105")
    for who, url in ((client, "/"), (client, "/cartas/"), (client, card.get_absolute_url()), (client, "/resoluciones/"),
                     (client, "/busqueda/"), (client, "/mazos/publicos/"), (client, "/goldfish/"),
                     (signed, "/mazos/"), (signed, deck.get_absolute_url()), (signed, "/coleccion/")):
        html = who.get(url).content.decode()
        descriptions = re.findall(r'<meta name="description" content="([^"]*)">', html)
        assert len(descriptions) == 1 and len(descriptions[0]) >= 30, url
        searches = re.findall(r'<form[^>]*role="search"[^>]*>', html)
        assert all('aria-label="' in form for form in searches), (url, searches)
        labels = [re.search(r'aria-label="([^"]*)"', form).group(1) for form in searches]
        assert len(labels) == len(set(labels)), (url, labels)  # no two search landmarks share a name


def test_revisions_count_the_saves_one_by_one_whatever_the_version(signed, bundled, player):
    deck = deck_from_list(player)
    deck_update(deck, expected_version=1, actor=player, entries=[])
    DeckRevision.objects.filter(deck=deck, number=2).update(number=43)  # builder clicks moved the version
    html = signed.get(f"/mazos/{deck.pk}/revisiones/").content.decode()
    assert "Revisión 2" in html and "Revisión 1" in html and "Revisión 43" not in html
    assert 'id="rev-43" value="2"' in html  # the links still name the revision's own number


def test_the_deck_page_says_saved_not_a_version_number(signed, bundled, player):
    deck = deck_from_list(player)
    html = signed.get(deck.get_absolute_url()).content.decode()
    line = html.split('id="deck-version">')[1][:160]
    assert f'data-version="{deck.version}">guardado</span> <time' in line and "versión" not in line
    assert 'href="#odds" id="odds-jump"' in html and 'href="#odds" id="odds-menu-jump"' in html and 'id="odds"' in html


def test_the_deck_page_speaks_of_sections_and_the_exported_lists_lines(signed, bundled, player):
    text = "Mazo:\n1 Cañón del sacrificio (BASE-105)\n1 Token de fisión\n"
    deck = deck_from_list(player, text)
    html = signed.get(deck.get_absolute_url()).content.decode()
    assert 'data-code="token_in_deck"' in html
    assert "muévelo a la sección «Tokens»" in html and "ponlo bajo «Tokens:»" not in html
    assert "de la lista exportada" in html
    assert not re.search(r'</span> Línea \d+:', html)  # the message itself no longer starts with a line


def test_collection_import_counts_agree_with_their_nouns(signed, bundled):
    html = signed.post("/coleccion/importar/", {"mode": "add", "game": "", "text": "1 Lobo de ceniza\n"}).content.decode()
    assert "1 línea correcta: 1 copia; 1 fila nueva y 0 que se suman" in html
    assert "filas nuevas y" not in html.split("1 fila nueva")[0][-40:]


def test_have_need_says_built_once_and_the_shopping_table_names_every_column(signed, bundled, player):
    deck = deck_from_list(player)
    html = signed.get(f"/coleccion/mazo/{deck.pk}/").content.decode()
    assert "No está montado." not in html and "No está en tu lista de la compra." not in html
    assert 'role="switch"' in html
    shopping = signed.get("/coleccion/compras/").content.decode()
    assert "<th></th>" not in shopping


def test_english_pages_say_rule_and_chest(client, bundled):
    from tests.play.conftest import eliria_text

    client.cookies["django_language"] = "en"
    table = client.post("/goldfish/mesa/empezar/", {"game": "eliria", "list": eliria_text(), "seed": 1}).content.decode()
    assert "(rule 11.b)" in table and "(regla" not in table
    assert "you lose the game: you will have no combat card in your power phase (rule 7.b)" in table
    card = client.get(Card.objects.get(code="SOS1-044").get_absolute_url()).content.decode()
    assert "BAÚL:" not in card and "CHEST" in card


def test_the_builder_search_goes_on_past_thirty_cards(signed, bundled, player):
    from decks.selectors import SEARCH_LIMIT

    deck = deck_from_list(player)
    total = Card.objects.filter(game="eliria").count()
    assert total > SEARCH_LIMIT
    first = signed.get(f"/mazos/{deck.pk}/buscar/", {"q": "game:eliria"}, HTTP_HX_REQUEST="true").content.decode()
    assert first.count('class="result"') == SEARCH_LIMIT and 'rel="next"' in first and "page=2" in first
    codes = set(re.findall(r'class="result" data-code="([^"]+)"', first))
    pages, page = [codes], 2
    while 'rel="next"' in first:
        first = signed.get(f"/mazos/{deck.pk}/buscar/", {"q": "game:eliria", "page": page},
                           HTTP_HX_REQUEST="true").content.decode()
        pages.append(set(re.findall(r'class="result" data-code="([^"]+)"', first)))
        page += 1
    assert 'rel="prev"' in first
    seen = set().union(*pages)
    assert len(seen) == sum(len(p) for p in pages) == total  # every card once, none twice


def test_a_restored_revision_is_named_by_its_place_in_the_list(signed, bundled, player):
    deck = deck_from_list(player)
    deck_update(deck, expected_version=1, actor=player, entries=[])
    DeckRevision.objects.filter(deck=deck, number=1).update(number=40)  # the first save at version 40
    DeckRevision.objects.filter(deck=deck, number=2).update(number=41)
    deck.refresh_from_db()
    page = signed.post(f"/mazos/{deck.pk}/revisiones/40/restaurar/", {"version": deck.version}, follow=True)
    html = page.content.decode()
    assert "Restaurada la revisión 1." in html, re.findall(r"<p class=\"(?:error|notice)\">([^<]*)", html)
