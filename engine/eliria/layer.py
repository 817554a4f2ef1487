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
from .rules import COMBAT_SLOTS

if TYPE_CHECKING:
    from .cardinfo import CardTable
    from .state import Combatant, Side

__all__ = ["InPlay", "modifiers"]


class InPlay(Protocol):
    """The part of the board the layer reads: both seats, the turn (silence) and the match's cards."""

    sides: list[Side]
    turn: int
    table: CardTable
    field_records: tuple[tuple[Modifiers, ...], tuple[Modifiers, ...]] | None


def modifiers(m: InPlay, p: int, comb: Combatant | None, slot: int = -1, want: str = "") -> Modifiers:
    """What the continuous effects in play add to seat *p*'s combatant *comb* (on *slot*; -1: found).

    Its own passives while face up and not silenced, the attached summons bound to it (6.c.II), its
    face-up neighbours' effects on those beside them, and the face-up field summons of both seats
    (6.c.III; ``field_cards`` not on a token). *comb* None: the field summons' effects on the board.
    Only the relations some card of the match has are looked at (``CardTable.relations``); *want*
    (quantities, space-separated): only those that change one of them (the answer's other
    quantities may be partial). The answer is read, never written: the shared empty record, or a
    card's own record when it is the only one that touches *comb*.
    """
    plan = m.table.plans.get(want)
    if plan is None:
        plan = _plan(m.table, want)
    if plan is _BOUND and comb is not None:  # the common read: only attached summons change it
        held = comb.bound
        return EMPTY if not held else held[0] if len(held) == 1 else _total(held)
    own, bound, beside, field = plan
    found: tuple[Modifiers, ...] = ()  # most combatants: none or one record, read as it is (no sum built)
    if comb is not None:
        if own and comb.card.own is not EMPTY and comb.up and comb.silenced_turn != m.turn:
            found = (comb.card.own,)
        if bound and comb.bound:  # its attached summons' records (EliriaBoard.bind)
            found += comb.bound
        if beside:
            combat = m.sides[p].combat
            if slot < 0:
                slot = next((s for s, c in enumerate(combat) if c is comb), -1)  # not in play: no neighbour
            for n in _BESIDE[slot]:
                if (ally := combat[n]) is not None and ally.up and ally.card.beside is not EMPTY:
                    found += (ally.card.beside,)
    if field:
        found += _field(m, comb is not None and not comb.card.is_token)
    return EMPTY if not found else found[0] if len(found) == 1 else _total(found)


def _total(found: tuple[Modifiers, ...]) -> Modifiers:
    """The sum of several records that touch one combatant."""
    mods = Modifiers()
    for record in found:
        mods.add(record)
    return mods


# The neighbours of each combat slot (rule 2), and none for a combatant not in play (slot -1).
_BESIDE: tuple[tuple[int, ...], ...] = (
    *(tuple(n for n in (s - 1, s + 1) if 0 <= n < COMBAT_SLOTS) for s in range(COMBAT_SLOTS)), ()
)


def _plan(table: CardTable, want: str) -> tuple[bool, bool, bool, bool]:
    """Which relations to look at for the quantities *want* (all: "") in this match: ``own``,
    ``bound``, ``beside``, the field (``field`` or ``field_cards``); kept by *want* (CardTable.plans)."""
    relations = table.relations
    if want:
        relations = frozenset().union(*(table.wants.get(q, frozenset()) for q in want.split()))
    key = ("own" in relations, "bound" in relations, "beside" in relations,
           "field" in relations or "field_cards" in relations)  # fmt: skip
    found = table.plans[want] = _BOUND if key == _BOUND else key  # the common plan as one object
    return found


_BOUND = (False, True, False, False)


def _field(m: InPlay, cards: bool) -> tuple[Modifiers, ...]:
    """The face-up field summons' records of both seats, in the board's order (6.c.III); ``field_cards``
    only for a combat card (*cards*: not a token). Kept on the board until its supports change."""
    records = m.field_records
    if records is None:
        for_cards: list[Modifiers] = []
        for_tokens: list[Modifiers] = []
        for side in m.sides:
            for sup in side.support:
                if sup is not None and sup.up:
                    if sup.card.field is not EMPTY:
                        for_cards.append(sup.card.field)
                        for_tokens.append(sup.card.field)
                    if sup.card.field_cards is not EMPTY:
                        for_cards.append(sup.card.field_cards)
        records = m.field_records = (tuple(for_cards), tuple(for_tokens))
    return records[0] if cards else records[1]
