"""Eliria goldfish, rule by rule (rules 7, 9, 11 and 12)."""

from __future__ import annotations

import pytest

from engine import DeckEntry, hypergeometric_at_least, run_goldfish, wilson_interval
from engine.eliria.game import EliriaDeck, EliriaGame

from .helpers import combat, reaction, summon, token


def deck_of(*groups: tuple[int, object]) -> list[DeckEntry]:
    """Entries from (copies, card factory) pairs, one distinct card per copy (rule 4)."""
    entries: list[DeckEntry] = []
    for copies, make in groups:
        entries += [DeckEntry("main", 1, make(f"{make.__name__}-{len(entries)}")) for _ in range(copies)]  # type: ignore[operator]
    return entries


def run(entries, **kw):
    kw.setdefault("games", 200)
    kw.setdefault("turns", 10)
    kw.setdefault("seed", 7)
    return run_goldfish("eliria", entries, **kw)


def column(result, key):
    return [t[key] for t in result["per_turn"]]


# Rule 11.b: the mulligan ---------------------------------------------------------------------


def test_rule_11b_mulligan_count_includes_the_failing_redraw():
    # Seven cards, none playable: 7 -> 6 -> 5 -> 4 cards; the third redraw cannot be made (7.c).
    result = run(deck_of((7, reaction)))
    assert result["mulligans"] == {"mean": 3.0, "histogram": {"3": 200}, "lost": 200}
    assert result["losses"] == {"deck_out": 200, "no_combatant": 0}
    assert column(result, "p_alive") == [0.0] * 10
    assert column(result, "mean_hand") == [None] * 10  # no game alive to average over


def test_rule_11b_mulligan_returns_hand_to_deck_and_discards_one():
    deck = EliriaDeck.from_entries(deck_of((1, combat), (14, reaction)))
    for seed in range(50):
        game = EliriaGame(deck, seed)
        game.opening()
        assert not game.lost
        assert len(game.hand) == 5 and any(deck.playable[c] for c in game.hand)
        # Each mulligan sent exactly one card to the discard pile; the others went back.
        assert len(game.hand) + len(game.pile) == 15 - game.mulligans


def test_rule_11b_mulligan_discards_a_card_the_goldfish_cannot_use_first():
    # Hands of reactions and † combat cards: the reaction goes before the † card.
    deck = EliriaDeck.from_entries(deck_of((1, combat), (5, reaction), (5, lambda c: combat(c, cross=True))))
    trace: list[dict] = []
    for seed in range(30):
        EliriaGame(deck, seed, trace).opening()
    discarded = [e["discarded"] for e in trace if e["event"] == "mulligan"]
    assert discarded and all(code.startswith("reaction") for code in discarded)


def test_rule_11b_mulligans_histogram_and_mean_agree():
    result = run(deck_of((3, combat), (37, summon)), games=2000)
    hist = result["mulligans"]["histogram"]
    assert sum(hist.values()) == 2000
    assert result["mulligans"]["mean"] == round(sum(int(k) * v for k, v in hist.items()) / 2000, 6)
    assert hist["0"] / 2000 == result["opening_hand"]["p_combat_simulated"]


# Rule 7.c: drawing from an empty deck --------------------------------------------------------


def test_rule_7c_deck_under_five_cards_loses_at_the_opening_draw():
    result = run(deck_of((4, combat)))
    assert result["losses"]["deck_out"] == 200
    assert result["mulligans"] == {"mean": 0.0, "histogram": {"0": 200}, "lost": 200}
    assert result["opening_hand"]["p_combat_exact"] == 0.0
    assert column(result, "p_alive") == [0.0] * 10


def test_rule_7c_inicial_draw_from_an_empty_deck_loses():
    # Ten combat cards: five in hand, turns 2–6 draw the rest, turn 7 finds the deck empty.
    result = run(deck_of((10, combat)))
    assert column(result, "p_alive") == [1.0] * 6 + [0.0] * 4
    assert result["losses"] == {"deck_out": 200, "no_combatant": 0}
    assert column(result, "mean_power_max")[6:] == [0.0] * 4  # lost games count 0


# Rule 7.b: no combatant in the Poder phase ------------------------------------------------------


def test_rule_7b_poder_without_combatant_loses():
    game = EliriaGame(EliriaDeck.from_entries(deck_of((6, reaction))), 1)
    game.poder()
    assert game.lost == "no_combatant"


def test_rule_7b_never_happens_to_a_goldfish_with_a_kept_hand():
    # 11.b guarantees a playable card on turn 1 and nothing is ever destroyed.
    assert run(deck_of((1, combat), (20, reaction)), games=500)["losses"]["no_combatant"] == 0


# Rule 11.d: the first turn ------------------------------------------------------------------


def test_rule_11d_first_turn_skips_the_inicial_draw():
    result = run(deck_of((20, combat)))
    assert column(result, "mean_deck")[:3] == [15.0, 14.0, 13.0]
    assert column(result, "mean_hand")[:3] == [2.0, 3.0, 4.0]  # three played on turn 1


def test_rule_11d_first_turn_has_no_attack():
    result = run(deck_of((20, lambda c: combat(c, potential=5, cost=1))))
    assert column(result, "p_attack_ready")[:2] == [0.0, 1.0]


def test_trace_shows_the_phases_in_order():
    result = run(deck_of((20, combat)), games=1, turns=2, trace=True)
    steps = [(e["turn"], e["phase"], e["event"]) for e in result["trace"]]
    assert steps[:2] == [(0, "inicio", "shuffle"), (0, "inicio", "draw_hand")]
    assert (1, "inicial", "skip") in steps and (2, "inicial", "draw") in steps
    assert steps.index((1, "inicial", "skip")) < steps.index((1, "movimiento", "play"))
    assert steps[-1] == (2, "ataque", "no_target")
    assert all({"turn", "phase", "event"} <= set(e) for e in result["trace"])


# Rules 9 and 12.b: playing combatants ------------------------------------------------------------


def test_rule_9_three_combat_cards_from_hand_per_game():
    result = run(deck_of((30, combat)))
    assert column(result, "mean_combatants") == [3.0] * 10
    assert column(result, "mean_hand")[:3] == [2.0, 3.0, 4.0]


def test_rule_9_rule_of_three_holds_even_when_slots_free_up():
    game = EliriaGame(EliriaDeck.from_entries(deck_of((30, combat))), 3)
    game.opening()
    game.play_turn(1)
    assert game.played == 3
    game.board.clear()  # as if the three were destroyed
    game.power.clear()
    game.movimiento()
    assert game.board == [] and game.played == 3


def test_rule_12b_highest_potential_played_first():
    entries = [DeckEntry("main", 1, combat(f"P{p}", potential=p)) for p in (1, 8, 2, 9, 3)]
    game = EliriaGame(EliriaDeck.from_entries(entries), 0)
    game.opening()
    game.movimiento()
    assert sorted((game.deck.potential[c] for c in game.board), reverse=True) == [9, 8, 3]


def test_cross_combat_cards_are_never_played():
    result = run(deck_of((1, combat), (20, lambda c: combat(c, cross=True))))
    # Every game still alive holds exactly its one combat card without †.
    assert column(result, "mean_combatants") == column(result, "p_combatant") == column(result, "p_alive")


def test_tokens_are_not_part_of_the_simulated_deck():
    entries = [
        *deck_of((10, combat)),
        DeckEntry("tokens", 5, token("T-1")),
        DeckEntry("main", 1, token("T-2")),
    ]
    result = run(entries)
    assert result["deck"] == {"cards": 10, "combat": 10}


# Rule 12.c: power ----------------------------------------------------------------------------


def test_rule_12c_power_rises_by_one_per_turn_up_to_potential():
    result = run(deck_of((30, lambda c: combat(c, potential=3))))
    assert column(result, "mean_power_max") == [1.0, 2.0, 3.0] + [3.0] * 7
    assert column(result, "mean_power_total") == [3.0, 6.0, 9.0] + [9.0] * 7


def test_rule_12c_potential_zero_combatant_stays_at_zero_but_counts():
    result = run(deck_of((10, lambda c: combat(c, potential=0))), turns=3)
    assert column(result, "mean_power_max") == [0.0] * 3
    assert column(result, "p_combatant") == [1.0] * 3


def test_rule_12c_a_late_combatant_enters_with_zero_power():
    entries = [
        DeckEntry("main", 1, combat("A", potential=9)),
        DeckEntry("main", 1, combat("B", potential=9)),
        *deck_of((8, reaction)),
    ]
    game = EliriaGame(EliriaDeck.from_entries(entries), 0)
    game.hand, game.pile = [0], list(range(2, 10))  # A in hand, only reactions to draw
    game.play_turn(1)
    assert game.power == [1]
    game.hand.append(1)  # B arrives
    game.play_turn(2)
    assert game.power == [2, 1]
    game.play_turn(3)
    assert game.power == [3, 2]


# Opening hand: exact against simulated ----------------------------------------------------------


def test_opening_hand_exact_is_hypergeometric():
    result = run(deck_of((12, combat), (4, lambda c: combat(c, cross=True)), (24, reaction)), games=10)
    assert result["opening_hand"]["p_combat_exact"] == round(float(hypergeometric_at_least(40, 12, 5)), 6)


def test_opening_hand_simulated_agrees_with_exact_within_wilson_interval():
    # The 40-card deck of the bench, 20,000 games: the exact law must sit inside the 95%
    # interval the report gives (a fixed seed keeps the test deterministic).
    entries = deck_of((12, combat), (4, lambda c: combat(c, cross=True)), (24, reaction))
    hand = run(entries, games=20_000, turns=1, seed=2026)["opening_hand"]
    low, high = hand["p_combat_ci95"]
    assert low <= hand["p_combat_exact"] <= high
    hits = round(hand["p_combat_simulated"] * 20_000)
    assert [round(x, 6) for x in wilson_interval(hits, 20_000)] == [low, high]


@pytest.mark.parametrize(("combats", "size"), [(1, 40), (5, 40), (3, 10), (1, 5), (5, 5)])
def test_opening_hand_simulated_agrees_with_exact_for_other_decks(combats, size):
    # Several comparisons at once: a 99.9% interval (z = 3.29) keeps the family-wise risk low.
    entries = deck_of((combats, combat), (size - combats, reaction))
    hand = run(entries, games=20_000, turns=1, seed=2026)["opening_hand"]
    low, high = wilson_interval(round(hand["p_combat_simulated"] * 20_000), 20_000, z=3.29)
    assert low <= float(hypergeometric_at_least(size, combats, 5)) <= high
