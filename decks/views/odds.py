"""The deck page's odds panel, tags and considering board (htmx partials).

The odds panel reads the deck's list as saved and answers the same numbers as ``POST /api/odds/``
(decks/odds.py); it is refreshed by the workspace after every edit. Tags and the considering
board are the deck's own notes: anybody who may see the deck sees them, only its owner writes.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards.messages import search_error as translate_search_error
from cards.models import Card
from cards.search import SearchError
from common.errors import SiteError
from common.http import is_htmx
from common.throttling import throttle_view
from decks.models import Deck
from decks.odds import group_codes, odds_answer
from decks.selectors import deck_rows, engine_entries
from decks.services import DeckError, deck_consider_add, deck_consider_remove, deck_tag_set, tag_names
from decks.views.access import deck_for_owner, deck_for_viewer
from engine import EngineError
from engine.text import fold

DEFAULT_TURNS = 6


def _int(value: str | None, default: int, low: int, high: int) -> int:
    try:
        return min(max(int(value or default), low), high)
    except ValueError:
        return default


@require_GET
@throttle_view("odds", methods=("GET",))
def deck_odds(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    """The odds table for the panel's query (or tag), k, turns and seat."""
    deck = deck_for_viewer(request, pk=pk, slug=slug)
    tag = request.GET.get("tag", "").strip()[:40]
    query = f'tag:"{tag}"' if tag else request.GET.get("q", "").strip()[:500] or "t:combate -is:cross"
    at_least = _int(request.GET.get("k"), 1, 0, 60)
    turns = _int(request.GET.get("turns"), DEFAULT_TURNS, 1, 50)
    first = request.GET.get("first", "1") != "0"
    context: dict[str, Any] = {"deck": deck, "query": query, "at_least": at_least, "first": first}
    try:
        entries = engine_entries(deck_rows(deck))
        group = group_codes(entries, deck.game, query, user=request.user, deck=deck)
        context["odds"] = odds_answer(entries, deck.game, group, at_least=at_least, turns=turns, first=first)
        context["rows"] = _rows(context["odds"])
        context["shows_lost"] = any(row.get("lost", 0) >= 0.05 for row in context["rows"])
    except SearchError as exc:
        context["error"] = translate_search_error(exc)
    except (SiteError, EngineError) as exc:
        context["error"] = str(exc)
    return render(request, "decks/_odds_result.html", context)


def _rows(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """Per turn: p, p with one more card of the group, and their difference, as percentages."""
    more = (answer.get("one_more") or {}).get("per_turn") or []
    lost = answer.get("lost") or []
    rows = []
    for i, t in enumerate(answer["per_turn"]):
        row = {"turn": t["turn"], "seen": t["cards_seen"], "p": t["p"], "pct": 100 * t["p"]}
        if i < len(lost):
            row["lost"] = 100 * lost[i]["p"]
        if i < len(more):
            row["more"] = 100 * more[i]["p"]
            row["gain"] = 100 * (more[i]["p"] - t["p"])
        rows.append(row)
    return rows


@require_GET
def deck_board(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck's tags and considering board (htmx partial)."""
    return _board(request, deck_for_viewer(request, pk=pk))


def _board(request: HttpRequest, deck: Deck, error: str = "", message: str = "") -> HttpResponse:
    tags: dict[str, list[Card]] = {}
    for tag in deck.tags.select_related("card").order_by("name", "card__name_folded"):
        tags.setdefault(tag.name, []).append(tag.card)
    rows = deck_rows(deck)
    context = {
        "deck": deck, "is_owner": deck.is_owned_by(request.user), "tags": sorted(tags.items()),
        "considering": deck.considering.select_related("card"), "cards": sorted({r.card for r in rows},
                                                                                key=lambda c: c.name_folded),
        "error": error, "message": message,
    }  # fmt: skip
    return render(request, "decks/_board.html", context)


def _answer(request: HttpRequest, deck: Deck, error: str = "", message: str = "") -> HttpResponse:
    if is_htmx(request):
        return _board(request, deck, error, message)
    return redirect(f"{deck.get_absolute_url()}#board")


def _card(deck: Deck, value: str) -> Card:
    """A card of the deck's game by its id, its code or its exact name (any case, any accents)."""
    value = value.strip()[:120]
    qs = Card.objects.filter(game=deck.game)
    card = qs.filter(pk=int(value)).first() if value.isdigit() else None
    card = card or qs.filter(Q(code__iexact=value) | Q(name_folded=fold(value))).order_by("code").first()
    if card is None:
        raise DeckError(_("No hay ninguna carta «%(value)s» en este juego.") % {"value": value})
    return card


@login_required
@require_POST
def deck_tags(request: HttpRequest, pk: int) -> HttpResponse:
    """Set a card's tags in the deck (comma-separated; empty removes them)."""
    deck = deck_for_owner(request, pk)
    try:
        card = _card(deck, request.POST.get("card", ""))
        names = deck_tag_set(deck=deck, actor=request.user, card=card,
                             names=tag_names(request.POST.get("tags", "")[:300]))  # fmt: skip
    except DeckError as exc:
        return _answer(request, deck, error=str(exc))
    message = (_("Etiquetas de «%(name)s»: %(tags)s.") % {"name": card.name, "tags": ", ".join(names)} if names
               else _("«%(name)s» ya no tiene etiquetas.") % {"name": card.name})  # fmt: skip
    return _answer(request, deck, message=message)


@login_required
@require_POST
def deck_consider(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a card to the considering board (or update its note), or remove it."""
    deck = deck_for_owner(request, pk)
    try:
        card = _card(deck, request.POST.get("card", ""))
        if request.POST.get("action") == "remove":
            deck_consider_remove(deck=deck, actor=request.user, card=card)
            message = _("«%(name)s» ya no está en estudio.") % {"name": card.name}
        else:
            deck_consider_add(deck=deck, actor=request.user, card=card, note=request.POST.get("note", "")[:200])
            message = _("«%(name)s» en estudio.") % {"name": card.name}
    except DeckError as exc:
        return _answer(request, deck, error=str(exc))
    return _answer(request, deck, message=message)
