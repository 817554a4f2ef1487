"""The deck as files: the list as text, CSV or JSON (decks/exports.py), the proxies PDF
(decks/proxies.py) and the picture PNG (decks/picture.py), by id or by secret link, with the deck
page's rules for who may see it."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from decks import exports, proxies
from decks.models import Deck, Visibility
from decks.picture import deck_picture_png
from decks.selectors import deck_rows
from decks.views.access import deck_for_viewer


@require_GET
def deck_export(request: HttpRequest, fmt: str, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    if fmt not in exports.FORMATS:
        raise Http404
    deck = deck_for_viewer(request, pk=pk, slug=slug)
    out = exports.export(deck, deck_rows(deck), fmt)
    response = HttpResponse(out.content, content_type=out.content_type)
    response["Content-Disposition"] = f'attachment; filename="{out.filename}"'
    return response


@require_GET
def deck_proxies(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    deck = deck_for_viewer(request, pk=pk, slug=slug)
    try:
        pdf = proxies.proxy_pdf(deck_rows(deck), title=deck.name)
    except proxies.TooManyCards as exc:
        return render(request, "decks/message.html", {"deck": deck, "message": str(exc)}, status=400)
    response = HttpResponse(pdf, content_type="application/pdf")
    name = exports.export(deck, [], "text").filename.removesuffix(".txt")
    response["Content-Disposition"] = f'attachment; filename="{name}-pruebas.pdf"'
    return response


@require_GET
def deck_picture(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    """The deck's picture: a private deck's is its owner's alone (404 for anybody else), an
    unlisted one opens only by its secret link, a public one for everybody."""
    decks = Deck.objects.select_related("owner")
    deck = get_object_or_404(decks, slug=slug) if slug is not None else get_object_or_404(decks, pk=pk)
    if not deck.can_view(request.user, by_slug=slug is not None):
        raise Http404
    response = HttpResponse(deck_picture_png(deck), content_type="image/png")
    # A shared cache may keep a public deck's picture; anything else stays in the viewer's browser.
    scope = "public" if deck.visibility == Visibility.PUBLIC else "private"
    response["Cache-Control"] = f"{scope}, max-age=300"
    return response
