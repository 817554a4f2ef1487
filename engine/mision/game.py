"""Misión S.O.S game state for the goldfish: one player, no opponent.

Setup (FORMA DE JUEGO): four Entes and four Elementos set aside face down as
Entes and Elementos de juego. Every turn, from the first: draw an Elemento into
the Elementos de juego; place one Ente de juego in the world where it is
strongest; every Ente placed on an earlier turn fights, wins unopposed ("ganará
automáticamente") and takes a prize Elemento from the external deck, which the
goldfish always turns over into the BAÚL. The game is won at 30 points, and ends
as a draw ("stalemate") at the end of a turn that leaves the Elementos deck empty
and no Ente de juego to place: no later turn could change anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import WORLDS
from ..decklist import DeckEntry
from ..rng import card_ids, deal, shuffle_key
from .rules import SETUP_CARDS, TARGET  # TARGET: OBJETIVO DEL JUEGO, defined with the deck rules

__all__ = ["TARGET", "MisionDeck", "MisionGame"]

Event = dict[str, Any]


@dataclass(frozen=True)
class MisionDeck:
    """Entes and Elementos compiled for simulation, by card type (whatever the section)."""

    entity_codes: tuple[str, ...]
    entity_world: tuple[int, ...]  # index in WORLDS where each Ente is strongest
    entities: tuple[int, ...]  # one id per copy
    element_codes: tuple[str, ...]
    element_chest: tuple[int, ...]
    elements: tuple[int, ...]
    entity_ids: tuple[int, ...] = ()  # each copy's identity for the deal (engine.rng.card_ids)
    element_ids: tuple[int, ...] = ()

    @classmethod
    def from_entries(cls, entries: Sequence[DeckEntry], in_place_of: Mapping[str, str] | None = None) -> MisionDeck:
        """*in_place_of*: codes dealt with another card's identities (engine.rng.card_ids)."""
        ents = [e for e in entries if e.card.type == "entity"]
        elems = [e for e in entries if e.card.type == "element"]
        return cls(
            entity_codes=tuple(e.card.code for e in ents),
            entity_world=tuple(e.card.strongest_world for e in ents),
            entities=tuple(i for i, e in enumerate(ents) for _ in range(e.quantity)),
            element_codes=tuple(e.card.code for e in elems),
            element_chest=tuple(max(e.card.chest or 0, 0) for e in elems),
            elements=tuple(i for i, e in enumerate(elems) for _ in range(e.quantity)),
            entity_ids=tuple(card_ids((e.card.code for e in ents for _ in range(e.quantity)), in_place_of)),
            element_ids=tuple(card_ids((e.card.code for e in elems for _ in range(e.quantity)), in_place_of)),
        )


class MisionGame:
    """The state of one goldfish game."""

    __slots__ = ("base", "board", "chest", "deck", "elementos", "entes", "pile", "stalled", "trace", "turn", "won")

    def __init__(self, deck: MisionDeck, base: int, trace: list[Event] | None = None) -> None:
        """A game whose deal seed is *base* (``GameRng.base``: the decks are dealt by identity)."""
        self.deck, self.base, self.trace = deck, base, trace
        # The external Elementos deck, shuffled by identity (pile 1): the next card drawn is the last.
        self.pile = deal(shuffle_key(base, 0, 1, 0), list(deck.elements), deck.element_ids)
        self.entes: list[int] = []  # Entes de juego, face down
        self.elementos: list[int] = []  # Elementos de juego, face down
        self.board: list[int] = []  # Entes placed, in the order placed
        self.chest = 0  # points in the BAÚL
        self.won = 0  # the turn the BAÚL reached 30, 0 while it has not
        self.stalled = -1  # the turn after which nothing could change (MisionMatch.stalemate), -1 before
        self.turn = 0

    def _event(self, phase: str, event: str, **data: Any) -> None:
        if self.trace is not None:
            self.trace.append({"turn": self.turn, "phase": phase, "event": event, **data})

    def setup(self) -> None:
        """FORMA DE JUEGO: four Entes and four Elementos de juego (fewer if the deck is short)."""
        entes = deal(shuffle_key(self.base, 0, 0, 0), list(self.deck.entities), self.deck.entity_ids)
        self.entes = [entes.pop() for _ in range(min(SETUP_CARDS, len(entes)))]
        take = min(SETUP_CARDS, len(self.pile))
        self.elementos = [self.pile.pop() for _ in range(take)]
        self._event(
            "preparacion",
            "set_aside",
            rule="FORMA DE JUEGO",
            entes=len(self.entes),
            elementos=len(self.elementos),
            deck=len(self.pile),
        )
        self._settle()

    def _settle(self) -> None:
        """The Elementos deck is empty and no Ente de juego is left: a draw (MisionMatch.stalemate)."""
        if not self.won and not self.pile and not self.entes:
            self.stalled = self.turn
            self._event("fin", "stalemate", rule="OBJETIVO DEL JUEGO", chest=self.chest)

    def draw_elemento(self) -> None:
        """Step 1: an Elemento from the external deck to the Elementos de juego (none if empty)."""
        if self.pile:
            self.elementos.append(self.pile.pop())
            self._event("elemento", "draw", elementos=len(self.elementos), deck=len(self.pile))

    def place_ente(self) -> None:
        """Step 2: one Ente de juego, drawn unseen, placed where it is strongest."""
        if self.entes:
            ente = self.entes.pop()  # unseen: the last set aside, as the match
            self.board.append(ente)
            self._event(
                "ente", "place", card=self.deck.entity_codes[ente], world=WORLDS[self.deck.entity_world[ente]]
            )

    def fight(self, placed_before: int) -> None:
        """Step 3: the Entes placed on earlier turns fight, win, and earn a prize for the BAÚL."""
        chest, codes = self.deck.element_chest, self.deck.entity_codes
        for ente in self.board[:placed_before]:
            if not self.pile:
                self._event("lucha", "win", card=codes[ente], prize=None, chest=self.chest)
                continue
            prize = self.pile.pop()
            self.chest += chest[prize]
            self._event(
                "lucha", "win", card=codes[ente], prize=self.deck.element_codes[prize], chest=self.chest
            )
            if self.chest >= TARGET:
                self.won = self.turn
                self._event("lucha", "victory", rule="OBJETIVO DEL JUEGO", chest=self.chest)
                return

    def play_turn(self, turn: int) -> None:
        self.turn = turn
        before = len(self.board)  # an Ente does not fight on the turn it is placed
        self.draw_elemento()
        self.place_ente()
        self.fight(before)
        self._settle()
