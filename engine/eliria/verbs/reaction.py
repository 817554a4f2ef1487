"""``reaction``: a face-down reaction answering a moment of the rival's turn (6.b, ``when``).

Compiled into ``CardInfo.reaction`` and ``reaction_when``; ``run(m, owner, card, ctx, then)``
applies it once the board has activated it (``EliriaBoard.react``) and always ends by calling
*then*, itself or through the choice it asks for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Spec, Verb, register

if TYPE_CHECKING:
    from ..board import AttackContext, EliriaBoard, Then
    from ..cardinfo import CardInfo


def _damage_attacker(m: EliriaBoard, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
    spec: Any = card.reaction
    if ctx is None:
        then()
    else:
        m.damage_attacker(ctx, int(spec.get("amount", 0)), then)


def _cannot_attack(m: EliriaBoard, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
    rival = 1 - owner
    moved = m.sides[rival].combat[m.moment_slot]
    if moved is not None:  # the moved card may not attack this turn
        moved.blocked_turn = m.turn
        m.event("blocked", player=rival, slot=m.moment_slot)
    then()


def _destroy_summon(m: EliriaBoard, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
    if card.reaction_when == "rival_summon":
        m.destroy_support(1 - owner, m.moment_slot, owner)  # before it takes effect
        then()
    else:
        m._destroy_a_summon(owner, 1 - owner, then)


def _ambush(m: EliriaBoard, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
    m._ambush(owner, m.moment_slot, card.name, then)


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
