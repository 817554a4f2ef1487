"""``attached``: an attached summon (6.c.II), bound to one of your face-up combatants, optionally
of one ``class``. Compiled into ``CardInfo.att_*``; the board's resistance, damage, potential and
strike read those fields while the summon is face up and bound (``EliriaBoard.resistance``,
``potential``, ``EliriaCombat._strike``)."""

from __future__ import annotations

from typing import Any

from .base import Read, Spec, Verb, register


def _attached(name: str) -> Read:
    def read(info: Any, s: Spec, amount: Any) -> None:
        info.attach_class = s.get("class", info.attach_class)
        setattr(info, name, amount if name != "att_drain" else True)

    return read


_AMOUNT_CLASS = frozenset({"amount", "class"})
register(
    Verb("attached", "add_resistance", _AMOUNT_CLASS, "El combatiente ligado gana {amount} de resistencia",
         read=_attached("att_res")),
    Verb("attached", "add_damage", _AMOUNT_CLASS, "Los ataques del combatiente ligado hacen {amount} de daño más",
         read=_attached("att_dmg")),
    Verb("attached", "add_potential", _AMOUNT_CLASS, "El combatiente ligado gana {amount} de potencial",
         read=_attached("att_pot")),
    Verb("attached", "damage_attacker", _AMOUNT_CLASS, "Quien ataque al combatiente ligado recibe {amount} de daño",
         read=_attached("att_thorns")),
    Verb("attached", "drain_attacker", frozenset({"class"}), "Quien ataque al combatiente ligado pierde su poder",
         read=_attached("att_drain")),
)  # fmt: skip
