"""The goldfish observer keeps the attack costs not yet usable as a bit mask (``_Observer.pending``,
each card's costs in ``_CostMasks``): it must count, game by game, what the set of usable costs counts
(6.a.IV: a face-up combatant with that attack and at least that much power, from turn 2 on, 11.d)."""

from __future__ import annotations

import pytest

from bench.goldfish import effect_deck
from engine.eliria.board import EliriaBoard
from engine.eliria.goldfish import EliriaSimulation, _Observer
from engine.rng import GameRng


class _Checked:
    """The observer, next to the set-based count it replaces (beside it: the compiled engine's classes
    take no subclass written in Python)."""

    def __init__(self, sim: EliriaSimulation, tally) -> None:
        self.sim, self.inner = sim, _Observer(sim, tally)
        self.expected = {k: [0] * sim.turns for k in sim.costs}

    def reset(self) -> None:
        self.inner.reset()
        self.naive = list(self.sim.costs)

    def observe(self, m: EliriaBoard) -> None:
        t, combat = m.turn - 1, m.sides[0].combat
        if t and any(c is not None and c.up and c.power >= c.card.min_cost for c in combat):
            usable = {k for c in combat if c is not None and c.up for k in c.card.costs if k <= c.power}
            for k in [k for k in self.naive if k in usable]:
                self.expected[k][t] += 1
                self.naive.remove(k)
        self.inner.observe(m)


@pytest.mark.parametrize("seed", [0, 5, 20260411])
def test_the_cost_masks_count_the_first_turn_each_attack_cost_is_usable(seed):
    sim = EliriaSimulation(effect_deck(), 12, fast=False)
    tally = sim.new_tally()
    observer = _Checked(sim, tally)
    rng = GameRng(seed, 0)
    for index in range(150):
        rng.start(seed, index)
        observer.reset()
        sim.play_rules(seed, index, tally, rng=rng, observe=observer.observe)
    assert tally.first_usable == observer.expected
    assert any(any(counts) for counts in tally.first_usable.values())
