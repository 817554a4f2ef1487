"""The home page and the page shell (issue 25, point 9): one search box on the home page, which
introduces the tools; no health probe in the footer; a way back from the API docs."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_home_page_has_one_search_box_and_presents_the_tools(client):
    html = client.get("/").content.decode()
    assert html.count('type="search"') == 1 and 'id="home-q"' in html and 'id="top-q"' not in html
    for href in ("/mazos/publicos/", "/goldfish/", "/enfrentamientos/", "/mazos/comparar/"):
        assert f'href="{href}"' in html
    assert "Construir mazos" in html and "Comparar mazos" in html


def test_other_pages_keep_the_header_search(client):
    assert 'id="top-q"' in client.get("/cartas/").content.decode()


def test_the_footer_has_no_health_probe_but_the_probe_still_answers(client):
    html = client.get("/cartas/").content.decode()
    footer = html[html.index('<footer'):]
    assert "healthz" not in footer and 'href="/api/docs/"' in footer
    assert client.get("/healthz").status_code == 200


def test_the_api_docs_link_back_to_the_site(client):
    html = client.get("/api/docs/").content.decode()
    assert 'class="api-back"><a href="/">' in html and '<html lang="es">' in html
