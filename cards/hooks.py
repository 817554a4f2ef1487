"""Links from the catalogue to apps built on it, without the catalogue importing them."""

from __future__ import annotations

from typing import Any

from django.apps import apps


def rulings_for_card(card: Any) -> list[dict[str, Any]]:
    """The rulings that touch a card, newest first: [{number, title, date, url}]."""
    if not apps.is_installed("rulings"):
        return []
    from rulings.services import rulings_for_card as lookup

    return lookup(card)


def with_owned_counts(cards: Any, user: Any) -> tuple[Any, bool]:
    """Annotate `owned` (copies the player owns) when the collection app is there and the player
    is logged in; returns (queryset, whether the quick +1/−1 buttons can be shown)."""
    if not apps.is_installed("collection") or not getattr(user, "is_authenticated", False):
        return cards, False
    from collection.selectors import with_owned

    return with_owned(cards, user), True
