"""Policies worth trusting: the rule-based players beat the random baseline clearly."""

from __future__ import annotations

from engine import EliriaGoldfishPlayer, EliriaMatch, RandomPolicy, run_matchup

from .scenes import catalogue_decks, filler_deck, mision_decks

GAMES = 200


def _rules_share(game: str, a: list, b: list) -> float:
    """Share of games the rule-based player wins against RandomPolicy, each deck in each role."""
    first = run_matchup(game, a, b, games=GAMES // 2, seed=2026, policy_a="rules", policy_b="random")
    second = run_matchup(game, a, b, games=GAMES // 2, seed=2027, policy_a="random", policy_b="rules")
    return (first["wins_a"] + second["wins_b"]) / GAMES


def test_the_rule_based_eliria_player_beats_random_play():
    share = _rules_share("eliria", *catalogue_decks())
    assert share >= 0.70, share


def test_the_rule_based_mision_player_beats_random_play():
    share = _rules_share("mision", *mision_decks())
    assert share >= 0.70, share


def test_the_random_policy_picks_among_the_legal_actions():
    match = EliriaMatch([filler_deck(), filler_deck()], seed=1, first=0)
    outcome = match.play_out([RandomPolicy(), RandomPolicy()])
    assert outcome is not None and len(match.decisions) > 3


def test_the_goldfish_policy_plays_like_the_goldfish():
    """Combat cards without † face up, highest potential first, leftmost slot; summons only face up
    (when they help, docs/contract.md §5); never attacks."""
    a, _ = catalogue_decks()
    match = EliriaMatch([a], seed=3, first=0, trace=True)
    match.play_out([EliriaGoldfishPlayer()])
    plays = [e for e in match.log if e["event"] in ("play", "play_support", "attack")]
    assert plays and all(e["event"] != "attack" and e["up"] for e in plays)
    combat = [e for e in plays if e["event"] == "play"]
    assert [e["slot"] for e in combat] == list(range(len(combat)))
    assert match.outcome().reason in ("7.b", "7.c")


def test_the_goldfish_policy_agrees_with_the_goldfish_numbers():
    """The decision-driven solitaire under EliriaGoldfishPlayer and the fast goldfish loop play the
    same rules: their mean highest power per turn agree (different shuffles, same law)."""
    from engine import run_goldfish

    a, _ = catalogue_decks()
    turns, games = 5, 600
    fast = run_goldfish("eliria", a, games=2000, turns=turns, seed=1)
    totals = [0] * turns
    for index in range(games):
        match = EliriaMatch([a], seed=7, index=index, first=0, trace=True, turn_cap=turns)
        match.play_out([EliriaGoldfishPlayer()])
        for e in match.log:
            if e["event"] == "power":
                totals[e["turn"] - 1] += max(p for p in e["powers"] if p is not None)
    for t in range(turns):
        assert abs(totals[t] / games - fast["per_turn"][t]["mean_power_max"]) < 0.15
