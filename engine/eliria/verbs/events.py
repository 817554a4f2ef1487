"""The event triggers of combat cards: entering, being destroyed, an ally destroyed, surviving an
attack, a field summon played, a summon discarded, the end of the Poder phase (12.c) and the
start of the Movimiento phase (12.b). Compiled into ``CardInfo`` fields that the board's single
paths read when the event happens (``Moves.enter``, ``destroy``…).

Each verb executes here (``run``); the single path it hangs on decides when (the card face up
and not silenced, 6.a.III) and calls it: ``on_enter``/``discard_reaction`` ``run(m, p, comb)`` from
``Moves.on_enter``; ``on_destroyed``/``create_token`` ``run(m, p, slot, comb)`` and
``on_ally_destroyed`` ``run(m, p, ally)`` from ``Moves.destroy``; ``on_attacked_survived``
from ``EliriaCombat._strike``, ``on_field_summon`` from the summon's effect and
``on_summon_discarded`` from ``discard_support``, each ``run(m, p, comb)``; ``end_of_power``/
``create_token`` and ``start_of_movement``/``scry`` ``run(m, p, slot, spec) -> bool`` from the
phases of ``TurnMoves`` (True when it asked the player, who resumes the phase at the next slot).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ...actions import Action
from .base import Verb, register
from .read import fields

if TYPE_CHECKING:
    from ..moves import Moves, TurnMoves
    from ..state import Combatant


def _discard_reaction(m: Moves, p: int, comb: Combatant) -> None:
    """Each player sends one reaction of its board to the discard pile (assumption: the leftmost)."""
    for q, side in enumerate(m.sides):
        for k, sup in enumerate(side.support):
            if sup is not None and sup.card.kind == "reaction":
                m.discard_support(q, k, destroyed=True)
                break


def _token_where_destroyed(m: Moves, p: int, slot: int, comb: Combatant) -> None:
    token = comb.card.destroyed_token
    assert token is not None
    m.place_token(p, token, slot)


def _gain(field: str) -> Callable[[Moves, int, Combatant], None]:
    """Gain the power compiled into *field* of the card (its ``amount``)."""

    def run(m: Moves, p: int, comb: Combatant) -> None:
        m.gain_power(p, comb, getattr(comb.card, field))

    return run


def end_power_ready(power: int, spec: Mapping[str, object]) -> bool:
    """Whether a combatant of *power* meets the effect's ``exact_power``/``min_power``."""
    exact, least = spec.get("exact_power"), spec.get("min_power")
    return (exact is None or power == exact) and (not isinstance(least, int) or power >= least)


def _end_of_power_token(m: TurnMoves, p: int, slot: int, spec: Mapping[str, object]) -> bool:
    """Optionally pay ``cost_power`` of the card at *slot* to place the ``token`` in a free slot."""
    c = m.sides[p].combat[slot]
    if c is None or not end_power_ready(c.power, spec) or not m.sides[p].free_combat():
        return False
    code, cost = str(spec["token"]), spec.get("cost_power", 0)
    assert isinstance(cost, int)
    options = [
        m.act(("token", slot, f, code), f"token:slot{f}",
              f"Quitar {cost} de poder y colocar un token en el espacio {f + 1}", "token", (slot, f))
        for f in m.sides[p].free_combat()
    ]  # fmt: skip
    options.append(m.skip_action)

    def token(a: Action) -> None:
        if a.kind == "token":
            c = m.sides[p].combat[slot]
            assert c is not None
            c.power -= cost
            m.place_token(p, code, a.args[1])
        m._end_of_power(slot + 1)

    m.ask(p, "token", "Efecto al final de la fase de poder", options, token)
    return True


def _scry(m: TurnMoves, p: int, slot: int, spec: Mapping[str, object]) -> bool:
    """Look at the top card of the deck; leave it there or put it at the bottom."""
    side = m.sides[p]
    if not side.top:
        card = m.draw_card(p)  # the unordered deck: the top card is whichever would be drawn
        assert card is not None
        side.top.append(card)
    seen = side.top[-1]
    options = [
        m.act(("scry", 0, seen.id), "scry:keep", f"Dejar {seen.name} encima del mazo", "scry", (0,)),
        m.act(("scry", 1, seen.id), "scry:bottom", f"Poner {seen.name} en el fondo del mazo", "scry", (1,)),
    ]

    def decide(a: Action) -> None:
        if a.args[0]:
            side.bottom.append(side.top.pop())
        m.event("scry", player=p, slot=slot, bottom=bool(a.args[0]))
        m._start_of_movement(slot + 1)

    m.ask(p, "scry", "Mira la carta superior de tu mazo", options, decide)
    return True

_SELF = frozenset({"self"})
_GAIN = frozenset({"amount", "target"})

register(
    Verb("on_enter", "discard_reaction", frozenset({"target"}), "Al entrar, cada jugador descarta una reacción",
         read=fields(enter_discard=True), run=_discard_reaction, targets=frozenset({"each_player"})),
    Verb("on_destroyed", "create_token", frozenset({"token", "target"}), "Al ser destruida, deja un token {token}",
         read=fields(destroyed_token=("token", None)), run=_token_where_destroyed, targets=_SELF, required=frozenset({"token"})),
    Verb("on_ally_destroyed", "add_power", _GAIN, "Gana {amount} de poder cuando destruyen a un aliado",
         read=fields(ally_power="amount"), run=_gain("ally_power"), targets=_SELF),
    Verb("on_attacked_survived", "add_power", _GAIN, "Gana {amount} de poder al sobrevivir a un ataque",
         read=fields(survived_power="amount"), run=_gain("survived_power"), targets=_SELF),
    Verb("on_field_summon", "add_power", _GAIN, "Gana {amount} de poder cuando se juega un campo",
         read=fields(field_summon_power="amount"), run=_gain("field_summon_power"), targets=_SELF),
    Verb("on_summon_discarded", "add_power", _GAIN, "Gana {amount} de poder cuando se descarta una invocación",
         read=fields(summon_discard_power="amount"), run=_gain("summon_discard_power"), targets=_SELF),
    Verb("end_of_power", "create_token", frozenset({"token", "min_power", "exact_power", "cost_power"}),
         "Al final de tu fase de poder, puede crear un token {token}", read=fields(end_power="spec"),
         run=_end_of_power_token, required=frozenset({"token"})),
    Verb("start_of_movement", "scry", frozenset({"amount"}), "Al empezar tu fase de movimiento, mira {amount} cartas",
         read=fields(scry="spec"), run=_scry),
)  # fmt: skip
