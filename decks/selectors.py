"""Reads of a deck (HackSoft "selectors"): its rows, its list text, the engine's report, the
builder's search. Its charts are decks/charts.py (`deck_stats`, drawn with common/charts.py).

A saved deck is validated exactly as a pasted list: its export text goes through
`engine.validate_decklist`, with a lookup made of the deck's own cards (no query per card), so
the line numbers in the report are the lines of the exported list and no rule is written twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cards.index import card_data
from cards.messages import search_error as translate_search_error
from cards.models import Card
from cards.search import SearchError
from cards.suggest import near_names as near_folded
from decks.models import Deck, DeckEntry, sections_of
from engine import DeckEntry as EngineEntry
from engine import MemoryLookup, ValidationReport, format_decklist, validate_decklist
from engine.text import fold

DEFAULT_SECTION = {"token": "tokens", "entity": "entities", "element": "elements"}


def default_section(game: str, card_type: str) -> str:
    """Where the builder puts a card: tokens under Tokens (rule 14), Entes and Elementos apart."""
    return DEFAULT_SECTION.get(card_type, sections_of(game)[0])


SEARCH_LIMIT = 30
TYPE_ORDER = ("combat", "reaction", "summon", "token", "entity", "element")


def near_names(game: str, q: str, *, limit: int = 5) -> list[Any]:
    """"Did you mean": cards of `game` whose name is close to a plain-words query, best first
    (cards.suggest, the one suggestion function of the site)."""
    close = near_folded(q, game=game, limit=limit)
    cards = Card.objects.with_current().filter(game=game, name_folded__in=close).select_related("set")
    rank = {name: i for i, name in enumerate(close)}
    return sorted(cards, key=lambda c: (rank[c.name_folded], c.code))


def group_by_type(rows: Sequence[DeckEntry]) -> list[dict[str, Any]]:
    """A section's rows grouped by card type (Combate, Reacción…), each group with its total."""
    groups: dict[str, list[DeckEntry]] = {}
    for row in rows:
        groups.setdefault(row.card.type, []).append(row)
    order = {t: i for i, t in enumerate(TYPE_ORDER)}
    return [
        {"type": t, "label": rows_[0].card.get_type_display(), "rows": rows_,
         "count": sum(r.quantity for r in rows_)}
        for t, rows_ in sorted(groups.items(), key=lambda kv: order.get(kv[0], 99))
    ]


def deck_rows(deck: Deck, *, with_editions: bool = False) -> list[DeckEntry]:
    """The deck's entries with cards, current editions and pins: one query whatever the size
    (two with every card's editions, for the builder's pins)."""
    qs = DeckEntry.objects.filter(deck=deck).with_cards()
    if with_editions:
        qs = qs.prefetch_related("card__editions")
    return list(qs)


def engine_entries(rows: Iterable[DeckEntry]) -> list[EngineEntry]:
    """Rows as engine entries (current text), in the order lists are written."""
    entries = [EngineEntry(r.section, r.quantity, card_data(r.card)) for r in rows]
    return sorted(entries, key=lambda e: (fold(e.card.name), e.card.code))


def deck_text(rows: Sequence[DeckEntry], game: str) -> str:
    """The deck as a list (docs/contract.md §3): `N NAME (CODE)` under Spanish headers."""
    return format_decklist(engine_entries(rows), game)


def deck_report(rows: Sequence[DeckEntry], game: str) -> ValidationReport:
    entries = engine_entries(rows)
    lookup = MemoryLookup(e.card for e in entries)
    return validate_decklist(format_decklist(entries, game), game, lookup)


# ---------------------------------------------------------------- the builder's search
class Found(list):  # type: ignore[type-arg]
    """A page of the builder's results: `page` (from 1) and whether a `more` page follows (the
    search stopped at 30 cards with no way on)."""

    page: int = 1
    more: bool = False


def builder_search(
    deck: Deck, q: str, *, user: Any = None, owned_only: bool = False, page: int = 1,
) -> tuple[list[Card], str | None]:
    """Builder search in the catalogue syntax, with the section each card would go to; `owned_only`
    keeps the cards the player owns (the collection's `owned` field, registered with cards.search).
    A plain-words query that finds nothing answers the nearest names, marked `suggested`. `page`:
    which SEARCH_LIMIT cards; the answer (a Found) says whether more follow."""
    if not q.strip() and not owned_only:
        return [], None
    cards, error = _find(deck, q, user=user, owned_only=owned_only, page=max(1, page))
    if not cards and not error and not owned_only and page <= 1:
        cards = near_names(deck.game, q)
        for card in cards:
            card.suggested = True  # type: ignore[attr-defined]
    for card in cards:
        card.builder_section = default_section(deck.game, card.type)  # type: ignore[attr-defined]
    return cards, error


def _find(deck: Deck, q: str, *, user: Any, owned_only: bool, page: int = 1) -> tuple[list[Card], str | None]:
    if owned_only:
        q = f"owned>0 {q}" if q.strip() else "owned>0"
    try:
        qs = Card.objects.with_current().for_game(deck.game).search(q, user=user)
    except SearchError as exc:
        return [], translate_search_error(exc)
    if not qs.ordered:
        qs = qs.order_by("name_folded", "code")
    start = (page - 1) * SEARCH_LIMIT
    found = Found(qs.select_related("set")[start:start + SEARCH_LIMIT + 1])  # one more: is there a next page?
    found.page, found.more = page, len(found) > SEARCH_LIMIT
    del found[SEARCH_LIMIT:]
    return found, None


def mark_in_deck(results: list[Card], rows: list[Any], game: str) -> None:
    """How many copies of each result the deck already has in the section it would go to, and
    whether one more would break rule 4 (Eliria: one card of a name in the deck proper)."""
    have = {(r.section, r.card_id): r.quantity for r in rows}
    names = {fold(r.card.name) for r in rows if r.section == "main"} if game == "eliria" else set()
    for card in results:
        card.in_deck = have.get((card.builder_section, card.pk), 0)  # type: ignore[attr-defined]
        card.at_limit = card.builder_section == "main" and fold(card.name) in names  # type: ignore[attr-defined]
