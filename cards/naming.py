"""One card named as a deck list's line names it (docs/contract.md §6: "Everywhere this contract
takes one card … it accepts what a list line accepts for it: the name, the code, or `Name (CODE)`").

Every field that takes one card (`cut` and `candidates` of the swaps, `watch` of the goldfish,
`keep` of the improve search, …) goes through one of two functions, so a card is named the same
way everywhere:

- `cards_named(game, items, field=…)`: cards of the catalogue of one game (candidates, a pool);
- `card_in_list(entries, item, field=…)`: a card of a list (cut, watch, keep).

An item is read as one list line (`engine.parse_decklist`: a leading quantity is read and ignored,
`Name (CODE)` gives both). A given code decides, as in a list (§3); a bare item is tried as a code
first, then as a name, without regard to case or accents. A name shared by several cards of the
game gives the lowest code, as a list line does. What names no card raises `CardNameError`, a
`BadInput` that names the field (400).
"""

from __future__ import annotations

from collections.abc import Sequence

from cards.lookup import DbLookup
from common.errors import BadInput
from engine import CardData, DeckEntry, Game, ListLine, fold, parse_decklist

__all__ = ["CardNameError", "card_in_list", "cards_named", "read_card"]


class CardNameError(BadInput):
    """An item that names no card where one is expected (400 naming the field)."""


def read_card(item: str, game: str, *, field: str) -> ListLine:
    """*item* as one list line: its name and its code (None when not given in parentheses)."""
    text = item.strip()
    parsed = parse_decklist(text, game) if text and "\n" not in text and "\r" not in text else None
    if parsed is None or parsed.errors or len(parsed.lines) != 1:
        raise CardNameError(f"«{item}» no nombra una carta: escribe su nombre, su código o «Nombre (CÓDIGO)».",
                            field=field)
    return parsed.lines[0]


def _bare_code(line: ListLine) -> str | None:
    """The code a line without one may be (a bare item is tried as a code first)."""
    return line.code if line.code is not None else (line.name if " " not in line.name else None)


def cards_named(game: str, items: Sequence[str], *, field: str) -> list[CardData]:
    """The cards of *game* named by *items*, in order (one catalogue lookup for them all)."""
    lines = [read_card(item, game, field=field) for item in items]
    # Each line as a code and as a name (DbLookup loads both in one pass).
    wanted = [ListLine(k, None, 1, line.name, code) for k, line in enumerate(lines, 1)
              for code in {_bare_code(line), None}]
    lookup, here = DbLookup(wanted, game), Game(game)
    return [_found(item, line, here, lookup, field) for item, line in zip(items, lines, strict=True)]


def _found(item: str, line: ListLine, game: Game, lookup: DbLookup, field: str) -> CardData:
    code = _bare_code(line)
    card = lookup.by_code(code) if code is not None else None
    if card is not None and card.game is not game:  # codes are unique per game only
        card = next((c for c in lookup.by_name(line.name) if c.game is game and c.code.upper() == code.upper()),
                    None) if code is not None else None
    if card is None and line.code is None:  # no code given: the name (several: the lowest code)
        card = min((c for c in lookup.by_name(line.name) if c.game is game), key=lambda c: c.code, default=None)
    if card is None:
        raise CardNameError(f"«{item.strip()}» no es una carta de {game.label}.", field=field)
    return card


def card_in_list(entries: Sequence[DeckEntry], item: str, *, field: str, game: str | None = None) -> CardData:
    """The card of the list *entries* named by *item*; refused when the list does not hold it."""
    if not entries and game is None:
        raise CardNameError(f"«{item.strip()}» no está en la lista.", field=field)
    line = read_card(item, game or entries[0].card.game.value, field=field)
    code = _bare_code(line)
    for entry in entries:
        card = entry.card
        if code is not None and card.code.upper() == code.upper():
            return card
    if line.code is None:
        for entry in entries:
            if fold(entry.card.name) == fold(line.name):
                return entry.card
    raise CardNameError(f"«{item.strip()}» no está en la lista.", field=field)
