"""The verb registry itself: :class:`Verb`, ``REGISTRY``, :func:`register` and the dispatch helpers;
the hooks of a named script (:class:`CardScript`) and their table ``SCRIPTS``.

The lowest layer of the effects: it imports nothing of the board. The families (``on_play``,
``attached``, …) and :mod:`..scripts` import from here and register their units; the package
``__init__`` imports this module and then every family and the scripts, so any import of this
module (``from .verbs.base import …`` runs the package first) finds the registry whole. The
families import nothing above :mod:`..moves` at run time, so that load never runs in a circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...actions import Action

__all__ = ["REGISTRY", "SCRIPTS", "CardScript", "Read", "Spec", "Verb", "describe", "make_script", "register", "runs"]

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


Then = Callable[[], None]


class CardScript:
    """The hooks a scripted card may implement; each default does nothing.

    The board is *m*: each script of :mod:`..scripts` types it as the protocol of
    :mod:`..moves` it uses (``Any`` here, below the board's own types).
    """

    # Rule 14.a: tokens may be sacrificed to this card's effect only where it says so expressly.
    default_tokens: ClassVar[bool] = False
    # Reactions (6.b): the moment they may activate ("attack_declared", "last_destroyed").
    default_when: ClassVar[str] = ""
    # Whether the goldfish (no opponent) plays this summon when :meth:`usable` says it helps.
    goldfish: ClassVar[bool] = False

    def __init__(self, spec: Mapping[str, Any], name: str = "") -> None:
        self.spec = spec
        self.sacrifice_tokens: bool
        self.when: str
        self.name = name  # the name of the card that carries it, for its prompts and labels
        # Whether the script adds Movimiento actions (12.b) of its own.
        self.has_movement = type(self).movement_actions is not CardScript.movement_actions
        self.has_end_of_power = type(self).end_of_power is not CardScript.end_of_power
        self.sacrifice_tokens = bool(spec.get("tokens", type(self).default_tokens))
        self.when = str(spec.get("when", type(self).default_when))

    def on_effect(self, m: Any, p: int, k: int, then: Then) -> None:
        """A summon on support slot *k* of seat *p* takes effect (6.c)."""
        then()

    def movement_actions(self, m: Any, p: int, slot: int) -> list[Action]:
        """Extra Movimiento actions of a face-up combatant (12.b)."""
        return []

    def movement_apply(self, m: Any, p: int, action: Action, then: Then) -> None:
        """Apply one of :meth:`movement_actions`, then continue with *then*."""
        then()

    def usable(self, m: Any, p: int) -> bool:
        """Whether a summon with this script would do anything now (for policies)."""
        return True

    def end_of_power(self, m: Any, p: int, slot: int, then: Then) -> None:
        """At the end of its owner's Poder phase (12.c), face up."""
        then()

    def replace_destruction(self, m: Any, p: int, slot: int) -> bool:
        """True when the card stays instead of being destroyed."""
        return False

    def can_react(self, m: Any, p: int, ctx: Any) -> bool:
        return False

    def react(self, m: Any, p: int, ctx: Any, then: Then) -> None:
        then()


# The script each name in the data means (see effects.SCRIPT_PARAMS), filled by engine/eliria/scripts.py:
# a table, not a class decorator (mypyc compiles the classes, and a decorated class would not be one of its own).
SCRIPTS: dict[str, type[CardScript]] = {}


def make_script(spec: Mapping[str, Any], name: str = "") -> CardScript:
    """The script object of one validated effect ``{"script": …}`` of the card called *name*."""
    return SCRIPTS[str(spec["script"])](spec, name)
