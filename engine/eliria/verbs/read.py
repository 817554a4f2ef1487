"""Compile steps shared by the verbs whose data the rules read as plain fields of ``CardInfo``."""

from __future__ import annotations

from typing import Any

from .base import Read, Spec


def fields(**values: Any) -> Read:
    """A compile step that sets *values* on the card: a constant, ``"amount"`` (the effect's
    amount), ``"spec"`` (the effect itself) or ``(parameter, default)``."""

    def read(info: Any, s: Spec, amount: Any) -> None:
        for name, value in values.items():
            if value == "amount":
                value = amount
            elif value == "spec":
                value = s
            elif isinstance(value, tuple):
                value = s.get(value[0], value[1])
            setattr(info, name, value)

    return read
