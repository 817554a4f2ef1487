"""The search player's Eliria leaf evaluation (engine/eliria/rollouts.py): what it reads, and that the
search scores a cut rollout by it."""

from __future__ import annotations

import random

from bench.players import random_deck
from engine import find_game
from engine.eliria.match import EliriaMatch
from engine.eliria.rollouts import FEATURES, HORIZON, WEIGHTS, features, leaf_value
from engine.search import SearchPlayer, _score


def _midgame(seed: int, turns: int = 8) -> EliriaMatch:
    """Two random legal decks played by the rule-based players for a few turns."""
    spec = find_game("eliria")
    deck = random_deck("eliria", random.Random(f"leaf:{seed}"))
    match = spec.match([deck, deck], seed=seed, first=0, turn_cap=turns, **spec.prepare([deck, deck]))
    match.play_out([spec.make_policy("rules"), spec.make_policy("rules")])
    assert isinstance(match, EliriaMatch)
    return match


def test_the_two_seats_values_add_up_to_one() -> None:
    for seed in range(4):
        match = _midgame(seed)
        assert len(features(match, 0)) == len(FEATURES) == len(WEIGHTS)
        assert features(match, 0) == [-f for f in features(match, 1)]
        assert abs(leaf_value(match, 0) + leaf_value(match, 1) - 1.0) < 1e-9


def test_losing_a_combatant_lowers_the_value_and_one_in_hand_raises_it() -> None:
    """7.b: combatants on the board and still to come (rule 9) are what a seat lives on."""
    match = _midgame(1)
    side = match.sides[0]
    slot = next(s for s, c in enumerate(side.combat) if c is not None)
    before = leaf_value(match, 0)
    gone = side.combat[slot]
    side.combat[slot] = None
    assert leaf_value(match, 0) < before
    side.combat[slot] = gone
    side.played = 3  # rule 9 spent: a combat card in hand can no longer be played
    spent = leaf_value(match, 0)
    side.played = 0
    assert leaf_value(match, 0) > spent


def test_a_cut_rollout_is_scored_by_the_leaf_and_a_finished_one_by_its_outcome() -> None:
    match = _midgame(2)
    assert match.outcome() is not None and match.outcome().reason == "turn_cap"  # type: ignore[union-attr]
    assert _score(match, 0, cut=True) == leaf_value(match, 0)
    assert _score(match, 0) == 0.5  # the game's own turn cap: a real draw
    assert SearchPlayer().horizon == HORIZON
