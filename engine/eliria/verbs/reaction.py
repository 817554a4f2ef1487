"""``reaction``: a face-down reaction answering a moment of the rival's turn (6.b, ``when``).

Compiled into ``CardInfo.reaction`` and ``reaction_when``; ``run(m, owner, card, ctx, then)``
applies it once the board has activated it (``Moves.react``) and always ends by calling
*then*, itself or through the choice it asks for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action
from ..state import AttackContext
from .base import Spec, Then, Verb, register

if TYPE_CHECKING:
    from ..cardinfo import CardInfo
    from ..moves import Moves


def _damage_attacker(m: Moves, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
    spec: Any = card.reaction
    if ctx is None:
        then()
    else:
        m.damage_attacker(ctx, int(spec.get("amount", 0)), then)


def _cannot_attack(m: Moves, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
    rival = 1 - owner
    moved = m.sides[rival].combat[m.moment_slot]
    if moved is not None:  # the moved card may not attack this turn
        moved.blocked_turn = m.turn
        m.event("blocked", player=rival, slot=m.moment_slot)
    then()


def _destroy_summon(m: Moves, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
    if card.reaction_when == "rival_summon":
        m.destroy_support(1 - owner, m.moment_slot, owner)  # before it takes effect
        then()
    else:
        _destroy_a_summon(m, owner, 1 - owner, then)


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


def _ambush(m: Moves, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
    """Your face-down card facing the card just played turns face up and attacks it at once,
    whatever its power (assumption: damage and destruction, no attack effects)."""
    slot, name = m.moment_slot, card.name
    mine, rival = m.sides[owner].combat[slot], m.sides[1 - owner].combat[slot]
    if mine is None or rival is None:
        then()
        return
    mine.up = True
    mine.power = min(mine.power, m.potential(owner, mine))
    m.event("reveal", player=owner, slot=slot, card=mine.card.code, rule="8")
    options = [
        m.act(("ambush", slot, a.index, mine.card.id), f"ambush:{a.index}",
              f"Atacar con {a.name} ({mine.card.name})", "ambush", (a.index,))
        for a in mine.card.attacks
    ]  # fmt: skip
    if not options:
        then()
        return

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


def _read(info: Any, s: Spec, amount: Any) -> None:
    info.reaction, info.reaction_when = s, s.get("when", "")


def _unit(action: str, params: set[str], label: str, run: Any, when: set[str], **kw: Any) -> Verb:
    return Verb("reaction", action, frozenset({"when", *params}), label, read=_read, run=run,
                when=frozenset(when), required=frozenset({"when"}), **kw)  # fmt: skip


register(
    _unit("damage_attacker", {"amount"}, "El atacante recibe {amount} de daño", _damage_attacker, {"attacked_survived"}),
    _unit("cannot_attack", {"target", "duration"}, "La carta movida no puede atacar este turno", _cannot_attack,
          {"rival_moved"}, targets=frozenset({"moved"}), durations=frozenset({"turn"})),
    _unit("destroy_summon", {"target"}, "Destruye una invocación del rival", _destroy_summon,
          {"rival_summon", "rival_sacrificed"}, targets=frozenset({"rival"})),
    _unit("ambush", set(), "Responde a la carta que el rival juega frente a una tuya boca abajo", _ambush, {"rival_played_aligned"}),
)
