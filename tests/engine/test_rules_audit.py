"""Probes of the rules audit (issue 22): one test per deviation it found, named after its rule or card.

Each drives the public match API (``new_match``, ``legal_actions``/``push_key``, ``view``,
``outcome``) from a position set by hand (``scenes.scene``) or from the start of a game, and
failed before the fix it proves. The readings they pin are in docs/rules-map.md.
"""

from __future__ import annotations

import pytest

from engine import Attack, CardData, DeckEntry, EliriaMatch, MisionMatch, new_match
from engine.rng import GameRng

from .scenes import FILLER, E, M, events, filler_deck, keys, scene

HITTER = CardData(E, "H-1", "Martillo", "combat", potential=12, resistance=9, attacks=(Attack(1, "Mazazo", 12),))
TEN = CardData(E, "T-10", "Diez", "combat", potential=9, resistance=9, attacks=(Attack(1, "Golpe", 10),))
WEAK = CardData(E, "W-1", "Frágil", "combat", potential=3, resistance=1, attacks=(Attack(1, "Roce", 1),))


def attach(m: EliriaMatch, p: int, k: int, slot: int) -> None:
    sup = m.sides[p].support[k]
    assert sup is not None
    m.bind(p, sup, slot)  # the board's one path of binding (6.c.II)


def discard_codes(m: EliriaMatch, p: int) -> list[str]:
    return [c.code for c in m.sides[p].discard]


# -- 1. Niebla perpetua (BASE-047) and rule 8 --------------------------------------------------------


def test_rule_8_niebla_perpetua_adds_to_the_face_down_card_the_attack_reveals():
    m = scene(boards=({0: (TEN, True, 1)}, {0: (FILLER, False, 0)}), supports=({0: ("BASE-047", True)}, {}))
    m.push_key("end")
    m.push_key("attack:slot0:0")  # 10 damage against 9 + 1: the fog holds
    hit = events(m, "hit")[-1]
    assert (hit["resistance"], hit["destroyed"]) == (10, False)
    assert m.sides[1].combat[0] is not None and m.sides[1].combat[0].up  # revealed all the same


def test_rule_8_devorar_x_is_the_resistance_the_revealed_card_has_against_it():
    m = scene(boards=({0: ("BASE-033", True, 7)}, {0: (FILLER, False, 0)}), supports=({0: ("BASE-047", True)}, {}))
    m.push_key("end")
    m.push_key("attack:slot0:1")  # Devorar: x = the target's resistance + 1
    hit = events(m, "hit")[-1]
    assert (hit["damage"], hit["resistance"], hit["destroyed"]) == (11, 10, True)


# -- 2. Destrucción alquímica (BASE-180) and Hechicera de obsidiana (BASE-021) ------------------------


def test_base_180_cannot_destroy_the_summon_attached_to_base_021():
    m = scene(
        hands=(["BASE-180"], []),
        boards=({0: (FILLER, True, 0)}, {0: ("BASE-021", True, 0)}),
        supports=({0: ("BASE-014", False)}, {0: ("BASE-045", True), 1: ("BASE-014", False)}),
    )
    attach(m, 1, 0, 0)
    m.push_key("play:0:support:up")
    m.push_key("alchemy:support0")
    assert keys(m) == ["destroy:rival:support1"]  # the protected Égida is not offered
    m.push_key("destroy:rival:support1")
    assert m.sides[1].support[0] is not None and discard_codes(m, 1) == ["BASE-014"]


def test_base_180_is_not_offered_only_protected_targets():
    m = scene(
        hands=(["BASE-180"], []),
        boards=({0: (FILLER, True, 0)}, {0: ("BASE-021", True, 0)}),
        supports=({0: ("BASE-014", False)}, {0: ("BASE-045", True)}),
    )
    attach(m, 1, 0, 0)
    m.push_key("play:0:support:up")
    assert m.pending.kind == "movement" and m.sides[0].support[0] is not None  # nothing to trade for


# -- 3. 11.b before 11.c ----------------------------------------------------------------------------


def test_rule_11b_hands_are_dealt_before_the_die_of_11c():
    m = new_match("eliria", [filler_deck(), filler_deck()], seed=5, trace=True)
    assert m.pending.kind == "first"
    winner = m.to_move
    view = m.view(winner)
    assert len(view.me.hand) == 5 and view.rival_hand_size() == 5  # the winner chooses knowing its hand
    order = [e["event"] for e in m.log if e["event"] in ("hand", "roll_first")]
    assert order == ["hand", "hand", "roll_first"]
    m.push_key("first:rival")
    assert m.active == 1 - winner and m.pending.kind == "movement"
    assert len(m.view(1 - winner).me.hand) == 5  # no second hand: 11.d skips the first Inicial


def test_rule_11b_a_mulligan_is_taken_before_the_die_of_11c():
    spell = CardData(E, "S-1", "Hechizo", "summon", subtype="ephemeral")
    deck = [DeckEntry("main", 16, spell), DeckEntry("main", 4, FILLER)]
    for seed in range(40):
        m = new_match("eliria", [deck, filler_deck()], seed=seed, trace=True)
        if m.pending.kind == "mulligan":
            break
    assert m.pending.kind == "mulligan" and m.to_move == 0 and not events(m, "roll_first")


# -- 4. Tierra baldía (BASE-049) ------------------------------------------------------------------------


def test_base_049_discards_face_down_attached_summons_and_forbids_them_face_down():
    m = scene(
        hands=(["BASE-049", "BASE-044"], []),
        boards=({0: ("BASE-001", True, 0)}, {}),
        supports=({1: ("BASE-045", False)}, {0: ("BASE-044", False)}),
    )
    m.push_key("play:0:support:up")
    assert m.sides[0].support[1] is None and m.sides[1].support[0] is None
    assert "BASE-045" in discard_codes(m, 0) and discard_codes(m, 1) == ["BASE-044"]
    assert not [k for k in keys(m) if k.startswith("play:0:")]  # the Espada rúnica, not even face down


# -- 5. Finta (Duelista de Véldora, BASE-018): one path of moving ------------------------------------


def test_base_018_finta_does_not_move_a_card_that_no_podra_moverse():
    m = scene(
        active=1,
        boards=({1: ("BASE-018", True, 3)}, {0: (FILLER, True, 0), 1: ("BASE-023", True, 0)}),
    )
    m.push_key("end")
    m.push_key("attack:slot1:0")  # Estatua vigilante: the Duelista may not move in its next turn
    assert m.active == 0
    assert "move:slot1:slot0" not in keys(m)
    m.push_key("end")
    attacks = [k for k in keys(m) if k.startswith("attack")]
    assert attacks and not [k for k in attacks if ":from" in k]


def test_base_018_finta_is_a_move_that_trampa_de_raices_answers():
    m = scene(
        boards=({1: ("BASE-018", True, 1)}, {0: (FILLER, True, 0)}),
        supports=({}, {0: ("BASE-014", False)}),
    )
    m.push_key("end")
    m.push_key("attack:slot1:0:from0:slot0")
    assert m.to_move == 1 and keys(m) == ["react:support0", "no_react"]
    m.push_key("react:support0")  # Trampa de raíces: the moved card may not attack this turn
    assert m.sides[0].combat[0].card.code == "BASE-018" and not events(m, "hit")
    assert events(m, "attack_cancelled") and m.active == 1


# -- 6. Caballero sin sepultura (BASE-006) and 6.c.II ------------------------------------------------


def test_rule_6cII_base_006_loses_its_attached_summons_when_destroyed_and_returns():
    m = scene(
        boards=({0: (HITTER, True, 3)}, {0: ("BASE-006", True, 2), 1: ("BASE-017", True, 1)}),
        supports=({0: ("EXP-006", True)}, {0: ("BASE-045", True)}),
    )
    attach(m, 1, 0, 0)
    m.push_key("end")
    m.push_key("attack:slot0:0")  # 12 against 5 + 2
    knight = m.sides[1].combat[0]
    assert knight.card.code == "BASE-006" and knight.power == 0  # back to its slot
    assert m.sides[1].support[0] is None and discard_codes(m, 1) == ["BASE-045"]  # 6.c.II
    assert m.sides[1].combat[1].power == 2  # Osario andante heard the destruction
    assert m.to_move == 1 and keys(m) == ["draw:1", "draw:no"]  # and Santuario de los ecos


def test_base_006_returning_leaves_a_combatant_so_defensa_final_does_not_activate():
    m = scene(
        hands=([], [FILLER]),
        boards=({0: (HITTER, True, 3)}, {0: ("BASE-006", True, 2)}),
        supports=({}, {0: ("BASE-011", False)}),
    )
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert events(m, "destroyed") and m.sides[1].combat[0].card.code == "BASE-006"
    assert m.active == 1 and not events(m, "reaction")  # not offered: the knight is back in its slot


# -- 7. Misión S.O.S: "el primer jugador que deje sin elementos de juego a su rival" -----------------

ENTE = CardData(M, "E-1", "Ente", "entity", worlds=(5, 1, 1, 1))
ELEMENT = CardData(M, "L-1", "Elemento", "element", worlds=(1, 1, 1, 1), chest=10)


def _mision_contest() -> MisionMatch:
    deck = [DeckEntry("entities", 6, ENTE), DeckEntry("elements", 20, ELEMENT)]
    m = new_match("mision", [deck, deck], seed=1, first=0, trace=True)
    for key in ("place:water", "place:water", "place:air"):  # seat 0's water Ente fights seat 1's
        m.push_key(key)
    return m


def test_mision_spending_your_last_elemento_in_a_fight_you_win_is_no_loss():
    m = _mision_contest()
    m.sides[1].elementos = m.sides[1].elementos[:1]
    m.push_key("reinforce:no")
    m.push_key("reinforce:yes")  # 5 against 5 + 1: seat 1 holds with its last Elemento de juego
    fight = events(m, "fight")[-1]
    assert fight["winner"] == "defender" and fight["reinforcements"] == [None, "L-1"]
    assert m.outcome() is None  # nobody left it without Elementos: it spent its own
    assert m.active == 1 and len(m.sides[1].elementos) == 1  # its turn: step 1 draws one again


def test_mision_losing_a_fight_with_no_elementos_left_loses_the_game():
    m = _mision_contest()
    m.sides[1].elementos = m.sides[1].elementos[:1]
    m.push_key("reinforce:yes")
    m.push_key("reinforce:yes")  # 6 against 6: the defender holds; the attacker keeps Elementos
    assert m.outcome() is None
    m.sides[0].elementos.clear()
    m.sides[0].elements_deck.clear()
    m.push_key("place:fire")  # seat 1's turn 4: its water Ente fights seat 0's, who cannot reinforce
    m.push_key("reinforce:yes")  # 6 against 5: seat 1 wins the fight
    m.push_key("prize:hidden")
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.loser, outcome.reason) == (1, 0, "no_elements")


# -- 8. Heraldo de la ruina (EXP-015), rule 13, rule 9 and Defensa final (BASE-011) -------------------


def _final_defence_scene(hand: list[str | CardData]) -> EliriaMatch:
    return scene(
        hands=([], hand),
        boards=({0: (HITTER, True, 3)}, {0: (WEAK, True, 0)}),
        supports=({0: ("BASE-014", False)}, {0: ("BASE-011", False)}),
    )


def test_exp_015_entering_through_defensa_final_runs_its_entry_effect():
    m = _final_defence_scene(["EXP-015"])
    m.push_key("end")
    m.push_key("attack:slot0:0")
    m.push_key("react:support0")
    m.push_key("defend:0")
    assert m.sides[1].combat[0].card.code == "EXP-015"
    assert m.sides[0].support[0] is None and discard_codes(m, 0) == ["BASE-014"]  # each player's reaction


def test_rule_9_defensa_final_does_not_play_a_fourth_combatant():
    m = _final_defence_scene([FILLER])
    m.sides[1].played = 3  # the rule of three is spent: the card makes no express exception
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert m.active == 1 and m.pending.kind == "movement"  # not offered; seat 1's turn began
    assert m.sides[1].support[0] is None  # it expired in seat 1's Inicial (12.a), never used


def test_rule_9_defensa_final_counts_towards_the_rule_of_three():
    m = _final_defence_scene([FILLER])
    m.sides[1].played = 2
    m.push_key("end")
    m.push_key("attack:slot0:0")
    m.push_key("react:support0")
    m.push_key("defend:0")
    assert m.sides[1].played == 3


def test_rule_13a_13b_13c_the_view_counts_decks_and_the_rival_hand_and_reads_discard_piles():
    m = scene(hands=([FILLER], [FILLER, WEAK]), boards=({0: (HITTER, True, 3)}, {0: (WEAK, True, 0)}))
    view = m.view(0)
    assert view.deck_size() == m.sides[0].deck_size() and view.deck_size(1) == m.sides[1].deck_size()  # 13.a
    assert view.rival_hand_size() == 2  # 13.b: how many, never which
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert [c.code for c in view.discard(1)] == ["W-1"] and view.discard() == ()  # 13.c


def test_rule_13d_the_rivals_face_down_cards_are_marked_when_its_turn_ends():
    m = scene(hands=(["BASE-014"], []), boards=({0: (FILLER, True, 0)}, {0: (FILLER, True, 0)}))
    m.push_key("play:0:support:down")
    rival = m.view(1)
    assert rival.rival_marked() == []  # played in this turn: not marked yet
    m.push_key("end")
    m.push_key("pass")
    assert m.active == 1 and rival.rival_marked() == [0]


# -- The numbered rules the map had no test for (1, 5, 6.c) -------------------------------------------


def test_rule_1_one_deck_per_seat_and_twelve_sided_dice():
    with pytest.raises(ValueError, match="uno \\(solitario\\) o dos mazos"):
        new_match("eliria", [filler_deck()] * 3, seed=1)
    assert new_match("eliria", [filler_deck()], seed=1).players == 1  # the solitaire table
    rng = GameRng(1)
    assert {rng.d12() for _ in range(2_000)} == set(range(1, 13))  # rule 3: the dice count to 12


def test_rule_5_destroying_the_rivals_combat_cards_wins_at_its_poder_phase():
    m = scene(boards=({0: (HITTER, True, 3)}, {0: (WEAK, True, 0)}))
    m.push_key("end")
    m.push_key("attack:slot0:0")
    assert m.active == 1 and m.outcome() is None  # it may still play a combat card in Movimiento
    m.push_key("end")
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.loser, outcome.reason) == (0, 1, "7.b")


def test_rule_6c_a_summon_is_played_only_in_its_owners_turn():
    m = scene(
        hands=([], ["BASE-043"]),
        boards=({0: (WEAK, True, 1)}, {0: (FILLER, True, 0)}),
        supports=({}, {0: ("BASE-012", False)}),
    )
    m.push_key("end")
    m.push_key("attack:slot0:0")  # seat 1's card survives: seat 1 decides in seat 0's turn
    assert m.to_move == 1 and keys(m) == ["react:support0", "no_react"]  # a reaction, never a summon
    m.push_key("no_react")
    assert m.active == 1 and "play:0:support:up" in keys(m)  # in its own turn it may
