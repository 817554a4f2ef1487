"""Deck validation, wrapped once: the engine's rules over the catalogue's current text.

The builder, the API and the import all call `validate_list`; the rules themselves live in
`engine` (three tiers of validation, no rule written twice: docs/architecture.md).
"""

from __future__ import annotations

from common.errors import BadInput
from common.gate import check_text
from decks.lookup import DbLookup
from engine import Game, ValidationReport, parse_decklist, validate_decklist

MAX_LIST_CHARS = 100_000
# Lines that cannot be turned into a card: a list holding one cannot be saved as it is or simulated.
UNREADABLE = frozenset({"parse_error", "unknown_card", "wrong_game"})
MAX_LIST_LINES = 2_000


class ListTooLarge(BadInput):
    """A list over the size limits; answered 400 naming the `list` field."""

    def __init__(self, message: str) -> None:
        super().__init__(message, field="list")


def count_lines(text: str) -> int:
    """Lines as the parser reads them: \n, \r and \r\n each end one."""
    return text.count("\n") + text.count("\r") - text.count("\r\n") + 1


def check_size(text: str) -> None:
    """Bound the work a single request can ask for (a 1 MB paste is refused, not parsed)."""
    if len(text) > MAX_LIST_CHARS:
        raise ListTooLarge(
            f"La lista tiene {len(text):,} caracteres; el máximo es {MAX_LIST_CHARS:,}.".replace(",", ".")
        )
    if count_lines(text) > MAX_LIST_LINES:
        raise ListTooLarge(f"La lista tiene más de {MAX_LIST_LINES} líneas.")
    try:  # uploaded files reach here without passing the input gate's form checks
        check_text(text, "La lista")
    except BadInput as exc:
        raise ListTooLarge(exc.message) from None


def validate_list(game: str, text: str) -> ValidationReport:
    check_size(text)
    parsed = parse_decklist(text, Game(game))  # once: for the cards to load, then for the rules
    return validate_decklist(text, Game(game), DbLookup(parsed.lines, game), parsed=parsed)
