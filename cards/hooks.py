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
