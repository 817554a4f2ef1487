"""Two versions of a deck against one rival, on common seeds: the difference in win rate.

Game *i* of version A against the rival and game *i* of version B against the rival are game *i*
of two matchup runs with the same base seed: the same streams of (seed, *i*), the same starting
seat, so the luck is shared and what differs is the versions. Each side is exactly
:func:`engine.run_matchup`'s answer; the paired per-game differences (a win 1, a draw ½ for the
score) give the difference B − A with the 95 % interval of :func:`engine.compare.paired_interval`.

>>> from engine.cards import Attack, CardData, Game
>>> from engine.decklist import DeckEntry
>>> golem = CardData(Game.ELIRIA, "T-1", "Gólem", "combat", potential=3, resistance=2,
...                  attacks=(Attack(1, "Golpe", 3),))
>>> deck = [DeckEntry("main", 12, golem)]
>>> compare_matchups("eliria", deck, deck, deck, games=4, seed=1)["diff"]["win_rate"]
{'delta': 0.0, 'ci95': [0.0, 0.0]}
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .cards import Game
from .compare import paired_interval
from .decklist import DeckEntry
from .match import DEFAULT_TURN_CAP
from .matchup import MatchupRun, MatchupTally, PolicyArg, _check
from .rng import new_seed

__all__ = ["PairedMatchup", "PairedMatchupTally", "compare_matchups"]


class PairedMatchupTally:
    """Both versions' matchup tallies over the same games (they merge exactly)."""

    def __init__(self) -> None:
        self.a, self.b = MatchupTally(), MatchupTally()

    @property
    def played(self) -> int:
        return self.a.played

    def merge(self, other: PairedMatchupTally) -> None:
        self.a.merge(other.a)
        self.b.merge(other.b)


class PairedMatchup:
    """Everything fixed for one paired run: the two versions' matchup runs against the rival."""

    def __init__(self, game: Game | str, deck_a: Sequence[DeckEntry], deck_b: Sequence[DeckEntry],
                 rival: Sequence[DeckEntry], *, seed: int, policy: PolicyArg = "rules",
                 rival_policy: PolicyArg = "rules", turn_cap: int = DEFAULT_TURN_CAP) -> None:
        self.seed = seed
        self.runs = tuple(
            MatchupRun(game, deck, rival, seed=seed, policy_a=policy, policy_b=rival_policy, turn_cap=turn_cap)
            for deck in (deck_a, deck_b)
        )

    def run_range(self, start: int, stop: int, *, deadline: float | None = None) -> PairedMatchupTally:
        """Games ``start`` … ``stop - 1`` of both versions (a game is played by both or by neither)."""
        tally = PairedMatchupTally()
        run_a, run_b = self.runs
        for index in range(start, stop):
            if deadline is not None and time.monotonic() >= deadline:
                break
            tally.a.merge(run_a.run_range(index, index + 1))
            tally.b.merge(run_b.run_range(index, index + 1))
        return tally

    def report(self, tally: PairedMatchupTally, games: int, stopped_early: bool) -> dict[str, Any]:
        a = self.runs[0].report(tally.a, games, stopped_early)
        b = self.runs[1].report(tally.b, games, stopped_early)
        wins = [0, 0, 0]  # n, Σd, Σd² of the wins of the version (1 or 0)
        score = [0, 0, 0]  # the same in half points (a win 2, a draw 1)
        for index, (winner_a, _, _) in tally.a.per_game.items():
            winner_b = tally.b.per_game[index][0]
            for sums, d in ((wins, (winner_b == "a") - (winner_a == "a")),
                            (score, _half_points(winner_b) - _half_points(winner_a))):
                sums[0] += 1
                sums[1] += d
                sums[2] += d * d
        return {
            "game": a["game"], "games": games, "games_played": tally.played, "seed": self.seed,
            "a": a, "b": b,
            "diff": {"win_rate": paired_interval(*wins), "score": _halved(paired_interval(*score))},
            "paired": True,
        }


def _half_points(winner: str | None) -> int:
    return 2 if winner == "a" else 1 if winner is None else 0


def _halved(interval: dict[str, Any] | None) -> dict[str, Any] | None:
    if interval is None:
        return None
    ci = interval["ci95"]
    return {"delta": round(interval["delta"] / 2, 6), "ci95": None if ci is None else [round(x / 2, 6) for x in ci]}


def compare_matchups(
    game: Game | str,
    deck_a: Sequence[DeckEntry],
    deck_b: Sequence[DeckEntry],
    rival: Sequence[DeckEntry],
    *,
    games: int = 1000,
    seed: int | None = None,
    policy: PolicyArg = "rules",
    rival_policy: PolicyArg = "rules",
    time_limit: float | None = None,
) -> dict[str, Any]:
    """Versions A and B of a deck against *rival*, *games* games each on common seeds: each side is
    :func:`engine.run_matchup`'s answer; ``diff`` has B − A of the win rate and the score."""
    _check(games, seed, time_limit, DEFAULT_TURN_CAP, 1)
    base = new_seed() if seed is None else seed
    paired = PairedMatchup(game, deck_a, deck_b, rival, seed=base, policy=policy, rival_policy=rival_policy)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    tally = paired.run_range(0, games, deadline=deadline)
    return paired.report(tally, games, tally.played < games)
