"""Runs queued the way the site queues a request too big to answer inline: the kind's prepare, then
play.runs.answer.simulate with no room in the request (SIMULATION_INLINE_BUDGET 0), so the run is
submitted whole, with the cards its job was built on. The queue's tests and benches use these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.test import override_settings

from play.goldfish.services import goldfish_prepare
from play.matchups.services import matchup_prepare
from play.models import SimulationRun
from play.runs.answer import Prepared, simulate


def queued(prepared: Prepared, *, owner: Any = None, client: str = "") -> SimulationRun:
    """The run the site queues for *prepared* when it does not fit the request."""
    with override_settings(SIMULATION_INLINE_BUDGET=0):
        done = simulate(prepared, owner=owner, client=client)
    assert done.run is not None
    return done.run


def queued_goldfish(*, game: str, text: str, games: int, turns: int, seed: int | None, watch: Sequence[str] = (),
                    owner: Any = None, client: str = "") -> SimulationRun:
    data = {"game": game, "list": text, "games": games, "turns": turns, "seed": seed, "watch": list(watch)}
    return queued(goldfish_prepare(data), owner=owner, client=client)


def queued_matchup(*, game: str, list_a: str, list_b: str, games: int, seed: int | None, policy_a: str = "rules",
                   policy_b: str = "rules", owner: Any = None, client: str = "") -> SimulationRun:
    data = {"game": game, "deck_a": list_a, "deck_b": list_b, "games": games, "seed": seed, "policy_a": policy_a,
            "policy_b": policy_b}
    return queued(matchup_prepare(data), owner=owner, client=client)


def answered(prepared: Prepared) -> dict[str, Any]:
    """The answer the site gives *prepared* in the request (it must fit: nothing is queued)."""
    done = simulate(prepared)
    assert done.run is None and done.result is not None
    return done.result
