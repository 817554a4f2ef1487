"""Every bundled card with text plays its effect: one scenario per card, table-driven.

The table is checked against the bundled catalogue itself: a card whose current edition prints a
text must carry `effects` and have a scenario here, so a new card cannot slip in unplayed or untested.
Each scenario drives the public match API (`push_key`, `legal_actions`, the event log).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from engine import Attack, CardData, EliriaMatch

from . import test_eliria_rulings as rulings
from .scenes import FILLER, ROOT, E, card, events, info, keys, scene

HITTER = CardData(E, "H-1", "Martillo", "combat", potential=12, resistance=9, attacks=(Attack(1, "Mazazo", 12),))
BRUTE = CardData(E, "B-1", "Bruto", "combat", potential=5, resistance=5, attacks=(Attack(1, "Golpe", 1),))
WEAK = CardData(E, "W-1", "Frágil", "combat", potential=3, resistance=1, attacks=(Attack(1, "Roce", 1),))


def attack(m: EliriaMatch, key: str) -> None:
    """End Movimiento (Poder adds one) and declare *key*."""
    m.push_key("end")
    m.push_key(key)


def hit(m: EliriaMatch) -> dict:
    return events(m, "hit")[-1]


def attach(m: EliriaMatch, p: int, k: int, slot: int) -> None:
    sup = m.sides[p].support[k]
    assert sup is not None
    m.bind(p, sup, slot)  # the board's one path of binding (6.c.II)


def _base_002() -> None:  # passive: ephemeral summons add 1 to the damage this turn
    m = scene(hands=(["BASE-043"], []), boards=({0: ("BASE-002", True, 4)}, {0: (FILLER, True, 0)}))
    m.push_key("play:0:support:up")
    attack(m, "attack:slot0:0")
    assert hit(m)["damage"] == 2 + 1


def _lose_power(code: str, index: int, lost: int, power: int) -> Callable[[], None]:
    def run() -> None:
        m = scene(boards=({0: (code, True, power)}, {0: (FILLER, True, 3)}))
        attack(m, f"attack:slot0:{index}")
        assert m.sides[1].combat[0].power == 3 - lost

    return run


def _base_004() -> None:  # not attackable beside a face-up ally
    m = scene(boards=({0: (HITTER, True, 3)}, {0: ("BASE-004", True, 0), 1: (FILLER, True, 0)}))
    m.push_key("end")
    assert "attack:slot0:0" not in keys(m)


def _base_005() -> None:
    m = scene(boards=({0: (HITTER, True, 3)}, {0: ("BASE-005", True, 0)}))
    attack(m, "attack:slot0:0")
    assert m.sides[1].combat[0].card.code == "BASE-051"


def _base_006() -> None:
    m = scene(boards=({0: (HITTER, True, 3)}, {0: ("BASE-006", True, 2)}))
    attack(m, "attack:slot0:0")
    knight = m.sides[1].combat[0]
    assert knight.card.code == "BASE-006" and knight.power == 0 and events(m, "revive")


def _base_007() -> None:
    m = scene(boards=({0: ("BASE-007", True, 4)}, {0: (FILLER, True, 0)}))
    attack(m, "attack:slot0:1")
    assert m.active == 1 and m.resistance(0, 0) == 6 + 2  # until its next turn


def _base_008() -> None:
    m = scene(players=1, boards=({0: ("BASE-008", True, 0)},))
    m.push_key("end")
    assert keys(m) == ["scry:keep", "scry:bottom"]
    seen = m.sides[0].top[-1]
    m.push_key("scry:bottom")
    assert m.sides[0].bottom == [seen] and m.pending.kind == "movement"


def _base_012() -> None:
    m = scene(boards=({0: (WEAK, True, 0)}, {0: (FILLER, True, 0)}), supports=({}, {0: ("BASE-012", False)}))
    attack(m, "attack:slot0:0")
    m.push_key("react:support0")
    assert m.sides[0].combat[0] is None and events(m, "counter_damage")[-1]["destroyed"]


def _base_013() -> None:
    m = scene(boards=({0: (HITTER, True, 0)}, {0: (FILLER, False, 0)}), supports=({}, {0: ("BASE-013", False)}))
    attack(m, "attack:slot0:0")
    m.push_key("react:support0")
    assert not m.sides[1].combat[0].up and events(m, "attack_cancelled")


def _base_014() -> None:
    m = scene(boards=({0: (HITTER, True, 3)}, {1: (FILLER, True, 0)}), supports=({}, {0: ("BASE-014", False)}))
    m.push_key("move:slot0:slot1")
    m.push_key("react:support0")
    m.push_key("end")
    assert not [k for k in keys(m) if k.startswith("attack")]


def _base_015() -> None:
    m = scene(hands=(["BASE-043"], []), boards=({0: (FILLER, True, 0)}, {}), supports=({}, {0: ("BASE-015", False)}))
    m.push_key("play:0:support:up")
    m.push_key("react:support0")
    assert m.sides[0].combat[0].power == 0 and "BASE-043" in [c.code for c in m.sides[0].discard]


def _x(code: str, index: int, power: int, expected: int, setup: Callable[[EliriaMatch], None] = lambda m: None):
    def run() -> None:
        m = scene(boards=({0: (code, True, power), 1: ("BASE-003", True, 0)}, {0: (FILLER, True, 0)}))
        setup(m)
        attack(m, f"attack:slot0:{index}")
        assert hit(m)["damage"] == expected

    return run


def _discards(p: int, n: int) -> Callable[[EliriaMatch], None]:
    def setup(m: EliriaMatch) -> None:
        m.sides[p].discard.extend(info(m, FILLER) for _ in range(n))

    return setup


def _base_017() -> None:
    m = scene(boards=({0: (HITTER, True, 0)}, {0: (WEAK, True, 0), 1: ("BASE-017", True, 1)}))
    attack(m, "attack:slot0:0")
    assert m.sides[1].combat[1].power == 2


def _base_018() -> None:
    m = scene(boards=({1: ("BASE-018", True, 1)}, {0: (FILLER, True, 0)}))
    attack(m, "attack:slot1:0:from0:slot0")
    assert m.sides[0].combat[0].card.code == "BASE-018" and m.sides[0].combat[1] is None and hit(m)


def _base_019() -> None:
    m = scene(players=1, hands=(["BASE-043"],), boards=({0: ("BASE-019", True, 0)},))
    m.push_key("play:0:support:up")  # +1 from Marea de vigor
    m.push_key("end")  # the Poder phase adds nothing more this turn
    assert m.sides[0].combat[0].power == 1


def _base_020() -> None:
    m = scene(boards=({1: ("BASE-020", True, 8)}, {0: (FILLER, True, 3), 1: (FILLER, True, 3), 2: (FILLER, True, 3)}))
    attack(m, "attack:slot1:1")
    assert [c.power for c in m.sides[1].combat] == [2, 3, 2]


def _base_021() -> None:
    m = scene(boards=({0: ("EXP-003", True, 2)}, {0: ("BASE-021", True, 0)}), supports=({}, {0: ("BASE-045", True)}))
    attach(m, 1, 0, 0)
    attack(m, "attack:slot0:0")
    assert m.sides[1].support[0] is not None  # its attached summons resist the rival's effects


def _base_022() -> None:
    m = scene(boards=({0: ("BASE-022", True, 2)}, {2: (FILLER, True, 0)}))
    m.push_key("end")
    assert "attack:slot0:0:slot2" in keys(m)


def _base_023() -> None:
    m = scene(boards=({0: ("BASE-023", True, 0), 1: (FILLER, True, 0)}, {0: (FILLER, True, 0)}))
    assert m.resistance(0, 1) == 9 + 1
    attack(m, "attack:slot0:0")  # the attacked card cannot move in the rival's next turn
    assert m.active == 1 and "move:slot0:slot1" not in keys(m)


def _base_024() -> None:
    outcomes = set()
    for seed in range(40):
        m = scene(seed=seed, boards=({0: ("BASE-024", True, 3)}, {0: (FILLER, True, 0)}))
        attack(m, "attack:slot0:0")
        roll = events(m, "roll")[-1]
        assert m.sides[1].combat[0].up is not roll["hit"] and roll["hit"] == (roll["roll"] >= 10)
        outcomes.add(roll["hit"])
    assert outcomes == {True, False}


def _base_026() -> None:
    m = scene(hands=(["BASE-026"], []), boards=({0: ("BASE-026", True, 12)}, {0: (FILLER, True, 0)}))
    assert not [k for k in keys(m) if k.startswith("play:0:slot")]  # only by another card's effect
    attack(m, "attack:slot0:2")
    assert m.sides[0].combat[0].power == 0


def _base_027() -> None:
    m = scene(boards=({0: ("BASE-027", True, 3)}, {0: (FILLER, True, 0)}))
    attack(m, "attack:slot0:1")
    assert keys(m) == ["push:slot1"]
    m.push_key("push:slot1")
    assert m.sides[1].combat[0] is None and m.sides[1].combat[1].card.code == "F-1"


def _base_028() -> None:
    m = scene(hands=(["BASE-048"], []), boards=({0: ("BASE-028", True, 0)}, {}))
    m.push_key("play:0:support:up")
    assert m.sides[0].combat[0].power == 2


def _base_030() -> None:
    m = scene(boards=({0: (FILLER, True, 1)}, {0: ("BASE-030", True, 0)}))
    m.push_key("end")  # power 2: too weak to attack it
    assert "attack:slot0:0" not in keys(m)


def _base_031() -> None:
    m = scene(boards=({0: ("BASE-031", True, 8)}, {0: ("BASE-006", True, 0)}))
    attack(m, "attack:slot0:1")
    assert m.sides[1].combat[0] is None and not events(m, "revive")  # no passive this turn


def _base_032() -> None:
    m = scene(hands=(["BASE-032"], []), boards=({0: ("BASE-032", True, 8)}, {0: (FILLER, True, 0)}))
    assert not [k for k in keys(m) if k.startswith("play:0:slot")]
    attack(m, "attack:slot0:1")
    assert m.active == 1 and m.resistance(0, 0) == 8 + 2


def _base_034() -> None:
    m = scene(boards=({0: ("BASE-034", True, 5)}, {0: (WEAK, True, 0)}))
    before = len(m.sides[0].hand)
    attack(m, "attack:slot0:1")
    assert len(m.sides[0].hand) == before + 1


def _base_035() -> None:
    m = scene(players=1, hands=(["BASE-043"],), boards=({0: ("BASE-035", True, 0)},))
    m.push_key("play:0:support:up")  # Marea +1
    m.push_key("end")  # Poder +1; at the end of the turn Marea goes to the discard pile: +1
    assert m.sides[0].combat[0].power == 3


def _base_037() -> None:
    m = scene(boards=({1: (HITTER, True, 3)}, {0: ("BASE-037", True, 0), 1: (FILLER, False, 0)}))
    m.push_key("end")
    assert "attack:slot1:0" not in keys(m)


def _base_039() -> None:
    m = scene(hands=(["BASE-045"], []), boards=({0: (FILLER, True, 0)}, {0: ("BASE-039", True, 0)}))
    assert [k for k in keys(m) if k.startswith("play")] == ["play:0:support:down"]


def _base_040() -> None:
    m = scene(boards=({1: ("BASE-040", True, 1)}, {0: (FILLER, True, 0), 2: (FILLER, True, 0)}))
    m.push_key("end")
    assert {"attack:slot1:0:slot0", "attack:slot1:0:slot2"} <= set(keys(m))


def _base_041() -> None:
    m = scene(hands=(["BASE-041", "BASE-026"], []), boards=({0: (FILLER, True, 0), 1: (BRUTE, True, 0)}, {}))
    m.push_key("play:0:support:up")
    m.push_key("offer:slot0")
    m.push_key("offer:slot1")
    m.push_key("enter:slot1")
    side = m.sides[0]
    assert side.combat[1].card.code == "BASE-026" and side.combat[1].power == 0 and side.combat[0] is None
    assert side.played == 0  # it entered by the effect, outside the rule of three


def _base_042() -> None:
    m = scene(hands=(["BASE-042"], []), boards=({0: (BRUTE, True, 0)}, {0: (FILLER, True, 0)}))
    m.push_key("play:0:support:up")
    m.push_key("boost:slot0")
    attack(m, "attack:slot0:0")
    assert hit(m)["damage"] == 1 + 3


def _base_043() -> None:
    m = scene(hands=(["BASE-043"], []), boards=({0: (FILLER, True, 0), 1: (FILLER, False, 0)}, {}))
    m.push_key("play:0:support:up")
    assert [c.power for c in m.sides[0].combat[:2]] == [1, 0]  # face up only


def _attached(code: str, board: CardData | str, check: Callable[[EliriaMatch], None]) -> Callable[[], None]:
    def run() -> None:
        m = scene(hands=([code], []), boards=({0: (board, True, 5)}, {0: (FILLER, True, 0)}))
        m.push_key("play:0:support:up")
        m.push_key("attach:slot0")
        check(m)

    return run


def _base_044(m: EliriaMatch) -> None:
    attack(m, "attack:slot0:0")
    assert hit(m)["damage"] == 1 + 2


def _base_046() -> None:
    m = scene(boards=({0: (HITTER, True, 3)}, {0: (WEAK, True, 0)}), supports=({}, {0: ("BASE-046", True)}))
    attach(m, 1, 0, 0)
    attack(m, "attack:slot0:0")
    assert m.sides[0].combat[0].power == 0 and events(m, "drained")


def _base_047() -> None:  # +1 against the attack that reveals a face-down card (rule 8); not tokens
    ten = CardData(E, "T-10", "Diez", "combat", potential=9, resistance=9, attacks=(Attack(1, "Golpe", 10),))
    m = scene(boards=({0: (ten, True, 1)}, {0: (FILLER, False, 0)}), supports=({0: ("BASE-047", True)}, {}))
    attack(m, "attack:slot0:0")
    assert (hit(m)["resistance"], hit(m)["destroyed"]) == (9 + 1, False) and m.resistance(1, 0) == 9
    m = scene(boards=({0: (WEAK, True, 1)}, {0: ("BASE-109", False, 0)}), supports=({0: ("BASE-047", True)}, {}))
    attack(m, "attack:slot0:0")
    assert (hit(m)["resistance"], hit(m)["destroyed"]) == (1, False)  # a token gets no bonus


def _base_048() -> None:
    m = scene(boards=({0: ("BASE-017", True, 0), 1: (FILLER, True, 0)}, {}), supports=({0: ("BASE-048", True)}, {}))
    m.push_key("end")
    assert [c.power for c in m.sides[0].combat[:2]] == [2, 1]  # reanimado +1 more


def _base_049() -> None:
    m = scene(hands=(["BASE-049", "BASE-044"], []), boards=({0: ("BASE-001", True, 0)}, {}),
              supports=({1: ("BASE-045", True)}, {}))  # fmt: skip
    attach(m, 0, 1, 0)
    m.push_key("play:0:support:up")
    assert m.sides[0].support[1] is None
    assert not [k for k in keys(m) if k.startswith("play")]  # not even face down


def _base_050() -> None:
    m = scene(hands=([BRUTE], []), boards=({}, {0: (HITTER, False, 5)}), supports=({}, {0: ("BASE-050", False)}))
    m.push_key("play:0:slot0:up")
    m.push_key("react:support0")
    m.push_key("ambush:0")
    assert m.sides[0].combat[0] is None and m.sides[1].combat[0].up


def _exp_001() -> None:
    m = scene(players=1, boards=({0: ("EXP-001", True, 4)},))
    m.push_key("end")
    assert keys(m) == ["token:slot1", "token:slot2", "skip"]  # the player chooses the free slot
    m.push_key("token:slot2")
    side = m.sides[0]
    assert side.combat[2].card.code == "EXP-002" and side.combat[0].power == 3


def _exp_003() -> None:
    m = scene(boards=({0: ("EXP-003", True, 2)}, {0: (FILLER, True, 0)}), supports=({}, {0: ("BASE-045", True)}))
    attach(m, 1, 0, 0)
    attack(m, "attack:slot0:0")
    m.push_key("destroy:rival:support0")
    assert m.sides[1].support[0] is None


def _exp_004() -> None:
    m = scene(boards=({0: (BRUTE, True, 0)}, {0: ("EXP-004", True, 0)}))
    attack(m, "attack:slot0:0")
    assert m.sides[1].combat[0].power == 2


def _exp_006() -> None:
    m = scene(boards=({0: (HITTER, True, 3)}, {0: (WEAK, True, 0)}), supports=({0: ("EXP-006", True)}, {}))
    before = len(m.sides[1].hand)
    attack(m, "attack:slot0:0")
    assert m.to_move == 1 and keys(m) == ["draw:1", "draw:no"]
    m.push_key("draw:1")
    assert len(m.sides[1].hand) >= before + 1


def _exp_007() -> None:
    rulings_14a_fission_pact_sacrifices_tokens()


def rulings_14a_fission_pact_sacrifices_tokens() -> None:
    m = scene(hands=(["EXP-007"], []), boards=({0: (FILLER, True, 0), 1: ("BASE-109", True, 0)}, {}))
    m.push_key("play:0:support:up")
    assert keys(m) == ["offer:slot1", "done"]  # tokens only: the effect allows them expressly (14.a)
    m.push_key("offer:slot1")
    m.push_key("boost:slot0")
    assert m.sides[0].combat[1] is None and m.sides[0].combat[0].power == 2


def _exp_008() -> None:
    m = scene(boards=({0: (WEAK, True, 0)}, {0: (FILLER, True, 0)}), supports=({}, {0: ("EXP-008", True)}))
    attach(m, 1, 0, 0)
    attack(m, "attack:slot0:0")
    assert m.sides[0].combat[0] is None


def _exp_009() -> None:
    m = scene(boards=({1: (HITTER, True, 3)}, {1: (FILLER, True, 0)}), supports=({}, {0: ("EXP-009", False)}))
    attack(m, "attack:slot1:0")
    m.push_key("react:support0")
    assert keys(m) == ["retreat:slot0", "retreat:slot2"]  # the player chooses the free neighbour
    m.push_key("retreat:slot2")
    assert m.sides[1].combat[2].card.code == "F-1" and events(m, "attack_cancelled")


def _exp_011() -> None:
    m = scene(hands=(["BASE-012"], []), boards=({0: (FILLER, True, 0)}, {0: ("EXP-011", True, 0)}))
    assert [k for k in keys(m) if k.startswith("play")] == ["play:0:support:up"]


def _exp_012() -> None:
    m = scene(hands=(["EXP-012"], []), boards=({0: ("BASE-109", True, 0), 1: ("BASE-109", True, 0)}, {}))
    assert "play:0:slot2:up" not in keys(m)
    m.push_key("play:0:sacrifice:slot0:slot1:to1")
    side = m.sides[0]
    assert side.combat[1].card.code == "EXP-012" and side.combat[0] is None and side.played == 0


def _exp_014(m: EliriaMatch) -> None:
    assert m.potential(0, m.sides[0].combat[0]) == 5 + 2


def _exp_015() -> None:
    m = scene(hands=(["EXP-015"], []), supports=({1: ("BASE-013", False)}, {0: ("BASE-012", False)}))
    m.push_key("play:0:slot0:up")
    assert m.sides[0].support[1] is None and m.sides[1].support[0] is None


def _exp_016() -> None:
    m = scene(boards=({0: ("BASE-105", True, 0), 1: ("BASE-109", True, 0)}, {}),
              supports=({0: ("BASE-048", True)}, {0: ("EXP-016", False)}))  # fmt: skip
    m.push_key("sacrifice:slot0:slot1")
    m.push_key("react:support0")
    m.push_key("destroy:rival:support0")
    assert m.sides[0].support[0] is None


def _exp_017() -> None:
    outcomes = set()
    for seed in range(40):
        m = scene(seed=seed, boards=({0: (HITTER, True, 3)}, {0: (FILLER, True, 0)}), supports=({0: ("EXP-017", True)}, {}))
        m.push_key("end")
        roll = events(m, "roll")[-1]
        assert roll["hit"] == (roll["roll"] <= 2) and (m.active == 1) == roll["hit"]
        outcomes.add(roll["hit"])
    assert outcomes == {True, False}


def _exp_018() -> None:
    m = scene(hands=(["EXP-018"], []), boards=({0: (FILLER, True, 0), 1: ("BASE-109", True, 0)}, {}))
    m.push_key("play:0:support:up")
    m.push_key("offer:slot1")
    assert len(m.sides[0].hand) == 2 and m.sides[0].combat[1] is None


SCENARIOS: dict[str, Callable[[], None]] = {
    "BASE-002": _base_002,
    "BASE-003": _lose_power("BASE-003", 1, 1, 4),
    "BASE-004": _base_004,
    "BASE-005": _base_005,
    "BASE-006": _base_006,
    "BASE-007": _base_007,
    "BASE-008": _base_008,
    "BASE-010": _lose_power("BASE-010", 0, 1, 2),
    "BASE-011": rulings.test_ruling_segundo_final_defence_activates_when_the_last_combatant_is_destroyed,
    "BASE-012": _base_012,
    "BASE-013": _base_013,
    "BASE-014": _base_014,
    "BASE-015": _base_015,
    "BASE-016": _x("BASE-016", 1, 2, 4, _discards(1, 6)),
    "BASE-017": _base_017,
    "BASE-018": _base_018,
    "BASE-019": _base_019,
    "BASE-020": _base_020,
    "BASE-021": _base_021,
    "BASE-022": _base_022,
    "BASE-023": _base_023,
    "BASE-024": _base_024,
    "BASE-026": _base_026,
    "BASE-027": _base_027,
    "BASE-028": _base_028,
    "BASE-029": _x("BASE-029", 1, 4, 2 * 2),
    "BASE-030": _base_030,
    "BASE-031": _base_031,
    "BASE-032": _base_032,
    "BASE-033": _x("BASE-033", 1, 7, 9 + 1),
    "BASE-034": _base_034,
    "BASE-035": _base_035,
    "BASE-036": _lose_power("BASE-036", 1, 1, 2),
    "BASE-037": _base_037,
    "BASE-039": _base_039,
    "BASE-040": _base_040,
    "BASE-041": _base_041,
    "BASE-042": _base_042,
    "BASE-043": _base_043,
    "BASE-044": _attached("BASE-044", "BASE-001", _base_044),
    "BASE-045": _attached("BASE-045", FILLER, lambda m: None if m.resistance(0, 0) == 9 + 2 else pytest.fail()),
    "BASE-046": _base_046,
    "BASE-047": _base_047,
    "BASE-048": _base_048,
    "BASE-049": _base_049,
    "BASE-050": _base_050,
    "BASE-102": rulings.test_ruling_cuarto_on_a_hit_only_the_attacked_combatant_cannot_attack_next_turn,
    "BASE-105": rulings.test_ruling_primero_the_cannon_shot_is_the_last_sacrifice_plus_3_and_empties_it,
    "BASE-108": rulings.test_ruling_primero_fission_organism_makes_tokens_from_outside_the_deck,
    "BASE-150": rulings.test_ruling_primero_asymmetric_destruction_sacrifices_a_combat_card,
    "BASE-180": rulings.test_ruling_quinto_a_spent_ephemeral_summon_cannot_be_traded,
    "EXP-001": _exp_001,
    "EXP-003": _exp_003,
    "EXP-004": _exp_004,
    "EXP-005": _x("EXP-005", 1, 6, 8, _discards(0, 10)),
    "EXP-006": _exp_006,
    "EXP-007": _exp_007,
    "EXP-008": _exp_008,
    "EXP-009": _exp_009,
    "EXP-010": rulings.test_ruling_primero_first_edition_text_of_the_cannon_follows_the_ruling_too,
    "EXP-011": _exp_011,
    "EXP-012": _exp_012,
    "EXP-014": _attached("EXP-014", "BASE-003", _exp_014),
    "EXP-015": _exp_015,
    "EXP-016": _exp_016,
    "EXP-017": _exp_017,
    "EXP-018": _exp_018,
}


def _texted() -> list[str]:
    """Codes of the bundled Eliria cards whose current edition prints a text (ruling TERCERO)."""
    doc = json.loads((ROOT / "data/catalogue/eliria.json").read_text(encoding="utf-8"))
    out = []
    for c in doc["cards"]:
        ed = max(c["editions"], key=lambda e: (e["released"], e["edition"]))
        if ed.get("passive") or ed.get("effect") or any(a.get("effect") for a in ed.get("attacks", ())):
            out.append(c["code"])
    return out


@pytest.mark.parametrize("code", _texted())
def test_every_bundled_card_with_text_plays_its_effect(code):
    assert card(code).effects, f"{code} prints a text but carries no effects"
    assert code in SCENARIOS, f"{code} has no scenario"
    SCENARIOS[code]()


def test_the_table_names_only_bundled_cards():
    assert set(SCENARIOS) == set(_texted())


def test_rule_6cII_an_attached_summon_binds_only_to_a_face_up_combatant():
    m = scene(hands=(["BASE-045"], []), boards=({0: (FILLER, False, 0)}, {}))
    assert [k for k in keys(m) if k.startswith("play")] == ["play:0:support:down"]
    m = scene(hands=(["BASE-045"], []), boards=({0: (FILLER, False, 0), 1: (FILLER, True, 0)}, {}))
    m.push_key("play:0:support:up")
    assert keys(m)[:1] == ["attach:slot1"] and "attach:slot0" not in keys(m)


def test_rule_14a_fission_pact_sacrifices_tokens_because_it_says_so():
    rulings_14a_fission_pact_sacrifices_tokens()


def test_rule_10_a_token_from_an_attack_goes_to_the_free_slot_the_player_chooses():
    m = scene(boards=({1: ("BASE-108", True, 5)}, {1: (FILLER, True, 0)}))
    m.push_key("end")
    m.push_key("skip")  # no token at the end of the Poder phase
    m.push_key("attack:slot1:1")
    assert keys(m) == ["token:slot0", "token:slot2"]
    m.push_key("token:slot2")
    assert m.sides[0].combat[2].card.code == "BASE-109" and m.sides[0].combat[0] is None
