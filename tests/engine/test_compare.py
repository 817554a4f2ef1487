"""Paired goldfish and swap races (docs/contract.md §6): each side is the plain goldfish, a list
against itself differs by exactly nothing, the 95 % intervals are calibrated, and a race is the
same however it is sliced."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import DeckEntry, Game, InvalidSimulation, compare_goldfish, run_goldfish, swap_ranking
from engine.catalogue import load_catalogue
from engine.compare import PAIRED_FIELDS, PairedGoldfish, paired_interval, t_quantile
from engine.swaps import SwapRace, race_rounds

from .helpers import combat, element, entity, main, reaction, summon

CATALOGUE = Path(__file__).resolve().parents[2] / "data/catalogue"


def vanilla(extra=None) -> list[DeckEntry]:
    """40 cards on the fast path: 14 combat of potentials 1–7, 13 reactions, 13 summons."""
    cards = [combat(f"C-{i:02}", potential=1 + i % 7, cost=1 + i % 3) for i in range(14)]
    cards += [reaction(f"R-{i:02}") for i in range(13)] + [summon(f"S-{i:02}") for i in range(13)]
    if extra is not None:  # one reaction out, *extra* in
        cards = [extra if c.code == "R-00" else c for c in cards]
    return main(*cards)


def bundled(codes: list[str]) -> list[DeckEntry]:
    lookup = load_catalogue(CATALOGUE / "eliria.json")
    return [DeckEntry("main", 1, lookup.by_code(code)) for code in codes]


# Bundled cards with effects the goldfish plays: the full-rules path.
EFFECTS = ["BASE-001", "BASE-003", "BASE-005", "BASE-007", "BASE-008", "BASE-009", "BASE-010", "BASE-016",
           "BASE-017", "BASE-019", "BASE-022", "BASE-025", "BASE-043", "BASE-044", "BASE-045", "BASE-011"]


def mision_deck(chest: int = 5) -> list[DeckEntry]:
    entes = [DeckEntry("entities", 1, entity(f"E-{i}", (1 + i % 4, 2, 3 - i % 3, 4))) for i in range(8)]
    return entes + [DeckEntry("elements", 16, element("L-1", chest)), DeckEntry("elements", 4, element("L-2", 10))]


def every_interval(result):
    for row in result["diff"]["per_turn"]:
        for key, value in row.items():
            if key != "turn":
                yield key, value
    for key in ("mulligans_mean", "win_turn_mean"):
        if result["diff"].get(key) is not None:
            yield key, result["diff"][key]


@pytest.mark.parametrize("game, deck, turns", [
    ("eliria", vanilla(), 10), ("eliria", bundled(EFFECTS), 6), ("mision", mision_deck(), 10),
])
def test_a_list_against_itself_differs_by_exactly_zero_everywhere(game, deck, turns):
    result = compare_goldfish(game, deck, deck, games=300, turns=turns, seed=5)
    intervals = list(every_interval(result))
    assert len(intervals) >= turns * len(PAIRED_FIELDS[Game(game)])
    assert all(v == {"delta": 0.0, "ci95": [0.0, 0.0]} for _, v in intervals)
    assert result["a"] == result["b"] and result["paired"] is True and result["seed"] == 5


@pytest.mark.parametrize("game, deck_a, deck_b", [
    ("eliria", vanilla(), vanilla(combat("X-1", potential=9))),
    ("eliria", bundled(EFFECTS), bundled(EFFECTS[:-1] + ["BASE-020"])),
    ("mision", mision_deck(), mision_deck(chest=4)),
])
def test_each_side_is_exactly_the_plain_goldfish_answer(game, deck_a, deck_b):
    result = compare_goldfish(game, deck_a, deck_b, games=200, turns=6, seed=9)
    assert result["a"] == run_goldfish(game, deck_a, games=200, turns=6, seed=9)
    assert result["b"] == run_goldfish(game, deck_b, games=200, turns=6, seed=9)
    assert list(result["a"]) == list(run_goldfish(game, deck_a, games=200, turns=6, seed=9))
    for t, row in enumerate(result["diff"]["per_turn"]):  # delta is the difference of the means
        for name, _ in PAIRED_FIELDS[Game(game)]:
            assert row[name]["delta"] == pytest.approx(
                result["b"]["per_turn"][t][name] - result["a"]["per_turn"][t][name], abs=2e-6)


def test_ranges_merge_into_the_whole_run():
    a, b = vanilla(), vanilla(combat("X-1", potential=9))
    paired = PairedGoldfish("eliria", a, b, 5)
    tally = paired.new_tally()
    for start, stop in ((0, 70), (70, 71), (71, 250)):
        tally.merge(paired.run_range(4, start, stop))
    assert paired.report(tally, 4) == compare_goldfish("eliria", a, b, games=250, turns=5, seed=4)


def test_one_stronger_card_raises_the_highest_power_and_nothing_else_it_cannot_touch():
    # A reaction the goldfish never plays, replaced by a potential-9 combatant (12.c: +1 a turn).
    result = compare_goldfish("eliria", vanilla(), vanilla(combat("X-1", potential=9)), games=2000, turns=8, seed=1)
    late = result["diff"]["per_turn"][7]
    assert late["mean_power_max"]["delta"] > 0 and late["mean_power_max"]["ci95"][0] > 0
    assert result["diff"]["per_turn"][0]["p_alive"] == {"delta": 0.0, "ci95": [0.0, 0.0]}  # nobody loses on turn 1


def test_mision_win_turn_is_paired_over_games_both_sides_won_and_null_without_any():
    result = compare_goldfish("mision", mision_deck(), mision_deck(chest=10), games=300, turns=12, seed=2)
    win = result["diff"]["win_turn_mean"]
    assert win["delta"] < 0 and win["ci95"][1] < 0  # bigger prizes win sooner
    assert result["diff"]["win_turn_games"] <= min(300 - result[s]["win_turn"]["never"] for s in "ab")
    assert compare_goldfish("mision", mision_deck(), mision_deck(), games=50, turns=2, seed=2)["diff"]["win_turn_mean"] is None


def test_the_interval_is_students_t_and_exact_when_every_difference_is_equal():
    assert t_quantile(1) == pytest.approx(12.7062, abs=1e-4)
    assert t_quantile(30) == pytest.approx(2.0423, abs=1e-4)
    assert t_quantile(31) < t_quantile(30) and abs(t_quantile(31) - 2.0395) < 1e-4
    assert t_quantile(10**9) == pytest.approx(1.96, abs=1e-4)
    assert paired_interval(5, 10, 20) == {"delta": 2.0, "ci95": [2.0, 2.0]}
    assert paired_interval(1, 3, 9) == {"delta": 3.0, "ci95": None} and paired_interval(0, 0, 0) is None


@pytest.mark.slow  # hundreds of simulated comparisons: about 18 s, the slowest engine test

def test_the_95_interval_covers_the_long_run_difference_about_95_percent_of_the_time():
    """Calibration: 200 independent comparisons of 100 games each (seeds 0–199) against the
    difference of a 20,000-game run (another seed); for each number, coverage within three binomial
    standard deviations of 95 %. The lists differ by five cards, so most games differ: the t
    interval needs a fair number of games with a difference (bench/pairing.py shows what rare ones do)."""
    a = vanilla()
    swaps = {f"R-0{i}": combat(f"X-{i}", potential=3 + i, cost=2) for i in range(5)}
    b = [DeckEntry(e.section, e.quantity, swaps.get(e.card.code, e.card)) for e in a]
    paired = PairedGoldfish("eliria", a, b, 4)
    truth_tally = paired.run_range(987_654, 0, 20_000)
    index = {name: f for f, (name, _) in enumerate(PAIRED_FIELDS[paired.game])}
    fields = [("mean_power_total", 1), ("mean_power_total", 3), ("mean_combatants", 2), ("mean_power_max", 3)]
    truth = {(name, t): truth_tally.sums[index[name]][t] / truth_tally.games for name, t in fields}
    covered = dict.fromkeys(truth, 0)
    trials = 200
    for seed in range(trials):
        tally = paired.run_range(seed, 0, 100)
        for name, t in fields:
            f = index[name]
            interval = paired_interval(tally.games, tally.sums[f][t], tally.squares[f][t])
            assert interval is not None and interval["ci95"] is not None
            low, high = interval["ci95"]
            covered[(name, t)] += low <= truth[(name, t)] <= high
    tolerance = 3 * (trials * 0.95 * 0.05) ** 0.5
    for key, n in covered.items():
        assert abs(n - 0.95 * trials) <= tolerance, (key, n / trials)


# ---------------------------------------------------------------- swap races
def swap_deck() -> list[DeckEntry]:
    return vanilla()


CANDIDATES = [combat("K-9", potential=9), combat("K-5", potential=5), reaction("K-R"), combat("K-1", potential=1)]


def test_the_race_ranks_the_candidates_best_first_and_stops_the_clearly_worse():
    result = swap_ranking("eliria", swap_deck(), cut="R-00", candidates=CANDIDATES, goal_field="mean_power_max",
                          goal_turn=6, games=1600, turns=6, seed=8)
    ranking = result["ranking"]
    assert [row["card"] for row in ranking][:2] == ["K-9", "K-5"]
    assert ranking[0]["games"] == 1600 and all(row["games"] <= 1600 for row in ranking)
    reaction_row = next(row for row in ranking if row["card"] == "K-R")
    assert reaction_row == {**reaction_row, "delta": 0.0, "ci95": [0.0, 0.0]}  # a reaction for a reaction
    assert reaction_row["games"] < 1600  # clearly behind: it stopped early
    assert result["cut"] == "R-00" and result["goal"] == {"field": "mean_power_max", "turn": 6}


def test_a_race_is_the_same_however_it_is_sliced():
    kw = dict(cut="R-00", candidates=CANDIDATES, goal_field="mean_power_max", goal_turn=5, games=700, turns=5, seed=3)
    whole = swap_ranking("eliria", swap_deck(), **kw)
    race = SwapRace("eliria", swap_deck(), **kw)
    merged, state = race.new_tally(), race.new_tally()
    for start in range(0, 700, 37):
        merged.merge(race.play(state, start, min(start + 37, 700)))
    assert race.report(merged) == whole == race.report(state)


def test_rounds_double_up_to_the_games_and_start_with_enough_games():
    assert race_rounds(1000, 20)[-1] == 1000 and race_rounds(1000, 20)[0] >= 30
    assert race_rounds(10, 20) == [10] and race_rounds(5000, 2) == [2500, 5000]


@pytest.mark.parametrize("kw, field", [
    ({"cut": "NOPE"}, "«cut»"),
    ({"candidates": [combat("C-01")]}, "«candidates»"),  # rule 4: already in the list (by name)
    ({"candidates": [combat(f"Z-{i}") for i in range(21)]}, "«candidates»"),
    ({"candidates": [element("L-9")]}, "«candidates»"),
    ({"goal_field": "mean_hand"}, "«goal.field»"),
    ({"goal_turn": 7}, "«goal.turn»"),
])
def test_a_race_refuses_what_it_cannot_play_naming_the_field(kw, field):
    args = dict(cut="R-00", candidates=CANDIDATES[:1], goal_field="p_alive", goal_turn=2, games=10, turns=6, seed=1)
    with pytest.raises(InvalidSimulation, match=field):
        swap_ranking("eliria", swap_deck(), **{**args, **kw})


def test_mision_candidates_take_the_place_of_a_card_of_their_own_type():
    deck = mision_deck()
    result = swap_ranking("mision", deck, cut="L-1", candidates=[element("L-7", 7)], goal_field="mean_chest",
                          goal_turn=6, games=200, turns=6, seed=4)
    assert result["ranking"][0]["delta"] > 0  # every copy of L-1 (16) becomes a bigger prize
    with pytest.raises(InvalidSimulation, match="mismo tipo"):
        swap_ranking("mision", deck, cut="L-1", candidates=[entity("E-9")], goal_field="mean_chest",
                     goal_turn=6, games=20, turns=6, seed=4)


# ---------------------------------------------------------------- two versions against one rival
def test_matchup_versions_are_each_the_plain_matchup_and_paired_game_by_game():
    from engine import run_matchup
    from engine.matchup_compare import PairedMatchup, compare_matchups

    rival = bundled(EFFECTS[8:] + EFFECTS[:4])
    a, b = bundled(EFFECTS), bundled(EFFECTS[:-1] + ["BASE-020"])
    result = compare_matchups("eliria", a, b, rival, games=24, seed=6)
    assert result["a"] == run_matchup("eliria", a, rival, games=24, seed=6)
    assert result["b"] == run_matchup("eliria", b, rival, games=24, seed=6)
    wins = result["b"]["win_rate_a"] - result["a"]["win_rate_a"]
    assert result["diff"]["win_rate"]["delta"] == pytest.approx(wins, abs=2e-6) and result["paired"] is True
    itself = compare_matchups("eliria", a, a, rival, games=12, seed=6)["diff"]
    assert itself == {"win_rate": {"delta": 0.0, "ci95": [0.0, 0.0]}, "score": {"delta": 0.0, "ci95": [0.0, 0.0]}}
    paired = PairedMatchup("eliria", a, b, rival, seed=6)
    tally = paired.run_range(0, 10)
    tally.merge(paired.run_range(10, 24))
    assert paired.report(tally, 24, False) == result


def test_the_cut_card_as_its_own_candidate_changes_nothing():
    cut = next(e.card for e in swap_deck() if e.card.code == "R-00")
    result = swap_ranking("eliria", swap_deck(), cut="r-00", candidates=[cut, CANDIDATES[0]], goal_field="p_alive",
                          goal_turn=6, games=100, turns=6, seed=2)
    row = next(row for row in result["ranking"] if row["card"] == "R-00")
    assert row["delta"] == 0.0 and row["ci95"] == [0.0, 0.0]
