"""No web request forks, spawns a process or starts a thread (attack finding H3, M3).

Every way of starting one is replaced by a trap for the duration of the requests; the biggest
simulations the pages and the API accept still answer at once (queued), within the budget."""

from __future__ import annotations

import multiprocessing.process
import os
import subprocess
import threading
import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from play.models import SimulationRun


class Spawned(AssertionError):
    pass


@pytest.fixture
def no_spawn(monkeypatch):  # type: ignore[no-untyped-def]
    def trap(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise Spawned("a web request tried to start a process or a thread")

    for owner, name in [(os, "fork"), (os, "forkpty"), (os, "posix_spawn"), (os, "posix_spawnp"), (os, "system"),
                        (subprocess.Popen, "__init__"), (multiprocessing.process.BaseProcess, "start"),
                        (threading.Thread, "start"), (ProcessPoolExecutor, "__init__")]:
        monkeypatch.setattr(owner, name, trap)


@pytest.fixture
def real_budget(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_INLINE_BUDGET = 0.1
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 10
    settings.SIMULATION_MAX_ACTIVE_PER_ADDRESS = 10


def test_the_trap_works(no_spawn):
    with pytest.raises(Spawned):
        threading.Thread(target=print).start()
    with pytest.raises(Spawned):
        subprocess.run(["true"])


def _quick(call):  # type: ignore[no-untyped-def]
    """The request's wall time, as an order of magnitude only: playing any of these runs in the
    request takes 20 s or more on one core (100,000 goldfish games; 10,000 matchups), the budget's
    probe a fraction of a second, so 10 s tells them apart on a loaded machine too."""
    start = time.perf_counter()
    response = call()
    return response, time.perf_counter() - start


@pytest.mark.django_db
def test_the_biggest_goldfish_and_matchups_are_queued_without_a_process_or_long_loop(
    client, api_client, eliria_list, eliria_list_b, no_spawn, real_budget,
):
    big_goldfish = {"game": "eliria", "list": eliria_list, "games": 100_000, "turns": 50, "seed": 1}
    r, took = _quick(lambda: api_client.post("/api/goldfish/", big_goldfish, format="json"))
    assert r.status_code == 202 and took < 10
    r, took = _quick(lambda: client.post("/goldfish/", {**big_goldfish, "watch": ""}))
    assert r.status_code == 302 and took < 10
    big_matchup = {"game": "eliria", "deck_a": eliria_list, "deck_b": eliria_list_b, "games": 10_000, "seed": 1}
    r, took = _quick(lambda: api_client.post("/api/matchups/", big_matchup, format="json"))
    assert r.status_code == 202 and took < 10
    page = {"game": "eliria", "list_a": eliria_list, "list_b": eliria_list_b, "games": 10_000, "seed": 1,
            "policy_a": "rules", "policy_b": "rules"}
    r, took = _quick(lambda: client.post("/enfrentamientos/", page))
    assert r.status_code == 302 and took < 10
    assert SimulationRun.objects.filter(status="queued").count() == 4
    for run in SimulationRun.objects.all():  # polling the runs starts nothing either
        assert client.get(run.get_absolute_url()).status_code == 200
        assert api_client.get(f"/api/runs/{run.pk}/").status_code == 200


@pytest.mark.django_db
def test_what_fits_the_budget_is_answered_in_the_request(api_client, eliria_list, eliria_list_b, no_spawn, real_budget):
    r = api_client.post("/api/goldfish/", {"game": "eliria", "list": eliria_list, "games": 300, "turns": 10, "seed": 1},
                        format="json")
    assert r.status_code == 200 and r.json()["games"] == 300
    r = api_client.post("/api/matchups/", {"game": "eliria", "deck_a": eliria_list, "deck_b": eliria_list_b,
                                           "games": 10, "seed": 1}, format="json")
    assert r.status_code == 200 and r.json()["games_played"] == 10


@pytest.mark.django_db
def test_the_pages_are_throttled_like_the_api(client, eliria_list, settings, real_budget):
    from rest_framework.settings import api_settings

    from common.throttling import GoldfishThrottle

    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "goldfish": "2/min"}
    old = GoldfishThrottle.THROTTLE_RATES
    GoldfishThrottle.THROTTLE_RATES = rates
    try:
        body = {"game": "eliria", "list": eliria_list, "games": 10, "turns": 3}
        codes = [client.post("/goldfish/", body).status_code for _ in range(3)]
        matchup = client.post("/enfrentamientos/", {"game": "eliria", "list_a": eliria_list, "list_b": eliria_list, "games": 2})
    finally:
        GoldfishThrottle.THROTTLE_RATES = old
        api_settings.reload()
    assert codes == [200, 200, 429] and matchup.status_code == 429  # attack finding M3


@pytest.mark.django_db
def test_the_table_and_the_replay_start_nothing(client, eliria_list, no_spawn):
    assert client.get("/goldfish/mesa/").status_code == 200
    r = client.post("/goldfish/mesa/empezar/", {"game": "eliria", "list": eliria_list, "seed": 3})
    assert r.status_code == 200
