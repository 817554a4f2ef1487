"""The official rulings as scenarios (data/rulings, docs/rules/eliria.txt): PRIMERO, SEGUNDO, CUARTO, QUINTO."""

from __future__ import annotations

from engine import Attack, CardData, DeckEntry, EliriaMatch
from engine.eliria.cardinfo import CardTable

from .scenes import FILLER, E, card, end_turn, events, keys, scene

HITTER = CardData(
    E, "H-1", "Martillo", "combat", potential=12, resistance=9, attacks=(Attack(1, "Mazazo", 12),)
)
BRUTE = CardData(E, "B-1", "Bruto", "combat", potential=5, resistance=5, attacks=(Attack(1, "Golpe", 1),))


# -- PRIMERO (260220): tokens are sacrificed only where the effect allows it expressly (14.a) -------


def test_ruling_primero_the_cannon_may_sacrifice_a_token():
    m = scene(boards=({0: ("BASE-105", True, 0), 1: ("BASE-109", True, 0)}, {}))
    assert "sacrifice:slot0:slot1" in keys(m)
    m.push_key("sacrifice:slot0:slot1")
    side = m.sides[0]
    assert side.combat[1] is None and side.discard == []  # 14.b: the token vanishes
    assert side.combat[0].power == 1 and side.combat[0].charge == 1  # Token de fisión: resistance 1
    assert events(m, "charge")[-1]["rule"] == "PRIMERO"


def test_ruling_primero_the_cannon_shot_is_the_last_sacrifice_plus_3_and_empties_it():
    m = scene(boards=({0: ("BASE-105", True, 3), 1: ("BASE-109", True, 0)}, {0: (BRUTE, True, 0)}))
    m.push_key("sacrifice:slot0:slot1")
    m.push_key("end")  # power 4 + 1 capped at the potential 4
    m.push_key("attack:slot0:1")  # Disparo de ofrenda
    assert events(m, "hit")[-1]["damage"] == 1 + 3
    assert m.sides[0].combat[0].power == 0


def test_ruling_primero_first_edition_text_of_the_cannon_follows_the_ruling_too():
    for code in ("BASE-105", "EXP-010"):
        m = scene(boards=({0: (code, True, 0), 2: ("BASE-109", True, 0)}, {}))
        assert "sacrifice:slot0:slot2" in keys(m)


def test_ruling_primero_asymmetric_destruction_cannot_sacrifice_tokens():
    m = scene(
        hands=(["BASE-150"], []),
        boards=({0: ("BASE-109", True, 0)}, {0: (FILLER, True, 0)}),
    )
    m.push_key("play:0:support:up")
    assert events(m, "no_effect")  # the token is the only thing to sacrifice: no effect
    assert m.sides[0].combat[0] is not None and m.sides[1].combat[0] is not None


def test_ruling_primero_asymmetric_destruction_sacrifices_a_combat_card():
    m = scene(
        hands=(["BASE-150"], []),
        boards=({0: ("BASE-109", True, 0), 1: (BRUTE, True, 0)}, {0: (FILLER, True, 0), 2: (BRUTE, True, 0)}),
    )
    m.push_key("play:0:support:up")
    assert keys(m) == ["offer:slot1", "skip"]  # the token is not offered (14.a)
    m.push_key("offer:slot1")
    assert keys(m) == ["destroy:rival:slot0"]  # only the rival card of greater resistance (9 > 5)
    m.push_key("destroy:rival:slot0")
    assert m.sides[0].combat[1] is None and m.sides[1].combat[0] is None
    assert m.sides[0].combat[0] is not None  # the token stays


def test_ruling_primero_fission_organism_makes_tokens_from_outside_the_deck():
    m = scene(boards=({0: ("BASE-108", True, 2)}, {}))
    deck = len(m.sides[0].deck)
    m.push_key("end")  # Poder: 3 power, then its passive may take 3 for a token
    assert m.pending.kind == "token" and keys(m) == ["token:slot1", "token:slot2", "skip"]
    m.push_key("token:slot2")
    side = m.sides[0]
    assert side.combat[2].card.code == "BASE-109" and side.combat[2].card.is_token
    assert side.combat[0].power == 0
    assert len(side.deck) == deck and side.played == 0  # not from the deck, not in the rule of three


def test_ruling_primero_tokens_are_not_part_of_the_deck():
    deck = [DeckEntry("main", 10, FILLER), DeckEntry("tokens", 1, card("BASE-109"))]
    assert len(CardTable([deck]).piles[0]) == 10


# -- SEGUNDO (260410): Defensa final only for the last combatant; then nothing more from hand -------


def _attack_scene(rival_board: dict, hand: list) -> EliriaMatch:
    m = scene(
        hands=([], hand),
        boards=({0: (HITTER, True, 1), 1: (HITTER, True, 1)}, rival_board),
        supports=({}, {0: ("BASE-011", False)}),
    )
    m.push_key("end")
    return m


def test_ruling_segundo_final_defence_does_not_activate_while_another_combatant_remains():
    m = _attack_scene({0: (BRUTE, True, 0), 1: (BRUTE, True, 0)}, [FILLER])
    m.push_key("attack:slot0:0")
    assert m.active == 1 and m.pending.kind == "movement"  # no reaction was offered
    assert not events(m, "reaction")  # it expired unused at seat 1's Inicial (6.b)


def test_ruling_segundo_final_defence_activates_when_the_last_combatant_is_destroyed():
    m = _attack_scene({0: (BRUTE, True, 0)}, [FILLER, "BASE-043"])
    m.push_key("attack:slot0:0")
    assert m.to_move == 1 and keys(m) == ["react:support0", "no_react"]
    m.push_key("react:support0")
    assert keys(m) == ["defend:0"]
    m.push_key("defend:0")
    side = m.sides[1]
    assert side.combat[0].card.code == "F-1" and side.combat[0].power == 3  # with 3 power
    assert side.locked and events(m, "final_defence")[0]["rule"] == "SEGUNDO"
    assert side.support[0] is None and "BASE-011" in [c.code for c in side.discard]
    # Seat 1's next turn: no card from hand to the board, though the rule of three allows two more
    # (the defence's own play counts as one: rule 9, docs/rules-map.md).
    assert m.active == 1 and side.played == 1
    side.hand.append(side.combat[0].card)
    m._ask_movement()
    assert not [k for k in keys(m) if k.startswith("play")]


def test_ruling_segundo_final_defence_needs_a_combat_card_in_hand():
    m = _attack_scene({0: (BRUTE, True, 0)}, ["BASE-043"])
    m.push_key("attack:slot0:0")
    assert m.active == 1 and m.pending.kind == "movement"


# -- CUARTO (260413): «Medidas desesperadas» stops only the attacked combatant -------------------


def _desperate(seed: int) -> EliriaMatch:
    return scene(
        seed=seed,
        boards=({0: ("BASE-102", True, 3), 1: (FILLER, True, 0)}, {0: (BRUTE, True, 4), 1: (BRUTE, True, 4)}),
    )


def _roll(hit: bool) -> EliriaMatch:
    for seed in range(200):
        m = _desperate(seed)
        m.push_key("end")
        m.push_key("attack:slot0:1")  # Medidas desesperadas
        if events(m, "roll")[-1]["hit"] is hit:
            return m
    raise AssertionError("no seed gives that roll")


def test_ruling_cuarto_on_a_hit_only_the_attacked_combatant_cannot_attack_next_turn():
    m = _roll(True)
    assert events(m, "roll")[-1]["roll"] >= 7 and events(m, "roll")[-1]["rule"] == "CUARTO"
    m.push_key("end")  # seat 1's Movimiento
    assert keys(m) == ["attack:slot1:0", "pass"]  # slot 0 was attacked; slot 1 attacks as usual
    m.push_key("pass")
    end_turn(m)
    m.push_key("end")  # seat 1, the turn after: free again
    assert "attack:slot0:0" in keys(m)


def test_ruling_cuarto_on_a_miss_nothing_is_stopped():
    m = _roll(False)
    m.push_key("end")
    assert {"attack:slot0:0", "attack:slot1:0"} <= set(keys(m))


# -- QUINTO (260511): a spent ephemeral summon cannot be traded by Destrucción alquímica ---------


def test_ruling_quinto_a_spent_ephemeral_summon_cannot_be_traded():
    m = scene(
        hands=(["BASE-043", "BASE-180"], []),
        boards=({0: (FILLER, True, 0)}, {0: (FILLER, True, 0)}),
        supports=(
            {2: ("BASE-012", False), 3: ("BASE-042", False)},
            {0: ("BASE-047", True), 1: ("BASE-013", False)},
        ),
    )
    m.push_key("play:0:support:up")  # Marea de vigor takes effect: now spent
    spent = m.sides[0].support[0]
    assert spent is not None and spent.spent
    m.push_key("play:0:support:up")  # Destrucción alquímica on support slot 1
    assert keys(m) == ["alchemy:support2", "alchemy:support3", "done"]  # not slot 0 (spent), not itself
    m.push_key("alchemy:support2")
    assert keys(m) == ["destroy:rival:support0", "destroy:rival:support1"]
    m.push_key("destroy:rival:support0")
    assert keys(m) == ["alchemy:support3", "done"]
    m.push_key("done")
    assert m.sides[0].support[2] is None and m.sides[1].support[0] is None
    assert m.sides[1].support[1] is not None and m.pending.kind == "movement"


def test_ruling_quinto_the_rule_is_in_the_current_text_of_the_card():
    assert "ya hayan surtido sus efectos" in card("BASE-180").effect
