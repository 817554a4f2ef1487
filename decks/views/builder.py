"""The builder on the deck page: search the catalogue, add or remove copies of a card, pin an
entry to one printing. htmx requests get the refreshed workspace (decks/views/page.py) as
partials; a plain form post goes back to the deck page. Also the card page's panel: add the card
to one of my decks, and the decks that use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.models import Card
from common.http import is_htmx
from decks.forms import ChangeCardForm, PinForm
from decks.models import Deck
from decks.selectors import builder_search, deck_rows, default_section, mark_in_deck
from decks.services import DeckError, deck_change_card, deck_pin_edition
from decks.views.access import deck_for_owner
from decks.views.page import edit_details, workspace

CARD_DECKS_SHOWN = 10


@login_required
@require_GET
def deck_search(request: HttpRequest, pk: int) -> HttpResponse:
    """The builder's search results (htmx partial), each with an "add" button."""
    deck = deck_for_owner(request, pk)
    q = request.GET.get("q", "")[:500]
    owned_only = request.GET.get("owned") == "1"
    page = request.GET.get("page", "1")
    results, error = builder_search(deck, q, user=request.user, owned_only=owned_only,
                                    page=int(page) if page.isdigit() and len(page) < 6 else 1)
    mark_in_deck(results, deck_rows(deck), deck.game)
    context = {"deck": deck, "q": q, "results": results, "search_error": error, "is_owner": True,
               "owned_only": owned_only}
    return render(request, "decks/_results.html", context)


@login_required
@require_POST
def deck_change(request: HttpRequest, pk: int) -> HttpResponse:
    """Add or remove one copy of a card; answers the refreshed workspace to htmx."""

    def change(deck: Deck, data: dict[str, Any], card: Card | None) -> Deck:
        if card is None:
            raise DeckError(_("Esa carta no es de este juego."))
        delta = data["delta"]
        if data["quantity"] is not None:  # a typed quantity: the difference from what is there
            entry = deck.entries.filter(card=card, section=data["section"]).first()
            delta = data["quantity"] - (entry.quantity if entry else 0)
        if not delta:
            return deck
        return deck_change_card(deck, expected_version=data["version"], actor=request.user, card=card,
                                section=data["section"], delta=delta)

    return _builder_post(request, pk, ChangeCardForm, change)


@login_required
@require_POST
def deck_pin(request: HttpRequest, pk: int) -> HttpResponse:
    """Pin an entry to one printing of its card, or unpin it."""

    def pin(deck: Deck, data: dict[str, Any], card: Card | None) -> Deck:
        edition = card.editions.filter(edition=data["edition"]).first() if card and data["edition"] else None
        if card is None or (data["edition"] and edition is None):
            raise DeckError(_("Esa edición no existe."))
        return deck_pin_edition(deck, expected_version=data["version"], actor=request.user, card=card,
                                section=data["section"], edition=edition)

    return _builder_post(request, pk, PinForm, pin)


def _builder_post(
    request: HttpRequest, pk: int, form_class: type[forms.Form],
    apply: Callable[[Deck, dict[str, Any], Card | None], Deck],
) -> HttpResponse:
    """The builder's writes: the owned deck, the posted form, the named card of the deck's game
    (None when it is not one), then *apply*; a refusal (DeckError) is shown with the workspace."""
    deck = deck_for_owner(request, pk)
    form = form_class(request.POST)
    if not form.is_valid():
        return _builder_answer(request, deck, _("Petición incompleta: recarga la página."), "")
    data = form.cleaned_data
    card = Card.objects.filter(pk=data["card"], game=deck.game).first()
    try:
        deck = apply(deck, data, card)
    except DeckError as exc:
        return _builder_answer(request, deck, str(exc), data["q"])
    return _builder_answer(request, deck, None, data["q"])


def _builder_answer(request: HttpRequest, deck: Deck, error: str | None, q: str) -> HttpResponse:
    """htmx gets the refreshed workspace; a plain form post goes back to the deck page."""
    vars(deck).pop("last_note", None)  # read before this change: the page asks again who built it
    if error:
        deck.refresh_from_db()
    if is_htmx(request):  # the list, then out of band: the summary, the results, the version line
        context = workspace(request, deck, q=q, error=error, owned_only=request.POST.get("owned") == "1")
        context["edit_details"] = edit_details(request, deck)
        return render(request, "decks/_builder_answer.html", context)
    if error:
        messages.error(request, error)
    url = deck.get_absolute_url()
    return redirect(f"{url}?{urlencode({'q': q})}" if q else url)


# ---------------------------------------------------------------- from a card's page
@require_http_methods(["GET", "POST"])
def card_decks(request: HttpRequest, game: str, code: str) -> HttpResponse:
    """The card page's panel (htmx): add the card to one of my decks (POST), my decks and the
    public decks that use it."""
    card = get_object_or_404(Card.objects.with_current(), game=game, code__iexact=code)
    message, error = "", ""
    if request.method == "POST":
        if not request.user.is_authenticated:
            raise PermissionDenied
        chosen = request.POST.get("deck", "")
        deck = deck_for_owner(request, int(chosen)) if chosen.isdigit() else None
        try:
            if deck is None or deck.game != card.game:
                raise DeckError(_("Elige uno de tus mazos de este juego."))
            deck = deck_change_card(deck, expected_version=deck.version, actor=request.user, card=card,
                                    section=default_section(deck.game, card.type), delta=1)
            message = _("Añadida una copia a «%(name)s».") % {"name": deck.name}
        except DeckError as exc:
            error = str(exc)
    mine = []
    if request.user.is_authenticated:
        mine = list(Deck.objects.owned_by(request.user).filter(game=card.game).order_by("-updated", "-pk")
                    .annotate(copies=Sum("entries__quantity", filter=Q(entries__card=card))))
    public = (Deck.objects.public().select_related("owner").filter(entries__card=card).distinct()
              .order_by("-updated", "-pk"))
    context = {
        "card": card, "mine": mine, "using": [d for d in mine if d.copies],
        "public": list(public[:CARD_DECKS_SHOWN]), "public_count": public.count(),
        "message": message, "error": error,
    }
    return render(request, "decks/_card_decks.html", context)
