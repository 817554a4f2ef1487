"""Eliria card effects as data: a small, validated vocabulary of triggers and actions.

Each effect is a dict ``{"trigger": …, "action": …, …}``. The engine knows how
to run every (trigger, action) pair of :data:`ALLOWED`; :func:`validate_effect`
refuses anything else, and :data:`EFFECTS` (by card code, texts of the bundled
catalogue's current editions, ruling TERCERO) is validated when this module is
imported. What the vocabulary cannot say lives in :mod:`engine.eliria.scripts`,
a registry of Python classes by card code. A card with neither is played as a
vanilla card: its numbers count, its text does nothing.

>>> validate_effect({"trigger": "on_play", "action": "add_power", "amount": 1, "target": "own_face_up"})
[]
>>> validate_effect({"trigger": "on_play", "action": "explode"})
["acción desconocida: 'explode'"]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Attack, CardData, Game
from ..errors import EngineError

__all__ = ["ALLOWED", "EFFECTS", "FORMULAS", "TOKENS", "effects_of", "validate_effect", "validate_effects"]

# trigger -> the actions it may carry. Triggers of combat cards run only face up (6.a.III, 8).
ALLOWED: dict[str, frozenset[str]] = {
    "on_play": frozenset({"add_power", "add_damage", "draw"}),  # a summon takes effect (6.c)
    "attached": frozenset({"add_resistance", "add_damage", "add_potential", "damage_attacker"}),  # 6.c.II
    "field": frozenset({"add_resistance", "add_power"}),  # 6.c.III: both players alike
    "passive": frozenset({"add_resistance"}),  # 6.a.III, on the neighbours
    "on_destroyed": frozenset({"create_token"}),
    "on_ally_destroyed": frozenset({"add_power"}),
    "on_attacked_survived": frozenset({"add_power"}),
    "end_of_power": frozenset({"create_token"}),  # end of your Poder phase (12.c), optional
    "on_attack": frozenset(
        {"lose_power", "create_token", "draw", "cannot_attack", "add_resistance", "damage_x"}
    ),
    "reaction": frozenset({"damage_attacker"}),  # 6.b: activated in the opponent's turn
}
TARGETS = frozenset(
    {
        "self",
        "attacked",
        "attacker",
        "own_face_up",
        "chosen_own_face_up",
        "adjacent_own",
        "all_face_down",
        "all",
    }
)
WHEN = frozenset({"attacked_survived"})  # reaction conditions the data can express
DURATIONS = frozenset({"turn", "until_next_turn"})
# Formulas of the variable damage "x" (6.a.IV). Without one, x is the attacker's power.
FORMULAS = frozenset(
    {
        "power",
        "summons_plus_1",
        "twice_summons",
        "two_per_beast",
        "target_resistance_plus_1",
        "own_discard_max_8",
        "rival_discard_max_4",
        "last_sacrifice_plus_3",
    }
)
_FIELDS: dict[str, type | tuple[type, ...]] = {
    "trigger": str,
    "action": str,
    "amount": (int, str),
    "target": str,
    "attack": int,
    "token": str,
    "class": str,
    "exclude_tokens": bool,
    "min_power": int,
    "exact_power": int,
    "cost_power": int,
    "roll_at_least": int,
    "if_destroyed": bool,
    "duration": str,
    "formula": str,
    "when": str,
}


def validate_effect(spec: Mapping[str, Any]) -> list[str]:
    """The problems of one effect dict (Spanish, empty when it is valid)."""
    problems = [f"campo desconocido: {k!r}" for k in spec if k not in _FIELDS]
    problems += [
        f"{k!r} debe ser {_type_name(t)}" for k, t in _FIELDS.items() if k in spec and not _is(spec[k], t)
    ]
    if problems:
        return problems
    trigger, action = spec.get("trigger"), spec.get("action")
    if trigger not in ALLOWED:
        return [f"disparador desconocido: {trigger!r}"]
    if action not in set().union(*ALLOWED.values()):
        return [f"acción desconocida: {action!r}"]
    if action not in ALLOWED[trigger]:
        return [f"la acción {action!r} no admite el disparador {trigger!r}"]
    checks = [
        ("target", TARGETS),
        ("duration", DURATIONS),
        ("formula", FORMULAS),
        ("when", WHEN),
    ]
    problems = [
        f"{k!r} desconocido: {spec[k]!r}" for k, allowed in checks if k in spec and spec[k] not in allowed
    ]
    amount = spec.get("amount")
    if isinstance(amount, str) and amount != "all":
        problems.append(f"'amount' debe ser un entero o 'all', no {amount!r}")
    if trigger == "on_attack" and "attack" not in spec:
        problems.append("un efecto 'on_attack' necesita 'attack' (índice del ataque)")
    if action == "create_token" and spec.get("token") not in TOKENS:
        problems.append(f"token desconocido: {spec.get('token')!r}")
    return problems


def _is(value: object, types: type | tuple[type, ...]) -> bool:
    return isinstance(value, types) and not (isinstance(value, bool) and types in (int, (int, str)))


def _type_name(types: type | tuple[type, ...]) -> str:
    names = {int: "un entero", str: "un texto", bool: "un booleano"}
    if isinstance(types, tuple):
        return " o ".join(names[t] for t in types)
    return names[types]


def validate_effects(effects: Mapping[str, tuple[Mapping[str, Any], ...]]) -> None:
    """Raise :class:`EngineError` listing every invalid effect of *effects*."""
    bad = [f"{code}: {p}" for code, specs in effects.items() for s in specs for p in validate_effect(s)]
    if bad:
        raise EngineError("Efectos de carta no válidos: " + "; ".join(bad))


def _token(
    code: str, name: str, potential: int, resistance: int, card_class: str, attack: Attack
) -> CardData:
    return CardData(
        Game.ELIRIA, code, name, "token", potential=potential, card_class=card_class,
        resistance=resistance, attacks=(attack,),
    )  # fmt: skip


# Tokens the effects create (rule 14: they need not be in the deck). A deck's «Tokens:»
# section, when it lists the code, gives the current text instead of these.
TOKENS: dict[str, CardData] = {
    "BASE-051": _token("BASE-051", "Token de espectro", 2, 1, "espíritu", Attack(1, "Roce gélido", 1)),
    "BASE-109": _token("BASE-109", "Token de fisión", 2, 1, "bestia", Attack(1, "Pseudópodo", 1)),
    "EXP-002": _token("EXP-002", "Token de retoño", 1, 2, "objeto vivo", Attack(1, "Raíz punzante", 1)),
}

_LOSE_1 = {"trigger": "on_attack", "action": "lose_power", "amount": 1, "target": "attacked"}

EFFECTS: dict[str, tuple[dict[str, Any], ...]] = {
    "BASE-002": ({"trigger": "on_attack", "attack": 1, "action": "damage_x", "formula": "summons_plus_1"},),
    "BASE-003": ({**_LOSE_1, "attack": 1},),
    "BASE-005": (
        {"trigger": "on_destroyed", "action": "create_token", "token": "BASE-051", "target": "self"},
    ),
    "BASE-007": (
        {
            "trigger": "on_attack",
            "attack": 1,
            "action": "add_resistance",
            "amount": 2,
            "target": "self",
            "duration": "until_next_turn",
        },
    ),  # fmt: skip
    "BASE-010": ({**_LOSE_1, "attack": 0},),
    "BASE-012": (
        {"trigger": "reaction", "when": "attacked_survived", "action": "damage_attacker", "amount": 3},
    ),
    "BASE-016": (
        {"trigger": "on_attack", "attack": 1, "action": "damage_x", "formula": "rival_discard_max_4"},
    ),
    "BASE-017": ({"trigger": "on_ally_destroyed", "action": "add_power", "amount": 1, "target": "self"},),
    "BASE-021": ({"trigger": "on_attack", "attack": 1, "action": "damage_x", "formula": "twice_summons"},),
    "BASE-023": ({"trigger": "passive", "action": "add_resistance", "amount": 1, "target": "adjacent_own"},),
    "BASE-026": (
        {"trigger": "on_attack", "attack": 2, "action": "lose_power", "amount": "all", "target": "self"},
    ),
    "BASE-029": ({"trigger": "on_attack", "attack": 1, "action": "damage_x", "formula": "two_per_beast"},),
    "BASE-032": (
        {
            "trigger": "on_attack",
            "attack": 1,
            "action": "add_resistance",
            "amount": 2,
            "target": "self",
            "duration": "until_next_turn",
        },
    ),  # fmt: skip
    "BASE-033": (
        {"trigger": "on_attack", "attack": 1, "action": "damage_x", "formula": "target_resistance_plus_1"},
    ),
    "BASE-034": ({"trigger": "on_attack", "attack": 1, "action": "draw", "amount": 1, "if_destroyed": True},),
    "BASE-036": ({**_LOSE_1, "attack": 1},),
    "BASE-042": (
        {
            "trigger": "on_play",
            "action": "add_damage",
            "amount": 3,
            "target": "chosen_own_face_up",
            "duration": "turn",
        },
    ),  # fmt: skip
    "BASE-043": ({"trigger": "on_play", "action": "add_power", "amount": 1, "target": "own_face_up"},),
    "BASE-044": ({"trigger": "attached", "action": "add_damage", "amount": 2, "class": "guerrero"},),
    "BASE-045": ({"trigger": "attached", "action": "add_resistance", "amount": 2},),
    "BASE-047": (
        {
            "trigger": "field",
            "action": "add_resistance",
            "amount": 1,
            "target": "all_face_down",
            "exclude_tokens": True,
        },
    ),  # fmt: skip
    "BASE-048": (
        {"trigger": "field", "action": "add_power", "amount": 1, "target": "all", "class": "reanimado"},
    ),
    # CUARTO: on a hit of the die only the attacked combatant cannot attack in its next turn.
    "BASE-102": (
        {
            "trigger": "on_attack",
            "attack": 1,
            "action": "cannot_attack",
            "target": "attacked",
            "roll_at_least": 7,
        },
    ),
    # PRIMERO: the Cañón's passive (a script) may sacrifice tokens; its shot is data.
    "BASE-105": (
        {"trigger": "on_attack", "attack": 1, "action": "damage_x", "formula": "last_sacrifice_plus_3"},
        {"trigger": "on_attack", "attack": 1, "action": "lose_power", "amount": "all", "target": "self"},
    ),
    "BASE-108": (
        {
            "trigger": "end_of_power",
            "action": "create_token",
            "token": "BASE-109",
            "min_power": 3,
            "cost_power": 3,
        },
        {"trigger": "on_attack", "attack": 1, "action": "create_token", "token": "BASE-109"},
    ),  # fmt: skip
    "EXP-001": (
        {
            "trigger": "end_of_power",
            "action": "create_token",
            "token": "EXP-002",
            "exact_power": 5,
            "cost_power": 2,
        },
    ),  # fmt: skip
    "EXP-004": (
        {"trigger": "on_attacked_survived", "action": "add_power", "amount": 2, "target": "self"},
        {**_LOSE_1, "attack": 1, "amount": 2},
    ),
    "EXP-005": ({"trigger": "on_attack", "attack": 1, "action": "damage_x", "formula": "own_discard_max_8"},),
    "EXP-008": ({"trigger": "attached", "action": "damage_attacker", "amount": 2},),
    "EXP-010": (
        {"trigger": "on_attack", "attack": 1, "action": "damage_x", "formula": "last_sacrifice_plus_3"},
        {"trigger": "on_attack", "attack": 1, "action": "lose_power", "amount": "all", "target": "self"},
    ),
    "EXP-014": ({"trigger": "attached", "action": "add_potential", "amount": 2, "class": "bestia"},),
}
validate_effects(EFFECTS)


def effects_of(code: str) -> tuple[dict[str, Any], ...]:
    """The data effects of a card code (case-insensitive), empty for a vanilla card."""
    return EFFECTS.get(code.strip().upper(), ())
