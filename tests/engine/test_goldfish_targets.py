"""Goldfish beyond the contract: when attack costs become usable, and the chance of
drawing a chosen card or group by turn N, checked against exact odds."""

from __future__ import annotations

import pytest

from engine import Attack, CardData, DeckEntry, Game, run_goldfish
from engine.errors import InvalidSimulation

from .helpers import combat


def _striker(code: str, potential: int, costs: tuple[int, ...]) -> CardData:
    attacks = tuple(Attack(c, f"Ataque {c}", c) for c in costs)
    return CardData(Game.ELIRIA, code, f"Golpeador {code}", "combat", potential=potential, attacks=attacks)


def test_rule_6a_iv_and_12c_attack_costs_first_usable_as_power_rises_one_a_turn():
    # Every card can enter on turn 1 with 0 power; Poder adds one a turn (12.c), so a cost-k attack
    # is first usable on turn k — but never on turn 1, which skips the Ataque phase (11.d).
    deck = [DeckEntry("main", 1, _striker(f"G-{i}", 5, (1, 3, 5))) for i in range(20)]
    result = run_goldfish("eliria", deck, games=200, turns=6, seed=2)
    costs = result["attack_costs"]
    assert set(costs) == {"1", "3", "5"}
    assert costs["1"]["histogram"] == {"2": 200} and costs["1"]["never"] == 0
    assert costs["3"]["histogram"] == {"3": 200} and costs["3"]["mean"] == 3
    assert costs["5"]["histogram"] == {"5": 200}


def test_a_cost_above_the_potential_is_never_usable_and_says_so():
    deck = [DeckEntry("main", 1, _striker(f"G-{i}", 2, (4,))) for i in range(10)]
    result = run_goldfish("eliria", deck, games=50, turns=8, seed=1)
    assert result["attack_costs"]["4"] == {"histogram": {}, "mean": None, "never": 50}


def test_p_watched_card_drawn_by_turn_agrees_with_the_exact_odds():
    # 40 combat cards, no mulligan possible: the first five cards plus one draw a turn from turn 2.
    deck = [DeckEntry("main", 1, combat(f"C-{i}", potential=3, cost=1)) for i in range(40)]
    result = run_goldfish("eliria", deck, games=20_000, turns=6, seed=7, watch=["C-0", "c-1"])
    watch = result["watch"]
    assert watch["cards"] == ["C-0", "C-1"] and watch["copies"] == 2
    for row in watch["per_turn"]:
        low, high = row["ci95"]
        assert low <= row["p_exact_without_mulligan"] <= high, row
    assert watch["per_turn"][0]["p_exact_without_mulligan"] == pytest.approx(1 - (35 * 34) / (40 * 39), abs=1e-6)


def test_watch_does_not_change_the_contract_numbers():
    deck = [DeckEntry("main", 1, combat(f"C-{i}", potential=3, cost=1)) for i in range(30)]
    plain = run_goldfish("eliria", deck, games=500, turns=5, seed=3)
    watched = run_goldfish("eliria", deck, games=500, turns=5, seed=3, watch=["C-4"])
    assert watched["per_turn"] == plain["per_turn"] and watched["mulligans"] == plain["mulligans"]


def test_watch_is_an_eliria_option():
    from .helpers import element, entity

    deck = [DeckEntry("entities", 4, entity("E-1")), DeckEntry("elements", 4, element("L-1"))]
    with pytest.raises(InvalidSimulation):
        run_goldfish("mision", deck, games=5, turns=3, seed=1, watch=["E-1"])
