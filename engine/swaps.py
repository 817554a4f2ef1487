"""Swap suggestions: candidates for one card of a list, raced on common seeds (docs/contract.md §6).

Each candidate replaces the cut card — every copy of it, by the same number of the candidate, in
the same section (an Eliria deck holds one card of a name, rule 4, so there it is one for one) —
and game *i* of the new list is paired with game *i* of the list as it is, on the seeds (s, *i*).
The race is successive halving: rounds whose cumulative games double up to *games*; after each
round, of the lower half of the ranking the candidates whose whole 95 % interval lies below the
leader's are clearly behind and stop there, so the games go to the close contenders. No
candidate plays more than *games*, the list as it is plays each game once for all of them, and a
race is a pure function of its arguments: where it is cut into slices does not change it.

>>> from engine.cards import CardData, Game
>>> from engine.decklist import DeckEntry
>>> cards = [CardData(Game.ELIRIA, f"T-{p}", f"Golem {p}", "combat", potential=p) for p in (1, 2, 3, 5)]
>>> deck = [DeckEntry("main", 1, cards[0])] + [DeckEntry("main", 1, CardData(Game.ELIRIA, f"R-{i}", f"R {i}",
...     "combat", potential=1)) for i in range(11)]
>>> result = swap_ranking("eliria", deck, cut="T-1", candidates=cards[1:], goal_field="mean_power_max",
...                       goal_turn=4, games=200, turns=4, seed=3)
>>> [row["card"] for row in result["ranking"]]
['T-5', 'T-3', 'T-2']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .cards import CardData, Game, as_game
from .compare import ListPlayer, check_goal, paired_interval
from .decklist import DeckEntry
from .errors import InvalidSimulation
from .goldfish import check_bounds, simulation
from .rng import new_seed
from .text import fold

__all__ = ["MAX_CANDIDATES", "SwapRace", "SwapTally", "race_rounds", "swap_ranking", "swapped"]

MAX_CANDIDATES = 20
MIN_ROUND = 30  # games of the first round: fewer say too little to stop anyone


def race_rounds(games: int, candidates: int) -> list[int]:
    """The cumulative games at the end of each round: doubling, the last one *games*.

    >>> race_rounds(3000, 20), race_rounds(3000, 1), race_rounds(100, 8)
    ([94, 188, 375, 750, 1500, 3000], [3000], [50, 100])
    """
    count = math.ceil(math.log2(candidates)) + 1 if candidates > 1 else 1
    while count > 1 and math.ceil(games / 2 ** (count - 1)) < MIN_ROUND:
        count -= 1
    return sorted({math.ceil(games / 2**j) for j in range(count)})


def swapped(entries: Sequence[DeckEntry], cut: str, card: CardData) -> list[DeckEntry]:
    """The list with every copy of the card coded *cut* replaced by as many of *card*."""
    key = cut.upper()
    return [DeckEntry(e.section, e.quantity, card, e.line) if e.card.code.upper() == key else e for e in entries]


def check_swap(game: Game, entries: Sequence[DeckEntry], cut: str, candidates: Sequence[CardData]) -> CardData:
    """The cut card; refuse a cut outside the list and candidates that cannot take its place."""
    found = [e.card for e in entries if e.card.code.upper() == cut.upper()]
    if not found:
        raise InvalidSimulation(f"«cut»: {cut} no está en la lista.", field="cut")
    out = found[0]
    if not 1 <= len(candidates) <= MAX_CANDIDATES:
        raise InvalidSimulation(f"«candidates»: entre 1 y {MAX_CANDIDATES} cartas (recibidas: {len(candidates)}).", field="candidates")
    names = {fold(e.card.name) for e in entries if e.card.code.upper() != out.code.upper()}
    for card in candidates:  # the cut card itself may run: it is the list as it is (delta 0)
        if card.game is not game:
            raise InvalidSimulation(f"«candidates»: {card.code} es de otro juego.", field="candidates")
        if game is Game.ELIRIA and fold(card.name) in names:  # rule 4: one card of a name
            raise InvalidSimulation(f"«candidates»: {card.name} ya está en la lista (regla 4: una carta por nombre).", field="candidates")
        if game is Game.MISION and card.type != out.type:
            raise InvalidSimulation(f"«candidates»: {card.code} no es del mismo tipo que {out.code}.", field="candidates")
    return out


class SwapTally:
    """Per candidate: games, Σd, Σd² of the goal's paired differences, Σ of the goal itself, and
    the round after which it stopped (0: still racing); the list as it is: games and Σ."""

    def __init__(self, candidates: int) -> None:
        self.games = [0] * candidates
        self.sums = [0] * candidates
        self.squares = [0] * candidates
        self.values = [0] * candidates
        self.stopped = [0] * candidates
        self.base = [0, 0]

    def merge(self, other: SwapTally) -> None:
        for mine, theirs in ((self.games, other.games), (self.sums, other.sums), (self.squares, other.squares),
                             (self.values, other.values), (self.base, other.base)):  # fmt: skip
            for i, n in enumerate(theirs):
                mine[i] += n
        self.stopped = [max(x, y) for x, y in zip(self.stopped, other.stopped, strict=True)]


class SwapRace:
    """Everything fixed for one race: the list, the candidates' lists, the goal, the rounds."""

    def __init__(self, game: Game | str, entries: Sequence[DeckEntry], *, cut: str, candidates: Sequence[CardData],
                 goal_field: str, goal_turn: int, games: int, turns: int, seed: int) -> None:
        self.game = as_game(game)
        check_bounds(games, turns, seed)
        self.attr = check_goal(self.game, goal_field, goal_turn, turns)
        self.cut = check_swap(self.game, entries, cut, candidates)
        self.goal_field, self.goal_turn, self.games, self.turns, self.seed = goal_field, goal_turn, games, turns, seed
        self.candidates = list(candidates)
        self.rounds = race_rounds(games, len(candidates))
        # Each candidate is dealt in the cut card's place (its identities: engine.rng.card_ids), so its
        # games differ from the list's only by that card, whatever the order of the list's lines.
        self.players = [ListPlayer(simulation(self.game, entries, turns), (self.attr,))] + [
            ListPlayer(simulation(self.game, swapped(entries, self.cut.code, card), turns,
                                  in_place_of={card.code: self.cut.code}), (self.attr,))
            for card in candidates
        ]
        self.scratch = [player.sim.new_tally() for player in self.players]

    def new_tally(self) -> SwapTally:
        return SwapTally(len(self.candidates))

    def _value(self, k: int, index: int) -> int:
        """Game *index*'s goal with list *k* (0: the list as it is)."""
        player, tally, t = self.players[k], self.scratch[k], self.goal_turn - 1
        before = getattr(tally, self.attr)[t]
        player.play(self.seed, index, tally)
        return int(getattr(tally, self.attr)[t] - before)

    def play(self, state: SwapTally, start: int, stop: int) -> SwapTally:
        """Play games ``start`` … ``stop - 1`` of the race whose games before *start* are in *state*
        (stopping candidates at the ends of rounds); add them to *state* and return them alone."""
        part = self.new_tally()
        index = start
        while index < stop:
            end = min(stop, next(n for n in self.rounds if n > index))
            games = self._segment(state, index, end)
            state.merge(games)
            part.merge(games)
            if end in self.rounds and end != self.rounds[-1]:  # the end of a round: stop who is clearly behind
                for c in self._behind(state):
                    state.stopped[c] = part.stopped[c] = self.rounds.index(end) + 1
            index = end
        return part

    def _segment(self, state: SwapTally, start: int, stop: int) -> SwapTally:
        """Games ``start`` … ``stop - 1`` (within one round) of the list and the racing candidates."""
        part = self.new_tally()
        racing = [c for c in range(len(self.candidates)) if not state.stopped[c]]
        for i in range(start, stop):
            base = self._value(0, i)
            part.base[0] += 1
            part.base[1] += base
            for c in racing:
                value = self._value(c + 1, i)
                d = value - base
                part.games[c] += 1
                part.values[c] += value
                part.sums[c] += d
                part.squares[c] += d * d
        return part

    def _behind(self, state: SwapTally) -> list[int]:
        racing = [c for c in range(len(self.candidates)) if not state.stopped[c]]
        ranked = sorted(racing, key=lambda c: -state.sums[c] / state.games[c])
        lead = paired_interval(state.games[ranked[0]], state.sums[ranked[0]], state.squares[ranked[0]])
        if lead is None or lead["ci95"] is None:
            return []
        floor = lead["ci95"][0]
        behind = []
        for c in ranked[(len(ranked) + 1) // 2:]:
            mine = paired_interval(state.games[c], state.sums[c], state.squares[c])
            if mine is not None and mine["ci95"] is not None and mine["ci95"][1] < floor:
                behind.append(c)
        return behind

    def row_names(self, c: int) -> dict[str, Any]:
        """What a ranking row names before its candidate: nothing here (one cut, named once); a race
        over several cuts names each row's (play.swaps.each_cut)."""
        return {}

    def report(self, state: SwapTally) -> dict[str, Any]:
        """The answer of docs/contract.md §6: ``cut``, ``goal`` and ``ranking``, best first."""
        rows = []
        for c, card in enumerate(self.candidates):
            n = state.games[c]
            interval = paired_interval(n, state.sums[c], state.squares[c]) or {"delta": None, "ci95": None}
            rows.append((-(state.sums[c] / n) if n else math.inf, -n, c, {
                **self.row_names(c), "card": card.code, "name": card.name, **interval, "games": n,
                "stopped": bool(state.stopped[c]),  # clearly behind at the end of a round: fewer games
                "value": round(state.values[c] / n, 6) if n else None,
            }))
        rows.sort(key=lambda row: row[:3])
        base_n, base_sum = state.base
        return {
            "game": self.game.value, "games": self.games, "turns": self.turns, "seed": self.seed,
            "cut": self.cut.code, "goal": {"field": self.goal_field, "turn": self.goal_turn},
            "base": {"value": round(base_sum / base_n, 6) if base_n else None, "games": base_n},
            "rounds": self.rounds,
            "ranking": [row[3] for row in rows],
        }


def swap_ranking(
    game: Game | str,
    entries: Sequence[DeckEntry],
    *,
    cut: str,
    candidates: Sequence[CardData],
    goal_field: str,
    goal_turn: int,
    games: int = 1000,
    turns: int = 10,
    seed: int | None = None,
) -> dict[str, Any]:
    """Race each candidate in place of *cut* against the list as it is; the ranking, best first."""
    base = new_seed() if seed is None else seed
    race = SwapRace(game, entries, cut=cut, candidates=candidates, goal_field=goal_field, goal_turn=goal_turn,
                    games=games, turns=turns, seed=base)
    state = race.new_tally()
    race.play(state, 0, games)
    return race.report(state)
