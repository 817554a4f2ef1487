"""Ruling pages: the list with its search box and card filter, one ruling, the card page's rulings."""

from __future__ import annotations

import json

import pytest

from rulings.services import rulings_import


def titles(html: str) -> list[str]:
    names = ["PRIMERO", "SEGUNDO", "TERCERO", "CUARTO", "QUINTO"]
    return [n for n in names if f">{n}</a>" in html]


@pytest.mark.django_db
def test_list_shows_the_five_rulings_with_dates(bundled, client):
    r = client.get("/resoluciones/")
    html = r.content.decode()
    assert r.status_code == 200
    assert titles(html) == ["PRIMERO", "SEGUNDO", "TERCERO", "CUARTO", "QUINTO"]
    assert '<time datetime="2026-02-20">' in html and "Todas las cartas" in html
    assert 'href="/resoluciones/"' in client.get("/cartas/").content.decode()  # the nav link


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("sacrificio", ["PRIMERO"]),
        ("SACRIFICIO", ["PRIMERO"]),
        ("cañon", ["PRIMERO"]),
        ("canon", ["PRIMERO"]),
        ("antigua", ["TERCERO"]),  # the text says «antigüa»
        ("tercero", ["TERCERO"]),  # the title
        ("medidas desesperadas", ["CUARTO"]),
        ("efímera", ["QUINTO"]),
        ("xyzzy", []),
    ],
)
@pytest.mark.django_db
def test_search_box_ignores_case_and_accents(bundled, client, q, expected):
    assert titles(client.get("/resoluciones/", {"q": q}).content.decode()) == expected


@pytest.mark.django_db
def test_filter_by_card_code(bundled, client):
    assert titles(client.get("/resoluciones/", {"card": "BASE-105"}).content.decode()) == ["PRIMERO"]
    assert titles(client.get("/resoluciones/", {"card": "base-108"}).content.decode()) == ["PRIMERO"]
    html = client.get("/resoluciones/", {"card": "BASE-011", "q": "defensa"}).content.decode()
    assert titles(html) == ["SEGUNDO"]
    assert "Ninguna resolución" in client.get("/resoluciones/", {"card": "NOPE-1"}).content.decode()


@pytest.mark.django_db
def test_ruling_page_has_verbatim_text_cards_pictures_current_text_and_diff(bundled, client):
    r = client.get("/resoluciones/1/")
    html = r.content.decode()
    assert r.status_code == 200
    assert "PRIMERO" in html and "260220" in html and '<time datetime="2026-02-20">' in html
    assert "Primera edición" in html
    assert "los tokens de combate sí podrán ser sacrificados para activar el efecto" in html
    assert '<img src="/cartas/eliria/BASE-105/cara.png"' in html
    assert 'href="/cartas/eliria/BASE-105/"' in html
    assert "este efecto permite expresamente sacrificar tokens" in html  # current (2nd) edition text
    assert "Texto ajustado: edición 1 → edición 2" in html
    assert "<ins>combate o uno de tus tokens de combate" in html  # the word diff that carries the ruling out
    assert "Cañón del sacrificio" in html and "Qué hace el sitio" in html
    assert 'href="/cartas/eliria/BASE-108/"' in html and 'href="/cartas/eliria/BASE-150/"' in html


@pytest.mark.parametrize("number,code", [(2, "BASE-011"), (4, "BASE-102"), (5, "BASE-180")])
@pytest.mark.django_db
def test_rulings_announcing_adjusted_text_show_the_edition_diff(bundled, client, number, code):
    html = client.get(f"/resoluciones/{number}/").content.decode()
    assert f"/cartas/eliria/{code}/cara.png" in html
    assert "Texto ajustado" in html and "<ins>" in html


@pytest.mark.django_db
def test_tercero_is_for_all_cards_and_has_no_diff(bundled, client):
    html = client.get("/resoluciones/3/").content.decode()
    assert "TODAS LAS CARTAS" in html and "Texto ajustado" not in html
    assert "edición más reciente" in html
    assert "por encima del texto antigüo" in html


@pytest.mark.django_db
def test_unknown_ruling_is_404(bundled, client):
    assert client.get("/resoluciones/99/").status_code == 404


@pytest.mark.django_db
def test_ruling_page_query_count_is_small(bundled, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        client.get("/resoluciones/1/")
    with django_assert_max_num_queries(6):
        client.get("/resoluciones/", {"q": "carta"})


@pytest.mark.django_db
def test_unknown_card_code_shows_as_unresolved(bundled, client, tmp_path):
    doc = {
        "format": "rulings/1",
        "game": "eliria",
        "rulings": [
            {
                "number": 7,
                "title": "SÉPTIMO",
                "date": "2026-07-07",
                "cards": ["BASE-105", "ZZZ-404"],
                "mentions": ["ZZZ-405"],
                "edition": "Primera edición",
                "considerations": "C.",
                "criterion": "D.",
            }
        ],
    }
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    rulings_import(paths=[path])
    html = client.get("/resoluciones/7/").content.decode()
    assert "ZZZ-404 (sin resolver)" in html and "ZZZ-405 (sin resolver)" in html
    assert "/cartas/eliria/BASE-105/cara.png" in html


@pytest.mark.django_db
def test_card_page_lists_its_rulings_newest_first_with_dates(bundled, client):
    html = client.get("/cartas/eliria/BASE-105/").content.decode()
    section = html[html.index('id="rulings-h"') : html.index('id="editions-h"')]
    assert section.index("TERCERO") < section.index("PRIMERO")
    assert 'href="/resoluciones/1/"' in section and '<time datetime="2026-02-20">' in section
    # A card no ruling names still gets TERCERO, which is for every card.
    other = client.get("/cartas/eliria/BASE-001/").content.decode()
    assert 'href="/resoluciones/3/"' in other and 'href="/resoluciones/1/"' not in other
