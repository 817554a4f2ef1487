"""A new static verb in one file: ``static`` ``hardened``, the card itself resists more while face up.

Its unit adds to the ``resistance`` quantity of the card's ``own`` record of the modifiers layer
(engine/eliria/modifiers.py): the board's resistance is the layer's sum (engine/eliria/layer.py),
so the rules of a match, the goldfish's table and the players see it. Nothing else names it.
"""

from __future__ import annotations

from engine.eliria.verbs import Verb, register, use
from engine.eliria.verbs.base import by_trigger
from engine.eliria.verbs.read import adds

register(
    Verb("hardened", (use("static", {"amount"}, "Gana {amount} de resistencia boca arriba", flags={"modifiers"}),),
         read=by_trigger(static=adds(resistance="amount"))),
)  # fmt: skip
