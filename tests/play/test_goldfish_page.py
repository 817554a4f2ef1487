"""The goldfish statistics page: a full page without JavaScript, a partial for htmx."""

from __future__ import annotations

import pytest

from cards.models import Card


@pytest.fixture
def deck_text(bundled):  # type: ignore[no-untyped-def]
    names = Card.objects.filter(game="eliria", type="combat", current__cross=False).values_list("name", flat=True)
    return "\n".join(sorted(set(names))[:20])


@pytest.mark.django_db
def test_page_runs_and_draws_charts(client, deck_text):
    r = client.post("/goldfish/", {"game": "eliria", "list": deck_text, "games": 300, "turns": 5, "seed": 4})
    html = r.content.decode()
    assert r.status_code == 200 and 'class="uchart"' in html and "IC 95" in html
    assert "<html" in html


@pytest.mark.django_db
def test_htmx_gets_only_the_result_partial(client, deck_text):
    r = client.post("/goldfish/", {"game": "mision", "list": "Entes:\n" + "\n".join(
        Card.objects.filter(game="mision", type="entity").values_list("name", flat=True)[:6]) + "\nElementos:\n" + "\n".join(
        Card.objects.filter(game="mision", type="element").values_list("name", flat=True)[:12]),
        "games": 100, "turns": 12}, HTTP_HX_REQUEST="true")
    html = r.content.decode()
    assert r.status_code == 200 and "<html" not in html and "BAÚL" in html


@pytest.mark.django_db
def test_bad_list_is_explained(client, bundled):
    r = client.post("/goldfish/", {"game": "eliria", "list": "Lobo de ceniza\nInexistente", "games": 10, "turns": 3})
    assert "Línea 2" in r.content.decode()


@pytest.mark.django_db
def test_games_are_bounded_on_the_page(client, deck_text):
    r = client.post("/goldfish/", {"game": "eliria", "list": deck_text, "games": 10**6, "turns": 3})
    assert 'class="uchart"' not in r.content.decode()
