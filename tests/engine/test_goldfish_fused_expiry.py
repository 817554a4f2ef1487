"""The goldfish's fused turns discard expiring reactions (12.a, 6.b) as the rules' Inicial phase does.

The goldfish never plays a reaction, so none of the games of ``test_goldfish_fused.py`` has one on its
board: here each game starts with a face-down reaction put on a summon/reaction slot, in both runners.
"""

from __future__ import annotations

from bench.goldfish import effect_deck
from engine.eliria.cardinfo import REACTION
from engine.eliria.goldfish import EliriaSimulation
from engine.eliria.match import EliriaMatch
from engine.eliria.state import Support
from engine.rng import GameRng

from .test_goldfish_fused import _game


def _sim(fused: bool) -> EliriaSimulation:
    sim = EliriaSimulation(effect_deck(), 10, fast=False)
    sim.fused = fused
    reaction = next(c for c in sim.table.cards if c.kind == REACTION)
    made = sim.new_match

    def new_match(seed: int, index: int, *, trace: bool = False, rng: GameRng | None = None) -> EliriaMatch:
        match = made(seed, index, trace=trace, rng=rng)
        support = match.sides[0].support
        support[index % len(support)] = Support(reaction, False, match.turn)
        return match

    sim.new_match = new_match  # type: ignore[method-assign]
    return sim


def test_fused_turns_discard_expiring_reactions_as_the_rules():
    fused, rules = _sim(True), _sim(False)
    for index in range(40):
        assert _game(fused, 20260411, index) == _game(rules, 20260411, index), index
        match = fused.play_rules(20260411, index, fused.new_tally())
        assert any(c.kind == REACTION for c in match.sides[0].discard), index  # it expired (12.a)
