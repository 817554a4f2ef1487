"""``on_play``: a summon takes effect (6.c), played face up or activated later.

``run(m, p, k, card, i, spec, then) -> bool``: *k* is the summon's support slot, *i* the index of
the next effect of ``card.on_play``; True when the verb took over the rest of the chain (it asks a
player and resumes ``m._on_play`` itself, or the game ended), False to go on with the next effect.
``worth(view, spec)``: whether the goldfish (docs/contract.md §5) gains by it now.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from .base import Spec, Verb, register

if TYPE_CHECKING:
    from ..board import EliriaBoard, Then
    from ..cardinfo import CardInfo
    from ..view import EliriaView


def _add_power(m: EliriaBoard, p: int, k: int, card: CardInfo, i: int, spec: Spec, then: Then) -> bool:
    amount = spec.get("amount", 0)
    for _, c in m.sides[p].combatants():
        if c.up:
            m.gain_power(p, c, amount)
    return False


def _add_power_worth(view: EliriaView, spec: Spec) -> bool:
    return any(
        c is not None and c.up and (c.power < c.card.potential or c.power < view.potential(c)) for c in view.me.combat
    )


def _draw(m: EliriaBoard, p: int, k: int, card: CardInfo, i: int, spec: Spec, then: Then) -> bool:
    return not m.draw(p, spec.get("amount", 0))  # a deck that runs out ends the game (rule 5)


def _draw_worth(view: EliriaView, spec: Spec) -> bool:
    return view.me.deck_size() > int(spec.get("amount", 1))


def _add_damage(m: EliriaBoard, p: int, k: int, card: CardInfo, i: int, spec: Spec, then: Then) -> bool:
    slots = [s for s, c in m.sides[p].combatants() if c.up]
    if slots:
        m._choose_boost(p, k, card, i, slots, spec.get("amount", 0), then)
        return True
    return False


def _sacrifice_for_power(m: EliriaBoard, p: int, k: int, card: CardInfo, i: int, spec: Spec, then: Then) -> bool:
    m._sacrifice_for_power(p, spec, partial(m._on_play, p, k, card, i, then))
    return True


def _tokens_feed(view: EliriaView, spec: Any = None) -> bool:
    """A token of yours to sacrifice and a face-up non-token combatant of yours below its potential."""
    combat = view.me.combat
    for c in combat:  # a token first: the goldfish asks every turn, and most turns have none
        if c is not None and c.card.is_token:
            break
    else:
        return False
    return any(c is not None and not c.card.is_token and c.up and c.power < view.potential(c) for c in combat)


register(
    Verb("on_play", "add_power", frozenset({"amount", "target"}), "Tus combatientes boca arriba ganan {amount} de poder",
         run=_add_power, worth=_add_power_worth, targets=frozenset({"own_face_up"})),
    Verb("on_play", "add_damage", frozenset({"amount", "target", "duration"}),
         "Uno de tus combatientes boca arriba hace {amount} de daño más este turno",
         run=_add_damage, targets=frozenset({"chosen_own_face_up"}), durations=frozenset({"turn"})),
    Verb("on_play", "draw", frozenset({"amount"}), "Roba {amount} cartas", run=_draw, worth=_draw_worth),
    Verb("on_play", "sacrifice_for_power", frozenset({"amount", "tokens"}),
         "Sacrifica tokens: por cada uno, un combatiente tuyo gana {amount} de poder",
         run=_sacrifice_for_power, worth=_tokens_feed),
)  # fmt: skip
