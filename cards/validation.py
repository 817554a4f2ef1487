"""Deck validation, wrapped once: the engine's rules over the catalogue's current text.

A deck list is checked against the catalogue here, below every app that reads lists: the deck
builder, the deck API and import (decks), the collection's imports and the simulations (play) all
call `validate_list`; the rules themselves live in `engine` (three tiers of validation, no rule
written twice: docs/architecture.md). The cards are found through `cards.lookup.DbLookup`.
"""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from cards.lookup import DbLookup
from cards.suggest import suggest_names
from common.errors import BadInput
from common.gate import check_text
from engine import GAME_SPECS, Game, ValidationReport, parse_decklist, validate_decklist

MAX_LIST_CHARS = 100_000
# Lines that cannot be turned into a card: a list holding one cannot be saved as it is or simulated.
UNREADABLE = frozenset({"parse_error", "unknown_card", "wrong_game"})
MAX_LIST_LINES = 2_000
MAX_SUGGESTED_LINES = 20


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


# ---------------------------------------------------------------- «¿Quisiste decir…?»
def unknown_card_suggestions(report: ValidationReport, game: str, text: str) -> dict[int, list[str]]:
    """For each `unknown_card` line, the names of `game` nearest to the name written there
    (cards.suggest), best first: `Cañon del sacrifico` → «Cañón del sacrificio». Only the first
    MAX_SUGGESTED_LINES such lines are looked at: each costs milliseconds on a large catalogue."""
    lines = sorted({v.line for v in report.errors if v.code == "unknown_card" and v.line is not None})
    bad = set(lines[:MAX_SUGGESTED_LINES])
    if not bad:
        return {}
    written = {line.line: line.name for line in parse_decklist(text, Game(game)).lines if line.line in bad}
    found = {n: suggest_names(name, game=game) for n, name in written.items()}
    return {n: names for n, names in found.items() if names}


def report_json(report: ValidationReport, game: str, text: str) -> dict[str, Any]:
    """The report's JSON (docs/contract.md §4) with `suggestions` (names, best first; maybe none)
    on each `unknown_card` error: an extra field, the contract's keys and codes unchanged."""
    answer = report.as_dict()
    near = unknown_card_suggestions(report, game, text)
    for error in answer["errors"]:
        if error["code"] == "unknown_card":
            error["suggestions"] = near.get(error["line"], [])
    return answer


def use_suggestion(text: str, game: str, line: int, name: str) -> str:
    """The list with the card name of line `line` replaced by `name` (the one-click «usar «…»»),
    its quantity kept and a wrong code dropped; any other line, or a line past the end, unchanged."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    parsed = {ln.line: ln for ln in parse_decklist(text, game).lines}
    if not 1 <= line <= len(lines) or line not in parsed:
        return text
    lines[line - 1] = f"{parsed[line].quantity} {name}"
    return "\n".join(lines)


def with_used_suggestion(post: QueryDict, game: str | None) -> QueryDict:
    """A form's POST data with its `text` list fixed by the one-click «usar «…»» of a
    «¿Quisiste decir…?» (`use` = "LINE|NAME"); the data unchanged when no such button was pressed."""
    line, sep, name = post.get("use", "").partition("|")
    text = post.get("text", "")
    if not (sep and line.isdigit() and name.strip() and text and game in GAME_SPECS):
        return post
    data = post.copy()
    data["text"] = use_suggestion(text, game, int(line), name.strip())
    return data
