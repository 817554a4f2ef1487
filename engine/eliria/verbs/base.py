"""The verb registry itself: :class:`Verb`, ``REGISTRY``, :func:`register` and the dispatch helpers.

The families (``on_play``, ``attached``, …) import from here and register their units; the package
``__init__`` imports this module and then every family, so importing the package fills the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["REGISTRY", "Read", "Spec", "Verb", "describe", "register", "runs"]

Spec = Mapping[str, Any]
Read = Callable[[Any, Spec, Any], None]  # (compiled card or attack, the effect, its amount)


@dataclass(frozen=True)
class Verb:
    """One verb under one trigger: its parameters, its compile step, its execution, its worth, its label.

    ``params``: the parameter names it takes; ``targets``/``durations``/``when``: the values of
    ``target``/``duration``/``when`` it plays (None: any of the vocabulary); ``amount_all``:
    ``"amount": "all"`` accepted; ``required``: parameters it cannot do without. ``read`` stores its
    data on the compiled card (``CardInfo``; an ``on_attack`` verb on the ``AttackInfo``); ``run``
    executes it when its trigger fires (its signature is the family's, see each module); ``worth``
    says whether a computer player gains by it now; ``stage`` orders an attack's verbs
    (``before`` the hit, ``formula`` of "x", ``after`` it).
    """

    trigger: str
    action: str
    params: frozenset[str]
    label: str
    read: Read | None = None
    run: Callable[..., Any] | None = None
    worth: Callable[..., bool] | None = None
    targets: frozenset[str] | None = None
    durations: frozenset[str] | None = None
    when: frozenset[str] | None = None
    amount_all: bool = False
    required: frozenset[str] = frozenset()
    stage: str = "after"


# (trigger, action) -> its unit, in the order the families register them (the vocabulary's order).
REGISTRY: dict[tuple[str, str], Verb] = {}


def register(*units: Verb) -> None:
    """Add *units* to the registry; a verb is registered once."""
    for unit in units:
        key = (unit.trigger, unit.action)
        if key in REGISTRY:
            raise ValueError(f"verbo registrado dos veces: {key}")
        REGISTRY[key] = unit


def runs(trigger: str, stage: str | None = None) -> dict[str, Callable[..., Any]]:
    """The executions of *trigger*'s verbs by action (of one attack *stage*, when given): the board's dispatch."""
    return {
        v.action: v.run
        for v in REGISTRY.values()
        if v.trigger == trigger and v.run is not None and (stage is None or v.stage == stage)
    }


class _Blank(dict[str, Any]):
    """An effect's parameters for a label: an absent one shows as «—», ``"all"`` as «todos sus»."""

    def __getitem__(self, key: str) -> Any:
        value = super().get(key, "—")
        return "todos sus" if value == "all" else value


def describe(spec: Spec) -> str:
    """The Spanish label of one effect object of the vocabulary, its parameters filled in."""
    unit = REGISTRY[(str(spec["trigger"]), str(spec["action"]))]
    return unit.label.format_map(_Blank(spec))
