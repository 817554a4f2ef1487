"""One deck against several rivals as one run of games (the gauntlet, a saved field).

Game *g* of a run of *games* games against each of *n* rivals is game ``g % games`` of the matchup
against rival ``g // games``: consecutive ranges of *g* are consecutive ranges of each rival's
matchup, so a queued run's chunks (play.runs.jobs.plan) merge into exactly the answers the request
would give rival by rival.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Ranged(Protocol):
    """A matchup of one rival (engine.MatchupRun, engine.matchup_compare.PairedMatchup)."""

    def run_range(self, start: int, stop: int, *, deadline: float | None = None) -> Any: ...

    def report(self, tally: Any, games: int, stopped_early: bool) -> dict[str, Any]: ...


class RivalsTally(dict[int, Any]):
    """Each rival's tally by its place in the run; tallies of consecutive ranges merge exactly."""

    def merge(self, other: RivalsTally) -> None:
        for rival, tally in other.items():
            if rival in self:
                self[rival].merge(tally)
            else:
                self[rival] = tally


class Rivals:
    """The matchups of one deck against each rival, *games* games each, as one range of games."""

    def __init__(self, game: str, matchups: Sequence[Ranged], games: int, *, sides: int = 1) -> None:
        # sides: the matchups each game plays (2 when two versions of the deck are paired)
        self.game, self.matchups, self.games, self.sides = game, list(matchups), games, sides
        self.total = games * len(self.matchups)

    def run_range(self, start: int, stop: int, *, deadline: float | None = None) -> tuple[RivalsTally, int]:
        """Games ``start`` … ``stop - 1`` of the run, and how many were played before *deadline*."""
        tally, played, g = RivalsTally(), 0, start
        while g < stop:
            rival, first = divmod(g, self.games)
            last = min(self.games, first + stop - g)
            part = self.matchups[rival].run_range(first, last, deadline=deadline)
            tally[rival] = part
            played += part.played
            if part.played < last - first:
                break  # the deadline passed
            g += last - first
        return tally, played

    def reports(self, tally: RivalsTally) -> list[dict[str, Any]]:
        """Each rival's answer, as its matchup alone would give it with every game played."""
        return [m.report(tally[i], self.games, False) for i, m in enumerate(self.matchups)]


class RivalsJob:
    """What the queued runs of a deck against rivals share (play.runs.jobs): the gauntlet's job
    (play.matchups.jobs) and a saved field's (play.compare.jobs) say only which matchups they play,
    what they cost and what they answer."""

    slice = 10
    sequential = False

    def __init__(self, run: Any) -> None:
        self.params = run.params
        self.rivals = self.matchups(run.game, run.params)

    @staticmethod
    def matchups(game: str, params: dict[str, Any]) -> Rivals:
        raise NotImplementedError

    def new_tally(self) -> RivalsTally:
        return RivalsTally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[RivalsTally, int]:
        return self.rivals.run_range(start, stop, deadline=deadline)
