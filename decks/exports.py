"""A deck as text (docs/contract.md §3), CSV (`section,quantity,code,name`) or JSON, for download or the API.

The text goes through `engine.format_decklist`, so importing an export gives the same deck.
CSV cells that a spreadsheet would run as a formula are neutralised (common/csvcells.py).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.text import slugify

from common.csvcells import guard
from decks.models import Deck, DeckEntry
from decks.selectors import deck_text, engine_entries

FORMATS = ("text", "csv", "json")


@dataclass(frozen=True)
class Export:
    content: str
    content_type: str
    filename: str


def csv_cell(value: Any) -> str:
    """A CSV cell that spreadsheets show as text (common.csvcells)."""
    return guard(value)


def as_text(deck: Deck, rows: Sequence[DeckEntry]) -> str:
    return deck_text(rows, deck.game)


def as_csv(deck: Deck, rows: Sequence[DeckEntry]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["section", "quantity", "code", "name"])
    entries = engine_entries(rows)
    for section in deck.sections:
        for e in entries:
            if e.section == section:
                writer.writerow([csv_cell(e.section), e.quantity, csv_cell(e.card.code), csv_cell(e.card.name)])
    return out.getvalue()


def as_json(deck: Deck, rows: Sequence[DeckEntry]) -> dict[str, Any]:
    by_row = {(r.section, r.card.code): r for r in rows}
    sections: dict[str, list[dict[str, Any]]] = {key: [] for key in deck.sections}
    for e in engine_entries(rows):
        row = by_row[(e.section, e.card.code)]
        sections.setdefault(e.section, []).append({
            "quantity": e.quantity, "code": e.card.code, "name": e.card.name,
            "edition": row.edition.edition if row.edition else None,
        })
    return {
        "format": "deck/1",
        "game": deck.game,
        "name": deck.name,
        "description": deck.description,
        "version": deck.version,
        "sections": sections,
        "list": deck_text(rows, deck.game),
    }


def export(deck: Deck, rows: Sequence[DeckEntry], fmt: str) -> Export:
    """The deck in one of FORMATS, with its media type and a download name."""
    base = slugify(deck.name) or f"mazo-{deck.pk}"
    if fmt == "text":
        return Export(as_text(deck, rows), "text/plain; charset=utf-8", f"{base}.txt")
    if fmt == "csv":
        return Export(as_csv(deck, rows), "text/csv; charset=utf-8", f"{base}.csv")
    if fmt == "json":
        body = json.dumps(as_json(deck, rows), ensure_ascii=False, indent=2) + "\n"
        return Export(body, "application/json; charset=utf-8", f"{base}.json")
    raise ValueError(f"Formato desconocido «{fmt}»: usa {', '.join(FORMATS)}.")
