"""What one Misión S.O.S seat may see: the board, both BAÚLes and OLVIDOs, counts of the face-down piles.

The Elementos de juego are face down even for their owner, so a view offers the
expected value of an unseen Elemento of one's own (the deck list is known, the
BAÚL and the OLVIDO are open) and, for the rival, the mean of what it has shown.
"""

from __future__ import annotations

from typing import Any

from ..cards import WORLDS, CardData
from ..match import SeatView
from .state import MisionSide, MisionTable, Placed

__all__ = ["DEFAULT_ELEMENT_GUESS", "MisionView"]

DEFAULT_ELEMENT_GUESS = 2.0  # a rival's Elemento, before it has shown any


class MisionView(SeatView[MisionTable]):
    """A live, read-only window on a Misión S.O.S match for seat ``seat``."""

    __slots__ = ()

    @property
    def me(self) -> MisionSide:
        return self._m.sides[self.seat]

    @property
    def is_active(self) -> bool:
        return self._m.active == self.seat

    @property
    def drawn(self) -> CardData | None:
        """The Ente I am placing (only mine to see)."""
        return self._m.drawn if self.is_active else None

    def to_fight(self) -> list[Placed]:
        """My Entes still to fight this turn, in the order the ``fight:<i>`` actions name them."""
        return self._m._to_fight if self.is_active else []

    def rival_elementos(self) -> int:
        """How many Elementos de juego the rival holds (face down: only the count is seen)."""
        return len(self._m.sides[1 - self.seat].elementos)

    def rival_board(self) -> list[Placed]:
        return list(self._m.sides[1 - self.seat].board)

    def fight(self) -> tuple[Placed, Placed | None] | None:
        """The fight being decided: (attacking Ente, defending Ente)."""
        return self._m.fight

    def unseen_elements(self) -> list[CardData]:
        """My Elementos not yet seen: the deck list minus my BAÚL and my OLVIDO."""
        return self._m.unseen(self.seat).cards()

    def expected_element(self, world: int) -> float:
        unseen = self._m.unseen(self.seat)
        return unseen.worlds[world] / unseen.count if unseen.count else 0.0

    def expected_chest(self) -> float:
        unseen = self._m.unseen(self.seat)
        return unseen.chest / unseen.count if unseen.count else 0.0

    def rival_expected_element(self, world: int) -> float:
        shown = [*self._m.sides[1 - self.seat].olvido, *self._m.sides[1 - self.seat].chest]
        return sum(c.worlds[world] for c in shown) / len(shown) if shown else DEFAULT_ELEMENT_GUESS

    def summary(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "turn": self.turn,
            "chest": self.me.chest_points,
            "elementos": len(self.me.elementos),
            "board": [(p.card.code, WORLDS[p.world]) for p in self.me.board],
            "rival_board": [(p.card.code, WORLDS[p.world]) for p in self.rival_board()],
        }
