"""A new triggered verb in one file: ``on_enter`` ``rally``, your other face-up combatants gain power
when the card enters face up. The board fires the trigger and runs it: nothing else names it."""

from __future__ import annotations

from engine.eliria.moves import Moves, Occasion
from engine.eliria.verbs import Verb, register, use


def _rally(m: Moves, at: Occasion) -> bool:
    for _, c in m.sides[at.p].combatants():
        if c is not at.comb and c.up:
            m.gain_power(at.p, c, int(at.spec.get("amount", 0)))
    m.event("rally", player=at.p)
    return False


register(Verb("rally", (use("on_enter", {"amount"}, "Al entrar, tus otros combatientes ganan {amount} de poder"),),
              run=_rally))
