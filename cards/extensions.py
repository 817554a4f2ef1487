"""What the apps built on the catalogue add to its pages and answers, registered from their
AppConfig.ready() — the catalogue never names them (docs/architecture.md).

- `register_rulings(lookup)`: the rulings that touch a card (the rulings app).
- `register_owned_counts(annotate, count)`: copies a signed-in player owns, for the quick +1/−1
  buttons (the collection app): of each card of a queryset, or of one card.

Without a registration the catalogue answers as if the feature were not there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

RulingsLookup = Callable[[Any], list[dict[str, Any]]]
OwnedAnnotator = Callable[[Any, Any], Any]
OwnedCount = Callable[[int, Any], int]

_rulings: RulingsLookup | None = None
_owned: OwnedAnnotator | None = None
_owned_count: OwnedCount | None = None


def register_rulings(lookup: RulingsLookup) -> None:
    global _rulings
    _rulings = lookup


def register_owned_counts(annotate: OwnedAnnotator, count: OwnedCount) -> None:
    global _owned, _owned_count
    _owned, _owned_count = annotate, count


def rulings_for_card(card: Any) -> list[dict[str, Any]]:
    """The rulings that touch a card, newest first: [{number, title, date, url}]."""
    return _rulings(card) if _rulings is not None else []


def with_owned_counts(cards: Any, user: Any) -> tuple[Any, bool]:
    """Annotate `owned` (copies the player owns) when the collection registered itself and the
    player is signed in; returns (queryset, whether the quick +1/−1 buttons can be shown)."""
    if _owned is None or not getattr(user, "is_authenticated", False):
        return cards, False
    return _owned(cards, user), True


def owned_count(card_id: int, user: Any) -> int | None:
    """Copies of one card the player owns (one plain query: a card page's only per-player read), or
    None when the collection did not register itself or the player is not signed in (no buttons)."""
    if _owned_count is None or not getattr(user, "is_authenticated", False):
        return None
    return _owned_count(card_id, user)
