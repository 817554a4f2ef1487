"""«¿Quisiste decir…?»: the card names nearest to a name typed with a slip, for every place a name is
typed (the builder's search, the catalogue page, the deck and collection importers).

Names are compared folded (no case, no accents: engine.text.fold) with difflib over the names of
the game's catalogue, read from this process's catalogue index (cards.index), which is rebuilt
when the catalogue version moves: no query per suggestion.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass

from cards.index import CatalogueIndex, catalogue_index
from cards.models import Card
from engine.text import fold

__all__ = ["Names", "near_names", "plain_words", "suggest_names"]

# Only plain words get suggestions: a query in the search syntax (fields, operators, quotes) is
# not a misspelt name.
PLAIN_WORDS = re.compile(r"^[\w\s'’.,-]+$")
WHOLE_NAME_CUTOFF = 0.6
ONE_WORD_CUTOFF = 0.75


def plain_words(text: str) -> bool:
    """Whether `text` reads as a card name rather than a search in the syntax."""
    folded = fold(text)
    return len(folded) >= 3 and bool(PLAIN_WORDS.match(folded)) and ":" not in folded


CANDIDATES = 400  # whole names compared with the query, out of those sharing a near word with it


@dataclass(frozen=True)
class Names:
    """A game's card names, ready for near matches: folded -> printed, and each word of more
    than three letters -> the folded names holding it (short words such as «de» pick nothing)."""

    printed: dict[str, str]
    by_word: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, printed: dict[str, str]) -> Names:
        by_word: dict[str, list[str]] = {}
        for folded in sorted(printed):
            for word in dict.fromkeys(folded.split()):
                if len(word) > 3:
                    by_word.setdefault(word, []).append(folded)
        return cls(printed, {w: tuple(names) for w, names in sorted(by_word.items())})


# The index the names were read from, and per game its Names: kept while that index is current
# (it is replaced when the catalogue version moves or a card is saved in this process).
_memo: tuple[CatalogueIndex | None, dict[str | None, Names]] = (None, {})


def _names(game: str | None) -> Names:
    """The card names of one game or both (printed as on the first code of each name)."""
    index = catalogue_index()
    if index is None:  # the catalogue version cannot be read: ask the database
        rows = Card.objects.for_game(game).order_by("game", "code").values_list("name_folded", "name")
        return Names.of({folded: name for folded, name in reversed(rows)})
    global _memo
    if _memo[0] is not index:
        _memo = (index, {})
    per_game = _memo[1]
    if game not in per_game:
        per_game[game] = Names.of({
            folded: next(c.name for c in cards if game is None or c.game.value == game)
            for folded, cards in index.by_name.items()
            if game is None or any(c.game.value == game for c in cards)
        })
    return per_game[game]


def near_names(text: str, *, game: str | None, limit: int = 5) -> list[str]:
    """The folded names of `game` (None: both games) closest to `text`, best first; none for a
    query in the search syntax. Each word typed is matched to the catalogue's words first (a
    short list, so a catalogue of 20,000 names answers in milliseconds); the names holding those
    words are then compared whole (`Cañon del sacrifico`); failing that, a single misspelt word
    of a longer name (`sacrifico`) names the cards that hold it."""
    folded = fold(text)
    if not plain_words(folded):
        return []
    names = _names(game)
    if folded in names.printed:
        return [folded]
    vocabulary = list(names.by_word)
    hits: Counter[str] = Counter()
    for word in dict.fromkeys(w for w in folded.split() if len(w) > 3):
        near = difflib.get_close_matches(word, vocabulary, n=8, cutoff=ONE_WORD_CUTOFF)
        hits.update({name for w in near for name in names.by_word[w]})
    candidates = [name for name, _n in hits.most_common(CANDIDATES)]
    close = difflib.get_close_matches(folded, candidates, n=limit, cutoff=WHOLE_NAME_CUTOFF)
    if not close:
        words = difflib.get_close_matches(folded, vocabulary, n=limit, cutoff=ONE_WORD_CUTOFF)
        close = list(dict.fromkeys(names.by_word[w][0] for w in words))
    return close


def suggest_names(text: str, *, game: str | None, limit: int = 3) -> list[str]:
    """The printed names nearest to `text` (see near_names), for messages and one-click fixes."""
    printed = _names(game).printed
    return [printed[folded] for folded in near_names(text, game=game, limit=limit) if folded in printed]
