"""Eliria played by decisions: each test proves one rule (its number in the test's name)."""

from __future__ import annotations

import pytest

from engine import Attack, CardData, DeckEntry, EliriaMatch, IllegalAction
from engine.eliria.cardinfo import CardTable

from .scenes import FILLER, E, end_turn, events, filler_deck, info, keys, scene

WEAK = CardData(E, "W-1", "Débil", "combat", potential=5, resistance=2, attacks=(Attack(1, "Golpe", 3),))
STRONG = CardData(E, "S-1", "Fuerte", "combat", potential=9, resistance=3, attacks=(Attack(1, "Golpe", 3),))
X_CARD = CardData(E, "X-1", "Equis", "combat", potential=9, resistance=3, attacks=(Attack(2, "Equis", None),))
REACTION = CardData(E, "R-1", "Reacción inútil", "reaction")
SUMMON = CardData(E, "V-1", "Invocación desconocida", "summon", subtype="ephemeral")


def test_rule_2_each_seat_has_three_combat_and_five_summon_slots():
    m = scene()
    assert [len(s.combat) for s in m.sides] == [3, 3]
    assert [len(s.support) for s in m.sides] == [5, 5]


def test_rule_11b_first_hand_of_five_and_no_mulligan_with_a_combat_card():
    m = EliriaMatch([filler_deck(), filler_deck()], seed=3, first=0)
    assert [len(s.hand) for s in m.sides] == [5, 5]
    assert m.pending is not None and m.pending.kind == "movement"
    assert [s.mulligans for s in m.sides] == [0, 0]


def _mulligan_match() -> EliriaMatch:
    deck = [
        DeckEntry("main", 1, FILLER),
        *(DeckEntry("main", 1, CardData(E, f"R-{i}", f"R {i}", "reaction")) for i in range(20)),
    ]
    for seed in range(100):
        m = EliriaMatch([deck, filler_deck()], seed=seed, first=0)
        if m.pending is not None and m.pending.kind == "mulligan":
            return m
    raise AssertionError("no seed gives a mulligan")


def test_rule_11b_mulligan_the_player_chooses_the_discard_and_the_rest_returns():
    m = _mulligan_match()
    side = m.sides[0]
    assert keys(m) == [*(f"mulligan_discard:{i}" for i in range(5)), "mulligan_keep"]
    chosen = side.hand[2]
    m.push_key("mulligan_discard:2")
    assert side.discard == [chosen]
    assert side.mulligans == 1
    assert len(side.hand) == 5 and len(side.deck) == 21 - 1 - 5
    assert chosen not in side.hand or side.hand.count(chosen) == 0


def test_rule_11b_the_mulligan_is_a_right_a_kept_hand_plays_on():
    m = _mulligan_match()
    hand = list(m.sides[0].hand)
    m.push_key("mulligan_keep")
    assert m.sides[0].hand == hand and m.sides[0].mulligans == 0
    assert m.pending is not None and m.pending.kind == "movement"


def test_rule_11b_and_7c_a_mulligan_that_cannot_redraw_five_loses():
    deck = [DeckEntry("main", 8, REACTION)]
    m = EliriaMatch([deck, filler_deck()], seed=1, first=0)
    while m.pending is not None:
        m.push_key("mulligan_discard:0")
    outcome = m.outcome()
    assert outcome is not None and (outcome.reason, outcome.loser, outcome.winner) == ("7.c", 0, 1)
    assert m.sides[0].mulligans == 4


def test_rule_11c_the_winner_of_the_die_roll_chooses_who_starts():
    m = EliriaMatch([filler_deck(), filler_deck()], seed=5, trace=True)
    assert m.pending is not None and m.pending.kind == "first"
    winner = m.to_move
    assert keys(m) == ["first:me", "first:rival"]
    roll = events(m, "roll_first")[0]
    assert roll["winner"] == winner and roll["rolls"][winner] > roll["rolls"][1 - winner]
    m.push_key("first:rival")
    assert m.first == 1 - winner and m.active == 1 - winner


def test_rule_11d_the_starting_player_skips_inicial_and_ataque_in_turn_1():
    m = EliriaMatch([filler_deck(), filler_deck()], seed=1, first=0, trace=True)
    assert len(m.sides[0].hand) == 5  # no Inicial draw
    m.push_key("play:0:slot0:up")
    m.push_key("end")
    assert events(m, "attack_skipped")[0]["rule"] == "11.d"
    assert m.turn == 2 and m.active == 1
    assert len(m.sides[1].hand) == 6  # the second player draws in its first Inicial


def test_rule_12a_inicial_sends_reactions_to_the_discard_pile_and_draws_one():
    m = scene(
        boards=({0: (FILLER, True, 1)}, {0: (FILLER, True, 1)}),
        supports=({0: (REACTION, False)}, {}),
    )
    hand = len(m.sides[0].hand)
    end_turn(m)  # seat 0
    end_turn(m)  # seat 1
    side = m.sides[0]
    assert m.active == 0 and side.support[0] is None
    assert [c.code for c in side.discard] == ["R-1"]
    assert len(side.hand) == hand + 1


def test_rule_7c_an_inicial_draw_from_an_empty_deck_loses():
    m = scene(boards=({0: (FILLER, True, 1)}, {}))
    m.sides[1].deck.clear()
    m.push_key("end")
    outcome = m.outcome()
    assert outcome is not None and (outcome.reason, outcome.loser, outcome.winner) == ("7.c", 1, 0)


def test_rule_7b_no_combatant_in_the_poder_phase_loses():
    m = scene()
    m.push_key("end")
    outcome = m.outcome()
    assert outcome is not None and (outcome.reason, outcome.loser) == ("7.b", 0)


def test_rule_9_only_three_combat_cards_from_hand_per_game():
    m = scene(hands=([FILLER, FILLER], []))
    m.sides[0].played = 2
    m._ask_movement()
    assert "play:0:slot0:up" in keys(m)
    m.push_key("play:0:slot0:up")
    assert m.sides[0].played == 3
    assert not [k for k in keys(m) if k.startswith("play:")]


def test_rule_8_face_down_play_power_up_to_9_and_trimmed_to_the_potential_on_reveal():
    m = scene(hands=([FILLER], []), boards=({1: (FILLER, False, 8)}, {0: (FILLER, True, 0)}))
    assert {"play:0:slot0:down", "play:0:slot0:up"} <= set(keys(m))
    m.push_key("play:0:slot0:down")
    end_turn(m)
    assert m.sides[0].combat[1].power == 9  # face down: up to 9 whatever the potential (12.c)
    assert m.sides[0].combat[0].power == 1
    end_turn(m)
    m.push_key("reveal:slot1")
    comb = m.sides[0].combat[1]
    assert comb.up and comb.power == 3  # trimmed to the potential of 3


def test_rule_8_face_down_cannot_attack_but_is_attacked_and_revealed():
    m = scene(boards=({0: (WEAK, False, 5)}, {0: (STRONG, True, 3)}))
    m.push_key("end")
    assert events(m, "no_attack")  # face down: no attack to declare
    m.push_key("end")  # seat 1's Movimiento
    assert "attack:slot0:0" in keys(m)
    m.push_key("attack:slot0:0")
    reveal = events(m, "reveal")[-1]
    assert reveal["player"] == 0 and reveal["rule"] == "8"


def test_rule_10_only_the_combatant_directly_in_front_can_be_attacked():
    m = scene(boards=({0: (STRONG, True, 3)}, {1: (WEAK, True, 0)}))
    m.push_key("end")
    assert m.active == 1 and events(m, "no_attack")
    m = scene(boards=({0: (STRONG, True, 3)}, {0: (WEAK, True, 0), 1: (WEAK, True, 0)}))
    m.push_key("end")
    assert keys(m) == ["attack:slot0:0", "pass"]


@pytest.mark.parametrize(("resistance", "destroyed"), [(3, False), (2, True)])
def test_rule_6aV_destroyed_only_when_the_damage_exceeds_the_resistance(resistance, destroyed):
    target = CardData(E, "T-1", "Blanco", "combat", potential=1, resistance=resistance)
    m = scene(boards=({0: (STRONG, True, 3)}, {0: (target, True, 0)}))
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert events(m, "hit")[-1]["destroyed"] is destroyed
    assert (m.sides[1].combat[0] is None) is destroyed
    assert ([c.code for c in m.sides[1].discard] == ["T-1"]) is destroyed


def test_rule_6aIV_variable_damage_x_is_the_attackers_power():
    m = scene(boards=({0: (X_CARD, True, 6)}, {0: (FILLER, True, 0)}))
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert events(m, "hit")[-1]["damage"] == 7  # 6 + 1 from the Poder phase


def test_rule_12b_one_move_per_turn_to_an_adjacent_free_slot():
    m = scene(boards=({1: (FILLER, True, 0)}, {}))
    assert {k for k in keys(m) if k.startswith("move")} == {"move:slot1:slot0", "move:slot1:slot2"}
    m.push_key("move:slot1:slot2")
    assert m.sides[0].combat[2] is not None and m.sides[0].combat[1] is None
    assert not [k for k in keys(m) if k.startswith("move")]


def test_rule_12c_power_grows_by_one_up_to_the_potential():
    m = scene(boards=({0: (FILLER, True, 3), 1: (FILLER, True, 1)}, {}))
    m.push_key("end")
    assert [c.power for c in m.sides[0].combat if c] == [3, 2]


def test_rule_12d_one_attack_per_turn_then_the_turn_ends():
    m = scene(
        boards=({0: (STRONG, True, 3), 1: (STRONG, True, 3)}, {0: (FILLER, True, 0), 1: (FILLER, True, 0)})
    )
    m.push_key("end")
    assert {"attack:slot0:0", "attack:slot1:0", "pass"} == set(keys(m))
    m.push_key("attack:slot1:0")
    assert m.active == 1 and m.turn == 4 and len(events(m, "attack")) == 1


def test_rule_12d_declaring_an_attack_spends_no_power():
    m = scene(boards=({0: (STRONG, True, 3)}, {0: (FILLER, True, 0)}))
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert m.sides[0].combat[0].power == 4


def test_rule_14b_a_destroyed_token_vanishes():
    m = scene(boards=({0: (STRONG, True, 3)}, {0: ("BASE-109", True, 0)}))
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert m.sides[1].combat[0] is None and m.sides[1].discard == []
    assert events(m, "destroyed")[-1]["token"] is True


def test_rule_14_tokens_listed_with_the_deck_are_not_drawn():
    table = CardTable(
        [[DeckEntry("main", 10, FILLER), DeckEntry("tokens", 1, info(scene(), "BASE-109").data)]]
    )
    assert len(table.piles[0]) == 10


def test_rule_6b_reactions_are_played_face_down_only():
    m = scene(hands=([REACTION], []), boards=({0: (FILLER, True, 0)}, {}))
    assert [k for k in keys(m) if k.startswith("play")] == ["play:0:support:down"]


def test_rule_6cI_an_ephemeral_summon_takes_effect_and_leaves_at_the_end_of_the_turn():
    m = scene(hands=(["BASE-043"], []), boards=({0: (FILLER, True, 1)}, {0: (FILLER, True, 0)}))
    m.push_key("play:0:support:up")
    assert m.sides[0].combat[0].power == 2  # Marea de vigor: +1 to face-up combatants
    end_turn(m)
    assert m.sides[0].support[0] is None and [c.code for c in m.sides[0].discard] == ["BASE-043"]


def test_rule_6cII_an_attached_summon_is_destroyed_with_its_combatant():
    m = scene(
        hands=([], ["BASE-045"]),
        boards=({0: (STRONG, True, 5)}, {0: (WEAK, True, 0)}),
        active=1,
        turn=2,
    )
    m.push_key("play:0:support:up")
    assert keys(m) == ["attach:slot0"]
    m.push_key("attach:slot0")
    assert m.resistance(1, 0) == 4  # Égida de plata: +2
    end_turn(m)
    m.push_key("end")
    m.push_key("attack:slot0:0")  # 3 damage vs 4: survives
    assert m.sides[1].combat[0] is not None
    m.sides[0].combat[0].card = info(m, X_CARD)  # now x = 6 damage
    end_turn(m)
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert m.sides[1].combat[0] is None
    assert m.sides[1].support[0] is None and {c.code for c in m.sides[1].discard} == {"W-1", "BASE-045"}


def test_rule_6cIII_a_field_summon_stays_and_applies_to_both_players():
    """Niebla perpetua, played by seat 0, gives +1 to the face-down card an attack reveals (rule 8),
    whichever seat owns it."""
    ten = CardData(E, "T-10", "Diez", "combat", potential=9, resistance=9, attacks=(Attack(1, "Golpe", 10),))
    m = scene(
        hands=(["BASE-047"], []),
        boards=({0: (ten, True, 1), 1: (FILLER, False, 0)}, {0: (FILLER, False, 0), 1: (ten, True, 1)}),
    )
    m.push_key("play:0:support:up")
    m.push_key("end")
    m.push_key("attack:slot0:0")  # seat 0 attacks seat 1's face-down card: 10 against 9 + 1
    m.push_key("end")
    m.push_key("attack:slot1:0")  # seat 1 attacks seat 0's face-down card: the same
    assert m.sides[0].support[0] is not None
    assert [(h["player"], h["resistance"], h["destroyed"]) for h in events(m, "hit")] == [(0, 10, False), (1, 10, False)]


def test_rule_6aIII_and_8_a_passive_works_only_face_up():
    """Ánima del pozo leaves a token when destroyed face up (an attack reveals it first, rule 8);
    destroyed face down by an effect, its passive never applies."""
    m = scene(boards=({0: (X_CARD, True, 8)}, {0: ("BASE-005", False, 0)}))
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert m.sides[1].combat[0].card.code == "BASE-051"
    frail = CardData(E, "Q-1", "Frágil", "combat", potential=1, resistance=1)
    m = scene(
        hands=(["BASE-150"], []),
        boards=({0: (frail, True, 0), 1: (FILLER, True, 0)}, {0: ("BASE-005", False, 0)}),
    )
    m.push_key("play:0:support:up")
    m.push_key("offer:slot0")
    m.push_key("destroy:rival:slot0")
    assert m.sides[1].combat[0] is None and [c.code for c in m.sides[1].discard] == ["BASE-005"]


def test_unknown_cards_are_played_as_vanilla_cards():
    m = scene(hands=([SUMMON], []), boards=({0: (FILLER, True, 0)}, {}))
    m.push_key("play:0:support:up")
    assert m.sides[0].support[0] is not None and m.pending.kind == "movement"


def test_push_refuses_an_action_that_is_not_legal_now():
    m = scene(boards=({0: (FILLER, True, 0)}, {}))
    with pytest.raises(IllegalAction, match="no es una decisión válida"):
        m.push_key("attack:slot0:0")
    other = scene(hands=([FILLER], []))
    action = other.legal_actions()[0]
    with pytest.raises(IllegalAction):
        m.push(action)


def test_rule_7a_a_player_may_resign_at_any_time():
    m = scene(boards=({0: (FILLER, True, 0)}, {}))
    m.push_key("resign:1")
    outcome = m.outcome()
    assert outcome is not None and (outcome.reason, outcome.winner, outcome.loser) == ("7.a", 0, 1)
    assert m.decisions[-1] == "resign:1" and m.legal_actions() == []
    with pytest.raises(IllegalAction):
        m.push_key("end")
