"""Paired goldfish: two lists played on common random numbers (docs/contract.md §6).

Game *i* of list A and game *i* of list B draw from the same streams of (seed, *i*), so what
differs between them is the decks, not the luck. Each side is played into its own goldfish tally
(the answer of each side is exactly :func:`engine.run_goldfish`'s), and for every per-turn number
the paired per-game differences B − A are summed as integers (n, Σd, Σd²): the difference of the
means and its 95 % interval follow, and a list against itself gives 0 and [0, 0] with no float
noise. Tallies of disjoint ranges of games merge exactly, as the goldfish ones do.

The interval is Student's t with n − 1 degrees of freedom on the mean of the paired differences
(table up to 30, the Cornish–Fisher expansion beyond it: 1.96 in the limit).

>>> from engine.cards import CardData, Game
>>> from engine.decklist import DeckEntry
>>> small = CardData(Game.ELIRIA, "T-1", "Golem", "combat", potential=2)
>>> big = CardData(Game.ELIRIA, "T-2", "Titán", "combat", potential=4)
>>> a, b = [DeckEntry("main", 8, small)], [DeckEntry("main", 8, big)]
>>> result = compare_goldfish("eliria", a, b, games=20, turns=3, seed=1)
>>> [t["mean_power_max"]["delta"] for t in result["diff"]["per_turn"]]
[0.0, 0.0, 1.0]
>>> compare_goldfish("eliria", a, a, games=20, turns=3, seed=1)["diff"]["per_turn"][2]["mean_power_max"]
{'delta': 0.0, 'ci95': [0.0, 0.0]}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from .cards import Game, as_game
from .decklist import DeckEntry
from .errors import InvalidSimulation
from .goldfish import Progress, Simulation, check_bounds, run_goldfish, simulation
from .rng import GameRng, new_seed

__all__ = [
    "PAIRED_FIELDS",
    "PairedGoldfish",
    "PairedTally",
    "compare_goldfish",
    "paired_interval",
    "t_quantile",
]

# The per-turn numbers of each game's goldfish answer that are means over all games, with the
# tally list each one sums (engine/eliria/goldfish.py, engine/mision/goldfish.py). Eliria's
# mean_hand and mean_deck are means over the games still alive: not a paired mean, not here.
PAIRED_FIELDS: dict[Game, tuple[tuple[str, str], ...]] = {
    Game.ELIRIA: (
        ("p_alive", "alive"), ("p_combatant", "combatant"), ("mean_power_max", "power_max"),
        ("mean_power_total", "power_total"), ("mean_combatants", "combatants"), ("p_attack_ready", "attack_ready"),
    ),
    Game.MISION: (
        ("mean_chest", "chest"), ("p_won", "won"), ("mean_entes_placed", "placed"),
        ("mean_elementos_juego", "elementos"), ("mean_elementos_deck", "deck"),
    ),
}

# Student's t, 97.5 % quantile, for 1 … 30 degrees of freedom.
_T975 = (
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139,
    2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963,
    2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272,
)  # fmt: skip
_Z975 = 1.959963984540054


def t_quantile(df: int) -> float:
    """The 97.5 % quantile of Student's t with *df* degrees of freedom (two-sided 95 %).

    >>> round(t_quantile(4), 4), round(t_quantile(31), 4), round(t_quantile(10**9), 4)
    (2.7764, 2.0395, 1.96)
    """
    if df < 1:
        raise ValueError(f"Se necesita al menos un grado de libertad (recibido: {df}).")
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z975
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


def _r(x: float) -> float:
    return round(x, 6) + 0.0  # + 0.0: never a "-0.0" in the answer


def paired_interval(n: int, total: int, squares: int) -> dict[str, Any] | None:
    """``{"delta", "ci95"}`` for *n* paired differences summing to *total*, their squares to *squares*.

    The variance is computed from the integer sums exactly, so n equal differences give an
    interval of width 0 (a list against itself: [0, 0]). None when there is no pair; with one
    pair the interval is null unless the difference is 0.

    >>> paired_interval(4, 0, 0)
    {'delta': 0.0, 'ci95': [0.0, 0.0]}
    >>> paired_interval(4, 4, 6)
    {'delta': 1.0, 'ci95': [-0.299228, 2.299228]}
    """
    if n <= 0:
        return None
    delta = total / n
    spread = n * squares - total * total  # n(n-1) times the sample variance, exact
    if n == 1 and total:  # one difference, not zero: no spread to measure
        return {"delta": _r(delta), "ci95": None}
    if spread == 0:
        return {"delta": _r(delta), "ci95": [_r(delta), _r(delta)]}
    half = t_quantile(n - 1) * math.sqrt(spread / (n * (n - 1)) / n)
    return {"delta": _r(delta), "ci95": [_r(delta - half), _r(delta + half)]}


class PairedTally:
    """The two sides' goldfish tallies and, per paired number, the integer sums n, Σd, Σd²."""

    def __init__(self, a: Any, b: Any, fields: int, turns: int) -> None:
        self.a, self.b = a, b
        self.games = 0
        self.sums = [[0] * turns for _ in range(fields)]
        self.squares = [[0] * turns for _ in range(fields)]
        self.extra = [0, 0, 0]  # the game's scalar (mulligans, or win turn when both won): n, Σd, Σd²

    def merge(self, other: PairedTally) -> None:
        self.a.merge(other.a)
        self.b.merge(other.b)
        self.games += other.games
        for mine, theirs in ((self.sums, other.sums), (self.squares, other.squares)):
            for row, more in zip(mine, theirs, strict=True):
                for t, n in enumerate(more):
                    row[t] += n
        self.extra = [x + y for x, y in zip(self.extra, other.extra, strict=True)]


def _mulligans(tally: Any) -> int:
    return sum(k * v for k, v in tally.mulligans.items())


def _win_turns(tally: Any) -> tuple[int, int]:
    return sum(tally.win_turns.values()), sum(t * k for t, k in tally.win_turns.items())


class ListPlayer:
    """One list's simulation, playing game by game into its tally and telling each game's numbers."""

    def __init__(self, sim: Simulation, attrs: Sequence[str]) -> None:
        self.sim, self.attrs = sim, attrs
        self.play_range: Callable[[int, int, int, Any], None] | None = getattr(sim, "play_range", None)
        self.rng = GameRng()

    def play(self, seed: int, index: int, tally: Any) -> None:
        if self.play_range is not None:
            self.play_range(seed, index, index + 1, tally)
        else:
            self.rng.start(seed, index)
            self.sim.play(self.rng, tally)

    def snapshot(self, tally: Any) -> list[list[int]]:
        return [getattr(tally, attr)[:] for attr in self.attrs]


class PairedGoldfish:
    """Everything fixed for the games of one paired comparison: the game, both simulations."""

    def __init__(self, game: Game | str, entries_a: Sequence[DeckEntry], entries_b: Sequence[DeckEntry],
                 turns: int) -> None:
        self.game = as_game(game)
        self.turns = turns
        self.entries = (list(entries_a), list(entries_b))
        self.fields = PAIRED_FIELDS[self.game]
        attrs = [attr for _, attr in self.fields]
        self.sides = [ListPlayer(simulation(self.game, entries, turns), attrs) for entries in self.entries]
        # The per-game scalar: the mulligans' count (Eliria), the win turn (Misión S.O.S).
        self._extra = self._mulligan_pair if self.game is Game.ELIRIA else self._win_pair

    def new_tally(self) -> PairedTally:
        a, b = (side.sim.new_tally() for side in self.sides)
        return PairedTally(a, b, len(self.fields), self.turns)

    def run_range(self, seed: int, start: int, stop: int, *, progress: Progress | None = None,
                  total: int | None = None) -> PairedTally:
        """Play games ``start`` … ``stop - 1`` of both lists; their paired tally."""
        tally = self.new_tally()
        side_a, side_b = self.sides
        for index in range(start, stop):
            before_a, before_b = side_a.snapshot(tally.a), side_b.snapshot(tally.b)
            extra_a, extra_b = self._extra(tally.a), self._extra(tally.b)
            side_a.play(seed, index, tally.a)
            side_b.play(seed, index, tally.b)
            self._add(tally, before_a, before_b)
            self._add_extra(tally, extra_a, extra_b)
            tally.games += 1
            if progress is not None and ((index + 1 - start) % 1000 == 0 or index + 1 == stop):
                progress(index + 1 - start, total if total is not None else stop - start)
        return tally

    def _add(self, tally: PairedTally, before_a: list[list[int]], before_b: list[list[int]]) -> None:
        """Add one game's differences B − A of every paired per-turn number (the hot loop: flat)."""
        turns = range(self.turns)
        for f, (_, attr) in enumerate(self.fields):
            xa, xb, pa, pb = getattr(tally.a, attr), getattr(tally.b, attr), before_a[f], before_b[f]
            sums, squares = tally.sums[f], tally.squares[f]
            for t in turns:
                d = (xb[t] - pb[t]) - (xa[t] - pa[t])
                if d:
                    sums[t] += d
                    squares[t] += d * d

    def _mulligan_pair(self, tally: Any) -> tuple[int, int]:
        return (tally.games, _mulligans(tally))

    def _win_pair(self, tally: Any) -> tuple[int, int]:
        return _win_turns(tally)

    def _add_extra(self, tally: PairedTally, before_a: tuple[int, int], before_b: tuple[int, int]) -> None:
        (na, va), (nb, vb) = self._extra(tally.a), self._extra(tally.b)
        if na > before_a[0] and nb > before_b[0]:  # Misión S.O.S: only games both sides won count
            d = (vb - before_b[1]) - (va - before_a[1])
            extra = tally.extra
            extra[0] += 1
            extra[1] += d
            extra[2] += d * d

    def report(self, tally: PairedTally, seed: int) -> dict[str, Any]:
        """The answer of docs/contract.md §6: ``a``, ``b``, ``diff``, ``paired``, ``seed``."""
        a, b = (self._side_answer(i, tally.a if i == 0 else tally.b, tally.games, seed) for i in (0, 1))
        n = tally.games
        per_turn = [
            {"turn": t + 1, **{
                name: paired_interval(n, tally.sums[f][t], tally.squares[f][t])
                for f, (name, _) in enumerate(self.fields)
            }}
            for t in range(self.turns)
        ]
        scalar = "mulligans_mean" if self.game is Game.ELIRIA else "win_turn_mean"
        diff: dict[str, Any] = {"per_turn": per_turn, scalar: paired_interval(*tally.extra)}
        if self.game is Game.MISION:
            diff["win_turn_games"] = tally.extra[0]  # the games both sides won, over which it is paired
        return {"game": self.game.value, "games": n, "turns": self.turns, "seed": seed,
                "a": a, "b": b, "diff": diff, "paired": True}

    def _side_answer(self, i: int, tally: Any, games: int, seed: int) -> dict[str, Any]:
        # engine.run_goldfish's answer key for key and in its order: its own answer for one game
        # gives every key (any it adds beside the tally's too), then the tally's figures replace them.
        result = run_goldfish(self.game, self.entries[i], games=1, turns=self.turns, seed=seed)
        result["games"] = games
        result.update(self.sides[i].sim.report(tally))
        return result


def compare_goldfish(
    game: Game | str,
    entries_a: Sequence[DeckEntry],
    entries_b: Sequence[DeckEntry],
    *,
    games: int = 1000,
    turns: int = 10,
    seed: int | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play *games* goldfish games of each list on common seeds; docs/contract.md §6's answer.

    ``a`` and ``b`` are exactly :func:`engine.run_goldfish`'s answers for each list with the same
    games, turns and seed; ``diff`` holds B − A of every paired number with its 95 % interval.
    """
    check_bounds(games, turns, seed)
    base = new_seed() if seed is None else seed
    paired = PairedGoldfish(game, entries_a, entries_b, turns)
    return paired.report(paired.run_range(base, 0, games, progress=progress, total=games), base)


def check_goal(game: Game | str, field: object, turn: object, turns: int) -> str:
    """The tally list of a goal (a paired per-turn number of *game*, on a turn within *turns*)."""
    attrs = dict(PAIRED_FIELDS[as_game(game)])
    if not isinstance(field, str) or field not in attrs:
        names = ", ".join(attrs)
        raise InvalidSimulation(f"«goal.field» debe ser uno de: {names} (recibido: {field!r}).")
    if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= turns:
        raise InvalidSimulation(f"«goal.turn» debe ser un entero entre 1 y {turns} (recibido: {turn!r}).")
    return attrs[field]
