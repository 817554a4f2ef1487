"""The deck's picture (decks/picture.py) at /mazos/<id>/imagen.png, with the deck page's rules:
a private deck's picture is its owner's alone (404 for anybody else, its existence not revealed),
an unlisted one opens only by its secret link, a public one for everybody."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from decks.models import Deck, Visibility
from decks.picture import deck_picture_png


@require_GET
def deck_picture(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    decks = Deck.objects.select_related("owner")
    deck = get_object_or_404(decks, slug=slug) if slug is not None else get_object_or_404(decks, pk=pk)
    if not deck.can_view(request.user, by_slug=slug is not None):
        raise Http404
    response = HttpResponse(deck_picture_png(deck), content_type="image/png")
    # A shared cache may keep a public deck's picture; anything else stays in the viewer's browser.
    scope = "public" if deck.visibility == Visibility.PUBLIC else "private"
    response["Cache-Control"] = f"{scope}, max-age=300"
    return response
