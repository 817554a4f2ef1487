"""Misión S.O.S goldfish runs: play many games and sum what docs/contract.md §5 reports.

The fast path (:mod:`.game`) and a one-seat :class:`MisionMatch` played by the
:class:`MisionGoldfishPlayer` draw the same cards from the same streams and give the same
tallies (``tests/engine/test_goldfish_rules.py``); Misión S.O.S cards print no text to
play, so the fast path is always allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..cards import WORLDS
from ..decklist import DeckEntry
from ..rng import GameRng
from ..stats import mean, restore_tally
from .game import MisionDeck, MisionGame
from .match import MisionMatch
from .players import MisionGoldfishPlayer

__all__ = ["MisionSimulation", "MisionTally"]

Event = dict[str, Any]


class MisionTally:
    """Integer totals over a range of games (they merge exactly)."""

    def __init__(self, turns: int) -> None:
        self.games = 0
        self.win_turns: dict[int, int] = {}
        self.stalled: dict[int, int] = {}  # games by the turn they ended as a draw ("stalemate")
        self.placements = [0] * len(WORLDS)
        # Per turn (index turn - 1); a won game keeps its final BAÚL.
        self.chest = [0] * turns
        self.won = [0] * turns
        self.placed = [0] * turns
        self.elementos = [0] * turns
        self.deck = [0] * turns

    FIELDS: ClassVar[tuple[str, ...]] = ("games", "win_turns", "stalled", "placements", "chest", "won", "placed", "elementos", "deck")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled field by field: runs send tallies between processes, and the compiled class (mypyc,
        scripts/build_engine.py) has neither a ``__dict__`` nor an argument-free constructor."""
        return restore_tally, (MisionTally, 0, {name: getattr(self, name) for name in self.FIELDS})

    def merge(self, other: MisionTally) -> None:
        self.games += other.games
        for turn, n in other.win_turns.items():
            self.win_turns[turn] = self.win_turns.get(turn, 0) + n
        for turn, n in other.stalled.items():
            self.stalled[turn] = self.stalled.get(turn, 0) + n
        for mine, theirs in (
            (self.placements, other.placements),
            (self.chest, other.chest),
            (self.won, other.won),
            (self.placed, other.placed),
            (self.elementos, other.elementos),
            (self.deck, other.deck),
        ):
            for i, n in enumerate(theirs):
                mine[i] += n


class MisionSimulation:
    """Plays goldfish games of one deck for a number of turns."""

    def __init__(self, entries: Sequence[DeckEntry], turns: int, *, fast: bool = True,
                 in_place_of: Mapping[str, str] | None = None) -> None:
        self.entries = list(entries)
        # Codes dealt with another card's identities: a swap race's candidate (engine.rng.card_ids).
        self.in_place_of = dict(in_place_of) if in_place_of else None
        self.deck = MisionDeck.from_entries(entries, self.in_place_of)
        self.turns = turns
        self.fast = fast

    def new_tally(self) -> MisionTally:
        return MisionTally(self.turns)

    def play(self, rng: GameRng, tally: MisionTally, trace: list[Event] | None = None) -> None:
        """Play one game and add it to *tally*."""
        if not self.fast:
            self.play_rules(rng.seed, rng.index, tally, trace, rng=rng)
            return
        game = MisionGame(self.deck, rng.base, trace)
        game.setup()
        tally.games += 1
        for t in range(self.turns):
            if not game.won and game.stalled < 0:  # the game ends at 30 in the BAÚL or when nothing can change
                game.play_turn(t + 1)
            tally.chest[t] += game.chest
            tally.placed[t] += len(game.board)
            tally.elementos[t] += len(game.elementos)
            tally.deck[t] += len(game.pile)
            if game.won:
                tally.won[t] += 1
        if game.won:
            tally.win_turns[game.won] = tally.win_turns.get(game.won, 0) + 1
        elif 0 <= game.stalled <= self.turns:
            tally.stalled[game.stalled] = tally.stalled.get(game.stalled, 0) + 1
        for ente in game.board:
            tally.placements[self.deck.entity_world[ente]] += 1

    def new_match(self, seed: int, index: int, *, trace: bool = False, rng: GameRng | None = None) -> MisionMatch:
        """Game *index* of the run with base *seed* as a one-seat match."""
        entities = [e for e in self.entries if e.card.type == "entity"]
        elements = [e for e in self.entries if e.card.type == "element"]
        return MisionMatch([entities + elements], seed=seed, index=index, first=0, turn_cap=self.turns,
                           trace=trace, rng=rng, in_place_of=self.in_place_of)  # fmt: skip

    def play_rules(
        self, seed: int, index: int, tally: MisionTally, trace: list[Event] | None = None, *, rng: GameRng | None = None
    ) -> MisionMatch:
        """Play game *index* through the match rules with the goldfish policy; add it to *tally*."""
        match = self.new_match(seed, index, trace=trace is not None, rng=rng)
        match.observer = lambda m: self._observe(m, tally, m.turn - 1, won=False)
        view, policy = match.view(0), MisionGoldfishPlayer()
        while (pending := match.pending) is not None:
            options = pending.options
            match._apply(pending, options[0] if len(options) == 1 else policy.choose(view, options, None))  # noqa: SLF001
        tally.games += 1
        outcome = match.outcome()
        if outcome is not None and outcome.reason == "chest_30":
            for t in range(outcome.turn - 1, self.turns):
                self._observe(match, tally, t, won=True)
            tally.win_turns[outcome.turn] = tally.win_turns.get(outcome.turn, 0) + 1
        elif outcome is not None and outcome.reason == "stalemate":  # nothing changes in the turns left
            for t in range(outcome.turn, self.turns):
                self._observe(match, tally, t, won=False)
            tally.stalled[outcome.turn] = tally.stalled.get(outcome.turn, 0) + 1
        for placed in match.sides[0].board:
            tally.placements[placed.world] += 1
        if trace is not None:
            trace.extend(match.log or ())
        return match

    @staticmethod
    def _observe(m: MisionMatch, tally: MisionTally, t: int, *, won: bool) -> None:
        side = m.sides[0]
        tally.chest[t] += side.chest_points
        tally.placed[t] += len(side.board)
        tally.elementos[t] += len(side.elementos)
        tally.deck[t] += len(side.elements_deck)
        tally.won[t] += won

    def report(self, tally: MisionTally) -> dict[str, Any]:
        """The Misión S.O.S keys of docs/contract.md §5 (and a few more)."""
        n, wins = tally.games, sum(tally.win_turns.values())
        histogram = dict(sorted(tally.win_turns.items()))
        return {
            "deck": {"entities": len(self.deck.entities), "elements": len(self.deck.elements)},
            "win_turn": {
                "mean": mean(sum(t * k for t, k in histogram.items()), wins),
                "histogram": {str(t): k for t, k in histogram.items()},
                "never": n - wins,
            },
            # Games that ended as a draw because nothing could change any more (the Elementos deck
            # empty, no Ente de juego left, the BAÚL under 30): by the turn they ended.
            "stalemate": {
                "games": sum(tally.stalled.values()),
                "mean_turn": mean(sum(t * k for t, k in tally.stalled.items()), sum(tally.stalled.values())),
            },
            "placements": {world: tally.placements[i] for i, world in enumerate(WORLDS)},
            "per_turn": [
                {
                    "turn": t + 1,
                    "mean_chest": mean(tally.chest[t], n),
                    "p_won": mean(tally.won[t], n),
                    "mean_entes_placed": mean(tally.placed[t], n),
                    "mean_elementos_juego": mean(tally.elementos[t], n),
                    "mean_elementos_deck": mean(tally.deck[t], n),
                }
                for t in range(self.turns)
            ],
        }
