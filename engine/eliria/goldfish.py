"""Eliria goldfish runs: play many games and sum what docs/contract.md §5 reports.

A game is played through the rules of the table and the matchups (:class:`EliriaMatch`)
with the goldfish policy (:class:`EliriaGoldfishPlayer`), so every effect the cards
give is played exactly as in a two-player game. A deck none of whose cards has an
effect on what the goldfish measures (``CardInfo.goldfish_relevant``) takes the fast
path instead (:mod:`.game`, :mod:`.fast.vanilla`): the same draws from the same random streams, the same
choices, the same tallies — ``tests/engine/test_goldfish_rules.py`` plays both and
compares them.

Every total is an integer, so tallies of disjoint ranges of games merge exactly
(the bench splits a run across processes and gets the same answer).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

from ..actions import Action
from ..decklist import DeckEntry
from ..rng import GameRng, stream_seeds
from ..stats import hypergeometric_at_least, mean, restore_tally, wilson_interval
from .board import END, EliriaBoard
from .cardinfo import CardInfo, CardTable
from .fast.vanilla import VanillaRun
from .game import EliriaDeck, EliriaGame, Event
from .match import EliriaMatch
from .players import EliriaGoldfishPlayer
from .rules import HAND_SIZE, playable_cards
from .state import Side
from .view import EliriaView

__all__ = ["EliriaSimulation", "EliriaTally"]


def _first_turns(counts: list[int], n: int) -> dict[str, Any]:
    """Turn each game first reached a target: histogram, mean over the games that did, and the
    games that never did (so the mean is not biased by leaving them out)."""
    reached = sum(counts)
    total = sum((t + 1) * c for t, c in enumerate(counts))
    return {
        "histogram": {str(t + 1): c for t, c in enumerate(counts) if c},
        "mean": round(total / reached, 6) if reached else None,
        "never": n - reached,
    }

_PER_TURN = ("alive", "combatant", "power_max", "power_total", "combatants", "attack_ready", "hand", "deck", "watch")


class EliriaTally:
    """Integer totals over a range of games."""

    def __init__(self, turns: int, costs: Sequence[int] = ()) -> None:
        self.games = 0
        self.opening_hits = 0  # first five cards held a combat card without †
        self.mulligans: dict[int, int] = {}
        self.lost_in_mulligan = 0
        self.losses = {"deck_out": 0, "no_combatant": 0}
        # Per turn (index turn - 1), summed over the games still alive after Poder:
        self.alive = [0] * turns
        self.combatant = [0] * turns  # games with a combatant on the board
        self.power_max = [0] * turns
        self.power_total = [0] * turns
        self.combatants = [0] * turns
        self.attack_ready = [0] * turns  # games with a combatant able to pay an attack
        self.hand = [0] * turns
        self.deck = [0] * turns
        self.watch = [0] * turns  # games in which a watched card has left the deck (drawn)
        # For each attack cost in the deck: games in which it first became usable on turn t.
        self.first_usable: dict[int, list[int]] = {k: [0] * turns for k in costs}

    FIELDS: ClassVar[tuple[str, ...]] = (
        "games", "opening_hits", "mulligans", "lost_in_mulligan", "losses", *_PER_TURN, "first_usable",
    )  # fmt: skip

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled field by field: runs send tallies between processes, and the compiled class (mypyc,
        scripts/build_engine.py) has neither a ``__dict__`` nor an argument-free constructor."""
        return restore_tally, (EliriaTally, 0, {name: getattr(self, name) for name in self.FIELDS})

    def merge(self, other: EliriaTally) -> None:
        self.games += other.games
        self.opening_hits += other.opening_hits
        for count, n in other.mulligans.items():
            self.mulligans[count] = self.mulligans.get(count, 0) + n
        self.lost_in_mulligan += other.lost_in_mulligan
        for reason, n in other.losses.items():
            self.losses[reason] += n
        for name in _PER_TURN:
            mine: list[int] = getattr(self, name)
            for t, n in enumerate(getattr(other, name)):
                mine[t] += n
        for k, counts in other.first_usable.items():
            for t, n in enumerate(counts):
                self.first_usable[k][t] += n


_LOSSES = {"7.c": "deck_out", "7.b": "no_combatant"}



class _CostMasks(dict[CardInfo, int]):
    """Each card's attack costs as a bit mask (bit k: an attack costing k), made on first sight."""

    def __missing__(self, card: CardInfo) -> int:
        mask = 0
        for k in card.costs:  # never negative (CardInfo clamps them)
            mask |= 1 << k
        self[card] = mask
        return mask


class _Observer:
    """Adds the board after each Poder phase of a full-rules game to the tally (as the fast path does).

    One observer serves a whole range of games (:meth:`reset` before each): the tally's per-turn
    lists are read once, not on every turn of every game. The attack costs not yet usable in the
    game are a bit mask (bit k: cost k), met by each combatant's costs as a mask too."""

    __slots__ = (
        "alive", "attack_ready", "combatant", "combatants", "deck", "hand", "masks", "pending", "power_max",
        "power_total", "seen", "sim", "tally", "watch", "watching",
    )  # fmt: skip

    def __init__(self, sim: EliriaSimulation, tally: EliriaTally) -> None:
        self.sim, self.tally = sim, tally
        self.alive, self.hand, self.deck, self.watch = tally.alive, tally.hand, tally.deck, tally.watch
        self.combatant, self.combatants, self.attack_ready = tally.combatant, tally.combatants, tally.attack_ready
        self.power_max, self.power_total = tally.power_max, tally.power_total
        self.watching = bool(sim.watch_codes)
        self.masks = _CostMasks()
        self.pending = 0
        self.seen = False
        self.reset()

    def reset(self) -> None:
        """Ready for a new game."""
        self.pending = self.sim.cost_mask
        self.seen = False

    def observe(self, m: EliriaBoard) -> None:
        t, side = m.turn - 1, m.sides[0]
        self.alive[t] += 1
        self.hand[t] += len(side.hand)
        self.deck[t] += len(side.deck) + len(side.top) + len(side.bottom)
        high, total, count, ready, usable = -1, 0, 0, False, 0
        pending = self.pending if t else 0  # counted from turn 2 on (11.d)
        for c in side.combat:
            if c is not None:
                power = c.power
                count += 1
                total += power
                if power > high:
                    high = power
                # An attack is usable by a face-up combatant with enough power (8, 6.a.IV).
                if c.up:
                    card = c.card
                    if power >= card.min_cost:
                        ready = True
                        if pending:  # the costs it can pay now: its own up to its power (power >= 0 here)
                            usable |= self.masks[card] & ((2 << power) - 1)
        if count:
            self.combatant[t] += 1
            self.power_max[t] += high
            self.power_total[t] += total
            self.combatants[t] += count
            if t and ready:  # from turn 2 on (11.d)
                self.attack_ready[t] += 1
                reached = usable & pending
                if reached:
                    self.pending = pending & ~reached
                    first = self.tally.first_usable
                    while reached:  # turn t is the first on which each reached cost could be paid
                        bit = reached & -reached
                        first[bit.bit_length() - 1][t] += 1
                        reached ^= bit
        if self.watching and (self.seen or self._left(side)):
            self.seen = True
            self.watch[t] += 1

    def _left(self, side: Side) -> bool:
        watch = self.sim.watch_upper
        held = sum(1 for pile in (side.deck, side.top, side.bottom) for c in pile if c.code.upper() in watch)
        return held < self.sim.watch_copies


class EliriaSimulation:
    """Plays goldfish games of one deck for a number of turns."""

    def __init__(
        self, entries: Sequence[DeckEntry], turns: int, watch: Sequence[str] = (), *, fast: bool | None = None,
        in_place_of: Mapping[str, str] | None = None,
    ) -> None:
        self.entries = list(entries)
        self._decks = (tuple(self.entries),)  # what each match holds (Match.decks), built once
        # Codes dealt with another card's identities: a swap race's candidate (engine.rng.card_ids).
        self.in_place_of = dict(in_place_of) if in_place_of else None
        self.deck = EliriaDeck.from_entries(entries, self.in_place_of)
        self.turns = turns
        self.table = CardTable([self.entries])
        main = {e.card for e in playable_cards(self.entries)}
        relevant = any(c.goldfish_relevant for c in self.table.cards if c.data in main)
        # The fast path only where it is proven equal (*fast* forces a path, for that proof).
        self.fast = (not relevant) if fast is None else fast
        self.policy = EliriaGoldfishPlayer()
        self.quick = True  # the policy's fast movement choice (False: always from the full legal list)
        self.fused = True  # ``end`` plays on through the quiet steps of the turn (False: push(END) and the rules)
        wanted = {code.upper() for code in watch}
        # The watched cards (by code): "P(a chosen card or group drawn by turn N)".
        self.watch = frozenset(i for i, code in enumerate(self.deck.codes) if code.upper() in wanted)
        self.watch_codes = tuple(sorted(code for code in self.deck.codes if code.upper() in wanted))
        self.watch_copies = sum(1 for i in self.deck.pile if i in self.watch)
        self.watch_upper = frozenset(code.upper() for code in self.watch_codes)
        playable_costs = (c for i, c in enumerate(self.deck.attack_costs) if self.deck.playable[i])
        self.costs = tuple(sorted(set().union(*playable_costs))) if self.deck.attack_costs else ()
        # The same costs as a bit mask (bit k: cost k); a negative cost in the data is never payable (CardInfo clamps).
        self.cost_mask = sum(1 << k for k in self.costs if k >= 0)
        self.vanilla = VanillaRun(self.deck, turns, self.costs, self.watch, self.watch_copies)  # the fast path

    def new_tally(self) -> EliriaTally:
        return EliriaTally(self.turns, self.costs)

    def play(self, rng: GameRng, tally: EliriaTally, trace: list[Event] | None = None) -> None:
        """Play one game and add it to *tally*."""
        if not self.fast:
            self.play_rules(rng.seed, rng.index, tally, trace, rng=rng)
            return
        game = EliriaGame(self.deck, rng.base, trace)
        tally.games += 1
        tally.opening_hits += game.opening()
        tally.mulligans[game.mulligans] = tally.mulligans.get(game.mulligans, 0) + 1
        if game.lost:
            tally.lost_in_mulligan += 1
            tally.losses[game.lost] += 1
            return
        self.vanilla.play_turns(game, tally)

    def play_range(self, seed: int, start: int, stop: int, tally: EliriaTally) -> None:
        """Play games ``start`` … ``stop - 1`` of the run with base *seed* into *tally*, without
        a trace: what ``run_range`` calls, the same games as :meth:`play` one by one."""
        if not self.fast:
            rng = GameRng(seed, start)
            observer = _Observer(self, tally)
            observe = observer.observe
            for index in range(start, stop):
                rng.start(seed, index)
                observer.reset()
                self.play_rules(seed, index, tally, None, rng=rng, observe=observe)
            return
        self.vanilla.play_range(stream_seeds(seed, "shuffle"), start, stop, tally)  # engine/eliria/fast/vanilla.py

    def new_match(self, seed: int, index: int, *, trace: bool = False, rng: GameRng | None = None) -> EliriaMatch:
        """Game *index* of the run with base *seed* as a one-seat match (the table's solitaire)."""
        return EliriaMatch(self._decks, seed=seed, index=index, first=0, turn_cap=self.turns, trace=trace,
                           table=self.table, rng=rng, in_place_of=self.in_place_of)  # fmt: skip

    def play_rules(
        self, seed: int, index: int, tally: EliriaTally, trace: list[Event] | None = None, *, rng: GameRng | None = None,
        observe: Callable[[EliriaBoard], None] | None = None,
    ) -> EliriaMatch:
        """Play game *index* through the full rules with the goldfish policy; add it to *tally* (through
        *observe* when given: an observer's, reset for this game, of the same tally)."""
        return self.play_match(self.new_match(seed, index, trace=trace is not None, rng=rng), tally, trace, observe)

    def play_match(
        self, match: EliriaMatch, tally: EliriaTally, trace: list[Event] | None = None,
        observe: Callable[[EliriaBoard], None] | None = None,
    ) -> EliriaMatch:
        """Play *match* (from :meth:`new_match`, a test may set its board first) to its end; add it to *tally*."""
        match.observer = observe if observe is not None else _Observer(self, tally).observe
        view = EliriaView(match, 0)  # match.view(0), without its import on every game
        choose, apply = self.policy.choose, match._apply  # noqa: SLF001 - the play_out loop, without its rngs
        quick = self.policy.movement_choice if self.quick else None
        quiet_end: Callable[[], Action | None] | None = None
        fused = quick is not None and self.fused and trace is None
        if fused:
            assert quick is not None
            quiet_end = partial(match.quiet_end, partial(quick, match, view))
        play = match.quiet_play if fused else apply
        while (pending := match.pending) is not None:
            if quick is not None and pending.kind == "movement" and not pending.listed:
                choice = quick(match, view)  # the same choice, without listing every legal action
                if choice is END and quiet_end is not None:
                    # The turn's quiet steps in one loop; the choice at the next Movimiento phase when reached.
                    choice = quiet_end()
                    if choice is None:
                        continue
                    pending = match.pending
                    assert pending is not None
                if choice is not None:
                    # A combat card played from hand keeps the Movimiento decision pending (fused turns).
                    (play if choice.kind == "play" else apply)(pending, choice)
                    continue
            options = pending.options
            apply(pending, options[0] if len(options) == 1 else choose(view, options, None))
        side, outcome = match.sides[0], match.outcome()
        assert outcome is not None
        tally.games += 1
        opened = outcome.turn > 0
        tally.opening_hits += opened and side.mulligans == 0
        tally.mulligans[side.mulligans] = tally.mulligans.get(side.mulligans, 0) + 1
        reason = _LOSSES.get(outcome.reason)
        if reason is not None:
            tally.losses[reason] += 1
            tally.lost_in_mulligan += not opened
        if trace is not None:
            trace.extend(match.log or ())
        return match

    def report(self, tally: EliriaTally) -> dict[str, Any]:
        """The Eliria keys of docs/contract.md §5 (and a few more)."""
        n, deck = tally.games, self.deck
        exact = hypergeometric_at_least(deck.size, deck.combat_copies, HAND_SIZE)
        low, high = wilson_interval(tally.opening_hits, n)
        histogram = dict(sorted(tally.mulligans.items()))
        return {
            "deck": {"cards": deck.size, "combat": deck.combat_copies},
            "mulligans": {
                "mean": mean(sum(k * v for k, v in histogram.items()), n),
                "histogram": {str(k): v for k, v in histogram.items()},
                "lost": tally.lost_in_mulligan,
            },
            "losses": dict(tally.losses),
            "opening_hand": {
                "hand_size": HAND_SIZE,
                "p_combat_exact": round(float(exact), 6),
                "p_combat_simulated": mean(tally.opening_hits, n),
                "p_combat_ci95": [round(low, 6), round(high, 6)],
            },
            "per_turn": [self._turn_report(tally, t) for t in range(self.turns)],
            "attack_costs": {str(k): _first_turns(tally.first_usable[k], n) for k in self.costs},
            **({"watch": self._watch_report(tally)} if self.watch else {}),
        }

    def _watch_report(self, tally: EliriaTally) -> dict[str, Any]:
        n, deck, copies = tally.games, self.deck, self.watch_copies
        by_turn = []
        for t in range(self.turns):
            # Cards seen by the end of turn t without mulligans: 5 + (t) draws (turn 1 draws none, 11.d).
            exact = hypergeometric_at_least(deck.size, copies, min(HAND_SIZE + t, deck.size))
            low, high = wilson_interval(tally.watch[t], n)
            by_turn.append({
                "turn": t + 1, "p_simulated": mean(tally.watch[t], n), "ci95": [round(low, 6), round(high, 6)],
                "p_exact_without_mulligan": round(float(exact), 6),
            })
        return {"cards": list(self.watch_codes), "copies": copies, "per_turn": by_turn,
                "never": n - tally.watch[-1] if self.turns else n}

    @staticmethod
    def _turn_report(tally: EliriaTally, t: int) -> dict[str, Any]:
        n, alive = tally.games, tally.alive[t]
        return {
            "turn": t + 1,
            "p_alive": mean(alive, n),
            "p_combatant": mean(tally.combatant[t], n),
            "mean_power_max": mean(tally.power_max[t], n),
            "mean_power_total": mean(tally.power_total[t], n),
            "mean_combatants": mean(tally.combatants[t], n),
            "p_attack_ready": mean(tally.attack_ready[t], n),
            "mean_hand": mean(tally.hand[t], alive),  # over the games still alive
            "mean_deck": mean(tally.deck[t], alive),
        }
