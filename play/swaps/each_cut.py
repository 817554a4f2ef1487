"""Swap suggestions without a marked cut: every card of the list tried as the cut (``"cut": "*"``).

The player may let the site try each card (issue 24): each distinct card of the list is cut in
turn and every candidate that can take its place (engine.swaps.check_swap: rule 4 for Eliria, the
same type for Misión S.O.S) is raced in it, all the pairs in one race on common seeds, so the
successive halving of engine.swaps.SwapRace spends the games on the close pairs whatever card they
cut. Each ranking row names its ``cut`` as well as its ``card``; the answer's ``cut`` is ``"*"``.
A race with one named cut is engine.swaps.SwapRace itself: this leaves its answer unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import CardData, DeckEntry, InvalidSimulation, as_game
from engine.compare import ListPlayer, check_goal
from engine.goldfish import check_bounds, simulation
from engine.swaps import SwapRace, SwapTally, check_swap, race_rounds, swapped

EACH = "*"  # the cut that asks for every card of the list
MAX_PAIRS = 60  # cut × candidate pairs one race may hold (each plays up to every game)


def each_cut_pairs(game: str, entries: Sequence[DeckEntry], candidates: Sequence[CardData]) -> list[tuple[CardData, CardData]]:
    """Every (cut, candidate) the list allows: each distinct card of the list with each candidate that
    may take its place (not itself), in the list's order then the candidates'."""
    cuts = list({e.card.code.upper(): e.card for e in entries}.values())
    pairs = []
    for cut in cuts:
        for card in candidates:
            if card.code.upper() == cut.code.upper():
                continue
            try:
                check_swap(as_game(game), entries, cut.code, [card])
            except InvalidSimulation:
                continue
            pairs.append((cut, card))
    return pairs


class EachCutRace(SwapRace):
    """engine.swaps.SwapRace over (cut, candidate) pairs instead of candidates for one cut."""

    def __init__(self, game: str, entries: Sequence[DeckEntry], *, candidates: Sequence[CardData], goal_field: str,
                 goal_turn: int, games: int, turns: int, seed: int) -> None:
        self.game = as_game(game)
        check_bounds(games, turns, seed)
        self.attr = check_goal(self.game, goal_field, goal_turn, turns)
        self.pairs = each_cut_pairs(game, entries, candidates)
        if not self.pairs:
            raise InvalidSimulation("«candidates»: ninguna candidata puede ocupar el lugar de ninguna carta de la lista.",
                                    field="candidates")
        if len(self.pairs) > MAX_PAIRS:
            raise InvalidSimulation(f"«cut»: probar cada carta da {len(self.pairs)} cambios; como mucho {MAX_PAIRS}: "
                                    "nombra menos candidatas o marca la carta que quitas.", field="cut")
        self.goal_field, self.goal_turn, self.games, self.turns, self.seed = goal_field, goal_turn, games, turns, seed
        self.candidates = [card for _cut, card in self.pairs]
        self.rounds = race_rounds(games, len(self.pairs))
        # Each candidate dealt in its cut card's place (engine.swaps.SwapRace does the same).
        self.players = [ListPlayer(simulation(self.game, entries, turns), (self.attr,))] + [
            ListPlayer(simulation(self.game, swapped(entries, cut.code, card), turns,
                                  in_place_of={card.code: cut.code}), (self.attr,))
            for cut, card in self.pairs
        ]
        self.scratch = [player.sim.new_tally() for player in self.players]
        self.cut = self.pairs[0][0]  # read by SwapRace.report, whose "cut" this report replaces
        self.asked = list(candidates)

    def row_names(self, c: int) -> dict[str, Any]:
        """Each row names the card it cuts before the candidate that takes its place."""
        cut = self.pairs[c][0]
        return {"cut": cut.code, "cut_name": cut.name}

    def report(self, state: SwapTally) -> dict[str, Any]:
        """SwapRace's answer, whose rows name their cuts, with ``"cut": "*"``."""
        return {**super().report(state), "cut": EACH}
