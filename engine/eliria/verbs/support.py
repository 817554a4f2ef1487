"""The verbs of the summon/reaction row: destroying a summon, a reaction's ambush, and the
continuous effects on what may be played or bound (6.b, 6.c)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from ..state import AttackContext
from .base import Then, Verb, by_trigger, register, use
from .read import adds

if TYPE_CHECKING:
    from ..moves import Moves, Occasion


def _destroy_summon(m: Moves, at: Occasion) -> bool:
    """Destroy the summon the rival activates, before it takes effect (``rival_summon``), or one
    summon of the rival's board, the owner's choice."""
    owner = at.p
    if at.spec.get("when", "") == "rival_summon":
        m.destroy_support(1 - owner, m.moment_slot, owner)
        return False
    _destroy_a_summon(m, owner, 1 - owner, at.resume)
    return True


def _destroy_a_summon(m: Moves, owner: int, rival: int, then: Then) -> None:
    """*owner* destroys one summon of *rival*'s board (its choice)."""
    options = [
        m.act(("destroy_summon", j, sup.card.id), f"destroy:rival:support{j}",
              f"Destruir {sup.card.name if sup.up else 'la carta boca abajo'} del rival", "destroy_support", (j,))
        for j, sup in enumerate(m.sides[rival].support)
        if sup is not None and sup.card.kind == "summon" and not m.support_protected(rival, j, owner)
    ]  # fmt: skip
    if not options:
        then()
        return

    def hit(a: Action) -> None:
        m.destroy_support(rival, a.args[0], owner)
        then()

    m.ask(owner, "destroy_support", "Elige la invocación del rival a destruir", options, hit)


def _ambush(m: Moves, at: Occasion) -> bool:
    """Your face-down card facing the card just played turns face up and attacks it at once,
    whatever its power (assumption: damage and destruction, no attack effects)."""
    owner, slot, then = at.p, m.moment_slot, at.resume
    assert at.card is not None
    name = at.card.name
    mine, rival = m.sides[owner].combat[slot], m.sides[1 - owner].combat[slot]
    if mine is None or rival is None:
        return False
    mine.up = True
    mine.power = min(mine.power, m.potential(owner, mine))
    m.event("reveal", player=owner, slot=slot, card=mine.card.code, rule="8")
    options = [
        m.act(("ambush", slot, a.index, mine.card.id), f"ambush:{a.index}",
              f"Atacar con {a.name} ({mine.card.name})", "ambush", (a.index,))
        for a in mine.card.attacks
    ]  # fmt: skip
    if not options:
        return False

    def strike(a: Action) -> None:
        hit = AttackContext(owner, slot, slot, mine.card.attacks[a.args[0]], mine)
        target = m.sides[1 - owner].combat[slot]
        if target is None:
            then()
            return
        if not target.up:
            hit.hidden = target.up = True
        damage = m.strike_damage(hit, target)
        resistance = m.strike_resistance(hit)
        m.event("hit", player=owner, damage=damage, resistance=resistance, destroyed=damage > resistance,
                rule="6.a.V")  # fmt: skip
        if damage > resistance:
            m.destroy(1 - owner, slot, then)
        else:
            then()

    m.ask(owner, "ambush", f"{name}: elige el ataque", options, strike)
    return True


def _forbid_attached(m: Moves, at: Occasion) -> bool:
    """A field summon forbidding attached summons takes effect: all on the board go to the discard
    pile, bound or not, face up or down ("las que ya estén en el tablero"), unless protected from
    its owner (``support_protected``)."""
    if at.card is None or at.card.subtype != "field" or not at.card.field.forbid_attached:
        return False
    for q, side in enumerate(m.sides):
        for j, other in enumerate(side.support):
            if other is not None and other.card.subtype == "attached":
                m.destroy_support(q, j, at.p)
    return False


register(
    Verb("destroy_summon", (
        use("reaction", {"when", "target"}, "Destruye una invocación del rival", targets={"rival"},
            when={"rival_summon", "rival_sacrificed"}, required={"when"}),
    ), run=_destroy_summon),
    Verb("ambush", (
        use("reaction", {"when"}, "Responde a la carta que el rival juega frente a una tuya boca abajo",
            when={"rival_played_aligned"}, required={"when"}),
    ), run=_ambush),
    Verb("forbid_attached", (
        use("field", set(), "No se pueden jugar invocaciones ligadas", flags={"forbids_attached"}, on="summon"),
    ), read=by_trigger(field=adds(forbid_attached=True)), run=_forbid_attached),
    Verb("protect_attached", (
        use("passive", set(), "Sus invocaciones ligadas no pueden ser destruidas por efectos del rival"),
    ), read=by_trigger(passive=adds(protects_attached=True))),
    Verb("reactions_face_up", (
        use("passive", set(), "Las reacciones se juegan boca arriba", flags={"reveals"}),
    ), read=by_trigger(passive=adds(reactions_face_up=True))),
)  # fmt: skip
