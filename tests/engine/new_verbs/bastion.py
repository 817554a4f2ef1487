"""A new continuous verb in one file: ``passive`` ``bastion``, the combatants beside it resist more.

It compiles into the resistance the board already adds up for a passive (``adjacent_res``) and
says which check of the match it needs (``flags``): nothing else of the engine names it.
"""

from __future__ import annotations

from typing import Any

from engine.eliria.verbs import Spec, Verb, register, use


def _read(info: Any, s: Spec, amount: Any) -> None:
    if s["trigger"] == "passive":
        info.adjacent_res += amount


register(
    Verb("bastion", (use("passive", {"amount"}, "Los combatientes a su lado ganan {amount} de resistencia",
                         flags={"modifiers"}),), read=_read),
)  # fmt: skip
