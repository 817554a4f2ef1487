"""Deck pages of the collection: have/need per deck with the «built» and «wanted» switches, the
missing cards as a list, and the shopping list across every wanted deck.

Only the player's own decks: another player's deck id is a 404, as one that does not exist.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards.models import Game
from collection import selectors
from collection.exports import shopping_csv, shopping_text
from collection.forms import FlagForm
from collection.services import deck_set_built, deck_set_wanted
from collection.views import download
from common.http import is_htmx, safe_next
from decks.models import Deck, Section
from decks.selectors import engine_entries
from engine import format_decklist

SECTION_LABELS = dict(Section.choices)


def _own_deck(request: HttpRequest, deck_id: int) -> Deck:
    return get_object_or_404(Deck.objects.owned_by(request.user), pk=deck_id)


@login_required
@require_GET
def deck_have_need(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _own_deck(request, deck_id)
    report = selectors.deck_have_need(deck)
    sections = [
        {"label": SECTION_LABELS.get(key, key), "lines": [ln for ln in report.lines if ln.entry.section == key]}
        for key in deck.sections
    ]
    context = {"deck": deck, "report": report, "sections": [s for s in sections if s["lines"]]}
    return render(request, "collection/deck.html", context)


@login_required
@require_GET
def deck_missing_text(request: HttpRequest, deck_id: int) -> HttpResponse:
    """The copies still missing for the deck, as a deck list (to buy, or to paste elsewhere)."""
    deck = _own_deck(request, deck_id)
    lines = selectors.deck_have_need(deck).missing_lines
    entries = engine_entries([_with_quantity(ln.entry, ln.result.missing) for ln in lines])
    return download(format_decklist(entries, deck.game), "text/plain; charset=utf-8", f"faltan-mazo-{deck.pk}.txt")


def _with_quantity(entry, quantity: int):  # type: ignore[no-untyped-def]
    entry.quantity = quantity  # an in-memory copy of the row for the export, never saved
    return entry


def _flag(request: HttpRequest, deck_id: int, service, done: str) -> HttpResponse:  # type: ignore[no-untyped-def]
    form = FlagForm(request.POST)
    value = form.is_valid() and form.cleaned_data["value"]
    if not service(owner=request.user, deck_id=deck_id, **{done: value}):
        raise Http404
    if not is_htmx(request):
        messages.success(request, _("Guardado."))
    return redirect(safe_next(request, request.POST.get("next"), reverse("collection:deck", args=[deck_id])))


@login_required
@require_POST
def deck_built(request: HttpRequest, deck_id: int) -> HttpResponse:
    return _flag(request, deck_id, deck_set_built, "built")


@login_required
@require_POST
def deck_wanted(request: HttpRequest, deck_id: int) -> HttpResponse:
    return _flag(request, deck_id, deck_set_wanted, "wanted")


@login_required
@require_GET
def shopping_page(request: HttpRequest) -> HttpResponse:
    shopping = selectors.shopping_list(request.user)
    wanted = {d.pk for d in shopping.decks}
    decks = list(Deck.objects.owned_by(request.user).order_by("game", "name_folded"))
    for deck in decks:
        deck.is_wanted = deck.pk in wanted  # type: ignore[attr-defined]
    games = [{"code": code, "label": label, "lines": shopping.for_game(code)} for code, label in Game.choices]
    context = {"shopping": shopping, "games": [g for g in games if g["lines"]], "decks": decks}
    return render(request, "collection/shopping.html", context)


@login_required
@require_GET
def shopping_download(request: HttpRequest, fmt: str) -> HttpResponse:
    shopping = selectors.shopping_list(request.user)
    if fmt == "csv":
        return download(shopping_csv(shopping.lines), "text/csv; charset=utf-8", "compras.csv")
    if fmt in Game.values:
        return download(shopping_text(shopping.lines, fmt), "text/plain; charset=utf-8", f"compras-{fmt}.txt")
    raise Http404
