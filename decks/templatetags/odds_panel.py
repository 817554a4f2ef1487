"""``{% odds_panel %}``: the deck page's odds panel and the placeholder of its tags and
considering board (decks/views/odds.py), from the page's ``deck`` and ``by_slug``. No query here:
the tag picker's options come with the board (an out-of-band swap), so the page's queries stay
as few as they were."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from common.games import site_game

register = template.Library()


@register.inclusion_tag("decks/_odds_panel.html", takes_context=True)
def odds_panel(context: dict[str, Any]) -> dict[str, Any]:
    deck, by_slug = context["deck"], context.get("by_slug", False)
    url = reverse("decks:shared-odds", args=[deck.slug]) if by_slug else reverse("decks:odds", args=[deck.pk])
    return {
        "deck": deck, "by_slug": by_slug, "odds_url": url, "odds_query": site_game(deck.game).odds_query,
        "board_url": None if by_slug else reverse("decks:board", args=[deck.pk]),
    }  # fmt: skip
