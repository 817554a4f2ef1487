"""``passive``: a combat card's passive (6.a.III), while face up. Compiled into plain fields of
``CardInfo`` (``adjacent_res``, ``protect``, ``reach``, ``power_cap``…) that the board reads."""

from __future__ import annotations

from typing import Any

from .base import Spec, Verb, register
from .read import fields


def _protect(info: Any, s: Spec, amount: Any) -> None:
    info.protect = str(s.get("target", "self"))
    info.protect_max_power = int(s.get("max_attacker_power", -1))


register(
    Verb("passive", "add_resistance", frozenset({"amount", "target"}),
         "Tus combatientes adyacentes ganan {amount} de resistencia", read=fields(adjacent_res="amount"),
         targets=frozenset({"adjacent_own"})),
    Verb("passive", "protect", frozenset({"target", "max_attacker_power"}),
         "No puede ser atacada por combatientes de poder {max_attacker_power} o menos", read=_protect,
         targets=frozenset({"self", "self_beside_ally", "own_face_down"})),
    Verb("passive", "reach", frozenset({"reach"}), "Puede atacar a más cartas que la de enfrente",
         read=fields(reach=("reach", ""))),
    Verb("passive", "cap_power_gain", frozenset({"amount"}), "Gana como mucho {amount} de poder por fase",
         read=fields(power_cap="amount")),
    Verb("passive", "summon_damage", frozenset({"amount"}), "Cada invocación tuya le da {amount} de daño más",
         read=fields(summon_damage="amount")),
    Verb("passive", "protect_attached", frozenset(),
         "Sus invocaciones ligadas no pueden ser destruidas por efectos del rival", read=fields(protect_attached=True)),
    Verb("passive", "block_attach", frozenset(), "No se le pueden ligar invocaciones", read=fields(block_attach=True)),
    Verb("passive", "reactions_face_up", frozenset(), "Las reacciones se juegan boca arriba",
         read=fields(reactions_face_up=True)),
)  # fmt: skip
