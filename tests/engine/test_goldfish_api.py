"""The goldfish entry point (docs/contract.md §5): keys, bounds, seeds, determinism, progress."""

from __future__ import annotations

import json

import pytest

from engine import EngineError, InvalidSimulation, TraceNotAllowed, UnknownGame, run_goldfish
from engine.goldfish import run_range, simulation

from .helpers import combat, element, entity, main, reaction
from .test_mision_goldfish import deck as mision_deck

ELIRIA = [
    *main(*(combat(f"C-{i}", potential=1 + i % 7, cost=i % 4) for i in range(12))),
    *main(*(combat(f"X-{i}", cross=True) for i in range(4))),
    *main(*(reaction(f"R-{i}") for i in range(24))),
]
MISION = mision_deck(6, 30)
MISION_MIXED = [*MISION, *[e for e in mision_deck(1, 10, chest=9)[1:]]]


def dumps(result) -> str:
    return json.dumps(result, sort_keys=True)


def test_eliria_answer_has_the_contract_keys():
    result = run_goldfish("eliria", ELIRIA, games=50, turns=4, seed=3)
    assert {"game", "games", "turns", "seed", "per_turn", "mulligans", "losses", "opening_hand"} <= set(
        result
    )
    assert (result["game"], result["games"], result["turns"], result["seed"]) == ("eliria", 50, 4, 3)
    assert set(result["mulligans"]) >= {"mean", "histogram"}
    assert set(result["losses"]) == {"deck_out", "no_combatant"}
    assert set(result["opening_hand"]) >= {"p_combat_exact", "p_combat_simulated"}
    assert [t["turn"] for t in result["per_turn"]] == [1, 2, 3, 4]
    assert all({"p_alive", "p_combatant", "mean_power_max"} <= set(t) for t in result["per_turn"])
    assert all(isinstance(k, str) for k in result["mulligans"]["histogram"])
    assert "trace" not in result


def test_mision_answer_has_the_contract_keys():
    result = run_goldfish("mision", MISION, games=50, turns=6, seed=3)
    assert {"game", "games", "turns", "seed", "per_turn", "win_turn"} <= set(result)
    assert set(result["win_turn"]) == {"mean", "histogram", "never"}
    assert all("mean_chest" in t for t in result["per_turn"])


@pytest.mark.parametrize(("game", "entries"), [("eliria", ELIRIA), ("mision", MISION_MIXED)])
def test_same_seed_gives_identical_json(game, entries):
    first = dumps(run_goldfish(game, entries, games=3000, turns=10, seed=123))
    assert dumps(run_goldfish(game, entries, games=3000, turns=10, seed=123)) == first
    assert dumps(run_goldfish(game, entries, games=3000, turns=10, seed=124)) != first


def test_results_are_json_ready_and_floats_have_six_decimals():
    result = run_goldfish("eliria", ELIRIA, games=777, turns=5, seed=9)
    assert json.loads(json.dumps(result)) == result
    for turn in result["per_turn"]:
        for value in turn.values():
            if isinstance(value, float):
                assert value == round(value, 6)


def test_progress_is_called_every_thousand_games_and_at_the_end_and_changes_nothing():
    calls: list[tuple[int, int]] = []
    with_progress = run_goldfish("eliria", ELIRIA, games=2500, seed=5, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1000, 2500), (2000, 2500), (2500, 2500)]
    assert dumps(with_progress) == dumps(run_goldfish("eliria", ELIRIA, games=2500, seed=5))


def test_without_seed_one_is_chosen_and_returned():
    result = run_goldfish("eliria", ELIRIA, games=20)
    assert isinstance(result["seed"], int) and 0 <= result["seed"] < 2**53
    assert dumps(run_goldfish("eliria", ELIRIA, games=20, seed=result["seed"])) == dumps(result)


@pytest.mark.parametrize("game", ["eliria", "mision"])
def test_split_ranges_merge_into_the_whole_run(game):
    entries = ELIRIA if game == "eliria" else MISION_MIXED
    sim = simulation(game, entries, 10)
    whole = run_range(sim, 42, 0, 900)
    parts = [run_range(sim, 42, a, b) for a, b in ((0, 250), (250, 251), (251, 900))]
    merged = sim.new_tally()
    for part in reversed(parts):
        merged.merge(part)
    assert dumps(sim.report(merged)) == dumps(sim.report(whole))


def test_a_game_does_not_depend_on_the_games_before_it():
    sim = simulation("eliria", ELIRIA, 10)
    alone: list[dict] = []
    run_range(sim, 42, 77, 78, trace=alone)
    after_others: list[dict] = []
    run_range(sim, 42, 70, 78, trace=after_others)
    starts = [i for i, e in enumerate(after_others) if e["event"] == "shuffle"]
    assert len(starts) == 8
    assert after_others[starts[-1] :] == alone
    first: list[dict] = []
    run_range(sim, 42, 0, 1, trace=first)
    assert first == run_goldfish("eliria", ELIRIA, games=1, seed=42, trace=True)["trace"] != alone


def test_trace_with_one_game():
    result = run_goldfish("mision", MISION, games=1, turns=3, seed=1, trace=True)
    assert isinstance(result["trace"], list) and result["trace"]
    assert [e["turn"] for e in result["trace"]] == sorted(e["turn"] for e in result["trace"])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"games": 0},
        {"games": 100_001},
        {"turns": 0},
        {"turns": 51},
        {"games": True},
        {"games": 2.0},
        {"turns": "10"},
        {"seed": -1},
        {"seed": "abc"},
        {"seed": 1.5},
    ],
)
def test_bounds_are_checked(kwargs):
    with pytest.raises(InvalidSimulation) as caught:
        run_goldfish("eliria", ELIRIA, **kwargs)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, EngineError)
    assert str(caught.value)


def test_bounds_themselves_are_allowed():
    assert run_goldfish("eliria", ELIRIA, games=1, turns=50, seed=0)["turns"] == 50
    assert len(run_goldfish("mision", MISION, games=1, turns=1, seed=0)["per_turn"]) == 1


def test_trace_needs_exactly_one_game():
    with pytest.raises(TraceNotAllowed):
        run_goldfish("eliria", ELIRIA, games=2, trace=True)


def test_unknown_game():
    with pytest.raises(UnknownGame):
        run_goldfish("poker", ELIRIA)


def test_cards_of_the_other_game_are_ignored():
    mixed = [*ELIRIA, *main(entity("MS-9"), element("MS-8"))]
    assert dumps(run_goldfish("eliria", mixed, games=100, seed=1)) == dumps(
        run_goldfish("eliria", ELIRIA, games=100, seed=1)
    )
