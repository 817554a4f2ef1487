"""Catalogue pages: grid, card page with editions and diffs, drawn faces, i18n."""

from __future__ import annotations

import io

import pytest
from PIL import Image


@pytest.mark.django_db
def test_grid_shows_pictures_and_search_results(bundled, client):
    r = client.get("/cartas/", {"q": "canon"})
    html = r.content.decode()
    assert r.status_code == 200
    assert "Cañón del sacrificio" in html and "/cartas/eliria/BASE-105/cara.png" in html


@pytest.mark.django_db
def test_bad_query_page_shows_the_message_not_a_server_error(bundled, client):
    r = client.get("/cartas/", {"q": "pot>="})
    assert r.status_code == 400 and "Falta el valor" in r.content.decode()


@pytest.mark.django_db
def test_card_page_shows_current_text_editions_and_word_diff(bundled, client):
    html = client.get("/cartas/eliria/BASE-020/").content.decode()
    assert "Edición 3" in html and "Edición 2" in html and "Edición 1" in html
    assert "<del>6</del>" in html and "<ins>5</ins>" in html  # resistance 6 -> 5
    assert "Motivo del cambio" in html
    assert "Datos de ejemplo" in html


@pytest.mark.django_db
def test_grid_query_count_is_constant(bundled, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(8):
        client.get("/cartas/", {"per_page": 96})


@pytest.mark.django_db
def test_face_is_a_png_drawn_from_the_current_text_and_cached(bundled, client, settings):
    r = client.get("/cartas/eliria/BASE-105/cara.png")
    assert r.status_code == 200 and r["Content-Type"] == "image/png"
    with Image.open(io.BytesIO(r.content)) as img:
        assert img.size == (630, 880)
    from pathlib import Path

    assert list(Path(settings.MEDIA_ROOT, "faces", "eliria").glob("BASE-105-*.png"))


@pytest.mark.django_db
def test_unknown_card_page_is_404(client):
    assert client.get("/cartas/eliria/NOPE/").status_code == 404


@pytest.mark.django_db
def test_spanish_by_default_english_from_the_switch(bundled, client):
    assert '<html lang="es">' in client.get("/cartas/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    r = client.get("/idioma/en/", {"next": "/cartas/"})
    assert r.status_code == 302 and r["Location"] == "/cartas/"
    assert client.get("/idioma/en/", {"next": "https://evil.example/"})["Location"] == "/"
    html = client.get("/cartas/").content.decode()
    assert '<html lang="en">' in html and "Catalogue" in html


@pytest.mark.django_db
def test_logged_in_players_get_quick_add_on_search_results(bundled, client, django_user_model, django_assert_max_num_queries):
    user = django_user_model.objects.create_user("coleccionista", password="x-x-x-x-1")
    client.force_login(user)
    with django_assert_max_num_queries(10):
        html = client.get("/cartas/", {"q": "canon"}).content.decode()
    assert html.count('name="delta" value="1"') == 2  # one +1 per result
    anonymous = client.__class__().get("/cartas/", {"q": "canon"}).content.decode()
    assert 'name="delta"' not in anonymous


@pytest.mark.django_db
def test_card_page_has_quick_add_for_players(bundled, client, django_user_model):
    from cards.models import Card

    user = django_user_model.objects.create_user("coleccionista2", password="x-x-x-x-1")
    client.force_login(user)
    html = client.get("/cartas/eliria/BASE-105/").content.decode()
    assert 'name="delta" value="1"' in html and "0 copias" in html
    card = Card.objects.get(game="eliria", code="BASE-105")
    r = client.post("/coleccion/cambiar/", {"card": card.pk, "delta": "1", "next": "/cartas/eliria/BASE-105/"})
    assert r.status_code in (200, 302)
    assert "1 copia" in client.get("/cartas/eliria/BASE-105/").content.decode()


def test_a_single_search_result_opens_the_card(bundled, client):
    response = client.get("/cartas/?q=code:BASE-011")
    assert response.status_code == 302 and response["Location"].endswith("/cartas/eliria/BASE-011/")


def test_card_page_lists_other_printings_and_loads_its_decks(bundled, client):
    page = client.get("/cartas/eliria/BASE-105/").content.decode()
    assert "Otras cartas con este nombre" in page and "EXP-010" in page
    assert 'hx-get="/mazos/carta/eliria/BASE-105/"' in page


def test_syntax_page_lists_has_rulings(client):
    assert "has:rulings" in client.get("/busqueda/").content.decode()


@pytest.mark.django_db
def test_pager_links_keep_the_search_and_change_only_the_page(bundled, client):
    html = client.get("/cartas/", {"q": "t:combat", "game": "eliria", "per_page": 24}).content.decode()
    assert 'rel="next" href="?q=t%3Acombat&amp;game=eliria&amp;per_page=24&amp;page=2"' in html
    html = client.get("/cartas/", {"q": "t:combat", "game": "eliria", "per_page": 24, "page": 2}).content.decode()
    assert 'rel="prev" href="?q=t%3Acombat&amp;game=eliria&amp;per_page=24&amp;page=1"' in html
