"""A new continuous verb in one file: ``passive`` ``bastion``, the combatants beside it resist more.

Its unit adds to a quantity of the modifiers layer (``resistance``) for the relation ``beside``
(engine/eliria/modifiers.py) and says which check of the match it needs (``flags``): the board
reads the layer's sum (engine/eliria/layer.py); nothing else of the engine names it.
"""

from __future__ import annotations

from engine.eliria.verbs import Verb, register, use
from engine.eliria.verbs.base import by_trigger
from engine.eliria.verbs.read import adds

register(
    Verb("bastion", (use("passive", {"amount"}, "Los combatientes a su lado ganan {amount} de resistencia",
                         flags={"modifiers"}),), read=by_trigger(passive=adds("beside", resistance="amount"))),
)  # fmt: skip
