"""The verbs of attacking and being attacked: what an attack does besides its damage, what answers
it, and the continuous effects on who may attack whom.

An attack's effects run in ``stage`` order: ``before`` the hit, ``after`` it (``formula`` is
:mod:`.power`'s ``damage_x``). A verb whose ``target`` is the attacked card does nothing once that
card has left its slot; one on the attacker, once the attacker has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from .base import Verb, by_trigger, register, use
from .read import adds, fields

if TYPE_CHECKING:
    from ..moves import AttackMoves, Moves, Occasion
    from ..state import AttackContext, Combatant

_ATTACKED = {"attacked"}
_ROLLED = {"attack", "roll_at_least"}


def _here(m: Moves, at: Occasion) -> bool:
    """Whether the attacked card is still on the slot the attack aimed at."""
    ctx = at.ctx
    assert ctx is not None
    return m.sides[1 - ctx.p].combat[ctx.t] is at.target


def _attacked(at: Occasion) -> tuple[AttackContext, Combatant]:
    assert at.ctx is not None and at.target is not None
    return at.ctx, at.target


# -- before the hit -------------------------------------------------------------------------------


def _silence(m: AttackMoves, at: Occasion) -> bool:
    ctx, target = _attacked(at)
    target.silenced_turn = m.turn  # until the end of this turn
    m.event("silence", player=1 - ctx.p, slot=ctx.t)
    return False


def _nothing_before(m: AttackMoves, at: Occasion) -> bool:
    """``move_before`` acts when the attack is chosen (``AttackInfo.moves_first``), not at the hit."""
    return False


# -- after it -------------------------------------------------------------------------------------


def _cannot_attack(m: Moves, at: Occasion) -> bool:
    """An attack's: with a roll, the attacked card may not attack in its owner's next turn (ruling
    CUARTO: only it). A reaction's: the card the rival just moved may not attack this turn."""
    if at.trigger == "reaction":
        rival = 1 - at.p
        moved = m.sides[rival].combat[m.moment_slot]
        if moved is not None:
            moved.blocked_turn = m.turn
            m.event("blocked", player=rival, slot=m.moment_slot)
        return False
    ctx, target = _attacked(at)
    if _here(m, at):
        roll = m.rng.d12()
        hit = roll >= at.spec["roll_at_least"]
        if hit:
            target.blocked_turn = m.turn + 1
        m.event("roll", player=ctx.p, roll=roll, hit=hit, rule="CUARTO")
    return False


def _turn_face_down(m: AttackMoves, at: Occasion) -> bool:
    ctx, target = _attacked(at)
    if _here(m, at):
        roll = m.rng.d12()
        hit = roll >= at.spec["roll_at_least"]
        if hit:  # rule 8: only an effect turns a card face down again
            target.up = False
        m.event("roll", player=ctx.p, roll=roll, hit=hit, face_down=hit)
    return False


def _cannot_move(m: AttackMoves, at: Occasion) -> bool:
    ctx, target = _attacked(at)
    if _here(m, at):  # in the rival's next turn
        target.unmovable_turn = m.turn + 1
    return False


def _move(m: AttackMoves, at: Occasion) -> bool:
    """Move the attacked card to an adjacent free slot of its board, the attacker choosing which."""
    ctx, _ = _attacked(at)
    q = 1 - ctx.p
    if not (_here(m, at) and m.movable_to(q, ctx.t)):
        return False
    options = [
        m.act(("push", ctx.t, f), f"push:slot{f}", f"Mover la carta atacada al espacio {f + 1}", "push", (f,))
        for f in m.movable_to(q, ctx.t)
    ]

    def push(a: Action) -> None:
        m.move(q, ctx.t, a.args[0], at.resume, event="pushed")

    m.ask(ctx.p, "push", "Elige a dónde mover la carta atacada", options, push)
    return True


def _destroy_attached(m: AttackMoves, at: Occasion) -> bool:
    """Destroy one attached summon bound to the attacked card (the attacker chooses which)."""
    ctx, target = _attacked(at)
    if not _here(m, at):
        return False
    q = 1 - ctx.p
    options = [
        m.act(("destroy_attached", k, sup.card.id), f"destroy:rival:support{k}",
              f"Destruir {sup.card.name} ligada a la carta atacada", "destroy_support", (k,))
        for k, sup in enumerate(m.sides[q].support)
        if sup is not None and sup.attached is target and not m.support_protected(q, k, ctx.p)
    ]  # fmt: skip
    if not options:
        at.resume()
        return True

    def hit(a: Action) -> None:
        m.destroy_support(q, a.args[0], ctx.p)
        at.resume()

    m.ask(ctx.p, "destroy_support", "Elige la invocación a destruir", options, hit)
    return True


def _damage_attacker(m: Moves, at: Occasion) -> bool:
    """A reaction's: the attacker takes ``amount`` damage (an attached summon's is its thorns,
    the layer's ``thorns``, which the attack's own resolution deals: ``EliriaCombat._strike``)."""
    if at.ctx is None:
        return False
    m.damage_attacker(at.ctx, int(at.spec.get("amount", 0)), at.resume)
    return True


register(
    Verb("silence", (
        use("on_attack", {"attack", "target", "duration"}, "La carta atacada pierde sus efectos este turno",
            targets=_ATTACKED, durations={"turn"}),
    ), run=_silence, stage="before"),
    Verb("move_before", (
        use("on_attack", {"attack"}, "Puede moverse antes de atacar"),
    ), read=by_trigger(on_attack=fields(moves_first=True)), run=_nothing_before, stage="before"),
    Verb("cannot_attack", (
        use("on_attack", {"attack", "target", "roll_at_least"},
            "Con un {roll_at_least} o más en el dado, la carta atacada no puede atacar en su próximo turno",
            targets=_ATTACKED, required=_ROLLED),
        use("reaction", {"when", "target", "duration"}, "La carta movida no puede atacar este turno",
            targets={"moved"}, durations={"turn"}, when={"rival_moved"}, required={"when"}),
    ), run=_cannot_attack),
    Verb("turn_face_down", (
        use("on_attack", {"attack", "target", "roll_at_least"},
            "Con un {roll_at_least} o más en el dado, la carta atacada se pone boca abajo",
            targets=_ATTACKED, required=_ROLLED),
    ), run=_turn_face_down),
    Verb("cannot_move", (
        use("on_attack", {"attack", "target"}, "La carta atacada no puede moverse en su próximo turno",
            targets=_ATTACKED),
    ), run=_cannot_move),
    Verb("move", (
        use("on_attack", {"attack", "target"}, "Mueve la carta atacada a un espacio libre adyacente", targets=_ATTACKED),
    ), run=_move),
    Verb("destroy_attached", (
        use("on_attack", {"attack", "target"}, "Destruye las invocaciones ligadas a la carta atacada",
            targets=_ATTACKED),
    ), run=_destroy_attached),
    Verb("damage_attacker", (
        use("attached", {"amount", "class"}, "Quien ataque al combatiente ligado recibe {amount} de daño",
            flags={"modifiers"}, gain="rival"),
        use("reaction", {"when", "amount"}, "El atacante recibe {amount} de daño", when={"attacked_survived"},
            required={"when"}),
    ), read=by_trigger(attached=adds(thorns="amount")), run=_damage_attacker),
    Verb("drain_attacker", (
        use("attached", {"class"}, "Quien ataque al combatiente ligado pierde su poder"),
    ), read=by_trigger(attached=adds(drain=True))),
    Verb("attack_roll", (
        use("field", {"roll_at_most"}, "Un ataque falla con un {roll_at_most} o menos en el dado"),
    ), read=by_trigger(field=adds(attack_roll=("roll_at_most", 0)))),
    Verb("protect", (
        use("passive", {"target", "max_attacker_power"},
            "No puede ser atacada por combatientes de poder {max_attacker_power} o menos",
            targets={"self", "self_beside_ally", "own_face_down"}, flags={"protections"}),
    ), read=by_trigger(passive=adds(protect=("target", "self"), protect_max_power=("max_attacker_power", -1)))),
    Verb("reach", (
        use("passive", {"reach"}, "Puede atacar a más cartas que la de enfrente"),
    ), read=by_trigger(passive=adds(reach=("reach", "")))),
    Verb("block_attach", (
        use("passive", set(), "No se le pueden ligar invocaciones"),
    ), read=by_trigger(passive=adds(blocks_attach=True))),
)  # fmt: skip
