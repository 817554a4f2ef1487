"""Big goldfish runs: all cores, a time limit, the django-tasks worker and the progress page."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from cards.models import Card
from decks.validation import validate_list
from engine import goldfish
from play.models import SimulationRun
from play.parallel import CHUNK, goldfish_parallel


@pytest.fixture
def deck_text(bundled):  # type: ignore[no-untyped-def]
    names = Card.objects.filter(game="eliria", type="combat", current__cross=False).values_list("name", flat=True)
    return "\n".join(sorted(set(names))[:25])


@pytest.mark.django_db
def test_all_cores_give_the_same_numbers_as_one_process(deck_text):
    entries = validate_list("eliria", deck_text).entries
    parallel = goldfish_parallel("eliria", entries, games=5_000, turns=6, seed=9, workers=2)
    single = goldfish("eliria", entries, games=5_000, turns=6, seed=9)
    assert json.dumps(parallel, sort_keys=True) == json.dumps(single, sort_keys=True)


@pytest.mark.django_db
def test_a_time_limit_keeps_a_prefix_of_games_and_says_so(deck_text):
    entries = validate_list("eliria", deck_text).entries
    result = goldfish_parallel("eliria", entries, games=100_000, turns=10, seed=3, workers=1, time_limit=0.3)
    assert result["stopped_early"] is True and result["games_requested"] == 100_000
    played = result["games"]
    assert played % CHUNK == 0 and played < 100_000
    if played:
        same = goldfish("eliria", entries, games=played, turns=10, seed=3)
        assert result["per_turn"] == same["per_turn"]


@pytest.mark.django_db
def test_the_page_hands_big_runs_to_the_background(client, deck_text, settings, django_capture_on_commit_callbacks):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.SIMULATION_WORKERS = 2
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post("/goldfish/", {"game": "eliria", "list": deck_text, "games": 30_000, "turns": 4, "seed": 1})
    assert r.status_code == 302
    run = SimulationRun.objects.get()
    assert r["Location"] == run.get_absolute_url()
    assert run.status == "done" and run.result["games"] == 30_000
    page = client.get(run.get_absolute_url()).content.decode()
    assert "<svg" in page and "Terminada" in page


@pytest.mark.django_db(transaction=True)
def test_the_database_worker_runs_queued_goldfish(deck_text, settings):
    settings.SIMULATION_WORKERS = 1
    from play.services import goldfish_run_enqueue

    run = goldfish_run_enqueue(game="eliria", text=deck_text, games=25_000, turns=3, seed=5)
    assert SimulationRun.objects.get(pk=run.pk).status == "queued"
    call_command("db_worker", "--batch", "--no-startup-delay", stdout=io.StringIO(), stderr=io.StringIO())
    run.refresh_from_db()
    assert run.status == "done" and run.done == 25_000
    assert run.result == goldfish("eliria", validate_list("eliria", deck_text).entries, games=25_000, turns=3, seed=5)


@pytest.mark.django_db
def test_progress_partial_polls_while_running(client, bundled):
    run = SimulationRun.objects.create(kind="goldfish", game="eliria", total=50_000, done=10_000, status="running")
    html = client.get(run.get_absolute_url(), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in html and 'value="20"' in html
