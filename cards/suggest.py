"""«¿Quisiste decir…?»: the card names nearest to a name typed with a slip, for every place a name is
typed (the builder's search, the catalogue page, the deck and collection importers).

Names are compared folded (no case, no accents: engine.text.fold) with difflib over the names of
the game's catalogue, read from this process's catalogue index (cards.index), which is rebuilt
when the catalogue version moves: no query per suggestion.
"""

from __future__ import annotations

import difflib
import re

from cards.index import CatalogueIndex, catalogue_index
from cards.models import Card
from engine.text import fold

__all__ = ["near_names", "plain_words", "suggest_names"]

# Only plain words get suggestions: a query in the search syntax (fields, operators, quotes) is
# not a misspelt name.
PLAIN_WORDS = re.compile(r"^[\w\s'’.,-]+$")
WHOLE_NAME_CUTOFF = 0.6
ONE_WORD_CUTOFF = 0.75


def plain_words(text: str) -> bool:
    """Whether `text` reads as a card name rather than a search in the syntax."""
    folded = fold(text)
    return len(folded) >= 3 and bool(PLAIN_WORDS.match(folded)) and ":" not in folded


# The index the names were read from, and per game the names: kept while that index is current
# (it is replaced when the catalogue version moves or a card is saved in this process).
_memo: tuple[CatalogueIndex | None, dict[str | None, dict[str, str]]] = (None, {})


def _names(game: str | None) -> dict[str, str]:
    """Folded name -> the name as printed, for one game or both (the first code of each name)."""
    index = catalogue_index()
    if index is None:  # the catalogue version cannot be read: ask the database
        rows = Card.objects.for_game(game).order_by("game", "code").values_list("name_folded", "name")
        return {folded: name for folded, name in reversed(rows)}
    global _memo
    if _memo[0] is not index:
        _memo = (index, {})
    per_game = _memo[1]
    if game not in per_game:
        per_game[game] = {
            folded: next(c.name for c in cards if game is None or c.game.value == game)
            for folded, cards in index.by_name.items()
            if game is None or any(c.game.value == game for c in cards)
        }
    return per_game[game]


def near_names(text: str, *, game: str | None, limit: int = 5) -> list[str]:
    """The folded names of `game` (None: both games) closest to `text`, best first; none for a
    query in the search syntax. A misspelt whole name (`Cañon del sacrifico`) is compared name by
    name; failing that, a single misspelt word of a longer name (`sacrifico`) word by word."""
    folded = fold(text)
    if not plain_words(folded):
        return []
    names = _names(game)
    if folded in names:
        return [folded]
    close = difflib.get_close_matches(folded, list(names), n=limit, cutoff=WHOLE_NAME_CUTOFF)
    if not close:
        words: dict[str, str] = {}
        for name in sorted(names):
            for word in name.split():
                if len(word) > 3:
                    words.setdefault(word, name)
        hits = difflib.get_close_matches(folded, list(words), n=limit, cutoff=ONE_WORD_CUTOFF)
        close = list(dict.fromkeys(words[w] for w in hits))
    return close


def suggest_names(text: str, *, game: str | None, limit: int = 3) -> list[str]:
    """The printed names nearest to `text` (see near_names), for messages and one-click fixes."""
    names = _names(game)
    return [names[folded] for folded in near_names(text, game=game, limit=limit) if folded in names]
