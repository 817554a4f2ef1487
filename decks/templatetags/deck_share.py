"""``{% deck_share_meta %}``: Open Graph and Twitter card tags for the deck page's <head>, so a
deck link pasted in a chat shows its name, its game, its size and its first cards, with its
picture (decks/picture.py). A private deck gets none: no chat could open it anyway. The
description is kept per deck version (cards.pagecache.fragment)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards.pagecache import fragment
from decks.models import DeckEntry, Visibility

register = template.Library()
FIRST_CARDS = 6


@register.inclusion_tag("decks/_share_meta.html", takes_context=True)
def deck_share_meta(context: dict[str, Any]) -> dict[str, Any]:
    deck, request = context["deck"], context["request"]
    # Link previews are fetched anonymously: a signed-in player's page spends no query on them.
    if deck.visibility == Visibility.PRIVATE or request.user.is_authenticated:
        return {"show": False}
    by_slug = context.get("by_slug", False) or deck.visibility == Visibility.UNLISTED
    page = reverse("decks:shared", args=[deck.slug]) if by_slug else deck.get_absolute_url()
    picture = reverse("decks:shared-picture", args=[deck.slug]) if by_slug else reverse("decks:picture", args=[deck.pk])
    return {
        "show": True, "title": deck.name,
        "description": fragment(("deck-share-description", deck.pk, deck.version, deck.updated.isoformat()),
                                lambda: describe(deck)),
        "url": request.build_absolute_uri(page), "image": request.build_absolute_uri(picture),
        "image_alt": _("Lista del mazo «%(name)s»") % {"name": deck.name},
    }


def describe(deck: Any) -> str:
    """«Eliria · 40 cartas · Lobo de ceniza, Centinela de Ámbar, …»: the most-played cards first."""
    rows = list(DeckEntry.objects.filter(deck=deck).order_by("-quantity", "card__name_folded")
                .values_list("card__name", "quantity"))  # one query: the count and the names
    count = sum(quantity for _name, quantity in rows)
    names = [name for name, _quantity in rows[:FIRST_CARDS + 1]]
    cards = ", ".join(names[:FIRST_CARDS]) + (", …" if len(names) > FIRST_CARDS else "")
    parts = [deck.get_game_display(), ngettext("%(n)s carta", "%(n)s cartas", count) % {"n": count}]
    return " · ".join([*parts, cards] if cards else parts)
