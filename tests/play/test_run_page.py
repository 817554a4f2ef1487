"""The run page (issue 25, point 6): a bar with the games and percentage, the time left, the lists'
names, Cancel outside the polled part, the answer of every run kind and the error in the reader's language."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from play.compare.services import compare_prepare
from play.models import SimulationChunk, SimulationRun, run_error_text
from play.runs.present import seconds_left, time_left_text
from tests.play.queued import answered

pytestmark = pytest.mark.django_db

POLLED = re.compile(r'<div class="run-status".*?(?=<div id="run-cancel-slot"|\Z)', re.S)


def _running(*, kind: str = "matchup", params: dict | None = None, seconds: float = 10.0) -> SimulationRun:
    """10 000 games in two chunks, 3 400 played ``seconds`` after it started (a worker holds chunk 0)."""
    now = timezone.now()
    run = SimulationRun.objects.create(
        kind=kind, game="eliria", status=SimulationRun.Status.RUNNING, total=10_000, chunks_total=2,
        params=params if params is not None else {"list_a": "3 Uno", "list_b": "3 Dos", "labels": ["Rojo", "Azul"]},
        started=now - timedelta(seconds=seconds))
    SimulationChunk.objects.create(run=run, index=0, start=0, stop=5_000, done=3_400, attempts=1,
                                   status=SimulationChunk.Status.RUNNING, lease_until=now + timedelta(minutes=5),
                                   enqueued=now)
    SimulationChunk.objects.create(run=run, index=1, start=5_000, stop=10_000, enqueued=now)
    return run


def test_the_page_shows_games_percentage_time_left_and_the_decks_names(client):
    run = _running()
    html = client.get(run.get_absolute_url()).content.decode()
    assert re.search(r"3\s400 de 10\s000 partidas · 34\s%", html)
    eta = int(re.search(r"quedan unos (\d+) s", html).group(1))
    assert 19 <= eta <= 60  # 10 s (and the request's own time) for 3 400 games: 6 600 more take about 19 s
    assert "Rojo contra Azul" in html
    assert 'class="run-bar"' in html and 'value="34"' in html


def test_a_pasted_goldfish_list_is_named_by_its_first_cards(client):
    run = _running(kind="goldfish", params={"list": "# mi lista\n4 Dragón Rojo\n2x Hada\n3 Trol"})
    html = client.get(run.get_absolute_url()).content.decode()
    assert "lista pegada: Dragón Rojo, Hada…" in html


def test_no_estimate_before_enough_progress():
    run = _running(seconds=1.0)
    assert seconds_left(run, 3_400) is None  # one second is mostly start-up
    run = _running(seconds=30.0)
    assert seconds_left(run, 50) is None  # 0.5 % of the games tells nothing yet
    assert time_left_text(seconds_left(run, 5_000)) == "quedan unos 30 s"
    assert time_left_text(600.0) == "quedan unos 10 min"


def test_cancel_is_outside_the_polled_fragment_and_a_poll_has_no_cancel_button(client):
    run = _running()
    html = client.get(run.get_absolute_url()).content.decode()
    polled = POLLED.search(html).group(0)
    assert "hx-get" in polled and "run-cancel" not in polled
    assert html.count('id="run-cancel"') == 1 and html.index('id="run-cancel"') > html.index('id="run-status"')
    fragment = client.get(run.get_absolute_url(), HTTP_HX_REQUEST="true").content.decode()
    assert "hx-get" in fragment and "run-cancel" not in fragment and "<button" not in fragment


def test_the_poll_that_sees_the_run_end_removes_cancel_out_of_band(client):
    run = _running()
    SimulationRun.objects.filter(pk=run.pk).update(status=SimulationRun.Status.CANCELLED, error_code="cancelled")
    fragment = client.get(run.get_absolute_url(), HTTP_HX_REQUEST="true").content.decode()
    assert '<div id="run-cancel-slot" hx-swap-oob="true"></div>' in fragment
    assert "hx-get" not in fragment  # polling stops
    page = client.get(run.get_absolute_url()).content.decode()
    assert 'id="run-cancel"' not in page


def test_cancel_through_htmx_answers_the_status_and_drops_the_button(client):
    run = _running()
    fragment = client.post(f"/goldfish/runs/{run.pk}/cancelar/", HTTP_HX_REQUEST="true").content.decode()
    assert "Cancelada" in fragment and 'hx-swap-oob="true"' in fragment


def test_a_done_comparison_run_shows_its_reading_and_where_to_read_it_all(client, eliria_list, eliria_list_b):
    result = answered(compare_prepare({"game": "eliria", "list_a": eliria_list, "list_b": eliria_list_b, "games": 20,
                                       "turns": 4, "seed": 3}))
    run = SimulationRun.objects.create(
        kind="compare", game="eliria", status=SimulationRun.Status.DONE, total=20, done=20,
        params={"list_a": eliria_list, "list_b": eliria_list_b, "games": 20, "turns": 4, "seed": 3},
        result_json=json.dumps(result))
    html = client.get(run.get_absolute_url()).content.decode()
    assert "mulligans por partida" in html  # the compare pages' own sentence, from the result
    assert 'href="/mazos/comparar/"' in html and "run-bar" not in html


@pytest.mark.parametrize(("kind", "url"), [("swaps", "/mazos/sugerencias/"), ("matchup_compare", "/enfrentamientos/")])
def test_a_done_swaps_or_versions_run_links_to_its_page(client, kind, url):
    run = SimulationRun.objects.create(kind=kind, game="eliria", status=SimulationRun.Status.DONE, total=10, done=10,
                                       params={"list": "3 Uno"}, result_json='{"games": 10}')
    html = client.get(run.get_absolute_url()).content.decode()
    assert f'href="{url}"' in html and "10 de 10 partidas · 100" in html


def test_the_error_is_shown_in_the_readers_language(client):
    run = SimulationRun.objects.create(kind="goldfish", game="eliria", status=SimulationRun.Status.FAILED, total=100,
                                       params={"list": "3 Uno"}, error_code="never_started", error_params={"minutes": 7},
                                       error="stored text")
    with translation.override("en"):
        english = run_error_text("never_started", {"minutes": 7})
    spanish = run_error_text("never_started", {"minutes": 7})
    assert english != spanish and "7" in english
    assert spanish in client.get(run.get_absolute_url()).content.decode()
    client.get("/idioma/en/?next=/")
    assert english in client.get(run.get_absolute_url()).content.decode()


def test_a_goldfish_run_started_from_a_deck_is_titled_by_the_decks_name(client, settings, player, bundled):
    """Issue 38: a run of a saved deck was titled «lista pegada: …»."""
    from tests.factories import deck_from_list
    from tests.play.conftest import eliria_text

    deck = deck_from_list(player, eliria_text(), name="Bruma y ceniza")
    settings.SIMULATION_INLINE_BUDGET = 0.0  # every goldfish is queued
    client.force_login(player)
    r = client.post("/goldfish/", {"deck": deck.pk, "game": "eliria", "games": 2000, "turns": 10})
    run = SimulationRun.objects.get()
    assert r.status_code == 302 and r["Location"] == run.get_absolute_url()
    assert run.params["label"] == "Bruma y ceniza"
    html = client.get(run.get_absolute_url()).content.decode()
    assert "Bruma y ceniza" in html and "lista pegada" not in html
