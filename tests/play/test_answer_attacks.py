"""Attacks on play.runs.answer (issue 37) through the API, on a real database and real queue rows:
a request that overruns its deadline is queued from its next game and answers the one-go bytes for
every kind; refusals leave nothing behind; odd bodies are refused; the memo keeps no cut-short answer."""

from __future__ import annotations

import json

import pytest

import play.runs.answer
from play.models import SimulationChunk, SimulationRun
from play.runs.worker import execute_chunk
from tests.play.conftest import eliria_text

SWAP = {"game": "eliria", "cut": "defensa FINAL", "goal": {"field": "mean_power_max", "turn": 6}, "turns": 6}
CANDIDATES = ["Hidra de la cienaga", "exp-013", "Emboscada nocturna"]


def compact(value) -> bytes:  # type: ignore[no-untyped-def]
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


@pytest.fixture(autouse=True)
def roomy_limits(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 5
    settings.SIMULATION_CHUNK_SECONDS = 0.01


def requests(bundled) -> dict[str, tuple[str, dict]]:  # type: ignore[no-untyped-def]
    a, b = eliria_text(), eliria_text(20, 40)
    return {
        "goldfish": ("/api/goldfish/", {"game": "eliria", "list": a, "games": 200, "turns": 6, "seed": 7}),
        "compare": ("/api/goldfish/compare/", {"game": "eliria", "list_a": a, "list_b": b, "games": 120, "turns": 6,
                                               "seed": 7}),
        "swaps": ("/api/goldfish/swaps/", {**SWAP, "list": a, "candidates": CANDIDATES, "games": 120, "seed": 5}),
        "matchup": ("/api/matchups/", {"game": "eliria", "deck_a": a, "deck_b": b, "games": 40, "seed": 3}),
        "matchup_compare": ("/api/matchups/compare/", {
            "game": "eliria", "deck_a": a, "deck_b": a.replace("Defensa final (BASE-011)", "Hidra de la ciénaga (EXP-004)"),
            "rival": b, "games": 30, "seed": 8}),
    }


KINDS = ["goldfish", "compare", "swaps", "matchup", "matchup_compare"]


def play_out(run: SimulationRun) -> None:
    """Play every chunk not done, in order, as workers would."""
    for index in SimulationChunk.objects.filter(run=run).exclude(status="done").order_by("index") \
            .values_list("index", flat=True):
        assert execute_chunk(run.pk, index, "test") == "done"


@pytest.mark.django_db
@pytest.mark.parametrize("kind", KINDS)
def test_an_overrun_run_of_every_kind_answers_the_one_go_bytes_with_each_game_once(
    api_client, bundled, kind, monkeypatch,
):
    url, body = requests(bundled)[kind]
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)  # the first slice (one game) already outlasts it
        queued = api_client.post(url, body, format="json")
    assert queued.status_code == 202, queued.content[:300]
    run = SimulationRun.objects.get(pk=queued.json()["id"])
    chunks = list(run.chunks.order_by("index").values_list("start", "stop", "status", "done"))
    assert chunks[0] == (0, 1, "done", 1)  # the game the request played, its tally kept
    assert queued.json()["done"] == 1
    assert all(a[1] == b[0] for a, b in zip(chunks, chunks[1:], strict=False)) and chunks[-1][1] == run.total
    play_out(run)
    run.refresh_from_db()
    assert run.status == "done" and sum(c.done for c in run.chunks.all()) == run.total
    inline = api_client.post(url, body, format="json")
    assert inline.status_code == 200
    assert run.result_json.encode() == inline.content


@pytest.mark.django_db
def test_an_overrun_run_is_its_owners_and_cancelling_it_stops_the_rest(api_client, bundled, monkeypatch, player, other):
    url, body = requests(bundled)["goldfish"]
    api_client.force_authenticate(player)
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)
        queued = api_client.post(url, body, format="json")
    assert queued.status_code == 202
    run = SimulationRun.objects.get(pk=queued.json()["id"])
    assert run.owner == player and run.chunks.count() > 1
    api_client.force_authenticate(other)
    assert api_client.get(queued["Location"]).status_code == 404
    assert api_client.post(queued.json()["cancel_url"]).status_code == 404
    api_client.force_authenticate(player)
    assert api_client.post(queued.json()["cancel_url"]).status_code in (200, 202)
    run.refresh_from_db()
    assert run.status == "cancelled"
    for index in run.chunks.exclude(status="done").values_list("index", flat=True):
        assert execute_chunk(run.pk, index, "test") == "skipped"
    status = api_client.get(queued["Location"]).json()
    assert status["status"] == "cancelled" and status["result"] is None and status["done"] == 1


@pytest.mark.django_db
def test_a_search_that_overruns_its_deadline_is_queued_whole_not_played_on(api_client, bundled, monkeypatch):
    """Attack finding: the improve search (a job played whole) went on playing in the request past
    CEILING × the budget, however slow its games; now it stops there and its run starts over."""
    from tests.play.test_improve_api import weak_eliria

    body = {"game": "eliria", "list": weak_eliria(), "goal": {"field": "p_alive", "turn": 6}, "budget": 2000, "seed": 3}
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)
        queued = api_client.post("/api/goldfish/improve/", body, format="json")
    assert queued.status_code == 202, queued.content[:200]
    run = SimulationRun.objects.get(pk=queued.json()["id"])
    assert list(run.chunks.values_list("start", "stop", "status")) == [(0, 2000, "queued")]
    assert queued.json()["found"] == [] and queued.json()["done"] == 0
    play_out(run)
    run.refresh_from_db()
    inline = api_client.post("/api/goldfish/improve/", body, format="json")
    assert inline.status_code == 200 and run.status == "done" and run.result_json.encode() == inline.content
