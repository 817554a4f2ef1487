"""How a request reaches a deck: by id for its owner and for public decks, by its secret slug for
unlisted ones; anything else is a 404, so a deck's existence is never revealed."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from decks.models import Deck, DeckRevision


def deck_for_owner(request: HttpRequest, pk: int) -> Deck:
    """The player's own deck. A deck they may see but not change is a 403; one they may not
    even see is a 404, so its existence is not revealed."""
    deck = get_object_or_404(with_last_note(Deck.objects.visible_to(request.user)), pk=pk)
    if deck.owner_id != request.user.pk:
        raise PermissionDenied(_("Este mazo no es tuyo."))
    return deck


def deck_for_viewer(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> Deck:
    """A deck the player may see: by id (theirs or public), or by its secret link."""
    if slug is not None:
        deck = get_object_or_404(with_last_note(Deck.objects.all()), slug=slug)
        if not deck.can_view(request.user, by_slug=True):
            raise Http404
        return deck
    return get_object_or_404(with_last_note(Deck.objects.visible_to(request.user)), pk=pk)


def with_last_note(qs: Any) -> Any:
    """Decks with their owner and the note of their latest revision (in the same query): the
    deck page tells a list built click by click from a pasted one (decks.views.page._built_here)."""
    latest = DeckRevision.objects.filter(deck=OuterRef("pk")).order_by("-number").values("note")[:1]
    return qs.select_related("owner").annotate(last_note=Subquery(latest))
