"""Compile steps shared by the verbs: plain fields of an attack (``AttackInfo``), and what a
continuous effect adds to the modifiers layer (engine/eliria/modifiers.py)."""

from __future__ import annotations

from typing import Any

from .base import Read, Spec

# Whom a continuous effect touches by default, by its trigger (modifiers.RELATIONS).
_RELATION = {"attached": "bound", "field": "field", "passive": "own", "static": "own"}


def _value(value: Any, s: Spec, amount: Any) -> Any:
    if value == "amount":
        return amount
    if value == "spec":
        return s
    if isinstance(value, tuple):
        return s.get(value[0], value[1])
    return value


def fields(**values: Any) -> Read:
    """A compile step that sets *values* on the compiled attack: a constant, ``"amount"`` (the
    effect's amount), ``"spec"`` (the effect itself) or ``(parameter, default)``."""

    def read(info: Any, s: Spec, amount: Any) -> None:
        for name, value in values.items():
            setattr(info, name, _value(value, s, amount))

    return read


def adds(to: str = "", **quantities: Any) -> Read:
    """A continuous effect's compile step: each of *quantities* (a quantity of the layer: a value as
    :func:`fields` takes it) added to the card's record of the relation *to* (by default the
    trigger's: attached → ``bound``, field → ``field``, or ``field_cards`` with ``exclude_tokens``,
    passive and static → ``own``)."""

    def read(info: Any, s: Spec, amount: Any) -> None:
        relation = to or _RELATION[str(s["trigger"])]
        if relation == "field" and s.get("exclude_tokens", False):
            relation = "field_cards"
        record = info.record(relation)
        for quantity, value in quantities.items():
            record.put(quantity, _value(value, s, amount))

    return read
