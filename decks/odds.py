"""Draw odds for a list or a saved deck (docs/contract.md §6, ``POST /api/odds/``; the builder's
odds panel): the group is the list's cards matching a query of the site's search syntax, or
the cards carrying one of a saved deck's tags (``tag:NAME`` as the whole query). The numbers
come from the engine (engine/odds.py); this module only picks the cards."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from django.conf import settings

from cards.models import Card
from cards.search import SearchError
from cards.validation import UNREADABLE, validate_list
from common.errors import BadInput
from decks.models import Deck
from engine import DeckEntry, find_game

TAG_QUERY = re.compile(r"^\s*(?:tag|etiqueta):(?:\"([^\"]+)\"|(\S.*?))\s*$", re.IGNORECASE)


class OddsListError(BadInput):
    """A list with lines that are not cards: answered 400 with the validation report."""

    def __init__(self, report: dict[str, Any]) -> None:
        super().__init__("La lista tiene líneas que no son cartas: corrígelas (ver «validation»).", field="list")
        self.extra = {"validation": report}


def tag_of(query: str) -> str | None:
    """The tag a query names (``tag:defensa``, ``tag:"mi motor"``), or None for a search."""
    m = TAG_QUERY.match(query)
    return (m.group(1) or m.group(2)).strip().lower() if m else None


def group_codes(
    entries: Sequence[DeckEntry], game: str, query: str, *, user: Any = None, deck: Deck | None = None
) -> set[str]:
    """Codes (upper case) of the list's cards in the group. A malformed query raises SearchError;
    a tag without a saved deck to read it from raises BadInput naming `query`."""
    codes = {e.card.code.upper() for e in entries}
    tag = tag_of(query)
    if tag is not None:
        if deck is None:
            raise BadInput("«tag:» necesita un mazo guardado («deck»: su número).", field="query")
        tagged = deck.tags.filter(name=tag).values_list("card__code", flat=True)
        return {c.upper() for c in tagged} & codes
    matching = Card.objects.for_game(game).search(query, user=user).order_by().values_list("code", flat=True)
    return {c.upper() for c in matching} & codes


def list_entries(game: str, text: str) -> list[DeckEntry]:
    """The list's cards as the engine sees them; lines that are not cards raise OddsListError."""
    report = validate_list(game, text)
    if any(v.code in UNREADABLE for v in report.errors):
        raise OddsListError(report.as_dict())
    return list(report.entries)


def odds_answer(
    entries: Sequence[DeckEntry], game: str, group: set[str], *, at_least: int, turns: int, first: bool
) -> dict[str, Any]:
    """The answer of ``POST /api/odds/`` for the list's engine entries and the group's codes: the
    game's own odds (``find_game(game).odds``, engine/odds.py).

    Every computation of one answer stops at ``SIMULATION_INLINE_BUDGET`` seconds of this thread's
    CPU (the engine's TooCostly, a 400 that says what to ask for instead): an anonymous request
    never holds a web worker longer than an inline simulation may (issue 38, R1)."""
    deadline = time.thread_time() + settings.SIMULATION_INLINE_BUDGET
    return find_game(game).odds(entries, group, at_least=at_least, turns=turns, first=first, deadline=deadline)


def odds_for_list(
    *, game: str, text: str, query: str, at_least: int = 1, turns: int = 10, first: bool = True,
    user: Any = None, deck: Deck | None = None,
) -> dict[str, Any]:
    """Parse the list, pick the group, compute the odds. Raises OddsListError, SearchError,
    BadInput or the engine's InvalidSimulation (each a 400)."""
    entries = list_entries(game, text)
    group = group_codes(entries, game, query, user=user, deck=deck)
    answer = odds_answer(entries, game, group, at_least=at_least, turns=turns, first=first)
    spec = find_game(game)
    drawn = {e.card.code.upper() for e in entries if spec.is_drawn(e)}
    return {**answer, "cards": sorted(group & drawn)}


__all__ = ["OddsListError", "SearchError", "group_codes", "list_entries", "odds_answer", "odds_for_list", "tag_of"]
