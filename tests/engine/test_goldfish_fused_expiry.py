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

from .test_goldfish_fused import _played


def _sim(fused: bool) -> EliriaSimulation:
    sim = EliriaSimulation(effect_deck(), 10, fast=False)
    sim.fused = fused
    return sim


def _with_reaction(sim: EliriaSimulation, index: int) -> EliriaMatch:
    """Game *index*, a face-down reaction put on one of its summon/reaction slots before it starts."""
    match = sim.new_match(20260411, index)
    reaction = next(c for c in sim.table.cards if c.kind == REACTION)
    support = match.sides[0].support
    support[index % len(support)] = Support(reaction, False, match.turn)
    return match


def _game(sim: EliriaSimulation, index: int) -> str:
    tally = sim.new_tally()
    return _played(sim, sim.play_match(_with_reaction(sim, index), tally), tally)


def test_fused_turns_discard_expiring_reactions_as_the_rules():
    fused, rules = _sim(True), _sim(False)
    for index in range(40):
        assert _game(fused, index) == _game(rules, index), index
        match = fused.play_match(_with_reaction(fused, index), fused.new_tally())
        assert any(c.kind == REACTION for c in match.sides[0].discard), index  # it expired (12.a)
