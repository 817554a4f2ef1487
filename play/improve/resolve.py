"""Cards named as a list line names them: the name, the code, or ``Name (CODE)`` (docs/contract.md §6).

A small resolver of the improve search's own fields (``keep``), over the deck-list reader
(engine.decklist through ``engine.parse_decklist``): each item is read as one list line and matched
against the cards of the list it speaks of — a given code decides, otherwise the name (case and
accents aside) or a bare code. Another engineer generalises this for ``cut`` and ``candidates``;
the two belong together (play/improve/resolve.py, here).
"""

from __future__ import annotations

from collections.abc import Sequence

from common.errors import BadInput
from engine import DeckEntry, fold, parse_decklist

__all__ = ["resolve_in_list"]


def resolve_in_list(game: str, entries: Sequence[DeckEntry], items: Sequence[str], *, field: str) -> list[str]:
    """The codes of the list's cards named by *items*, in order (each once); a BadInput naming
    *field* for an item that names no card of the list."""
    codes: list[str] = []
    for item in items:
        code = _find(game, entries, item)
        if code is None:
            raise BadInput(f"«{item.strip()}» no es una carta de la lista.", field=field)
        if code not in codes:
            codes.append(code)
    return codes


def _find(game: str, entries: Sequence[DeckEntry], item: str) -> str | None:
    text = item.strip()
    parsed = parse_decklist(text, game).lines if text and not text.endswith(":") else ()
    line = parsed[0] if len(parsed) == 1 else None
    if line is not None and line.code is not None:  # «Name (CODE)»: the code decides
        wanted = line.code.casefold()
        return next((e.card.code for e in entries if e.card.code.casefold() == wanted), None)
    for e in entries:  # a bare code, then the name (a leading number may be part of a name)
        if e.card.code.casefold() == text.casefold():
            return e.card.code
    names = {fold(text)} | ({fold(line.name)} if line is not None else set())
    return next((e.card.code for e in entries if fold(e.card.name) in names), None)
