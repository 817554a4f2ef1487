"""The collection and the shopping list as files: CSV (`game,code,edition,quantity,condition,
language,name`) and, for the shopping list, deck-list text (docs/contract.md §3) per game.

Cells a spreadsheet would run as a formula get a leading `'` (common/csvcells.py); the
collection import reads such a cell back as it was.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from collection.imports import COLUMNS
from collection.models import CollectionItem
from collection.selectors import ShoppingLine
from decks.exports import csv_cell
from decks.selectors import default_section
from engine import CardData, DeckEntry, Game, format_decklist

CSV_COLUMNS = (*COLUMNS, "name")


def _writer(out: io.StringIO) -> Any:
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    return writer


def collection_csv(items: Iterable[CollectionItem]) -> str:
    """Every row of the collection; importing it into an empty account gives the same rows."""
    out = io.StringIO()
    writer = _writer(out)
    for item in items:
        writer.writerow([csv_cell(item.card.game), csv_cell(item.card.code), item.edition.edition,
                         item.quantity, csv_cell(item.condition), csv_cell(item.language),
                         csv_cell(item.card.name)])
    return out.getvalue()


def shopping_csv(lines: Iterable[ShoppingLine]) -> str:
    """What to buy, in the collection's own CSV format: once bought, import it as it is."""
    out = io.StringIO()
    writer = _writer(out)
    for line in lines:
        writer.writerow([csv_cell(line.card.game), csv_cell(line.card.code),
                         line.edition.edition if line.edition else "", line.quantity, "", "",
                         csv_cell(line.card.name)])
    return out.getvalue()


def shopping_text(lines: Iterable[ShoppingLine], game: str) -> str:
    """The cards of one game to buy, as a deck list (sections by card type)."""
    entries = [
        DeckEntry(default_section(game, line.card.type), line.quantity,
                  CardData(Game(game), line.card.code, line.card.name, line.card.type))
        for line in lines if line.card.game == game
    ]
    return format_decklist(entries, game)
