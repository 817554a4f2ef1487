"""What one Eliria seat may see (rule 13): its own cards; of the rival, face-up cards and counts.

Policies read the match through a view. The rights of rule 13 are methods a
policy may call at any time: count any deck (13.a, :meth:`EliriaView.deck_size`),
count the rival's hand (13.b, :meth:`EliriaView.rival_hand_size`), read any
discard pile (13.c, :meth:`EliriaView.discard`), and know which of the rival's
face-down summon/reaction cards were already on its board when its last turn
ended (13.d, the marker: :meth:`EliriaView.rival_marked`). The rival's
face-down cards show only that they are there and their power dice.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..match import SeatView
from .cardinfo import CardInfo
from .combat import EliriaCombat
from .state import AttackContext, Combatant, Side

__all__ = ["UNKNOWN_RESISTANCE", "EliriaView"]

UNKNOWN_RESISTANCE = 4  # a policy's guess for a face-down card's resistance
# The match a view looks at: any board that resolves attacks (the view reads no rule of a turn), so
# the match imports its view and not the other way round (``EliriaView[EliriaMatch]`` for the players).
M = TypeVar("M", bound=EliriaCombat)


class EliriaView(SeatView[M]):
    """A live, read-only window on an Eliria match for seat ``seat``."""

    __slots__ = ("_rival", "has_rival", "match", "me")

    def __init__(self, match: M, seat: int) -> None:
        super().__init__(match, seat)
        # The match itself, for scripts that judge whether they can act (read only); a plain attribute,
        # not a property: the players read it at every decision.
        self.match: M = match
        self.has_rival = match.players == 2
        self.me: Side = match.sides[seat]  # my own side, in full
        self._rival: Side = match.sides[1 - seat] if self.has_rival else self.me

    def can_attach(self, card: CardInfo) -> bool:
        """Whether an attached summon has a combatant of mine to bind to now (6.c.II)."""
        return self._m.summon_playable_up(self.seat, card)

    def rival_combat(self, slot: int) -> Combatant | None:
        """The rival's combatant on *slot*: use ``up``, ``power`` and, only when ``up``, ``card``."""
        if not self.has_rival:
            return None
        return self._rival.combat[slot]

    def rival_card(self, slot: int) -> CardInfo | None:
        c = self._rival.combat[slot] if self.has_rival else None  # rival_combat, inlined (as below)
        return c.card if c is not None and c.up else None

    def rival_resistance(self, slot: int) -> int:
        """The rival's resistance on *slot* if face up, else a guess."""
        c = self._rival.combat[slot] if self.has_rival else None
        if c is None or not c.up:
            return UNKNOWN_RESISTANCE
        return self._m.resistance(1 - self.seat, slot)

    def rival_thorns(self, slot: int) -> int:
        """Damage the attacker of the rival's *slot* would take from the attached summons bound to it
        (their records of the modifiers layer, ``Combatant.bound``)."""
        c = self._rival.combat[slot] if self.has_rival else None
        if c is None:
            return 0
        thorns = 0
        for record in c.bound:
            thorns += record.thorns
        return thorns

    def deck_size(self, seat: int | None = None) -> int:
        """13.a: the number of cards of any deck (mine by default)."""
        return self._m.sides[self.seat if seat is None else seat].deck_size()

    def rival_hand_size(self) -> int:
        """13.b: the number of cards in the rival's hand (never which)."""
        return len(self._rival.hand) if self.has_rival else 0

    def discard(self, seat: int | None = None) -> tuple[CardInfo, ...]:
        """13.c: any discard pile, in the order the cards reached it (mine by default)."""
        return tuple(self._m.sides[self.seat if seat is None else seat].discard)

    def rival_marked(self) -> list[int]:
        """13.d: the rival's face-down summon/reaction slots marked at the end of its turn: those
        played before its current turn (a card it plays now is marked when this turn ends)."""
        if not self.has_rival:
            return []
        turn = self._m.turn
        return [k for k, s in enumerate(self._rival.support) if s is not None and not s.up and s.placed_turn < turn]

    def rival_supports(self) -> int:
        return 0 if not self.has_rival else sum(s is not None for s in self._rival.support)

    def resistance(self, slot: int) -> int:
        return self._m.resistance(self.seat, slot)

    def potential(self, comb: Combatant) -> int:
        return self._m.potential(self.seat, comb)

    def damage(self, slot: int, attack: int, target: int) -> int:
        """The damage one of my attacks would do to the rival's *target* slot, as far as I can tell."""
        m = self._m
        comb = self.me.combat[slot]
        assert comb is not None
        atk = comb.card.attacks[attack]
        if atk.damage is not None:
            base = atk.damage
        elif atk.formula == "target_resistance_plus_1":
            base = self.rival_resistance(target) + 1
        else:
            rival = self.rival_combat(target)
            base = m._x(AttackContext(self.seat, slot, target, atk, comb), rival) if rival is not None else 0
        return base + m.damage_bonus(self.seat, comb)

    def summary(self) -> dict[str, Any]:
        """A small JSON-ready description (for logs and tests)."""
        return {
            "seat": self.seat,
            "turn": self.turn,
            "hand": [c.code for c in self.me.hand],
            "combat": [None if c is None else c.as_dict() for c in self.me.combat],
            "rival": [
                None
                if (c := self.rival_combat(s)) is None
                else {"code": c.card.code if c.up else None, "power": c.power}
                for s in range(len(self.me.combat))
            ],
        }
