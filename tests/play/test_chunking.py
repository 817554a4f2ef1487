"""How a queued run is split (issue 26, runs that use every core): chunks sized from the measured
cost of the run's own deck, two per worker down to a tenth of SIMULATION_CHUNK_SECONDS each (and
then a multiple of the workers), and the merged answer byte-identical to the serial one however the run is split."""

from __future__ import annotations

import json

import pytest

from play.goldfish.services import goldfish_answer
from play.models import SimulationChunk, SimulationRun
from play.runs.budget import chunk_count, split
from play.runs.jobs import MEASURED, plan
from play.runs.services import run_submit

GOLDFISH = {"games": 3_000, "turns": 4, "seed": 41}


@pytest.fixture(autouse=True)
def chunking(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_CHUNK_SECONDS, settings.SIMULATION_WORKERS = 1.0, 2
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 50


@pytest.mark.parametrize(("seconds", "workers", "chunks"), [
    (0.15, 2, 1),  # under two shortest chunks (0.1 s each): one chunk, nothing to share
    (0.3, 2, 2),  # a small run is shared between both workers all the same
    (0.45, 2, 4),  # two chunks per worker as soon as each is 0.1 s
    (1.2, 2, 4),  # two chunks per worker, 0.3 s each
    (0.5, 8, 5),  # never under the shortest chunk, however many workers
    (0.5, 3, 3),  # five 0.1 s chunks would give one worker of three half the others' share
    (0.3, 3, 3),  # 0.3 s is three shortest chunks, whatever the floating point says
    (6.0, 2, 6),  # never over SIMULATION_CHUNK_SECONDS (1 s) each
    (4.5, 2, 6),  # five 0.9 s chunks would leave one of two workers a fifth of the run alone
    (6.0, 4, 8),
])
def test_chunk_count_gives_every_worker_work_within_the_chunk_bounds(seconds, workers, chunks):
    assert chunk_count(seconds, workers=workers) == chunks


def test_split_covers_every_game_once_in_ranges_that_differ_by_one_game_at_most():
    ranges = split(10_001, 4)
    assert ranges[0][0] == 0 and ranges[-1][1] == 10_001
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:], strict=False))
    assert {b - a for a, b in ranges} == {2_500, 2_501}
    assert split(3, 8) == [(0, 1), (1, 2), (2, 3)]  # never an empty chunk


def test_the_plan_follows_the_measured_cost_and_is_the_same_whenever_computed():
    params = {"list": "", "games": 10_000, "turns": 10, "seed": 1, "watch": []}
    cheap = plan("goldfish", "eliria", {**params, MEASURED: 15e-6})  # 0.15 s in all
    slow = plan("goldfish", "eliria", {**params, MEASURED: 120e-6})  # 1.2 s
    slower = plan("goldfish", "eliria", {**params, MEASURED: 600e-6})  # 6 s
    assert (len(cheap), len(slow), len(slower)) == (1, 4, 6)
    assert slow == plan("goldfish", "eliria", {**params, MEASURED: 120e-6})


@pytest.mark.django_db
@pytest.mark.parametrize(("per_game", "chunks"), [(3e-5, 1), (1e-4, 2), (4e-4, 4), (2e-3, 6), (9.5 / 3_000, 10)])
def test_the_merged_answer_is_the_serial_one_byte_for_byte_however_the_run_is_split(
    eliria_list, per_game, chunks, settings, django_capture_on_commit_callbacks,
):
    # Chunks are played as they are queued, by the real task backend (in this process).
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    params = {"list": eliria_list, **GOLDFISH, "watch": [], MEASURED: per_game}
    with django_capture_on_commit_callbacks(execute=True):
        run = run_submit(kind="goldfish", game="eliria", params=params)
    run.refresh_from_db()
    sizes = list(SimulationChunk.objects.filter(run=run).order_by("index").values_list("start", "stop"))
    assert sizes == plan("goldfish", "eliria", run.params) and len(sizes) == run.chunks_total == chunks
    serial = goldfish_answer(game="eliria", text=eliria_list, **GOLDFISH)
    assert run.status == "done" and run.result_json == json.dumps(serial, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.django_db
def test_a_request_that_outlasts_its_deadline_is_queued_from_its_next_game(
    api_client, eliria_list, settings, monkeypatch, django_capture_on_commit_callbacks,
):
    """play.runs.answer: the games the request played are the run's first chunk, done; the rest is
    queued, sized by the pace measured on them, and the merged answer is the one-go answer."""
    import play.runs.answer

    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    monkeypatch.setattr(play.runs.answer, "CEILING", 1e-12)  # the first slice already outlasts it
    body = {"game": "eliria", "list": eliria_list, "games": 300, "turns": 6, "seed": 7}
    with django_capture_on_commit_callbacks(execute=True):
        queued = api_client.post("/api/goldfish/", body, format="json")
    assert queued.status_code == 202
    run = SimulationRun.objects.get()
    chunks = list(run.chunks.order_by("index").values_list("start", "stop"))
    assert chunks[0] == (0, 1) and chunks[1][0] == 1 and chunks[-1][1] == 300
    assert run.params[MEASURED] > 0 and run.status == "done"
    serial = goldfish_answer(game="eliria", text=eliria_list, games=300, turns=6, seed=7)
    assert run.result_json == json.dumps(serial, ensure_ascii=False, separators=(",", ":"))
