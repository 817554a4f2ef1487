"""Misión S.O.S goldfish runs: play many games and sum what CONTRACT §5 reports."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import WORLDS
from ..decklist import DeckEntry
from ..rng import GameRng
from ..stats import mean
from .game import MisionDeck, MisionGame

__all__ = ["MisionSimulation", "MisionTally"]

Event = dict[str, Any]


class MisionTally:
    """Integer totals over a range of games (they merge exactly)."""

    def __init__(self, turns: int) -> None:
        self.games = 0
        self.win_turns: dict[int, int] = {}
        self.placements = [0] * len(WORLDS)
        # Per turn (index turn - 1); a won game keeps its final BAÚL.
        self.chest = [0] * turns
        self.won = [0] * turns
        self.placed = [0] * turns
        self.elementos = [0] * turns
        self.deck = [0] * turns

    def merge(self, other: MisionTally) -> None:
        self.games += other.games
        for turn, n in other.win_turns.items():
            self.win_turns[turn] = self.win_turns.get(turn, 0) + n
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

    def __init__(self, entries: Sequence[DeckEntry], turns: int) -> None:
        self.deck = MisionDeck.from_entries(entries)
        self.turns = turns

    def new_tally(self) -> MisionTally:
        return MisionTally(self.turns)

    def play(self, rng: GameRng, tally: MisionTally, trace: list[Event] | None = None) -> None:
        """Play one game and add it to *tally*."""
        game = MisionGame(self.deck, rng.shuffle, trace)
        game.setup()
        tally.games += 1
        for t in range(self.turns):
            if not game.won:  # the game ends when the BAÚL reaches 30
                game.play_turn(t + 1)
            tally.chest[t] += game.chest
            tally.placed[t] += len(game.board)
            tally.elementos[t] += len(game.elementos)
            tally.deck[t] += len(game.pile)
            if game.won:
                tally.won[t] += 1
        if game.won:
            tally.win_turns[game.won] = tally.win_turns.get(game.won, 0) + 1
        for ente in game.board:
            tally.placements[self.deck.entity_world[ente]] += 1

    def report(self, tally: MisionTally) -> dict[str, Any]:
        """The Misión S.O.S keys of CONTRACT §5 (and a few more)."""
        n, wins = tally.games, sum(tally.win_turns.values())
        histogram = dict(sorted(tally.win_turns.items()))
        return {
            "deck": {"entities": len(self.deck.entities), "elements": len(self.deck.elements)},
            "win_turn": {
                "mean": mean(sum(t * k for t, k in histogram.items()), wins),
                "histogram": {str(t): k for t, k in histogram.items()},
                "never": n - wins,
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
