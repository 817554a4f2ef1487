"""The continuous-effects layer: :func:`modifiers`, what the cards in play add to one combatant.

Each card carries its continuous effects compiled by their units into :class:`~.modifiers.Modifiers`
records, one per relation (``own``, ``bound``, ``beside``, ``field``, ``field_cards``); this is the
one place that knows which relation reaches whom. The board, combat and the players read the
answer's quantities (resistance, damage, potential, thorns, the attack roll, the draw on a
destruction…), never a verb's name, so a new continuous verb needs no reader of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .modifiers import EMPTY, Modifiers

if TYPE_CHECKING:
    from .cardinfo import CardTable
    from .state import Combatant, Side

__all__ = ["InPlay", "modifiers"]


class InPlay(Protocol):
    """The part of the board the layer reads: both seats, the turn (silence) and the match's cards."""

    sides: list[Side]
    turn: int
    table: CardTable


def modifiers(m: InPlay, p: int, comb: Combatant | None, slot: int = -1) -> Modifiers:
    """What the continuous effects in play add to seat *p*'s combatant *comb* (on *slot*; -1: found).

    Its own passives while face up and not silenced, the attached summons bound to it (6.c.II), its
    face-up neighbours' effects on those beside them, and the face-up field summons of both seats
    (6.c.III; ``field_cards`` not on a token). *comb* None: the field summons' effects on the board.
    Only the relations some card of the match has are looked at (``CardTable.relations``).
    """
    mods = Modifiers()
    relations = m.table.relations
    if comb is not None:
        card = comb.card
        if card.own is not EMPTY and comb.up and comb.silenced_turn != m.turn:
            mods.add(card.own)
        if "bound" in relations:
            for sup in m.sides[p].support:
                if sup is not None and sup.attached is comb and sup.card.bound is not EMPTY:
                    mods.add(sup.card.bound)
        if "beside" in relations:
            _beside(mods, m.sides[p].combat, comb, slot)
    if "field" in relations or "field_cards" in relations:
        _field(mods, m, comb is not None and not comb.card.is_token)
    return mods


def _beside(mods: Modifiers, combat: list[Combatant | None], comb: Combatant, slot: int) -> None:
    """The effects of *comb*'s face-up neighbours on those beside them (no neighbour: not in play)."""
    if slot < 0:
        slot = next((s for s, c in enumerate(combat) if c is comb), -9)
    for n in (slot - 1, slot + 1):
        if 0 <= n < len(combat) and (ally := combat[n]) is not None and ally.up and ally.card.beside is not EMPTY:
            mods.add(ally.card.beside)


def _field(mods: Modifiers, m: InPlay, cards: bool) -> None:
    """The face-up field summons of both seats, in the board's order (6.c.III); ``field_cards`` only
    for a combat card (*cards*: not a token)."""
    for side in m.sides:
        for sup in side.support:
            if sup is not None and sup.up:
                if sup.card.field is not EMPTY:
                    mods.add(sup.card.field)
                if cards and sup.card.field_cards is not EMPTY:
                    mods.add(sup.card.field_cards)
