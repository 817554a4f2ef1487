"""What the rule-based Eliria player's shortcuts assume of the rules, checked at every decision.

``EliriaPlayer`` reads a rival card's resistance in force only when an attack's damage exceeds the
card's printed resistance (``players._floor``): every bonus to a resistance (attached and adjacent
summons, an attack's ``add_resistance``) is 0-12, never a malus, so the printed figure is a floor.
Its answers are compared with the listed choice in ``test_eliria_players.py``; here the floor
itself is checked on random valid effect decks and the bench's decks.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.matchup import decks as bench_decks
from engine import DeckEntry, EliriaPlayer, RandomPolicy
from engine.eliria.match import EliriaMatch

from .test_effects_property import decks


def _floors_hold(deck_a: list[DeckEntry], deck_b: list[DeckEntry], seed: int, games: int) -> int:
    """Play *games* games, checking at every decision that each combatant's resistance in force is
    at least its printed resistance; return how many combatants were checked."""
    checked = 0
    for index in range(games):
        match = EliriaMatch([deck_a, deck_b], seed=seed, index=index, first=index % 2, turn_cap=60)
        policies = [EliriaPlayer(), RandomPolicy()] if index % 2 else [EliriaPlayer(), EliriaPlayer()]
        views = [match.view(p) for p in range(2)]
        rngs = [match.policy_rng(p) for p in range(2)]
        while (pending := match.pending) is not None:
            for p, side in enumerate(match.sides):
                for s, c in enumerate(side.combat):
                    if c is not None:
                        assert match.resistance(p, s) >= c.card.resistance, (c.card.code, p, s)
                        checked += 1
            seat = pending.player
            options = pending.options
            choice = options[0] if len(options) == 1 else policies[seat].choose(views[seat], options, rngs[seat])
            match.push(choice)
    return checked


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=decks(), deck_b=decks(), seed=st.integers(0, 2**32))
def test_the_printed_resistance_is_a_floor_on_random_effect_decks(deck_a, deck_b, seed):
    _floors_hold(deck_a, deck_b, seed, 2)


@pytest.mark.parametrize("seed", [20260511, 5])
def test_the_printed_resistance_is_a_floor_on_the_bench_decks(seed):
    a, b = bench_decks("eliria")
    assert _floors_hold(a, b, seed, 6) > 100
