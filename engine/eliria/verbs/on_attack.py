"""``on_attack``: the effects of one of the card's attacks (``attack``: its index, from 0).

``stage`` orders them: ``before`` the hit (``run(m, ctx, target, spec)``), ``formula`` of the
variable damage "x" (compiled only: ``AttackMoves.damage_x`` computes it), ``after`` the attack
resolves (``run(m, ctx, target, i, spec) -> bool``: *i* is the index of the next effect; True when
the verb took over the rest of the chain, asking a player and resuming ``m._after_attack`` itself,
or the game ended). A verb whose ``target`` is the attacked card does nothing once that card has
left its slot; one on the attacker, once the attacker has.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from ...actions import Action
from .base import Spec, Then, Verb, register
from .read import fields

if TYPE_CHECKING:
    from ..moves import AttackMoves
    from ..state import AttackContext, Combatant


def _silence(m: AttackMoves, ctx: AttackContext, target: Combatant, spec: Spec) -> None:
    target.silenced_turn = m.turn  # until the end of this turn
    m.event("silence", player=1 - ctx.p, slot=ctx.t)


def _nothing_before(m: AttackMoves, ctx: AttackContext, target: Combatant, spec: Spec) -> None:
    """``move_before`` acts when the attack is chosen (``AttackInfo.moves_first``), not at the hit."""


def _lowered(power: int, amount: Any) -> int:
    return 0 if amount == "all" else max(0, power - amount)


def _lose_power_read(atk: Any, s: Spec, amount: Any) -> None:
    """The computer players' worth of it: losing the attacker's own power pays only for a kill."""
    if s.get("target") == "self":
        atk.spends_attacker = True


def _lose_power(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    amount, who, q = spec.get("amount", 0), spec.get("target"), 1 - ctx.p
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


def _create_token(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    free = m.sides[ctx.p].free_combat()
    if free:
        m.ask_token_slot(ctx.p, str(spec["token"]), free, partial(m._after_attack, ctx, target, i))
        return True
    return False


def _draw(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    return (ctx.destroyed or not spec.get("if_destroyed")) and not m.draw(ctx.p, spec.get("amount", 0))


def _here(m: AttackMoves, ctx: AttackContext, target: Combatant) -> bool:
    return m.sides[1 - ctx.p].combat[ctx.t] is target


def _cannot_attack(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    if _here(m, ctx, target):
        roll = m.rng.d12()
        hit = roll >= spec["roll_at_least"]
        if hit:  # ruling CUARTO: only the attacked combatant, in its owner's next turn
            target.blocked_turn = m.turn + 1
        m.event("roll", player=ctx.p, roll=roll, hit=hit, rule="CUARTO")
    return False


def _turn_face_down(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    if _here(m, ctx, target):
        roll = m.rng.d12()
        hit = roll >= spec["roll_at_least"]
        if hit:  # rule 8: only an effect turns a card face down again
            target.up = False
        m.event("roll", player=ctx.p, roll=roll, hit=hit, face_down=hit)
    return False


def _cannot_move(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    if _here(m, ctx, target):  # in the rival's next turn
        target.unmovable_turn = m.turn + 1
    return False


def _move(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    if _here(m, ctx, target) and m.movable_to(1 - ctx.p, ctx.t):
        _push(m, ctx, partial(m._after_attack, ctx, target, i))
        return True
    return False


def _push(m: AttackMoves, ctx: AttackContext, then: Then) -> None:
    """Move the attacked card to an adjacent free slot of its board, the attacker choosing which."""
    q = 1 - ctx.p
    options = [
        m.act(("push", ctx.t, f), f"push:slot{f}", f"Mover la carta atacada al espacio {f + 1}", "push", (f,))
        for f in m.movable_to(q, ctx.t)
    ]

    def push(a: Action) -> None:
        m.move(q, ctx.t, a.args[0], then, event="pushed")

    m.ask(ctx.p, "push", "Elige a dónde mover la carta atacada", options, push)


def _destroy_attached(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    if _here(m, ctx, target):
        _choose_attached(m, ctx, target, partial(m._after_attack, ctx, target, i))
        return True
    return False


def _choose_attached(m: AttackMoves, ctx: AttackContext, target: Combatant, then: Then) -> None:
    """Destroy one attached summon bound to the attacked card (the attacker chooses which)."""
    q = 1 - ctx.p
    options = [
        m.act(("destroy_attached", k, sup.card.id), f"destroy:rival:support{k}",
              f"Destruir {sup.card.name} ligada a la carta atacada", "destroy_support", (k,))
        for k, sup in enumerate(m.sides[q].support)
        if sup is not None and sup.attached is target and not m.support_protected(q, k, ctx.p)
    ]  # fmt: skip
    if not options:
        then()
        return

    def hit(a: Action) -> None:
        m.destroy_support(q, a.args[0], ctx.p)
        then()

    m.ask(ctx.p, "destroy_support", "Elige la invocación a destruir", options, hit)


def _add_resistance(m: AttackMoves, ctx: AttackContext, target: Combatant, i: int, spec: Spec) -> bool:
    if m.sides[ctx.p].combat[ctx.s] is ctx.attacker:
        ctx.attacker.res_bonus, ctx.attacker.res_until = spec.get("amount", 0), m.turn + 2
    return False


_ATTACKED = frozenset({"attacked"})
_ROLLED = frozenset({"attack", "roll_at_least"})
register(
    Verb("on_attack", "lose_power", frozenset({"attack", "amount", "target"}), "Pierde {amount} puntos de poder",
         run=_lose_power, read=_lose_power_read, targets=frozenset({"attacked", "self", "adjacent_to_attacked"}), amount_all=True),
    Verb("on_attack", "create_token", frozenset({"attack", "token"}), "Crea un token {token}", run=_create_token,
         required=frozenset({"attack", "token"})),
    Verb("on_attack", "draw", frozenset({"attack", "amount", "if_destroyed"}), "Roba {amount} cartas", run=_draw),
    Verb("on_attack", "cannot_attack", frozenset({"attack", "target", "roll_at_least"}),
         "Con un {roll_at_least} o más en el dado, la carta atacada no puede atacar en su próximo turno",
         run=_cannot_attack, targets=_ATTACKED, required=_ROLLED),
    Verb("on_attack", "add_resistance", frozenset({"attack", "amount", "target", "duration"}),
         "Gana {amount} de resistencia hasta tu próximo turno", run=_add_resistance,
         targets=frozenset({"self"}), durations=frozenset({"until_next_turn"})),
    Verb("on_attack", "damage_x", frozenset({"attack", "formula"}), "El daño x es {formula}",
         read=fields(formula=("formula", "power")), required=frozenset({"attack", "formula"}), stage="formula"),
    Verb("on_attack", "turn_face_down", frozenset({"attack", "target", "roll_at_least"}),
         "Con un {roll_at_least} o más en el dado, la carta atacada se pone boca abajo",
         run=_turn_face_down, targets=_ATTACKED, required=_ROLLED),
    Verb("on_attack", "move", frozenset({"attack", "target"}), "Mueve la carta atacada a un espacio libre adyacente",
         run=_move, targets=_ATTACKED),
    Verb("on_attack", "silence", frozenset({"attack", "target", "duration"}),
         "La carta atacada pierde sus efectos este turno", run=_silence, targets=_ATTACKED,
         durations=frozenset({"turn"}), stage="before"),
    Verb("on_attack", "destroy_attached", frozenset({"attack", "target"}),
         "Destruye las invocaciones ligadas a la carta atacada", run=_destroy_attached, targets=_ATTACKED),
    Verb("on_attack", "move_before", frozenset({"attack"}), "Puede moverse antes de atacar", run=_nothing_before,
         read=fields(moves_first=True), stage="before"),
    Verb("on_attack", "cannot_move", frozenset({"attack", "target"}),
         "La carta atacada no puede moverse en su próximo turno", run=_cannot_move, targets=_ATTACKED),
)  # fmt: skip
