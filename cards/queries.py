"""The catalogue searched as the pages search it: the catalogue's grid and the collection's."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from cards.messages import search_error
from cards.models import Card
from cards.search import SearchError


def cards_searched(q: str, game: str, user: Any) -> tuple[QuerySet[Card], str | None]:
    """The current cards of *game* (every game when empty) that match the search *q* as *user* reads
    it, and no error; or no card and the search's error in the reader's language."""
    try:
        return Card.objects.with_current().for_game(game or None).search(q, user=user), None
    except SearchError as exc:
        return Card.objects.none(), search_error(exc)
