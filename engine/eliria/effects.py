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

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..cards import CardData
from .verbs.base import REGISTRY, TRIGGER_ORDER, TRIGGERS

__all__ = [
    "AMOUNT_ALL",
    "FIELDS",
    "FORMULAS",
    "MAX_EFFECTS",
    "PARAMS",
    "REQUIRED",
    "SCRIPT_PARAMS",
    "VOCABULARY",
    "Param",
    "unsimulated",
    "validate_effect",
    "validate_effects",
    "verb_params",
    "verbs",
]

# Bounds of the data (docs/effects.md, "Bounds"): what the import refuses beyond them.
MAX_EFFECTS = 32  # effects on one card's edition
MAX_NUMBER = 12  # amounts, powers and costs: a twelve-sided die (rule 3) bounds them all
MAX_CODE = 24  # a card code (docs/contract.md §2)
MAX_TEXT = 60  # a name or class fragment
MAX_PROBLEMS = 20  # problems reported for one card before "and N more"


@dataclass(frozen=True)
class Param:
    """One parameter's JSON type and bounds: the validator checks them, the interpreter plays any
    value inside them, and the property test (tests/engine/test_effects_property.py) draws from them.

    ``kind`` is ``int``, ``bool`` or ``str``; an ``int`` lies in ``lo``–``hi`` (``amount`` may
    also be ``"all"`` where :data:`AMOUNT_ALL` says so); a ``str`` is one of ``choices`` or, without
    choices, a text of 1–``max_len`` characters.
    """

    kind: type
    lo: int = 0
    hi: int = MAX_NUMBER
    choices: frozenset[str] | None = None
    max_len: int = MAX_TEXT
    all: bool = False  # "amount": "all" accepted (set per verb by verb_params)

    @property
    def choices_all(self) -> frozenset[str]:
        return self.choices or frozenset()

    def problem(self, key: str, value: object, where: str = "") -> str | None:
        """Why *value* is not a valid *key* of the verb *where* (Spanish), or None."""
        if self.all and value == "all":
            return None
        if self.kind is bool:
            return None if isinstance(value, bool) else f"{key!r} debe ser true o false, no {_show(value)}"
        if self.kind is int:
            if value == "all":  # docs/effects.md: "all" is "all its power", nothing else
                return f"{key!r} debe ser un entero, no 'all' ('all' solo vale en on_attack/lose_power)"
            if isinstance(value, bool) or not isinstance(value, int):
                alt = " o 'all'" if self.all else ""
                return f"{key!r} debe ser un entero{alt}, no {_show(value)}"
            return None if self.lo <= value <= self.hi else f"{key!r} {value} fuera del rango {self.lo}–{self.hi}"
        if not isinstance(value, str):
            return f"{key!r} debe ser un texto, no {_show(value)}"
        if self.choices is not None:
            if value in self.choices:
                return None
            if value not in PARAMS[key].choices_all:
                return f"{key!r} desconocido: {_show(value)}"
            return f"{key!r} {value!r} no vale para {where}; se espera {', '.join(sorted(self.choices))}"
        if not 1 <= len(value) <= self.max_len:
            return f"{key!r} debe tener de 1 a {self.max_len} caracteres"
        return None


_BASE = frozenset({"trigger", "action", "script"})

# trigger -> action -> the parameters it accepts (besides trigger and action): read from the
# registry's table of triggers, where each verb is one unit whatever its trigger (engine/eliria/verbs/).
# Triggers of combat cards run only while the card is face up (6.a.III, 8).
VOCABULARY: dict[str, dict[str, frozenset[str]]] = {}
for (_trigger, _action), _use in TRIGGERS.items():
    VOCABULARY.setdefault(_trigger, {})[_action] = _use.params

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
ACTION_TARGETS: dict[tuple[str, str], frozenset[str]] = {k: v.targets for k, v in TRIGGERS.items() if v.targets}
ACTION_DURATIONS: dict[tuple[str, str], frozenset[str]] = {k: v.durations for k, v in TRIGGERS.items() if v.durations}
# The reaction moments each reaction action answers.
ACTION_WHEN: dict[str, frozenset[str]] = {
    **{action: v.when for (trigger, action), v in TRIGGERS.items() if trigger == "reaction" and v.when},
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


_CODE, _TEXT = Param(str, max_len=MAX_CODE), Param(str)
_FLAG, _NUMBER, _ROLL = Param(bool), Param(int), Param(int, 1, 12)
# Every parameter an effect may carry: its JSON type and its bounds. A verb narrows the choices
# (ACTION_TARGETS, ACTION_DURATIONS, ACTION_WHEN) and says whether it takes "all" (AMOUNT_ALL).
PARAMS: dict[str, Param] = {
    "amount": _NUMBER,
    "target": Param(str, choices=TARGETS),
    "attack": Param(int, 0, MAX_NUMBER - 1),
    "token": _CODE,
    "card": _CODE,
    "name": _TEXT,
    "class": _TEXT,
    "exclude_tokens": _FLAG,
    "tokens": _FLAG,
    "min_power": _NUMBER,
    "exact_power": _NUMBER,
    "power": _NUMBER,
    "cost_power": _NUMBER,
    "roll_at_least": _ROLL,
    "roll_at_most": _ROLL,
    "max_attacker_power": _NUMBER,
    "if_destroyed": _FLAG,
    "optional": _FLAG,
    "duration": Param(str, choices=DURATIONS),
    "formula": Param(str, choices=FORMULAS),
    "when": Param(str, choices=WHEN),
    "reach": Param(str, choices=REACH),
}
# Parameters an effect may carry, with their JSON types (kept for callers of the first vocabulary).
FIELDS: dict[str, type | tuple[type, ...]] = {
    "trigger": str, "action": str, "script": str,
    **{k: (int, str) if k == "amount" else p.kind for k, p in PARAMS.items()},
}  # fmt: skip
# "amount": "all" — only where the rules text says "all its power" (Coloso, Cañón: 6.a.IV):
# drawing or gaining "all" has no meaning in the rules, so it is refused everywhere else.
AMOUNT_ALL = frozenset(k for k, v in TRIGGERS.items() if v.amount_all)
# Parameters a verb cannot do without (the interpreter has no default for them).
REQUIRED: dict[tuple[str, str], frozenset[str]] = {k: v.required for k, v in TRIGGERS.items() if v.required}


def verbs() -> Iterator[tuple[str, str, str]]:
    """Every ``(trigger, "action" | "script", verb)`` of the vocabulary."""
    for trigger, actions in VOCABULARY.items():
        for action in actions:
            yield trigger, "action", action
    for name, (triggers, _params) in SCRIPT_PARAMS.items():
        for trigger in sorted(triggers):
            yield trigger, "script", name


def verb_params(trigger: str, verb: str) -> tuple[dict[str, Param], frozenset[str]]:
    """The parameters *verb* takes under *trigger*, each with its type and bounds, and the required ones.

    The one definition the validator checks and the property test draws from.
    """
    if verb in SCRIPT_PARAMS:
        out = {k: PARAMS[k] for k in sorted(SCRIPT_PARAMS[verb][1])}
        if "when" in out and trigger == "reaction" and verb in ACTION_WHEN:
            out["when"] = replace(out["when"], choices=ACTION_WHEN[verb])
        required: frozenset[str] = frozenset()
    else:  # the verb's own use of the trigger (the registry as it stands: a verb added later is read too)
        row = TRIGGERS[(trigger, verb)]
        out = {k: PARAMS[k] for k in sorted(row.params)}
        for key, choices in (("target", row.targets), ("duration", row.durations), ("when", row.when)):
            if key in out and choices:
                out[key] = replace(out[key], choices=choices)
        if "amount" in out and row.amount_all:
            out["amount"] = replace(out["amount"], all=True)
        required = row.required
    if trigger == "on_attack":
        required |= {"attack"}
    if trigger == "reaction":
        required |= {"when"}
    return out, required


def validate_effect(spec: Any) -> list[str]:
    """The problems of one effect object (Spanish, empty when it is valid)."""
    if not isinstance(spec, Mapping):
        return ["cada efecto debe ser un objeto"]
    unknown = [k for k in spec if k not in FIELDS]
    if unknown:
        return [f"campo desconocido: {_show(k)}" for k in unknown[:5]] + _more(len(unknown) - 5)
    trigger, verb = spec.get("trigger"), spec.get("script", spec.get("action"))
    if not isinstance(trigger, str) or trigger not in TRIGGER_ORDER:
        return [f"disparador desconocido: {_show(trigger)}"]
    if "script" in spec:
        problem = _script_problem(spec, trigger)
    else:
        problem = _action_problem(spec, trigger)
    if problem:
        return [problem]
    params, required = verb_params(trigger, str(verb))
    where = f"{trigger}/{verb}" if "action" in spec else str(verb)
    problems = [f"{k!r} no se usa con {_verb(trigger, spec)}" for k in spec if k not in _BASE and k not in params]
    problems += [p for k, param in params.items() if k in spec and (p := param.problem(k, spec[k], str(verb) if k == "when" else where))]
    problems += [_missing(k, trigger, spec) for k in sorted(required) if k not in spec]
    return problems


def _verb(trigger: str, spec: Mapping[str, Any]) -> str:
    return f"el script {spec['script']!r}" if "script" in spec else f"{trigger}/{spec['action']}"


def _missing(key: str, trigger: str, spec: Mapping[str, Any]) -> str:
    why = {"attack": " (índice del ataque, desde 0)", "when": " (el momento en que se activa)"}.get(key, "")
    if key == "when":
        return f"una reacción necesita 'when'{why}"
    if key == "attack":
        return f"un efecto 'on_attack' necesita 'attack'{why}"
    return f"{spec.get('action', spec.get('script'))!r} necesita {key!r}"


def _action_problem(spec: Mapping[str, Any], trigger: str) -> str | None:
    action = spec.get("action")
    if not isinstance(action, str):
        return f"acción desconocida: {_show(action)}"
    if (trigger, action) in TRIGGERS:
        return None
    known = action in REGISTRY
    return f"la acción {action!r} no admite el disparador {trigger!r}" if known else f"acción desconocida: {_show(action)}"


def _script_problem(spec: Mapping[str, Any], trigger: str) -> str | None:
    name = spec["script"]
    if "action" in spec:
        return "un efecto lleva 'action' o 'script', no los dos"
    if not isinstance(name, str) or name not in SCRIPT_PARAMS:
        return f"script desconocido: {_show(name)}"
    if trigger not in SCRIPT_PARAMS[name][0]:
        return f"el script {name!r} no admite el disparador {trigger!r}"
    return None


def validate_effects(effects: Any, *, attacks: int | None = None) -> list[str]:
    """The problems of a whole ``effects`` list, each prefixed with the effect's number (from 1).

    *attacks*: the card's number of attacks, to check ``attack`` indexes when known. At most
    :data:`MAX_EFFECTS` effects; a long list of problems is cut at :data:`MAX_PROBLEMS`.
    """
    if not isinstance(effects, list | tuple):
        return ["'effects' debe ser una lista de efectos"]
    if len(effects) > MAX_EFFECTS:
        return [f"demasiados efectos: {len(effects)} (como mucho {MAX_EFFECTS} por carta)"]
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
    return out[:MAX_PROBLEMS] + _more(len(out) - MAX_PROBLEMS)


def _more(n: int) -> list[str]:
    return [f"y {n} problemas más"] if n > 0 else []


def _show(value: object) -> str:
    """A value in a message, cut short: hostile data must not make the message huge."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def unsimulated(cards: Iterable[CardData]) -> list[str]:
    """Codes of the cards that print a text the engine does not play (no ``effects``), in order, once each."""
    seen: dict[str, None] = {}
    for card in cards:
        if not card.is_simulated:
            seen.setdefault(card.code, None)
    return list(seen)
