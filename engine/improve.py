"""Improve a deck: a search over legal decks on common seeds, verified on fresh ones (docs/contract.md §6).

At each step the search proposes changes to the deck as it stands — one card out, one card in
(in Misión S.O.S also every copy of a card for as many of another) — legal by construction and
checked by the game's own deck rules (``find_game(game).check_deck``: Eliria's one card of a name,
rule 4, and tokens only under ``Tokens:``, rule 14; Misión's Entes and Elementos). It never cuts a
card of *keep* and, with a pool of owned copies, never adds more copies than the pool holds.

The changes race on common seeds against the deck as it stands, by successive halving: every
candidate plays the first round, the better half plays the next (twice the games), and so on down
to one; losers stop early, so the games go to the close contenders. The survivor plays the last
round alone, on games that had no part in choosing it, and is accepted only when the 95 % interval
of its paired difference on those games lies above 0 (:func:`engine.compare.paired_interval`): a
step's ``delta``, ``ci95`` and ``games`` are those games' (``raced``: every game it played).
Each step plays fresh game indices of the search's seed, so no step reuses another's luck. The
first steps play few games (big gains show at once); a step that finds nothing doubles the games of
the next ones (smaller differences need more), up to a quarter of the budget a step. The search
stops when its budget is spent, when two steps in a row at that size find nothing, or when every
legal change was tried and none helps.

The search's own figures favour its winners (it keeps the best of many noisy measures: the winner's
curse), so its answer ends with ``verified``: the best deck against the start on a seed the search
never used (``derive_seed(seed, 0, "improve-verify")`` below 2**53), the number to trust.

The goal is a per-turn goldfish number at a turn (:class:`GoldfishGoal`, as the swaps race's), Misión
S.O.S's win turn (``win_turn``: lower is better, so the search raises minus it and reports its own
figures, the differences that help being negative), or the win rate against a field of rival decks
with the rule-based players (:class:`FieldGoal`). The search
is a pure function of its arguments and seed, and it plays in steps (:meth:`ImproveSearch.advance`),
so a queued run may play it slice by slice and publish each accepted step as it is found.

>>> from engine.cards import CardData, Game
>>> from engine.decklist import DeckEntry
>>> weak = [DeckEntry("main", 1, CardData(Game.ELIRIA, f"W-{i}", f"Débil {i}", "combat", potential=1))
...         for i in range(12)]
>>> strong = [CardData(Game.ELIRIA, f"S-{i}", f"Fuerte {i}", "combat", potential=6) for i in range(3)]
>>> pool = PoolCards([e.card for e in weak] + strong)
>>> goal = GoldfishGoal("eliria", "mean_power_max", 4)
>>> result = improve_deck("eliria", weak, goal=goal, pool=pool, budget=20000, seed=1)
>>> result["steps"][0]["add"][0].startswith("S-"), result["verified"]["ci95"][0] > 0
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CardData, Game, as_game
from .compare import ListPlayer, check_goal, paired_interval
from .decklist import DeckEntry
from .errors import InvalidSimulation
from .games import find_game
from .goldfish import simulation
from .matchup import MatchupRun
from .rng import MAX_SEED, derive_seed, new_seed
from .text import fold

__all__ = [
    "MAX_BUDGET",
    "MIN_BUDGET",
    "Change",
    "FieldGoal",
    "GoldfishGoal",
    "ImproveSearch",
    "PoolCards",
    "improve_deck",
]

MIN_BUDGET = 1_000
MAX_BUDGET = 5_000_000
CANDIDATES = 24  # changes raced per step
MIN_ROUND = 30  # games of a first round: fewer say too little to halve on
START_ROUND = 60  # a first round's games at the start: the big gains show on few games
STEP_SHARE = 4  # a step costs at most this share of the search's budget (its rounds stop doubling)
MAX_FAILS = 2  # steps in a row at the largest rounds that find nothing: the search stops
WIN_TURN = "win_turn"  # Misión S.O.S's goal: the turn the BAÚL reaches 30 (lower is better)
VERIFY_SHARE = 0.1  # of the budget, for the verification (best and start, each half of it)
MAX_VERIFY = 100_000  # games per side of the verification


# ---------------------------------------------------------------- what a deck is worth
class GoldfishGoal:
    """A per-turn goldfish number of section 5 at a turn (the swaps race's goal): higher is better; or,
    in Misión S.O.S, ``win_turn``: the turn the BAÚL reaches 30 within *turn* turns (a game that does
    not reach it counts as *turn* + 1), lower is better (``sign`` -1: the search raises minus it)."""

    def __init__(self, game: Game | str, field: str, turn: int) -> None:
        self.game = as_game(game)
        self.sign = 1
        if field == WIN_TURN:
            if self.game is not Game.MISION:
                raise InvalidSimulation("«goal.field»: «win_turn» (el turno en que el BAÚL llega a 30) es de "
                                        "Misión S.O.S.")
            self.attr = check_goal(self.game, "p_won", turn, turn)  # the turn's own bounds
            self.sign = -1
        else:
            self.attr = check_goal(self.game, field, turn, turn)
        self.field, self.turn = field, turn

    def describe(self) -> dict[str, Any]:
        return {"field": self.field, "turn": self.turn}

    def player(
        self, entries: Sequence[DeckEntry], in_place_of: Mapping[str, str] | None = None
    ) -> Callable[[int, int], int]:
        """The goal's value (times ``sign``) in game *index* of the run with base *seed*, for this deck.
        *in_place_of*: a candidate's added card dealt in the cut card's very place (engine.rng.card_ids),
        so its games differ from the deck's only by that card (docs/contract.md §6, pairing)."""
        sim = simulation(self.game, entries, self.turn, in_place_of=in_place_of)
        player, tally = ListPlayer(sim, (self.attr,)), sim.new_tally()
        attr, t = self.attr, self.turn - 1
        if self.field == WIN_TURN:
            missed = self.turn + 1

            def win_turn(seed: int, index: int) -> int:
                wins = tally.win_turns
                n, total = sum(wins.values()), sum(k * v for k, v in wins.items())
                player.play(seed, index, tally)
                wins = tally.win_turns
                won = sum(wins.values()) > n
                return -(sum(k * v for k, v in wins.items()) - total if won else missed)

            return win_turn

        def value(seed: int, index: int) -> int:
            before = getattr(tally, attr)[t]
            player.play(seed, index, tally)
            return int(getattr(tally, attr)[t] - before)

        return value


class FieldGoal:
    """The win rate against a field of rival decks (each game against one rival, in proportion to
    their weights), both seats played by the given players: 1 for a game won, 0 otherwise."""

    def __init__(self, game: Game | str, rivals: Sequence[tuple[Sequence[DeckEntry], int]], *,
                 policy: str = "rules", rival_policy: str = "rules") -> None:
        self.game = as_game(game)
        if not rivals or any(w < 1 for _, w in rivals):
            raise InvalidSimulation("«field»: hace falta al menos un rival con peso positivo.")
        self.rivals = [list(deck) for deck, _ in rivals]
        # Game i is played against rival slots[i % len(slots)]: each rival as often as its weight says.
        self.slots = [r for r, (_, w) in enumerate(rivals) for _ in range(w)]
        self.policy, self.rival_policy = policy, rival_policy
        self.sign = 1

    def describe(self) -> dict[str, Any]:
        return {"field": "win_rate", "rivals": len(self.rivals), "policy": self.policy,
                "rival_policy": self.rival_policy}

    def player(
        self, entries: Sequence[DeckEntry], in_place_of: Mapping[str, str] | None = None
    ) -> Callable[[int, int], int]:
        """*in_place_of* is not used: a match deals each list as its own."""
        runs: dict[tuple[int, int], MatchupRun] = {}
        slots = self.slots

        def value(seed: int, index: int) -> int:
            rival = slots[index % len(slots)]
            run = runs.get((seed, rival))
            if run is None:
                run = runs[(seed, rival)] = MatchupRun(self.game, entries, self.rivals[rival], seed=seed,
                                                       policy_a=self.policy, policy_b=self.rival_policy)
            outcome = run.play(index).outcome()
            return 1 if outcome is not None and outcome.winner == 0 else 0

        return value


Goal = GoldfishGoal | FieldGoal


# ---------------------------------------------------------------- the cards a change may add
class PoolCards:
    """The cards a search may add: every card given, with at most *owned* copies of a card in the
    deck (counting the copies already in it) when *owned* is given; without it, no bound but the
    game's rules (the catalogue)."""

    def __init__(self, cards: Sequence[CardData], owned: Mapping[str, int] | None = None) -> None:
        seen: dict[str, CardData] = {}
        for card in cards:
            seen.setdefault(card.code.upper(), card)
        self.cards = [seen[k] for k in sorted(seen)]
        self.owned = None if owned is None else {k.upper(): n for k, n in owned.items()}

    def limit(self, code: str) -> int | None:
        """The most copies of *code* a deck may hold (None: no bound)."""
        return None if self.owned is None else self.owned.get(code.upper(), 0)


@dataclass(frozen=True)
class Change:
    """*count* copies of *cut* out, as many of *add* in, in the cut card's section."""

    cut: CardData
    add: CardData
    count: int

    def apply(self, entries: Sequence[DeckEntry]) -> list[DeckEntry]:
        """The deck with the change made: the cut line loses its copies (the added card takes its place
        when it loses them all), the added card gains them (on its own line when it has one)."""
        cut, add, n = self.cut.code.upper(), self.add.code.upper(), self.count
        out: list[DeckEntry] = []
        added = any(e.card.code.upper() == add for e in entries)
        for e in entries:
            code = e.card.code.upper()
            if code == cut:
                if e.quantity > n:
                    out.append(DeckEntry(e.section, e.quantity - n, e.card, e.line))
                elif not added:
                    out.append(DeckEntry(e.section, n, self.add, e.line))
                    added = True
            elif code == add:
                out.append(DeckEntry(e.section, e.quantity + n, e.card, e.line))
            else:
                out.append(e)
        if not added:
            section = next(e.section for e in entries if e.card.code.upper() == cut)
            out.append(DeckEntry(section, n, self.add))
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"cut": [self.cut.code] * self.count, "add": [self.add.code] * self.count,
                "cut_name": self.cut.name, "add_name": self.add.name}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _counts(entries: Sequence[DeckEntry]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in entries:
        counts[e.card.code.upper()] = counts.get(e.card.code.upper(), 0) + e.quantity
    return counts


def legal_changes(game: Game, entries: Sequence[DeckEntry], pool: PoolCards, keep: frozenset[str]) -> list[Change]:
    """Every change of one card (Misión: also every copy of it) that keeps the deck within the rules
    and the pool, in a fixed order. Built legal: Eliria adds only a card whose name the deck lacks
    (rule 4), never a token (rule 14), into ``Mazo:``; Misión replaces an Ente by an Ente and an
    Elemento by an Elemento (its sections keep their size: four of each at least). A card whose text
    the engine does not play (``unsimulated``) is never added: its games would not show what it does."""
    counts = _counts(entries)
    names = {fold(e.card.name) for e in entries}
    out: list[Change] = []
    for code, cut in _cuts(game, entries, keep).items():
        sizes = sorted({1, counts[code]}) if game is Game.MISION else [1]
        for add in pool.cards:
            other = add.code.upper()
            if other == code or not _may_replace(game, cut, add, names):
                continue
            limit = pool.limit(other)
            for n in sizes:
                if limit is None or counts.get(other, 0) + n <= limit:
                    out.append(Change(cut, add, n))
    return out


def _cuts(game: Game, entries: Sequence[DeckEntry], keep: frozenset[str]) -> dict[str, CardData]:
    """The cards a change may take out, by upper-case code in list order: not kept, of the game,
    and for Eliria only from ``Mazo:`` and never a token (rule 14)."""
    cuts: dict[str, CardData] = {}
    for e in entries:
        code = e.card.code.upper()
        if code in keep or code in cuts or e.card.game is not game:
            continue
        if game is Game.ELIRIA and (e.section != "main" or e.card.is_token):
            continue
        cuts[code] = e.card
    return cuts


def _may_replace(game: Game, cut: CardData, add: CardData, names: set[str]) -> bool:
    """Whether *add* may take *cut*'s place (the pool's limit aside): a card of the game whose text the
    engine plays; Eliria: no token (14), a name the deck lacks (4), not another code of *cut*'s name
    (no change the rules would see); Misión: of *cut*'s type."""
    if add.game is not game or not add.is_simulated:
        return False  # a card whose printed text the engine does not play cannot be judged by it
    if game is Game.ELIRIA:
        name = fold(add.name)
        return not add.is_token and name not in names and name != fold(cut.name)
    return add.type == cut.type  # Misión: an Ente for an Ente, an Elemento for an Elemento


def is_legal(game: Game, entries: Sequence[DeckEntry]) -> bool:
    """No error of the game's deck rules (warnings allowed, as section 4's ``valid``)."""
    return not any(not v.is_warning for v in find_game(game).check_deck(list(entries)))


# ---------------------------------------------------------------- the race of one step
def halving_rounds(candidates: int, first: int) -> list[int]:
    """Cumulative games per candidate at the end of each round: *first*, doubling, one round per
    halving of the candidates (the last round leaves one).

    >>> halving_rounds(24, 100), halving_rounds(1, 100)
    ([100, 200, 400, 800, 1600, 3200], [100])
    """
    return [first * 2**r for r in range(math.ceil(math.log2(candidates)) + 1 if candidates > 1 else 1)]


def step_cost(candidates: int, first: int) -> int:
    """Games a step plays at most: each round's survivors their new games, the deck as it stands once.

    >>> step_cost(24, 100)
    12400
    """
    rounds, alive, cost, before = halving_rounds(candidates, first), candidates, 0, 0
    for games in rounds:
        cost += alive * (games - before)
        before, alive = games, max(1, math.ceil(alive / 2))
    return cost + rounds[-1]


class _Racer:
    """One candidate in a step's race: its change, its deck, its player, the games it played in all
    and integer sums (n, Σd, Σd², Σ value) of its paired differences since :meth:`confirm`."""

    def __init__(self, change: Change, entries: list[DeckEntry], play: Callable[[int, int], int]) -> None:
        self.change, self.entries, self.play = change, entries, play
        self.total = self.n = self.sums = self.squares = self.values = 0

    def add(self, value: int, base: int) -> None:
        d = value - base
        self.total += 1
        self.n += 1
        self.values += value
        self.sums += d
        self.squares += d * d

    def confirm(self) -> None:
        """Count afresh from here: the games after the last halving, on which it was not chosen."""
        self.n = self.sums = self.squares = self.values = 0

    def mean(self) -> float:
        return self.sums / self.n if self.n else -math.inf


# ---------------------------------------------------------------- the search
class ImproveSearch:
    """One search, played in steps: :meth:`advance` plays about that many games; :meth:`report`
    gives the answer once :attr:`finished`. *on_step* is called with each accepted step as it is
    found (a queued run publishes it)."""

    def __init__(self, game: Game | str, entries: Sequence[DeckEntry], *, goal: Goal, pool: PoolCards,
                 keep: Sequence[str] = (), budget: int, seed: int | None = None,
                 on_step: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.game = as_game(game)
        if not _is_int(budget) or not MIN_BUDGET <= budget <= MAX_BUDGET:
            raise InvalidSimulation(f"«budget» debe ser un entero entre {MIN_BUDGET} y {MAX_BUDGET} "
                                    f"(recibido: {budget!r}).", field="budget")
        if seed is not None and (not _is_int(seed) or seed < 0):
            raise InvalidSimulation(f"«seed» debe ser un entero no negativo (recibido: {seed!r}).", field="seed")
        self.start = [e for e in entries if e.card.game is self.game]
        if not self.start or not is_legal(self.game, self.start):
            raise InvalidSimulation("«list»: la lista de partida debe ser un mazo legal (sección 4).", field="list")
        self.keep = frozenset(code.upper() for code in keep)
        present = _counts(self.start)
        missing = sorted(code for code in self.keep if code not in present)
        if missing:
            raise InvalidSimulation(f"«keep»: {', '.join(missing)} no está en la lista.", field="keep")
        self.goal, self.pool, self.budget = goal, pool, budget
        self.seed = new_seed() if seed is None else seed
        # Below 2**53 (as every seed the engine chooses: JavaScript reads it exactly), never the search's.
        self.verify_seed = derive_seed(self.seed, 0, "improve-verify") & MAX_SEED
        if self.verify_seed == self.seed:
            self.verify_seed = (self.seed + 1) & MAX_SEED
        self.verify_games = min(MAX_VERIFY, max(MIN_ROUND, int(budget * VERIFY_SHARE) // 2))
        self.search_budget = budget - 2 * self.verify_games
        largest = MIN_ROUND
        while step_cost(CANDIDATES, largest * 2) <= self.search_budget / STEP_SHARE:
            largest *= 2
        self.largest = largest  # the most games of a step's first round
        self.first = min(START_ROUND, largest)  # doubled after each step that finds nothing
        self.on_step = on_step
        self.best = list(self.start)
        self.steps: list[dict[str, Any]] = []
        self.played = self.search_games = self.kept_games = 0
        self.offset = 0  # the next game index of the search's seed no step has used
        self.verified: dict[str, Any] | None = None
        self.values = {"start": 0, "best": 0}
        self.finished = False
        self._run = self._search()

    def advance(self, games: int) -> int:
        """Play on for about *games* games (a little more to finish the game index under way); how many."""
        spent = 0
        while spent < games and not self.finished:
            try:
                spent += next(self._run)
            except StopIteration:
                self.finished = True
        self.played += spent
        return spent

    def run(self) -> dict[str, Any]:
        while not self.finished:
            self.advance(self.budget)
        return self.report()

    # The generator yields the games it played since it last yielded: one game index at a time.
    def _search(self) -> Iterator[int]:
        fails = attempt = 0
        tried: set[tuple[str, str, int]] = set()
        while fails < MAX_FAILS:
            left = self.search_budget - self.search_games
            changes = [c for c in legal_changes(self.game, self.best, self.pool, self.keep)
                       if (c.cut.code, c.add.code, c.count) not in tried]
            if not changes:
                break
            rng = random.Random(derive_seed(self.seed, attempt, "improve"))  # noqa: S311
            attempt += 1
            racers = self._racers(rng, changes)
            first = self.first
            while first > MIN_ROUND and step_cost(len(racers), first) > left:
                first //= 2
            while len(racers) > 1 and step_cost(len(racers), first) > left:
                racers.pop()  # the budget's last games: fewer candidates rather than none
            if not racers or step_cost(len(racers), first) > left:
                break
            tried.update((r.change.cut.code, r.change.add.code, r.change.count) for r in racers)
            winner = yield from self._race(racers, first)
            if winner is None:  # smaller differences need more games: double them, try afresh
                if self.first < self.largest:
                    self.first = min(2 * self.first, self.largest)
                    tried = set()
                else:
                    fails += 1
                continue
            fails = 0
            tried = set()
            self._accept(winner)
        yield from self._verify()

    def _racers(self, rng: random.Random, changes: list[Change]) -> list[_Racer]:
        """Up to CANDIDATES changes drawn at random (the seed's), each with a legal deck."""
        racers: list[_Racer] = []
        for change in rng.sample(changes, len(changes)):
            if len(racers) == CANDIDATES:
                break
            deck = change.apply(self.best)
            if is_legal(self.game, deck):
                # A card new to the deck takes the cut card's identities; one already there keeps its own.
                new = all(e.card.code.upper() != change.add.code.upper() for e in self.best)
                place = {change.add.code: change.cut.code} if new else None
                racers.append(_Racer(change, deck, self.goal.player(deck, place)))
        return racers

    def _race(self, racers: list[_Racer], first: int) -> Generator[int, None, _Racer | None]:
        """Successive halving on game indices ``offset`` … of the search's seed; the survivor when its
        interval lies above 0 on the last round's games, played after it was chosen (so that its choice
        does not bias them), else None (the generator's return value)."""
        base_play = self.goal.player(self.best)
        bases: list[int] = []
        alive = list(racers)
        seed, offset = self.seed, self.offset
        for games in halving_rounds(len(racers), first):
            if len(alive) == 1:  # the survivor alone: the games that decide its acceptance
                alive[0].confirm()
            for i in range(len(bases), games):
                base = base_play(seed, offset + i)
                bases.append(base)
                for racer in alive:
                    racer.add(racer.play(seed, offset + i), base)
                self.search_games += 1 + len(alive)
                yield 1 + len(alive)
            alive.sort(key=lambda r: -r.mean())  # stable: ties keep the draw's order
            alive = alive[: max(1, math.ceil(len(alive) / 2))] if len(alive) > 1 else alive
        self.offset += len(bases)
        best = alive[0]
        interval = paired_interval(best.n, best.sums, best.squares)
        if interval is None or interval["ci95"] is None or interval["ci95"][0] <= 0:
            return None
        return best

    def _accept(self, racer: _Racer) -> None:
        interval = self._natural(paired_interval(racer.n, racer.sums, racer.squares))
        self.kept_games += racer.total
        self.best = racer.entries
        step = {**racer.change.as_dict(), **interval, "games": racer.n, "raced": racer.total,
                "value": round(self.goal.sign * racer.values / racer.n, 6) + 0.0,
                "list": find_game(self.game).format_list(self.best)}
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step)

    def _natural(self, interval: dict[str, Any] | None) -> dict[str, Any]:
        """A paired interval of the values the search raised, in the goal's own direction (a win turn's
        difference is negative when it helps)."""
        if interval is None:
            return {"delta": None, "ci95": None}
        if self.goal.sign == 1:
            return interval
        ci = interval["ci95"]
        return {"delta": -interval["delta"] + 0.0, "ci95": None if ci is None else [-ci[1] + 0.0, -ci[0] + 0.0]}

    def _verify(self) -> Iterator[int]:
        """Best against start on the verification seed (a seed the search never used)."""
        n, sums, squares = 0, 0, 0
        if self.steps:
            start_play, best_play = self.goal.player(self.start), self.goal.player(self.best)
            for i in range(self.verify_games):
                a, b = start_play(self.verify_seed, i), best_play(self.verify_seed, i)
                self.values["start"] += a
                self.values["best"] += b
                n, sums, squares = n + 1, sums + b - a, squares + (b - a) ** 2
                yield 2
        else:  # best is start: the same games, no difference to measure but the start's value
            start_play = self.goal.player(self.start)
            for i in range(self.verify_games):
                a = start_play(self.verify_seed, i)
                self.values["start"] += a
                self.values["best"] += a
                n += 1
                yield 1
        self.verified = {**self._natural(paired_interval(n, sums, squares)),
                         "games": n, "seed": self.verify_seed}

    def report(self) -> dict[str, Any]:
        """The answer of docs/contract.md §6 (``start``, ``best``, ``steps``, ``games``, ``verified``)."""
        spec = find_game(self.game)
        n = self.verified["games"] if self.verified else 0

        def value(key: str) -> float | None:
            return round(self.goal.sign * self.values[key] / n, 6) + 0.0 if n else None

        return {
            "game": self.game.value, "goal": self.goal.describe(), "budget": self.budget, "seed": self.seed,
            "start": {"list": spec.format_list(self.start), "value": value("start")},
            "best": {"list": spec.format_list(self.best), "value": value("best")},
            "steps": [{k: v for k, v in step.items() if k != "list"} for step in self.steps],
            "games": self.played,
            "search_games": self.search_games,
            "kept_games": self.kept_games,
            "verified": self.verified,
        }


def improve_deck(game: Game | str, entries: Sequence[DeckEntry], *, goal: Goal, pool: PoolCards,
                 keep: Sequence[str] = (), budget: int = 20_000, seed: int | None = None) -> dict[str, Any]:
    """Search for a better deck than *entries* toward *goal* within *budget* games; the answer."""
    return ImproveSearch(game, entries, goal=goal, pool=pool, keep=keep, budget=budget, seed=seed).run()
