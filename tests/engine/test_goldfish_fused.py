"""The goldfish's fused turns (``EliriaMatch.quiet_end``) play the very game ``push(END)`` plays,
and its quick Movimiento choice (``EliriaGoldfishPlayer.movement_choice``) is its choice from the list.

With ``fused`` on, the goldfish runner plays the quiet steps of a turn in one loop and hands the
turn to the rules' own steps the moment a card could act; with it off, every ``end`` goes through
``Match._apply`` and the rules. Both must give the same decisions, the same table at the end, the
same outcome and the same tallies, game by game and over ranges, on random effect decks (the
vocabulary's own strategy) and on the bundled decks full of texts.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.goldfish import effect_deck, synthetic_deck
from engine import eliria_state
from engine.eliria.goldfish import EliriaSimulation
from engine.goldfish import run_range

from .test_effects_property import decks
from .test_golden import _eliria_deck


def _sim(deck, turns: int, fused: bool, watch=(), *, quick: bool = True) -> EliriaSimulation:
    sim = EliriaSimulation(deck, turns, watch, fast=False)
    sim.fused, sim.quick = fused, quick
    return sim


def _game(sim: EliriaSimulation, seed: int, index: int) -> str:
    """One game through the full rules: its decisions, outcome, last table and tally, as one string."""
    tally = sim.new_tally()
    return _played(sim, sim.play_rules(seed, index, tally), tally)


def _played(sim: EliriaSimulation, match, tally) -> str:  # type: ignore[no-untyped-def]
    """A game played to its end (:func:`_game`), as one string."""
    outcome = match.outcome()
    assert outcome is not None
    return json.dumps(
        {"decisions": match.decisions, "outcome": outcome.as_dict(), "table": eliria_state(match),
         "turn": match.turn, "report": sim.report(tally)},
        sort_keys=True, default=str,
    )  # fmt: skip


def _same_games(deck, seed: int, games: int, turns: int) -> None:
    """Fused turns, ``end`` pushed through the rules, and every choice made from the listed actions."""
    fused, rules, listed = _sim(deck, turns, True), _sim(deck, turns, False), _sim(deck, turns, False, quick=False)
    for index in range(games):
        game = _game(fused, seed, index)
        assert game == _game(rules, seed, index), (seed, index)
        assert game == _game(listed, seed, index), (seed, index)


def _same_range(deck, seed: int, games: int, turns: int) -> None:
    watch = [next(e.card.code for e in deck if e.section == "main")]
    fused, rules = _sim(deck, turns, True, watch), _sim(deck, turns, False, watch)
    a = json.dumps(fused.report(run_range(fused, seed, 0, games)), sort_keys=True)
    assert a == json.dumps(rules.report(run_range(rules, seed, 0, games)), sort_keys=True)


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(deck=decks(), seed=st.integers(0, 2**32), turns=st.integers(1, 14))
def test_fused_turns_play_the_games_of_the_rules_on_random_effect_decks(deck, seed, turns):
    _same_games(deck, seed, 6, turns)
    _same_range(deck, seed, 12, turns)


@pytest.mark.parametrize("name", ["effects", "vanilla", "golden"])
def test_fused_turns_play_the_games_of_the_rules_on_bundled_decks(name):
    deck = {"effects": effect_deck, "vanilla": synthetic_deck, "golden": _eliria_deck}[name]()
    for seed in (0, 7, 20260411):
        _same_games(deck, seed, 25, 12)
    _same_range(deck, 99, 300, 10)


def test_fused_turns_reach_the_turn_cap_and_the_end_of_the_deck():
    """Long games: the cap of turns and an empty deck (7.c) hand the turn to the rules."""
    for deck in (effect_deck(), synthetic_deck()):
        _same_games(deck, 3, 10, 45)
        _same_range(deck, 4, 60, 45)


def test_a_traced_game_takes_the_rules_turn_by_turn():
    """With a trace the runner pushes ``end`` (events stay those of the rules); the tallies agree."""
    deck = effect_deck()
    fused, rules = _sim(deck, 10, True), _sim(deck, 10, False)
    for index in range(10):
        a, b = fused.new_tally(), rules.new_tally()
        trace_a: list = []
        trace_b: list = []
        fused.play_rules(5, index, a, trace_a)
        rules.play_rules(5, index, b, trace_b)
        assert trace_a == trace_b
        assert fused.report(a) == rules.report(b)
