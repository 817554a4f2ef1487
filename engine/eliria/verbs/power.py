"""The verbs of power, damage, resistance and potential: what a combatant's numbers become.

Each is one unit whatever triggers it (``uses``): a summon played (``on_play``), an event of the
card (``on_ally_destroyed``…), an attack (``on_attack``), or a continuous effect while the card
is in play (``attached``, ``field``, ``passive``), which its ``read`` adds to the quantities of
the modifiers layer (engine/eliria/modifiers.py) that the board reads through ``layer.modifiers``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ..moves import DONE
from .base import Spec, Then, Verb, by_trigger, register, use
from .read import adds, fields

if TYPE_CHECKING:
    from ..moves import AttackMoves, Moves, Occasion, Sight

_GAIN = {"amount", "target"}
_AMOUNT_CLASS = {"amount", "class"}
_SELF = {"self"}


# -- add_power ------------------------------------------------------------------------------------


def _add_power(m: Moves, at: Occasion) -> bool:
    """The combatant whose event it is gains (``target: self``); a summon's: each face-up one of yours."""
    amount = at.spec.get("amount", 0)
    if at.comb is not None:
        m.gain_power(at.p, at.comb, amount)
        return False
    for _, c in m.sides[at.p].combatants():
        if c.up:
            m.gain_power(at.p, c, amount)
    return False


def _add_power_worth(view: Sight, spec: Spec) -> bool:
    return any(
        c is not None and c.up and (c.power < c.card.potential or c.power < view.potential(c)) for c in view.me.combat
    )


# -- add_damage -----------------------------------------------------------------------------------


def _add_damage(m: Moves, at: Occasion) -> bool:
    """One face-up combatant of yours, your choice, hits harder this turn."""
    slots = [s for s, c in m.sides[at.p].combatants() if c.up]
    if not slots:
        return False
    card, amount, p = at.card, at.spec.get("amount", 0), at.p
    assert card is not None
    options = [
        m.act(("boost", s, card.id, m.tag(p, s)), f"boost:slot{s}", f"{card.name}: potenciar a {m.combatant_name(p, s)}",
              "boost", (s,))
        for s in slots
    ]  # fmt: skip

    def boost(a: Action) -> None:
        comb = m.sides[p].combat[a.args[0]]
        assert comb is not None
        comb.boost += amount
        at.resume()

    m.ask(p, "boost", f"{card.name}: elige la carta de combate", options, boost)
    return True


# -- add_resistance, lose_power -------------------------------------------------------------------


def _add_resistance(m: AttackMoves, at: Occasion) -> bool:
    """An attack's: the attacker resists more until its owner's next turn."""
    ctx = at.ctx
    assert ctx is not None
    if m.sides[ctx.p].combat[ctx.s] is ctx.attacker:
        ctx.attacker.res_bonus, ctx.attacker.res_until = at.spec.get("amount", 0), m.turn + 2
    return False


def _lowered(power: int, amount: Any) -> int:
    return 0 if amount == "all" else max(0, power - amount)


def _lose_power_read(atk: Any, s: Spec, amount: Any) -> None:
    """The computer players' worth of it: losing the attacker's own power pays only for a kill."""
    if s.get("target") == "self":
        atk.spends_attacker = True


def _lose_power(m: AttackMoves, at: Occasion) -> bool:
    ctx, target = at.ctx, at.target
    assert ctx is not None and target is not None
    amount, who, q = at.spec.get("amount", 0), at.spec.get("target"), 1 - ctx.p
    if who == "adjacent_to_attacked":
        for n in (ctx.t - 1, ctx.t + 1):
            c = m.sides[q].combat[n] if 0 <= n < len(m.sides[q].combat) else None
            if c is not None:
                c.power = _lowered(c.power, amount)
        return False
    if who == "attacked":
        if m.sides[q].combat[ctx.t] is target:
            target.power = _lowered(target.power, amount)
    elif m.sides[ctx.p].combat[ctx.s] is ctx.attacker:
        ctx.attacker.power = _lowered(ctx.attacker.power, amount)
    return False


# -- sacrifice_for_power --------------------------------------------------------------------------


def _sacrifice_for_power(m: Moves, at: Occasion) -> bool:
    _offer_tokens(m, at.p, at.spec, at.resume)
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
        m.sacrifice(p, a.args[0], partial(_power_for_sacrifice, m, p, spec, then))

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


def _summon_damage(m: Moves, at: Occasion) -> bool:
    """An ephemeral summon of seat ``at.p`` takes effect: each face-up, unsilenced combatant of
    yours with this passive adds its amount to the damage of your attacks this turn."""
    assert at.card is not None
    if at.card.subtype != "ephemeral":
        return False
    side = m.sides[at.p]
    bonus = sum(c.card.own.summon_damage for c in side.combat if c is not None and c.up and not m.silenced(c))
    if bonus:
        if side.turn_damage_at != m.turn:
            side.turn_damage_at, side.turn_damage = m.turn, 0
        side.turn_damage += bonus
    return False


register(
    Verb("add_power", (
        use("on_play", _GAIN, "Tus combatientes boca arriba ganan {amount} de poder", targets={"own_face_up"}),
        use("field", {"amount", "target", "class"}, "Los combatientes de ambos jugadores ganan {amount} de poder",
            targets={"all"}, flags={"modifiers", "field_powers"}, gain="solo"),
        use("on_ally_destroyed", _GAIN, "Gana {amount} de poder cuando destruyen a un aliado", targets=_SELF),
        use("on_attacked_survived", _GAIN, "Gana {amount} de poder al sobrevivir a un ataque", targets=_SELF),
        use("on_field_summon", _GAIN, "Gana {amount} de poder cuando se juega un campo", targets=_SELF),
        use("on_summon_discarded", _GAIN, "Gana {amount} de poder cuando se descarta una invocación", targets=_SELF),
    ), read=by_trigger(field=adds(power="amount", power_key=("class", ""))), run=_add_power,
        worth=_add_power_worth),
    Verb("add_damage", (
        use("on_play", {"amount", "target", "duration"},
            "Uno de tus combatientes boca arriba hace {amount} de daño más este turno",
            targets={"chosen_own_face_up"}, durations={"turn"}),
        use("attached", _AMOUNT_CLASS, "Los ataques del combatiente ligado hacen {amount} de daño más",
            flags={"modifiers"}, gain="solo"),
    ), read=by_trigger(attached=adds(damage="amount")), run=_add_damage),
    Verb("add_resistance", (
        use("attached", _AMOUNT_CLASS, "El combatiente ligado gana {amount} de resistencia", flags={"modifiers"},
            gain="solo"),
        # all_face_down: a face-down combatant resists more while it is attacked; the attack reveals it
        # (rule 8) and the bonus still counts against that attack, never outside an attack.
        use("field", {"amount", "target", "exclude_tokens"}, "Las cartas boca abajo atacadas ganan {amount} de resistencia",
            targets={"all_face_down"}, flags={"modifiers"}, gain="solo"),
        use("passive", {"amount", "target"}, "Tus combatientes adyacentes ganan {amount} de resistencia",
            targets={"adjacent_own"}, flags={"modifiers"}),
        use("on_attack", {"attack", "amount", "target", "duration"}, "Gana {amount} de resistencia hasta tu próximo turno",
            targets=_SELF, durations={"until_next_turn"}),
    ), read=by_trigger(attached=adds(resistance="amount"), field=adds(hidden_resistance="amount"),
                   passive=adds("beside", resistance="amount")),
        run=_add_resistance),
    Verb("add_potential", (
        use("attached", _AMOUNT_CLASS, "El combatiente ligado gana {amount} de potencial",
            flags={"modifiers", "potentials"}, gain="solo"),
    ), read=by_trigger(attached=adds(potential="amount"))),
    Verb("lose_power", (
        use("on_attack", {"attack", "amount", "target"}, "Pierde {amount} puntos de poder",
            targets={"attacked", "self", "adjacent_to_attacked"}, amount_all=True),
    ), read=by_trigger(on_attack=_lose_power_read), run=_lose_power),
    Verb("cap_power_gain", (
        use("passive", {"amount"}, "Gana como mucho {amount} de poder por fase", flags={"modifiers"}),
    ), read=by_trigger(passive=adds(gain_cap="amount"))),
    Verb("summon_damage", (
        use("passive", {"amount"}, "Cada invocación tuya le da {amount} de daño más", flags={"modifiers"},
            on="summon"),
    ), read=by_trigger(passive=adds(summon_damage="amount")), run=_summon_damage),
    Verb("sacrifice_for_power", (
        use("on_play", {"amount", "tokens"}, "Sacrifica tokens: por cada uno, un combatiente tuyo gana {amount} de poder"),
    ), run=_sacrifice_for_power, worth=_tokens_feed),
    Verb("damage_x", (
        use("on_attack", {"attack", "formula"}, "El daño x es {formula}", required={"attack", "formula"}),
    ), read=by_trigger(on_attack=fields(formula=("formula", "power"))), stage="formula"),
)  # fmt: skip
