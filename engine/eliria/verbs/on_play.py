"""``on_play``: a summon takes effect (6.c), played face up or activated later.

``run(m, p, k, card, i, spec, then) -> bool``: *k* is the summon's support slot, *i* the index of
the next effect of ``card.on_play``; True when the verb took over the rest of the chain (it asks a
player and resumes ``m._on_play`` itself, or the game ended), False to go on with the next effect.
``worth(view, spec)``: whether the goldfish (docs/contract.md §5) gains by it now.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ..moves import DONE
from .base import Spec, Then, Verb, register

if TYPE_CHECKING:
    from ..cardinfo import CardInfo
    from ..moves import Moves, Sight


def _add_power(m: Moves, p: int, k: int, card: CardInfo, i: int, spec: Spec, then: Then) -> bool:
    amount = spec.get("amount", 0)
    for _, c in m.sides[p].combatants():
        if c.up:
            m.gain_power(p, c, amount)
    return False


def _add_power_worth(view: Sight, spec: Spec) -> bool:
    return any(
        c is not None and c.up and (c.power < c.card.potential or c.power < view.potential(c)) for c in view.me.combat
    )


def _draw(m: Moves, p: int, k: int, card: CardInfo, i: int, spec: Spec, then: Then) -> bool:
    return not m.draw(p, spec.get("amount", 0))  # a deck that runs out ends the game (rule 5)


def _draw_worth(view: Sight, spec: Spec) -> bool:
    return view.me.deck_size() > int(spec.get("amount", 1))


def _add_damage(m: Moves, p: int, k: int, card: CardInfo, i: int, spec: Spec, then: Then) -> bool:
    slots = [s for s, c in m.sides[p].combatants() if c.up]
    if slots:
        _choose_boost(m, p, k, card, i, slots, spec.get("amount", 0), then)
        return True
    return False


def _choose_boost(m: Moves, p: int, k: int, card: CardInfo, i: int, slots: list[int], amount: int, then: Then) -> None:
    options = [
        m.act(("boost", s, card.id, m.tag(p, s)), f"boost:slot{s}", f"{card.name}: potenciar a {m.combatant_name(p, s)}",
              "boost", (s,))
        for s in slots
    ]  # fmt: skip

    def boost(a: Action) -> None:
        comb = m.sides[p].combat[a.args[0]]
        assert comb is not None
        comb.boost += amount
        m._on_play(p, k, card, i, then)

    m.ask(p, "boost", f"{card.name}: elige la carta de combate", options, boost)


def _sacrifice_for_power(m: Moves, p: int, k: int, card: CardInfo, i: int, spec: Spec, then: Then) -> bool:
    _offer_tokens(m, p, spec, partial(m._on_play, p, k, card, i, then))
    return True


def _offer_tokens(m: Moves, p: int, spec: Spec, then: Then) -> None:
    """Sacrifice any number of your tokens (``tokens``: allowed expressly, 14.a); for each, one of
    your combatants gains ``amount`` power."""
    side = m.sides[p]
    victims = [s for s, c in side.combatants() if c.card.is_token and spec.get("tokens", False)]
    if not victims or len(side.combatants()) < 2:
        then()
        return
    options = m.offer_actions(p, victims)
    options.append(DONE)

    def offer(a: Action) -> None:
        if a.kind == "done":
            then()
            return
        m.sacrifice(p, a.args[0], lambda: _power_for_sacrifice(m, p, spec, then))

    m.ask(p, "sacrifice_power", "Elige un token a sacrificar (o termina)", options, offer)


def _power_for_sacrifice(m: Moves, p: int, spec: Spec, then: Then) -> None:
    side = m.sides[p]
    options = [
        m.act(("sac_target", s, m.tag(p, s)), f"boost:slot{s}",
              f"{m.combatant_name(p, s)} gana {spec.get('amount', 0)} de poder", "boost", (s,))
        for s, _ in side.combatants()
    ]  # fmt: skip
    if not options:
        then()
        return

    def gain(a: Action) -> None:
        comb = side.combat[a.args[0]]
        assert comb is not None
        m.gain_power(p, comb, int(spec.get("amount", 0)))
        _offer_tokens(m, p, spec, then)

    m.ask(p, "sacrifice_target", "Elige la carta de combate que gana poder", options, gain)


def _tokens_feed(view: Sight, spec: Any = None) -> bool:
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
