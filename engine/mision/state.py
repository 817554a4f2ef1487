"""One Misión S.O.S seat's cards and what the match shows of them: the pieces below the match and its view.

:class:`MisionTable` is what a view reads of a match (engine/mision/view.py): the match offers it
structurally, so the match imports its view and the view never imports the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..cards import WORLDS, CardData

if TYPE_CHECKING:
    from ..match import Pending

__all__ = ["MisionSide", "MisionTable", "Placed", "UnseenElements"]


class Placed:
    """An Ente in a world, and the turn it was placed (it fights from the next one)."""

    __slots__ = ("card", "turn", "world")

    def __init__(self, card: CardData, world: int, turn: int) -> None:
        self.card, self.world, self.turn = card, world, turn


class MisionSide:
    """One player's cards."""

    __slots__ = (
        "board",
        "chest",
        "chest_points",
        "elementos",
        "elements_deck",
        "entes",
        "entes_deck",
        "olvido",
    )

    def __init__(self, entes: list[CardData], elements: list[CardData]) -> None:
        self.entes_deck = entes
        self.elements_deck = elements  # the external deck, drawn from the end
        self.entes: list[CardData] = []  # Entes de juego, face down
        self.elementos: list[CardData] = []  # Elementos de juego, face down (unseen even by the owner)
        self.board: list[Placed] = []
        self.chest: list[CardData] = []  # the BAÚL, face up
        self.chest_points = 0
        self.olvido: list[CardData] = []


class UnseenElements:
    """One seat's Elementos not yet seen, as counts kept up to date as its BAÚL and OLVIDO grow
    (nothing ever leaves them): how many copies are left and what they add up to in the BAÚL and
    in each world. Integer sums, so the means are those of listing every unseen copy."""

    __slots__ = ("by_code", "chest", "chest_seen", "count", "entries", "olvido_seen", "seen", "worlds")

    def __init__(self, entries: list[tuple[CardData, int]]) -> None:
        self.entries = entries  # (card, quantity) in deck list order
        self.by_code: dict[str, list[tuple[CardData, int]]] = {}
        for card, quantity in entries:
            self.by_code.setdefault(card.code, []).append((card, quantity))
        self.seen: dict[str, int] = {}
        self.chest_seen = self.olvido_seen = 0  # how much of the BAÚL and the OLVIDO is counted
        present = [(card, quantity) for card, quantity in entries if quantity > 0]
        self.count = sum(quantity for _, quantity in present)
        self.chest = sum((card.chest or 0) * quantity for card, quantity in present)
        self.worlds = [sum(card.worlds[w] * quantity for card, quantity in present) for w in range(len(WORLDS))]

    def see(self, side: MisionSide) -> None:
        """Count the cards added to *side*'s BAÚL and OLVIDO since the last call."""
        for card in side.chest[self.chest_seen:]:
            self._see(card.code)
        for card in side.olvido[self.olvido_seen:]:
            self._see(card.code)
        self.chest_seen, self.olvido_seen = len(side.chest), len(side.olvido)

    def _see(self, code: str) -> None:
        before = self.seen.get(code, 0)
        self.seen[code] = before + 1
        for card, quantity in self.by_code.get(code, ()):
            if quantity > before:  # this entry had an unseen copy left: one fewer now
                self.count -= 1
                self.chest -= card.chest or 0
                worlds = self.worlds
                for w, value in enumerate(card.worlds):
                    worlds[w] -= value

    def cards(self) -> list[CardData]:
        """Every unseen copy, entry by entry in list order."""
        seen = self.seen
        return [card for card, quantity in self.entries for _ in range(quantity - seen.get(card.code, 0))]


class MisionTable(Protocol):
    """What a seat's view reads of a Misión S.O.S match (:class:`~engine.mision.match.MisionMatch`)."""

    @property
    def turn(self) -> int: ...

    @property
    def pending(self) -> Pending | None: ...

    @property
    def sides(self) -> list[MisionSide]: ...

    @property
    def active(self) -> int: ...

    @property
    def drawn(self) -> CardData | None: ...

    @property
    def fight(self) -> tuple[Placed, Placed | None] | None: ...

    @property
    def _to_fight(self) -> list[Placed]: ...

    def unseen(self, seat: int) -> UnseenElements: ...
