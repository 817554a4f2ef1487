"""The workers shared between players (issue 38 R13): a message is a turn on a worker, and the turn
goes to the owner holding the fewest workers, then to the one whose last chunk began longest ago —
so one player's queued runs no longer hold the workers while another player's small run waits
behind all of them. Two real worker processes: tests/play/test_run_races.py (fair_share)."""

from __future__ import annotations

import json

import pytest

from cards.models import Card
from play.goldfish.services import goldfish_answer
from play.models import SimulationChunk, SimulationRun
from play.runs.fair import execute_fair, next_chunk
from play.runs.worker import claim
from tests.play.queued import queued_goldfish

GOLDFISH = {"games": 1_200, "turns": 3}  # 8 chunks (SIMULATION_CHUNK_SECONDS 0.01)
SMALL = 200  # fewer chunks


@pytest.fixture(autouse=True)
def small_chunks(settings, monkeypatch):  # type: ignore[no-untyped-def]
    settings.SIMULATION_CHUNK_SECONDS, settings.SIMULATION_WORKERS = 0.01, 2
    # The plan follows the fixed costs, which differ for the compiled and the pure engine (the CI legs
    # run compiled): the pure engine's, whichever runs, so that the counts below hold on both.
    monkeypatch.setattr("common.games.COMPILED", False)


@pytest.fixture
def sent(monkeypatch):  # type: ignore[no-untyped-def]
    """The queue's messages in the order sent (FIFO, as both backends deliver them)."""
    out: list[tuple[str, int]] = []
    monkeypatch.setattr("play.runs.tasks.chunk_enqueue", lambda run_id, index: out.append((str(run_id), index)))
    return out


@pytest.fixture
def deck(bundled):  # type: ignore[no-untyped-def]
    cards = Card.objects.filter(game="eliria", type="combat", current__cross=False).order_by("name")
    return "\n".join(list(dict.fromkeys(cards.values_list("name", flat=True)))[:25])


def _run(deck: str, owner, seed: int, games: int = GOLDFISH["games"]) -> SimulationRun:  # type: ignore[no-untyped-def]
    return queued_goldfish(game="eliria", text=deck, owner=owner, watch=[], seed=seed, turns=GOLDFISH["turns"],
                                games=games)


def _owner_of(run_id, index) -> str:  # type: ignore[no-untyped-def]
    return SimulationChunk.objects.select_related("run__owner").get(run_id=run_id, index=index).run.owner.username


@pytest.mark.django_db
def test_a_small_run_queued_behind_another_players_runs_gets_the_next_free_worker(deck, sent, players):
    ana, bruno = players
    big = [_run(deck, ana, seed) for seed in (1, 2)]
    small = _run(deck, bruno, 3, SMALL)
    assert 2 <= small.chunks_total < big[0].chunks_total
    busy = next_chunk()  # one worker takes the first turn: Ana's first chunk, a long one, still playing
    assert busy == (big[0].pk, 0) and claim(*busy, "w1") is not None
    # The other worker's next turns go to Bruno, whose messages are last in the queue.
    for run_id, index in sent[:small.chunks_total]:
        assert execute_fair(run_id, index, "w2") == "done"
    small.refresh_from_db()
    assert small.status == "done"
    assert SimulationChunk.objects.filter(run__in=big, status="queued").count() == sum(r.chunks_total for r in big) - 1


@pytest.mark.django_db
def test_one_worker_takes_turns_between_players_and_every_run_ends_as_the_serial_run(deck, sent, players):
    ana, bruno = players
    big = [_run(deck, ana, seed) for seed in (1, 2)]
    small = _run(deck, bruno, 3, SMALL)
    order = []
    for run_id, index in sent:  # one worker, the messages in the order sent
        chosen = next_chunk()
        assert chosen is not None
        order.append(_owner_of(*chosen))
        assert execute_fair(run_id, index, "w") == "done"
    assert next_chunk() is None
    turns = 2 * small.chunks_total
    assert order[:turns] == ["ana", "bruno"] * small.chunks_total and set(order[turns:]) == {"ana"}
    for run, seed in zip((*big, small), (1, 2, 3), strict=True):
        run.refresh_from_db()
        serial = goldfish_answer(game="eliria", text=deck, seed=seed, turns=GOLDFISH["turns"], games=run.total)
        assert run.status == "done" and run.result_json == json.dumps(serial, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.django_db
def test_a_swap_race_is_played_a_chunk_at_a_time_taking_turns_with_another_players_run(
    deck, sent, players, settings,
):
    from play.swaps.services import swaps_prepare
    from tests.play.queued import answered, queued

    ana, bruno = players
    text = "\n".join(deck.splitlines()[:20])
    cut, candidates = deck.splitlines()[0], deck.splitlines()[20:23]
    race = {"game": "eliria", "list": text, "cut": cut, "candidates": candidates,
            "goal": {"field": "mean_power_max", "turn": 3}, "games": 200, "turns": 3, "seed": 8}
    settings.SIMULATION_CHUNK_SECONDS = 0.002
    long = queued(swaps_prepare(race), owner=ana)
    small = _run(deck, bruno, 3, SMALL)
    assert long.chunks_total > small.chunks_total >= 2
    order = []
    while sent:  # one worker, the messages in the order sent, and those the race sends as it goes
        chosen = next_chunk()
        order.append(_owner_of(*chosen) if chosen else None)
        execute_fair(*sent.pop(0), "w", send=lambda run_id, index: sent.append((str(run_id), index)))
    turns = 2 * small.chunks_total
    assert order[:turns] == ["ana", "bruno"] * small.chunks_total, order
    long.refresh_from_db()
    inline = answered(swaps_prepare(race))
    assert long.status == "done" and long.result == json.loads(json.dumps(inline))
    assert SimulationChunk.objects.filter(run=long, status="done").count() == long.chunks_total
