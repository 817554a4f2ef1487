"""The catalogue seen by the engine: Card rows with their current edition -> engine.CardData.

`DbLookup` is the engine's `CardLookup` over the catalogue, for the lines of one list
(cards.validation reads every list through it); `card_data` turns one row into the engine's card.

A queued run plays the card data it was submitted with, whatever the catalogue does while it waits
(issue 38 R2: a run split across an import played its chunks on two versions of a card):
``cards_recorded`` collects every card the lookups of a block find, and ``cards_pinned`` makes every
lookup of a block find its cards among those alone (play.runs.jobs keeps them with the run).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db.models import Q

from cards.index import CatalogueIndex, card_data, catalogue_index, with_tokens
from cards.models import Card
from engine import CardData, Game, ListLine, fold

__all__ = ["DbLookup", "card_data", "cards_pinned", "cards_recorded"]

# The cards every lookup of the current block finds its cards among (cards_pinned), and where the
# lookups of the current block leave the cards they find (cards_recorded).
_pinned: ContextVar[CatalogueIndex | None] = ContextVar("cards_pinned", default=None)
_recorded: ContextVar[dict[tuple[str, str], CardData] | None] = ContextVar("cards_recorded", default=None)


@contextmanager
def cards_recorded() -> Iterator[dict[tuple[str, str], CardData]]:
    """Every card a DbLookup finds inside the block (either game, with its tokens), by (game, code)."""
    found: dict[tuple[str, str], CardData] = {}
    token = _recorded.set(found)
    try:
        yield found
    finally:
        _recorded.reset(token)


@contextmanager
def cards_pinned(cards: Iterable[CardData]) -> Iterator[None]:
    """Inside the block every DbLookup finds its cards among *cards* alone, as it would have found them
    in the catalogue they were recorded from (cards_recorded), and reads nothing of the catalogue."""
    by_code: dict[tuple[str, str], CardData] = {}
    by_name: dict[str, list[CardData]] = {}
    for data in sorted(cards, key=lambda c: (c.game.value, c.code)):
        by_code[(data.game.value, data.code.upper())] = data
        by_name.setdefault(fold(data.name), []).append(data)
    token = _pinned.set(CatalogueIndex(None, by_code, {k: tuple(v) for k, v in by_name.items()}))
    try:
        yield
    finally:
        _pinned.reset(token)


class DbLookup:
    """A CardLookup over the catalogue for the lines of one list: from this process's in-memory
    index (cards.index) when it can be trusted, else loaded from the database in one query.

    Both games are searched so the validator can say `wrong_game` rather than `unknown_card`.
    """

    def __init__(self, lines: Iterable[ListLine], game: str | None = None) -> None:
        lines = list(lines)
        codes = {line.code for line in lines if line.code}
        codes |= {c.upper() for c in codes}
        names = {fold(line.name) for line in lines if not line.code}
        self._by_code: dict[str, CardData] = {}
        self._by_name: dict[str, list[CardData]] = {}
        if not codes and not names:
            return
        index = _pinned.get()
        if index is None:
            index = catalogue_index()
        if index is not None:
            self._from_index(index, codes, names, game)
        else:
            self._from_database(codes, names, game)

    def _from_index(self, index: CatalogueIndex, codes: set[str], names: set[str], game: str | None) -> None:
        # The rows the query below would return (a code or a folded name matches), in its order.
        found: dict[tuple[str, str], CardData] = {}
        for code in {c.upper() for c in codes}:
            for g in Game:
                data = index.by_code.get((g.value, code))
                if data is not None:
                    found[(g.value, data.code)] = data
        for name in names:
            for data in index.by_name.get(name, ()):
                found[(data.game.value, data.code)] = data
        self._keep(((data, fold(data.name)) for _, data in sorted(found.items())), game)

    def _from_database(self, codes: set[str], names: set[str], game: str | None) -> None:
        query = Q(code__in=codes) | Q(name_folded__in=names)
        cards = list(Card.objects.with_current().filter(query).order_by("game", "code"))
        # Each card carries the tokens its effects create (rule 14), as the index's cards do.
        found = with_tokens(card_data(card) for card in cards)
        self._keep(zip(found, (card.name_folded for card in cards), strict=True), game)

    def _keep(self, rows: Iterable[tuple[CardData, str]], game: str | None = None) -> None:
        recorded = _recorded.get()
        for data, name_folded in rows:
            if recorded is not None:
                recorded[(data.game.value, data.code)] = data
            # Codes are unique within a game; where both games share one, the list's game wins.
            if data.code.upper() not in self._by_code or data.game.value == game:
                self._by_code[data.code.upper()] = data
            self._by_name.setdefault(name_folded, []).append(data)

    def by_code(self, code: str) -> CardData | None:
        return self._by_code.get(code.upper())

    def by_name(self, name: str) -> list[CardData]:
        return list(self._by_name.get(fold(name), []))
