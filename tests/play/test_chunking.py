"""How a queued run is split (issue 26, runs that use every core): chunks sized from the measured
cost of the run's own deck, two per worker down to a tenth of SIMULATION_CHUNK_SECONDS each (and
then a multiple of the workers), and the merged answer byte-identical to the serial one however the run is split."""

from __future__ import annotations

import json
import threading

import pytest

from play.goldfish.services import goldfish_answer, run_enqueue_goldfish
from play.matchups.services import run_enqueue_matchup
from play.models import SimulationChunk, SimulationRun
from play.runs.budget import chunk_count, goldfish_list_fits, matchup_fits, split
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
def test_a_goldfish_priced_by_its_request_is_split_by_that_price_and_keeps_it(eliria_list):
    assert not goldfish_list_fits("eliria", eliria_list, games=100_000, turns=10, seed=5)  # the request's pricing
    run = run_enqueue_goldfish(game="eliria", text=eliria_list, games=100_000, turns=10, seed=5, watch=[])
    measured = run.params[MEASURED]
    assert 1e-6 < measured < 0.1
    ranges = list(run.chunks.order_by("index").values_list("start", "stop"))
    assert ranges == plan("goldfish", "eliria", run.params)
    assert len(ranges) >= 4  # 100,000 games of any real deck: at least two chunks per worker


@pytest.mark.django_db
def test_a_matchup_priced_by_its_request_keeps_its_measured_cost(eliria_list, eliria_list_b):
    from cards.validation import validate_list

    a, b = validate_list("eliria", eliria_list).entries, validate_list("eliria", eliria_list_b).entries
    assert not matchup_fits("eliria", a, b, games=5_000, seed=3)
    run = run_enqueue_matchup(game="eliria", list_a=eliria_list, list_b=eliria_list_b, games=5_000, seed=3)
    assert run.params[MEASURED] > 0 and run.chunks_total == len(plan("matchup", "eliria", run.params))


@pytest.mark.django_db
def test_a_price_measured_for_another_run_or_thread_is_not_used(eliria_list):
    goldfish_list_fits("eliria", eliria_list, games=100_000, turns=10, seed=5)
    other = run_enqueue_goldfish(game="eliria", text=eliria_list, games=100_000, turns=11, seed=5, watch=[])
    assert MEASURED not in other.params  # another number of turns: the fixed costs size it
    SimulationRun.objects.all().delete()
    thread = threading.Thread(target=goldfish_list_fits, args=("eliria", eliria_list),
                              kwargs={"games": 90_000, "turns": 10, "seed": 6})
    thread.start()
    thread.join()
    run = run_enqueue_goldfish(game="eliria", text=eliria_list, games=90_000, turns=10, seed=6, watch=[])
    assert MEASURED not in run.params  # priced by another request's thread
