"""The verb registry itself: :class:`Verb`, ``REGISTRY``, :func:`register` and the dispatch helpers;
the hooks of a named script (:class:`CardScript`) and their table ``SCRIPTS``.

The lowest layer of the effects: it imports nothing of the board. The verbs' modules and
:mod:`..scripts` import from here and register their units; the package ``__init__`` imports this
module and then every verb module and the scripts, so any import of this module (``from
.verbs.base import …`` runs the package first) finds the registry whole. The verbs import nothing
above :mod:`..moves` at run time, so that load never runs in a circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...actions import Action

__all__ = [
    "REGISTRY", "SCRIPTS", "TRIGGERS", "CardScript", "Read", "Spec", "Use", "Verb", "by_trigger", "describe",
    "make_script", "register", "runs", "unregister", "use",
]  # fmt: skip

Spec = Mapping[str, Any]
Read = Callable[[Any, Spec, Any], None]  # (compiled card or attack, the effect, its amount)
Run = Callable[[Any, Any], bool]  # (the board as engine/eliria/moves.py's protocols, the Occasion)

# The triggers, in the vocabulary's order: when a verb runs (the event triggers, ``on_play``,
# ``on_attack``, ``reaction``) or while it holds (``attached``, ``field``, ``passive``, ``static``:
# a continuous effect of a card in play). Who fires each is the board's business (moves.Occasion).
TRIGGER_ORDER = (
    "on_play", "attached", "field", "passive", "static", "on_enter", "on_destroyed", "on_ally_destroyed",
    "on_attacked_survived", "on_field_summon", "on_summon_discarded", "end_of_power", "start_of_movement",
    "on_attack", "reaction",
)  # fmt: skip


@dataclass(frozen=True)
class Use:
    """One trigger a verb answers: the parameters it takes there, its Spanish label there (a template
    over them) and the values it plays. ``targets``/``durations``/``when``: the values of
    ``target``/``duration``/``when`` it plays (None: any of the vocabulary); ``amount_all``:
    ``"amount": "all"`` accepted; ``required``: parameters it cannot do without."""

    trigger: str
    params: frozenset[str]
    label: str
    targets: frozenset[str] | None = None
    durations: frozenset[str] | None = None
    when: frozenset[str] | None = None
    amount_all: bool = False
    required: frozenset[str] = frozenset()
    # The checks of the match it needs (CardTable's flags: "modifiers", "protections"…): a deck
    # without a card raising one skips that check altogether.
    flags: frozenset[str] = frozenset()
    # What a computer player gains by a continuous bonus of this use played face up: "solo" (a
    # number of its own grows: the goldfish counts it), "rival" (only against an attacker).
    gain: str = ""
    # An optional effect of a phase: whether it can act now, ``ready(m, p, comb, spec)``; the phase
    # asks it before it builds the occasion (most turns it cannot: the goldfish's turns stay cheap).
    ready: Callable[[Any, int, Any, Spec], bool] | None = None
    # A continuous effect that acts at a board event (``EliriaBoard.hear``: "destroyed", a combatant
    # was destroyed; "summon", a summon takes effect): the unit's ``run`` does it, once per event
    # for the whole board, when some card of the match carries the verb (``CardTable.hears``).
    on: str = ""


def use(trigger: str, params: set[str] | frozenset[str], label: str, **kw: Any) -> Use:
    """A :class:`Use`, its sets given as plain sets."""
    sets = {k: frozenset(v) for k, v in kw.items() if k in ("targets", "durations", "when", "required", "flags")}
    return Use(trigger, frozenset(params), label, **{**kw, **sets})


@dataclass(frozen=True)
class Verb:
    """One verb, whatever triggers it: where it may appear, what it compiles, what it does, what it is worth.

    ``uses``: the triggers it answers, each with its parameters and label (:class:`Use`). ``read``
    stores its data on the compiled card (``CardInfo``; an ``on_attack`` effect on its
    ``AttackInfo``): the card-data triggers' continuous effects and the flags the board reads to
    know a card has an event at all. ``run(m, at) -> bool`` is its whole behaviour when it runs
    (*m* the board, *at* the :class:`~engine.eliria.moves.Occasion`): True when it took over the
    rest of the chain (it asked a player and goes on with ``at.resume``, or the game ended).
    ``worth(view, spec)`` says whether a computer player gains by it now; ``stage`` orders an
    attack's effects (``before`` the hit, ``formula`` of "x", ``after`` it).
    """

    action: str
    uses: tuple[Use, ...]
    read: Read | None = None
    run: Run | None = None
    worth: Callable[..., bool] | None = None
    stage: str = "after"

    def use(self, trigger: str) -> Use:
        """Its use under *trigger* (KeyError when it does not answer it)."""
        for found in self.uses:
            if found.trigger == trigger:
                return found
        raise KeyError((trigger, self.action))


# action -> its unit, in the order they register. TRIGGERS: (trigger, action) -> its use, the
# table of when each verb may run, in the vocabulary's order of triggers.
REGISTRY: dict[str, Verb] = {}
TRIGGERS: dict[tuple[str, str], Use] = {}
# The board's dispatch, kept in step with the registry (the board holds these very dicts): every
# run by action, and an attack's by stage.
_RUNS: dict[str | None, dict[str, Run]] = {None: {}, "before": {}, "after": {}, "formula": {}}


def register(*units: Verb) -> None:
    """Add *units* to the registry; a verb is registered once, under any number of triggers."""
    for unit in units:
        if unit.action in REGISTRY:
            raise ValueError(f"verbo registrado dos veces: {unit.action!r}")
        unknown = [u.trigger for u in unit.uses if u.trigger not in TRIGGER_ORDER]
        if unknown or not unit.uses:
            raise ValueError(f"verbo {unit.action!r}: disparadores desconocidos {unknown}")
        REGISTRY[unit.action] = unit
    _index()


def unregister(action: str) -> None:
    """Take the verb *action* out of the registry (a test's own verb, once played)."""
    del REGISTRY[action]
    _index()


def _index() -> None:
    rows = {(u.trigger, v.action): u for v in REGISTRY.values() for u in v.uses}
    TRIGGERS.clear()
    for trigger in TRIGGER_ORDER:
        TRIGGERS.update({key: row for key, row in rows.items() if key[0] == trigger})
    for stage, table in _RUNS.items():
        table.clear()
        table.update(
            {v.action: v.run for v in REGISTRY.values() if v.run is not None and (stage is None or v.stage == stage)}
        )


def runs(stage: str | None = None) -> dict[str, Run]:
    """Every verb's ``run`` by action (of one attack *stage*, when given): the board's dispatch, a
    live table that follows the registry."""
    return _RUNS[stage]


def by_trigger(**reads: Read) -> Read:
    """A compile step that does what *reads* says for the effect's trigger (nothing for another)."""

    def read(info: Any, s: Spec, amount: Any) -> None:
        step = reads.get(str(s["trigger"]))
        if step is not None:
            step(info, s, amount)

    return read


class _Blank(dict[str, Any]):
    """An effect's parameters for a label: an absent one shows as «—», ``"all"`` as «todos sus»."""

    def __getitem__(self, key: str) -> Any:
        value = super().get(key, "—")
        return "todos sus" if value == "all" else value


def describe(spec: Spec) -> str:
    """The Spanish label of one effect object of the vocabulary, its parameters filled in."""
    row = TRIGGERS[(str(spec["trigger"]), str(spec["action"]))]
    return row.label.format_map(_Blank(spec))


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
