"""Ruling pages: the searchable list and one ruling with its cards and the edition diff."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from cards.api import edition_json
from cards.diff import edition_diff
from cards.models import Card
from rulings.models import Ruling
from rulings.services import resolve_codes

PER_PAGE = 20


@require_GET
def ruling_list(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:200]
    card = request.GET.get("card", "").strip()[:24]
    rulings = Ruling.objects.prefetch_related("links").search(q).naming(card).order_by("number")
    page = Paginator(rulings, PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "rulings/list.html", {"page": page, "q": q, "card": card})


@require_GET
def ruling_detail(request: HttpRequest, number: int) -> HttpResponse:
    ruling = get_object_or_404(Ruling.objects.prefetch_related("links"), number=number)
    found = resolve_codes(ruling.game, [*ruling.card_codes, *ruling.mention_codes])
    involved = [_involved(code, found.get(code), ruling.edition_number) for code in ruling.card_codes]
    mentions = [{"code": code, "card": found.get(code)} for code in ruling.mention_codes]
    context = {"ruling": ruling, "involved": involved, "mentions": mentions}
    return render(request, "rulings/detail.html", context)


def _involved(code: str, card: Card | None, concerned: int | None) -> dict[str, Any]:
    """One involved card: its current text and, when the ruling concerns an older edition that
    the current one replaced (rulings that announce adjusted text), the diff that carries it out."""
    item: dict[str, Any] = {"code": code, "card": card, "old": None, "diff": []}
    if card is None or card.current is None or concerned is None:
        return item
    old = next((ed for ed in card.editions.all() if ed.edition == concerned), None)
    if old is not None and old.pk != card.current_id:
        item["old"] = old
        item["diff"] = edition_diff(
            edition_json(old, card.type, None), edition_json(card.current, card.type, None)
        )
    return item
