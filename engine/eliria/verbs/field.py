"""``field``: a field summon (6.c.III), for both players alike while face up. Compiled into
``CardInfo.field_*``; the board reads those fields (resistance and power of every combatant,
attaching, destruction's draw, the attack roll)."""

from __future__ import annotations

from typing import Any

from .base import Spec, Verb, register
from .read import fields


def _field_res(info: Any, s: Spec, amount: Any) -> None:
    info.field_res, info.field_res_tokens = amount, not s.get("exclude_tokens", False)


def _field_draw(info: Any, s: Spec, amount: Any) -> None:
    info.field_draw, info.field_draw_tokens = amount or 1, not s.get("exclude_tokens", False)


register(
    # all_face_down: a face-down combatant resists more while it is attacked; the attack reveals it
    # (rule 8) and the bonus still counts against that attack, never outside an attack.
    Verb("field", "add_resistance", frozenset({"amount", "target", "exclude_tokens"}),
         "Las cartas boca abajo atacadas ganan {amount} de resistencia", read=_field_res,
         targets=frozenset({"all_face_down"})),
    Verb("field", "add_power", frozenset({"amount", "target", "class"}),
         "Los combatientes de ambos jugadores ganan {amount} de poder",
         read=fields(field_power="amount", field_power_class=("class", "")), targets=frozenset({"all"})),
    Verb("field", "forbid_attached", frozenset(), "No se pueden jugar invocaciones ligadas",
         read=fields(field_forbid_attached=True)),
    Verb("field", "draw_on_destroyed", frozenset({"amount", "exclude_tokens", "optional"}),
         "Quien pierda un combatiente destruido roba {amount} cartas", read=_field_draw),
    Verb("field", "attack_roll", frozenset({"roll_at_most"}), "Un ataque falla con un {roll_at_most} o menos en el dado",
         read=fields(field_attack_roll=("roll_at_most", 0))),
)  # fmt: skip
