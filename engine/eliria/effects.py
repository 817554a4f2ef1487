"""Eliria card behaviour as data: the vocabulary of ``effects`` and its validation.

A card edition's ``effects`` (catalogue JSON, docs/contract.md §2) is a list of effect
objects. Each names a ``trigger`` (when it happens) and either an ``action`` (what
happens, with its parameters) or a ``script`` (a named, parameterised behaviour of
:mod:`.scripts` for what plain actions cannot say). Nothing here is keyed by a card
code: a new card reuses any trigger, action or script by writing it in its data.
``[]`` says the card's text does nothing in play; a card without ``effects`` is
*unsimulated* (:func:`unsimulated`). The publisher's guide is ``docs/effects.md``.

>>> validate_effects([{"trigger": "on_play", "action": "add_power", "amount": 1, "target": "own_face_up"}])
[]
>>> validate_effects([{"trigger": "on_play", "action": "explode"}])
["efecto 1: acción desconocida: 'explode'"]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..cards import Attack, CardData, Game

__all__ = [
    "FIELDS",
    "FORMULAS",
    "SCRIPT_PARAMS",
    "TOKENS",
    "VOCABULARY",
    "register_tokens",
    "unsimulated",
    "validate_effect",
    "validate_effects",
]

# Parameters an effect may carry, with their JSON types.
FIELDS: dict[str, type | tuple[type, ...]] = {
    "trigger": str,
    "action": str,
    "script": str,
    "amount": (int, str),
    "target": str,
    "attack": int,
    "token": str,
    "card": str,
    "name": str,
    "class": str,
    "exclude_tokens": bool,
    "tokens": bool,
    "min_power": int,
    "exact_power": int,
    "power": int,
    "cost_power": int,
    "roll_at_least": int,
    "roll_at_most": int,
    "max_attacker_power": int,
    "if_destroyed": bool,
    "optional": bool,
    "duration": str,
    "formula": str,
    "when": str,
    "reach": str,
}
_BASE = frozenset({"trigger", "action", "script"})

# trigger -> action -> the parameters it accepts (besides trigger and action).
# Triggers of combat cards run only while the card is face up (6.a.III, 8).
VOCABULARY: dict[str, dict[str, frozenset[str]]] = {
    # 6.c: a summon takes effect (played face up, or activated later).
    "on_play": {
        "add_power": frozenset({"amount", "target"}),
        "add_damage": frozenset({"amount", "target", "duration"}),
        "draw": frozenset({"amount"}),
        "sacrifice_for_power": frozenset({"amount", "tokens"}),
    },
    # 6.c.II: while bound to one of your face-up combatants (optionally of one class).
    "attached": {
        "add_resistance": frozenset({"amount", "class"}),
        "add_damage": frozenset({"amount", "class"}),
        "add_potential": frozenset({"amount", "class"}),
        "damage_attacker": frozenset({"amount", "class"}),
        "drain_attacker": frozenset({"class"}),
    },
    # 6.c.III: a field summon, face up, applies to both players alike.
    "field": {
        "add_resistance": frozenset({"amount", "target", "exclude_tokens"}),
        "add_power": frozenset({"amount", "target", "class"}),
        "forbid_attached": frozenset(),
        "draw_on_destroyed": frozenset({"amount", "exclude_tokens", "optional"}),
        "attack_roll": frozenset({"roll_at_most"}),
    },
    # 6.a.III: a combat card's passive, while face up.
    "passive": {
        "add_resistance": frozenset({"amount", "target"}),
        "protect": frozenset({"target", "max_attacker_power"}),
        "reach": frozenset({"reach"}),
        "cap_power_gain": frozenset({"amount"}),
        "summon_damage": frozenset({"amount"}),
        "protect_attached": frozenset(),
        "block_attach": frozenset(),
        "reactions_face_up": frozenset(),
    },
    # What the card is, whatever its face: how it may enter play.
    "static": {
        "enters_only_by_effect": frozenset(),
        "play_by_sacrifice": frozenset({"amount", "tokens"}),
    },
    "on_enter": {"discard_reaction": frozenset({"target"})},
    "on_destroyed": {"create_token": frozenset({"token", "target"})},
    "on_ally_destroyed": {"add_power": frozenset({"amount", "target"})},
    "on_attacked_survived": {"add_power": frozenset({"amount", "target"})},
    "on_field_summon": {"add_power": frozenset({"amount", "target"})},
    "on_summon_discarded": {"add_power": frozenset({"amount", "target"})},
    # End of your Poder phase (12.c); optional.
    "end_of_power": {"create_token": frozenset({"token", "min_power", "exact_power", "cost_power"})},
    # Start of your Movimiento phase (12.b); optional.
    "start_of_movement": {"scry": frozenset({"amount"})},
    # After one of the card's attacks (``attack``: its index, from 0) resolves.
    "on_attack": {
        "lose_power": frozenset({"attack", "amount", "target"}),
        "create_token": frozenset({"attack", "token"}),
        "draw": frozenset({"attack", "amount", "if_destroyed"}),
        "cannot_attack": frozenset({"attack", "target", "roll_at_least"}),
        "add_resistance": frozenset({"attack", "amount", "target", "duration"}),
        "damage_x": frozenset({"attack", "formula"}),
        "turn_face_down": frozenset({"attack", "target", "roll_at_least"}),
        "move": frozenset({"attack", "target"}),
        "silence": frozenset({"attack", "target", "duration"}),
        "destroy_attached": frozenset({"attack", "target"}),
        "move_before": frozenset({"attack"}),
        "cannot_move": frozenset({"attack", "target"}),
    },
    # 6.b: a face-down reaction answers a moment of the opponent's turn (``when``).
    "reaction": {
        "damage_attacker": frozenset({"when", "amount"}),
        "cannot_attack": frozenset({"when", "target", "duration"}),
        "destroy_summon": frozenset({"when", "target"}),
        "ambush": frozenset({"when"}),
    },
}

TARGETS = frozenset(
    {
        "self",
        "self_beside_ally",
        "attacked",
        "attacker",
        "moved",
        "rival",
        "own_face_up",
        "own_face_down",
        "chosen_own_face_up",
        "adjacent_own",
        "adjacent_to_attacked",
        "all_face_down",
        "all",
        "each_player",
    }
)
WHEN = frozenset(
    {
        "attacked_survived",
        "attack_declared",
        "last_destroyed",
        "rival_moved",
        "rival_summon",
        "rival_played_aligned",
        "rival_sacrificed",
    }
)
DURATIONS = frozenset({"turn", "until_next_turn"})
# The targets and durations each action is played with (anything else would be accepted and ignored).
_SELF, _ATTACKED = frozenset({"self"}), frozenset({"attacked"})
ACTION_TARGETS: dict[tuple[str, str], frozenset[str]] = {
    ("on_play", "add_power"): frozenset({"own_face_up"}),
    ("on_play", "add_damage"): frozenset({"chosen_own_face_up"}),
    ("field", "add_resistance"): frozenset({"all_face_down"}),
    ("field", "add_power"): frozenset({"all"}),
    ("passive", "add_resistance"): frozenset({"adjacent_own"}),
    ("passive", "protect"): frozenset({"self", "self_beside_ally", "own_face_down"}),
    ("on_enter", "discard_reaction"): frozenset({"each_player"}),
    ("on_destroyed", "create_token"): _SELF,
    ("on_ally_destroyed", "add_power"): _SELF,
    ("on_attacked_survived", "add_power"): _SELF,
    ("on_field_summon", "add_power"): _SELF,
    ("on_summon_discarded", "add_power"): _SELF,
    ("on_attack", "lose_power"): frozenset({"attacked", "self", "adjacent_to_attacked"}),
    ("on_attack", "cannot_attack"): _ATTACKED,
    ("on_attack", "add_resistance"): _SELF,
    ("on_attack", "turn_face_down"): _ATTACKED,
    ("on_attack", "move"): _ATTACKED,
    ("on_attack", "silence"): _ATTACKED,
    ("on_attack", "destroy_attached"): _ATTACKED,
    ("on_attack", "cannot_move"): _ATTACKED,
    ("reaction", "cannot_attack"): frozenset({"moved"}),
    ("reaction", "destroy_summon"): frozenset({"rival"}),
}
ACTION_DURATIONS: dict[tuple[str, str], frozenset[str]] = {
    ("on_play", "add_damage"): frozenset({"turn"}),
    ("on_attack", "add_resistance"): frozenset({"until_next_turn"}),
    ("on_attack", "silence"): frozenset({"turn"}),
    ("reaction", "cannot_attack"): frozenset({"turn"}),
}
# The reaction moments each reaction action answers.
ACTION_WHEN: dict[str, frozenset[str]] = {
    "damage_attacker": frozenset({"attacked_survived"}),
    "cannot_attack": frozenset({"rival_moved"}),
    "destroy_summon": frozenset({"rival_summon", "rival_sacrificed"}),
    "ambush": frozenset({"rival_played_aligned"}),
    "final_defence": frozenset({"last_destroyed"}),
    "mirage_veil": frozenset({"attack_declared"}),
    "tactical_retreat": frozenset({"attack_declared"}),
}
REACH = frozenset({"any", "adjacent"})
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
# Named scripts: the trigger they hang on and the parameters they take.
SCRIPT_PARAMS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "sacrifice_cannon": (frozenset({"passive"}), frozenset({"tokens"})),
    "revive_once": (frozenset({"passive"}), frozenset()),
    "mutation": (frozenset({"end_of_power"}), frozenset({"name", "power"})),
    "asymmetric_destruction": (frozenset({"on_play"}), frozenset({"tokens"})),
    "alchemical_destruction": (frozenset({"on_play"}), frozenset()),
    "blood_offering": (frozenset({"on_play"}), frozenset({"amount", "tokens"})),
    "awaken": (frozenset({"on_play"}), frozenset({"card", "amount", "tokens"})),
    "final_defence": (frozenset({"reaction"}), frozenset({"when", "power"})),
    "mirage_veil": (frozenset({"reaction"}), frozenset({"when"})),
    "tactical_retreat": (frozenset({"reaction"}), frozenset({"when"})),
}


def validate_effect(spec: Any) -> list[str]:
    """The problems of one effect object (Spanish, empty when it is valid)."""
    if not isinstance(spec, Mapping):
        return ["cada efecto debe ser un objeto"]
    problems = [f"campo desconocido: {k!r}" for k in spec if k not in FIELDS]
    problems += [f"{k!r} debe ser {_type_name(t)}" for k, t in FIELDS.items() if k in spec and not _is(spec[k], t)]
    if problems:
        return problems
    trigger = spec.get("trigger")
    if trigger not in VOCABULARY:
        return [f"disparador desconocido: {trigger!r}"]
    if "script" in spec:
        return _validate_script(spec, trigger)
    action = spec.get("action")
    allowed = VOCABULARY[trigger]
    if action not in allowed:
        known = any(action in actions for actions in VOCABULARY.values())
        return [f"la acción {action!r} no admite el disparador {trigger!r}" if known else f"acción desconocida: {action!r}"]
    extra = set(spec) - _BASE - allowed[action]
    problems = [f"{k!r} no se usa con {trigger}/{action}" for k in sorted(extra)]
    return problems + _values(spec, trigger, action)


def _validate_script(spec: Mapping[str, Any], trigger: str) -> list[str]:
    name = spec["script"]
    if "action" in spec:
        return ["un efecto lleva 'action' o 'script', no los dos"]
    if name not in SCRIPT_PARAMS:
        return [f"script desconocido: {name!r}"]
    triggers, params = SCRIPT_PARAMS[name]
    if trigger not in triggers:
        return [f"el script {name!r} no admite el disparador {trigger!r}"]
    extra = set(spec) - _BASE - params
    return [f"{k!r} no se usa con el script {name!r}" for k in sorted(extra)] + _values(spec, trigger, name)


def _values(spec: Mapping[str, Any], trigger: str, action: str) -> list[str]:
    checks = [("target", TARGETS), ("duration", DURATIONS), ("formula", FORMULAS), ("when", WHEN), ("reach", REACH)]
    problems = [f"{k!r} desconocido: {spec[k]!r}" for k, allowed in checks if k in spec and spec[k] not in allowed]
    for key, table in (("target", ACTION_TARGETS), ("duration", ACTION_DURATIONS)):
        allowed = table.get((trigger, action))
        if key in spec and spec[key] in (TARGETS | DURATIONS) and allowed is not None and spec[key] not in allowed:
            problems.append(f"{key!r} {spec[key]!r} no vale para {trigger}/{action}; se espera {', '.join(sorted(allowed))}")
    moments = ACTION_WHEN.get(action) if trigger == "reaction" else None
    if moments is not None and spec.get("when") in WHEN and spec["when"] not in moments:
        problems.append(f"'when' {spec['when']!r} no vale para {action}; se espera {', '.join(sorted(moments))}")
    amount = spec.get("amount")
    if isinstance(amount, str) and amount != "all":
        problems.append(f"'amount' debe ser un entero o 'all', no {amount!r}")
    if trigger == "on_attack" and "attack" not in spec:
        problems.append("un efecto 'on_attack' necesita 'attack' (índice del ataque, desde 0)")
    if trigger == "reaction" and "when" not in spec:
        problems.append("una reacción necesita 'when' (el momento en que se activa)")
    if action == "create_token" and not spec.get("token"):
        problems.append("'create_token' necesita 'token' (el código del token)")
    if action == "damage_x" and "formula" not in spec:
        problems.append("'damage_x' necesita 'formula'")
    return problems


def validate_effects(effects: Any, *, attacks: int | None = None) -> list[str]:
    """The problems of a whole ``effects`` list, each prefixed with the effect's number (from 1).

    *attacks*: the card's number of attacks, to check ``attack`` indexes when known.
    """
    if not isinstance(effects, list | tuple):
        return ["'effects' debe ser una lista de efectos"]
    out: list[str] = []
    scripts = 0
    for n, spec in enumerate(effects, 1):
        problems = validate_effect(spec)
        if not problems and attacks is not None and "attack" in spec and not 0 <= spec["attack"] < attacks:
            problems = [f"'attack' {spec['attack']} no existe (la carta tiene {attacks} ataques)"]
        if not problems and "script" in spec:
            scripts += 1
            if scripts > 1:
                problems = ["una carta admite un solo script"]
        out += [f"efecto {n}: {p}" for p in problems]
    return out


def _is(value: object, types: type | tuple[type, ...]) -> bool:
    return isinstance(value, types) and not (isinstance(value, bool) and types in (int, (int, str)))


def _type_name(types: type | tuple[type, ...]) -> str:
    names = {int: "un entero", str: "un texto", bool: "un booleano"}
    if isinstance(types, tuple):
        return " o ".join(names[t] for t in types)
    return names[types]


def unsimulated(cards: Iterable[CardData]) -> list[str]:
    """Codes of the cards that print a text the engine does not play (no ``effects``), in order, once each."""
    seen: dict[str, None] = {}
    for card in cards:
        if not card.is_simulated:
            seen.setdefault(card.code, None)
    return list(seen)


def _token(code: str, name: str, potential: int, resistance: int, card_class: str, attack: Attack) -> CardData:
    return CardData(
        Game.ELIRIA, code, name, "token", potential=potential, card_class=card_class,
        resistance=resistance, attacks=(attack,), effects=(),
    )  # fmt: skip


# Token cards an effect may create when the deck's «Tokens:» section does not list them
# (rule 14: tokens need not be in the deck). Card data, not behaviour: the tokens of the
# bundled catalogue, and any token a loaded catalogue brings (:func:`register_tokens`).
TOKENS: dict[str, CardData] = {
    "BASE-051": _token("BASE-051", "Token de espectro", 2, 1, "espíritu", Attack(1, "Roce gélido", 1)),
    "BASE-109": _token("BASE-109", "Token de fisión", 2, 1, "bestia", Attack(1, "Pseudópodo", 1)),
    "EXP-002": _token("EXP-002", "Token de retoño", 1, 2, "objeto vivo", Attack(1, "Raíz punzante", 1)),
}


def register_tokens(cards: Sequence[CardData]) -> None:
    """Make the token cards of a loaded catalogue available to the effects that create them."""
    for card in cards:
        if card.game is Game.ELIRIA and card.is_token:
            TOKENS[card.code.strip().upper()] = card
