"""Matchups: seeded, reproducible byte for byte, any game replayable by its index."""

from __future__ import annotations

import json

import pytest

from engine import InvalidSimulation, matchup_game, replay, run_matchup

from .scenes import catalogue_decks, mision_decks

ELIRIA_A, ELIRIA_B = catalogue_decks()
MISION_A, MISION_B = mision_decks()


def dumps(result: dict) -> str:
    return json.dumps(result, sort_keys=True)


@pytest.mark.parametrize(("game", "a", "b"), [("eliria", ELIRIA_A, ELIRIA_B), ("mision", MISION_A, MISION_B)])
def test_a_seeded_matchup_is_reproducible_byte_for_byte(game, a, b):
    first = run_matchup(game, a, b, games=40, seed=9)
    assert dumps(first) == dumps(run_matchup(game, a, b, games=40, seed=9))
    assert dumps(first) != dumps(run_matchup(game, a, b, games=40, seed=10))


def test_the_answer_has_wins_rate_interval_reasons_and_lengths():
    result = run_matchup("eliria", ELIRIA_A, ELIRIA_B, games=30, seed=2)
    assert result["wins_a"] + result["wins_b"] + result["draws"] == 30 == result["games_played"]
    assert result["win_rate_a"] == round(result["wins_a"] / 30, 6)
    low, high = result["win_rate_a_ci95"]
    assert low <= result["win_rate_a"] <= high
    reasons = {r for side in ("a", "b") for r in result["reasons"][side]}
    assert reasons <= {"7.a", "7.b", "7.c"}
    assert sum(result["length"]["histogram"].values()) == 30 and result["length"]["mean"] > 1
    assert result["starts"]["a"]["games"] == result["starts"]["b"]["games"] == 15  # alternating
    assert result["stopped_early"] is False and len(result["per_game"]) == 30


def test_misión_reasons_are_chest_or_no_elements():
    result = run_matchup("mision", MISION_A, MISION_B, games=30, seed=2, policy_b="random")
    reasons = {r for side in ("a", "b") for r in result["reasons"][side]}
    assert reasons <= {"chest_30", "no_elements"}
    assert set(result["reasons"]["draw"]) <= {"stalemate", "repetition"}  # never the turn cap (issue 35)


def small_mision(entes: int, elements: int, offset: int) -> list:
    a, b = MISION_A, MISION_B
    ents = [e for e in a + b if e.card.type == "entity"][offset:offset + entes]
    els = [e for e in a + b if e.card.type == "element"][offset:offset + elements]
    return ents + els


def test_small_misión_decks_end_early_as_draws_with_their_reason_and_replay():
    """Five Entes and ten Elementos: at most three prizes, so neither BAÚL can reach 30, and the rule-based
    player never spends its last Elementos de juego; once both decks are empty the game is a stalemate."""
    a, b = small_mision(5, 10, 0), small_mision(5, 10, 7)
    result = run_matchup("mision", a, b, games=40, seed=35)
    assert result["draws"] == 40 and result["reasons"]["draw"] == {"stalemate": 40}
    assert max(int(t) for t in result["length"]["histogram"]) < 12  # not the 200-turn cap
    assert dumps(result) == dumps(run_matchup("mision", a, b, games=40, seed=35))  # the same games
    record = matchup_game("mision", a, b, 35, 3)
    assert record["outcome"]["reason"] == "stalemate" and record["winner"] is None
    assert replay(record["header"], record["decisions"]).outcome().as_dict() == record["outcome"]


@pytest.mark.parametrize(("game", "a", "b"), [("eliria", ELIRIA_A, ELIRIA_B), ("mision", MISION_A, MISION_B)])
def test_any_game_replays_by_its_index(game, a, b):
    result = run_matchup(game, a, b, games=12, seed=5)
    for index, winner, reason, turns in result["per_game"][::5]:
        record = matchup_game(game, a, b, 5, index)
        assert (record["winner"], record["outcome"]["reason"], record["outcome"]["turn"]) == (
            winner,
            reason,
            turns,
        )
        assert record["first"] == ("a" if index % 2 == 0 else "b")
        assert record["events"] and record["decisions"]
        again = replay(record["header"], record["decisions"])
        assert again.outcome().as_dict() == record["outcome"]


def test_processes_split_the_games_without_changing_the_answer():
    one = run_matchup("mision", MISION_A, MISION_B, games=24, seed=4)
    two = run_matchup("mision", MISION_A, MISION_B, games=24, seed=4, processes=2)
    assert dumps(one) == dumps(two)


def test_a_time_limit_stops_early_and_says_so():
    result = run_matchup("eliria", ELIRIA_A, ELIRIA_B, games=100_000, seed=1, time_limit=0.05)
    assert result["stopped_early"] is True
    assert 0 < result["games_played"] < 100_000
    assert result["wins_a"] + result["wins_b"] + result["draws"] == result["games_played"]


def test_the_turn_cap_ends_games_in_draws():
    result = run_matchup("eliria", ELIRIA_A, ELIRIA_B, games=6, seed=1, turn_cap=3)
    assert result["draws"] == 6 and result["reasons"]["draw"] == {"turn_cap": 6}
    assert result["win_rate_a"] == 0.0


def test_a_matchup_without_seed_says_which_it_used():
    result = run_matchup("mision", MISION_A, MISION_B, games=2)
    assert isinstance(result["seed"], int)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"games": 0},
        {"games": 100_001},
        {"seed": -1},
        {"time_limit": 0},
        {"turn_cap": 0},
        {"policy_a": "genius"},
    ],
)
def test_bad_arguments_are_refused(kwargs):
    args = {"games": 2, "seed": 1, **kwargs}
    with pytest.raises(InvalidSimulation):
        run_matchup("eliria", ELIRIA_A, ELIRIA_B, **args)


@pytest.mark.parametrize(("game", "a", "b"), [("eliria", ELIRIA_A, ELIRIA_B), ("mision", MISION_A, MISION_B)])
@pytest.mark.parametrize("steps", [(1,), (3, 5), (0, 7, 2, 30), (12,)])
def test_a_matchup_played_in_steps_answers_as_one_run(game, a, b, steps):
    """``SteppedMatchup``, a matchup played in steps: the answer is the one-go answer, whatever the
    steps."""
    from engine.matchup import SteppedMatchup

    whole = run_matchup(game, a, b, games=12, seed=77, policy_a="rules", policy_b="random")
    run = SteppedMatchup(game, a, b, games=12, seed=77, policy_a="rules", policy_b="random")
    for stop in steps:
        run.play_to(stop)
    assert run.played == min(max(steps), 12)
    assert json.dumps(run.answer()) == json.dumps(whole)  # the same keys in the same order
    unseeded = SteppedMatchup(game, a, b, games=3)
    unseeded.play_to(1)
    answer = unseeded.answer()
    assert dumps(answer) == dumps(run_matchup(game, a, b, games=3, seed=answer["seed"]))
