"""Matchups: deck A against deck B, many seeded games, with policies for both seats.

Game *i* of a run with base seed *s* draws only from the streams of (s, i), and
deck A always sits in seat 0 while the starting seat alternates (A starts the
even games). So a run's totals do not depend on how many processes played it,
and any game can be played again alone with :func:`matchup_game`.

>>> from engine.cards import Attack, CardData, Game
>>> from engine.decklist import DeckEntry
>>> golem = CardData(Game.ELIRIA, "T-1", "Gólem", "combat", potential=3, resistance=2,
...                  attacks=(Attack(1, "Golpe", 3),))
>>> deck = [DeckEntry("main", 12, golem)]
>>> result = run_matchup("eliria", deck, deck, games=4, seed=1)
>>> result["wins_a"] + result["wins_b"] + result["draws"], result["stopped_early"]
(4, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from .carddict import card_data_hash
from .cards import Game, as_game
from .decklist import DeckEntry
from .eliria.effects import unsimulated
from .errors import InvalidSimulation
from .games import find_game
from .match import DEFAULT_TURN_CAP, Match, Policy
from .pool import in_order
from .rng import new_seed
from .stats import mean, wilson_interval

__all__ = [
    "MAX_MATCHUP_GAMES",
    "PER_GAME_LIMIT",
    "MatchupRun",
    "MatchupTally",
    "SteppedMatchup",
    "matchup_game",
    "run_matchup",
]

MAX_MATCHUP_GAMES = 100_000
MAX_TURN_CAP = 10_000
PER_GAME_LIMIT = 2000  # the per-game list is included up to this many games
PROGRESS_EVERY = 100
SIDES = ("a", "b")

Progress = Callable[[int, int], None]
PolicyArg = str | Policy


class MatchupTally:
    """Integer totals over some games of a run (they merge exactly)."""

    def __init__(self) -> None:
        self.played = 0
        self.wins = [0, 0]
        self.draws = 0
        self.reasons: dict[str, dict[str, int]] = {"a": {}, "b": {}, "draw": {}}
        self.starts = {side: [0, 0, 0, 0] for side in SIDES}  # games, wins a, wins b, draws
        self.lengths: dict[int, int] = {}
        self.per_game: dict[int, tuple[str | None, str, int]] = {}

    def add(self, index: int, first: int, winner: int | None, reason: str, turns: int) -> None:
        self.played += 1
        side = "draw" if winner is None else SIDES[winner]
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        self.reasons[side][reason] = self.reasons[side].get(reason, 0) + 1
        start = self.starts[SIDES[first]]
        start[0] += 1
        start[3 if winner is None else 1 + winner] += 1
        self.lengths[turns] = self.lengths.get(turns, 0) + 1
        self.per_game[index] = (None if winner is None else SIDES[winner], reason, turns)

    def merge(self, other: MatchupTally) -> None:
        self.played += other.played
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.draws += other.draws
        for side, counts in other.reasons.items():
            for reason, n in counts.items():
                self.reasons[side][reason] = self.reasons[side].get(reason, 0) + n
        for side in SIDES:
            self.starts[side] = [a + b for a, b in zip(self.starts[side], other.starts[side], strict=True)]
        for turns, n in other.lengths.items():
            self.lengths[turns] = self.lengths.get(turns, 0) + n
        self.per_game.update(other.per_game)


class MatchupRun:
    """Everything fixed for the games of one run: game, decks, policies, compiled cards."""

    def __init__(
        self,
        game: Game | str,
        deck_a: Sequence[DeckEntry],
        deck_b: Sequence[DeckEntry],
        *,
        seed: int,
        policy_a: PolicyArg = "rules",
        policy_b: PolicyArg = "rules",
        turn_cap: int = DEFAULT_TURN_CAP,
    ) -> None:
        self.game = as_game(game)
        self.decks = [[e for e in d if e.card.game is self.game] for d in (deck_a, deck_b)]
        self.seed, self.turn_cap = seed, turn_cap
        self.policy_names = [_name(policy_a), _name(policy_b)]
        self._spec = find_game(self.game)
        self.policies = [self._spec.make_policy(policy_a), self._spec.make_policy(policy_b)]
        self._shared = self._spec.prepare(self.decks)  # compiled once for every game of the run

    def new_match(self, index: int, *, trace: bool = False) -> Match:
        """Game *index*: deck A in seat 0, the starting seat alternating (A starts even games)."""
        return self._spec.match(
            self.decks, seed=self.seed, index=index, first=index % 2, turn_cap=self.turn_cap, trace=trace,
            **self._shared,
        )  # fmt: skip

    def play(self, index: int, *, trace: bool = False) -> Match:
        match = self.new_match(index, trace=trace)
        match.play_out(self.policies)
        return match

    def run_range(
        self,
        start: int,
        stop: int,
        *,
        deadline: float | None = None,
        progress: Progress | None = None,
        total: int = 0,
    ) -> MatchupTally:
        """Play games ``start`` … ``stop - 1`` (stopping at *deadline*, a ``time.monotonic()`` value)."""
        tally = MatchupTally()
        for index in range(start, stop):
            if deadline is not None and time.monotonic() >= deadline:
                break
            outcome = self.play(index).outcome()
            assert outcome is not None
            tally.add(index, index % 2, outcome.winner, outcome.reason, outcome.turn)
            if progress is not None and (tally.played % PROGRESS_EVERY == 0 or index + 1 == stop):
                progress(tally.played, total or stop - start)
        return tally

    def report(self, tally: MatchupTally, games: int, stopped_early: bool) -> dict[str, Any]:
        """The JSON-ready answer (see :func:`run_matchup`)."""
        n = tally.played
        low, high = wilson_interval(tally.wins[0], n)
        histogram = dict(sorted(tally.lengths.items()))
        result: dict[str, Any] = {
            "game": self.game.value,
            "games": games,
            "games_played": n,
            "stopped_early": stopped_early,
            "seed": self.seed,
            "turn_cap": self.turn_cap,
            "policies": dict(zip(SIDES, self.policy_names, strict=True)),
            "decks": {
                side: {"cards": sum(e.quantity for e in deck), "card_data_hash": card_data_hash([deck])}
                for side, deck in zip(SIDES, self.decks, strict=True)
            },
            "unsimulated": unsimulated(e.card for deck in self.decks for e in deck),
            "wins_a": tally.wins[0],
            "wins_b": tally.wins[1],
            "draws": tally.draws,
            "win_rate_a": mean(tally.wins[0], n),
            "win_rate_a_ci95": [round(low, 6), round(high, 6)],
            "score_a": mean(tally.wins[0] + tally.draws / 2, n),
            "reasons": {side: dict(sorted(counts.items())) for side, counts in tally.reasons.items()},
            "starts": {
                side: dict(zip(("games", "wins_a", "wins_b", "draws"), counts, strict=True))
                for side, counts in tally.starts.items()
            },
            "length": {
                "mean": mean(sum(t * k for t, k in histogram.items()), n),
                "histogram": {str(t): k for t, k in histogram.items()},
            },
        }
        if n <= PER_GAME_LIMIT:
            result["per_game"] = [[i, *tally.per_game[i]] for i in sorted(tally.per_game)]
        return result


def _name(policy: PolicyArg) -> str:
    return policy if isinstance(policy, str) else type(policy).__name__


def run_matchup(
    game: Game | str,
    deck_a: Sequence[DeckEntry],
    deck_b: Sequence[DeckEntry],
    *,
    games: int = 1000,
    seed: int | None = None,
    policy_a: PolicyArg = "rules",
    policy_b: PolicyArg = "rules",
    progress: Progress | None = None,
    time_limit: float | None = None,
    turn_cap: int = DEFAULT_TURN_CAP,
    processes: int = 1,
) -> dict[str, Any]:
    """Play *games* seeded games of deck A against deck B and summarise them.

    Returns wins, draws (turn cap), the win rate of A with its 95% Wilson
    interval, the reasons (Eliria: the rule the loser broke, ``7.a``–``7.c``;
    Misión S.O.S: ``chest_30``, ``no_elements``), wins by starting seat, game
    length (turns, one player's turn each) and, up to 2,000 games, each game as
    ``[index, winner, reason, turns]`` — replay one with :func:`matchup_game`.
    The same arguments give the same dict, byte for byte, unless *time_limit*
    (seconds) cut the run short: then ``"stopped_early"`` is true and
    ``"games_played"`` says how many were played.
    """
    _check(games, seed, time_limit, turn_cap, processes)
    base = new_seed() if seed is None else seed
    run = MatchupRun(game, deck_a, deck_b, seed=base, policy_a=policy_a, policy_b=policy_b, turn_cap=turn_cap)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    if processes > 1 and games > 1:
        tally = _parallel(run, games, processes, deadline, progress)
    else:
        tally = run.run_range(0, games, deadline=deadline, progress=progress, total=games)
    return run.report(tally, games, tally.played < games)


class SteppedMatchup:
    """One matchup run played in steps: its first ``played`` games are in ``tally``.

    ``play_to(n)`` plays on to game *n*; ``answer()`` plays the rest and gives the dict
    :func:`run_matchup` gives for the same arguments in one process (tallies of consecutive ranges
    merge exactly). The site's budget times a request's first games on one (play.runs.budget) and
    the request then finishes it instead of playing them again. Without a seed one is drawn here."""

    def __init__(
        self,
        game: Game | str,
        deck_a: Sequence[DeckEntry],
        deck_b: Sequence[DeckEntry],
        *,
        games: int,
        seed: int | None = None,
        policy_a: PolicyArg = "rules",
        policy_b: PolicyArg = "rules",
        turn_cap: int = DEFAULT_TURN_CAP,
    ) -> None:
        _check(games, seed, None, turn_cap, 1)
        self.games = games
        self.run = MatchupRun(game, deck_a, deck_b, seed=new_seed() if seed is None else seed,
                              policy_a=policy_a, policy_b=policy_b, turn_cap=turn_cap)  # fmt: skip
        self.tally = MatchupTally()

    @property
    def played(self) -> int:
        return self.tally.played

    def play_to(self, stop: int, *, deadline: float | None = None) -> None:
        """Play games ``played`` … *stop* - 1 (at most to the run's last game; stopping at *deadline*)."""
        stop = min(stop, self.games)
        if stop > self.tally.played:
            self.tally.merge(self.run.run_range(self.tally.played, stop, deadline=deadline))

    def answer(self, *, time_limit: float | None = None) -> dict[str, Any]:
        """The run's answer, playing the games not played yet (stopping after *time_limit* seconds,
        as :func:`run_matchup` does)."""
        _check(self.games, None, time_limit, self.run.turn_cap, 1)
        deadline = None if time_limit is None else time.monotonic() + time_limit
        self.play_to(self.games, deadline=deadline)
        return self.run.report(self.tally, self.games, self.tally.played < self.games)


def _parallel(
    run: MatchupRun, games: int, processes: int, deadline: float | None, progress: Progress | None
) -> MatchupTally:
    bounds = [games * i // (processes * 4) for i in range(processes * 4 + 1)]
    chunks = [(a, b, deadline) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]
    total = MatchupTally()
    for tally in in_order(processes, _worker, chunks, _init_worker, run):
        total.merge(tally)
        if progress is not None:
            progress(total.played, games)
    return total


_RUN: MatchupRun | None = None


def _init_worker(run: MatchupRun) -> None:
    global _RUN
    _RUN = run


def _worker(chunk: tuple[int, int, float | None]) -> MatchupTally:
    assert _RUN is not None
    start, stop, deadline = chunk
    return _RUN.run_range(start, stop, deadline=deadline)


def matchup_game(
    game: Game | str,
    deck_a: Sequence[DeckEntry],
    deck_b: Sequence[DeckEntry],
    seed: int,
    index: int,
    *,
    policy_a: PolicyArg = "rules",
    policy_b: PolicyArg = "rules",
    turn_cap: int = DEFAULT_TURN_CAP,
) -> dict[str, Any]:
    """Game *index* of the matchup run with base *seed*: its record with decisions and events.

    ``header`` + ``decisions`` replay it (:func:`engine.replay.replay`); ``seats``
    says which deck sat where (A is always seat 0) and ``first`` who started.
    """
    if not _is_int(index) or index < 0:
        raise InvalidSimulation(f"«index» debe ser un entero no negativo (recibido: {index!r}).")
    if not _is_int(seed):
        raise InvalidSimulation(f"«seed» debe ser el entero de la serie (recibido: {seed!r}).")
    _check(1, seed, None, turn_cap, 1)
    run = MatchupRun(game, deck_a, deck_b, seed=seed, policy_a=policy_a, policy_b=policy_b, turn_cap=turn_cap)
    match = run.play(index, trace=True)
    record = match.to_record(events=True)
    outcome = match.outcome()
    assert outcome is not None
    record.update(
        unsimulated=unsimulated(e.card for deck in run.decks for e in deck),
        index=index,
        seats={"a": 0, "b": 1},
        first="a" if index % 2 == 0 else "b",
        winner=None if outcome.winner is None else SIDES[outcome.winner],
        policies=dict(zip(SIDES, run.policy_names, strict=True)),
    )
    return record


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(games: object, seed: object, time_limit: object, turn_cap: object, processes: object) -> None:
    if not _is_int(games) or not 1 <= games <= MAX_MATCHUP_GAMES:  # type: ignore[operator]
        raise InvalidSimulation(
            f"«games» debe ser un entero entre 1 y {MAX_MATCHUP_GAMES} (recibido: {games!r})."
        )
    if seed is not None and (not _is_int(seed) or seed < 0):  # type: ignore[operator]
        raise InvalidSimulation(f"«seed» debe ser un entero no negativo (recibido: {seed!r}).")
    if time_limit is not None and (
        not isinstance(time_limit, int | float) or isinstance(time_limit, bool) or time_limit <= 0
    ):
        raise InvalidSimulation(
            f"«time_limit» debe ser un número de segundos positivo (recibido: {time_limit!r})."
        )
    if not _is_int(turn_cap) or not 1 <= turn_cap <= MAX_TURN_CAP:  # type: ignore[operator]
        raise InvalidSimulation(
            f"«turn_cap» debe ser un entero entre 1 y {MAX_TURN_CAP} (recibido: {turn_cap!r})."
        )
    if not _is_int(processes) or processes < 1:  # type: ignore[operator]
        raise InvalidSimulation(f"«processes» debe ser un entero positivo (recibido: {processes!r}).")
