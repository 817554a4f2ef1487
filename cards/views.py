"""Catalogue pages: home, the searchable grid, the card page with its editions, drawn faces."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from django.contrib.staticfiles import finders
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import engines
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from cards.api import edition_json
from cards.diff import edition_diff
from cards.extensions import owned_count, rulings_for_card, with_owned_counts
from cards.models import Card, Game, Set
from cards.offline_index import index_body, type_labels
from cards.pagecache import anonymous_cache, catalogue_version, fragment
from cards.queries import cards_searched
from cards.render import face_count, face_png
from cards.suggest import suggest_names
from common.http import page_csrf_token

PAGE_SIZES = (24, 48, 96)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    sets = Set.objects.order_by("game", "released")
    counts = dict(Card.objects.values_list("game").annotate(n=Count("id")))
    rows = [(code, name, counts.get(code, 0)) for code, name in Game.choices]
    return render(request, "cards/home.html", {"sets": sets, "game_rows": rows})


@require_GET
@anonymous_cache
def card_list(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")
    game = request.GET.get("game", "")
    if game not in Game.values:
        game = ""
    qs, error = cards_searched(q, game, request.user)
    if not qs.ordered:
        qs = qs.order_by("game", "code")
    qs, quick_add = with_owned_counts(qs, request.user)
    try:
        per_page = int(request.GET.get("per_page", PAGE_SIZES[0]))
    except ValueError:
        per_page = PAGE_SIZES[0]
    per_page = per_page if per_page in PAGE_SIZES else PAGE_SIZES[0]
    page = Paginator(qs, per_page).get_page(request.GET.get("page"))
    if q.strip() and not error and page.paginator.count == 1 and not request.GET.get("page"):
        return redirect(page.object_list[0])  # one match: open the card, as Scryfall does
    context = {"page": page, "q": q, "game": game, "error": error, "per_page": per_page,
               "page_sizes": PAGE_SIZES, "quick_add": quick_add}
    if not quick_add:  # tiles with the player's copies are drawn by the server alone
        context.update(search_index=_search_index_url(), type_labels=type_labels())
    if not error and page.paginator.count == 0:  # «¿Quisiste decir…?»: the nearest names
        context["suggestions"] = suggest_names(q, game=game or None, limit=5)
    status = 400 if error else 200
    return render(request, "cards/list.html", context, status=status)


OWNED_SLOT = "\x00owned\x00"  # never in a page: the input gate refuses NUL anywhere in a request


@require_GET
@anonymous_cache
def card_detail(request: HttpRequest, game: str, code: str) -> HttpResponse:
    """The card with its editions, rulings and other printings: the body depends on the catalogue
    alone, so it is rendered once per catalogue version and language (cards.pagecache.fragment);
    the player's copies are filled in per answer. Which card a URL names is kept the same way, so
    an answer costs one query (the player's copies) when both are kept, none for anyone else."""
    ref = json.loads(fragment(("card-ref", game, code), lambda: _card_ref(game, code)))
    card = Card(pk=ref["pk"], game=game, code=ref["code"], name=ref["name"])
    body = fragment(("card-page", card.pk), lambda: _card_body(Card.objects.with_current().get(pk=card.pk)))
    copies = owned_count(card.pk, request.user)
    quick_add = copies is not None
    if quick_add:
        card.owned = copies
    owned = _owned_form(request, card) if quick_add else ""
    context = {"card": card, "quick_add": quick_add, "body": mark_safe(body.replace(OWNED_SLOT, owned))}  # noqa: S308
    return render(request, "cards/detail.html", {**context, **kept_chrome(request)})


# Stand-ins for what differs between answers in the kept page chrome (NUL never reaches a page: the
# input gate refuses it): the blocks each page fills, this answer's CSRF token and its path.
CHROME_BLOCKS = ("title", "head", "content")
CSRF_SLOT = "\x00csrf\x00"
PATH_SLOT = "/\x00path\x00"
Q_SLOT = "\x00q\x00"
# The chrome is kept per player, so it never holds the messages of one answer: the pages that use
# it show them in their own content.
_CHROME = '{% extends "base.html" %}{% block messages %}{% endblock %}' + "".join(
    f"{{% block {name} %}}\x00{name}\x00{{% endblock %}}" for name in CHROME_BLOCKS)


class _SlotRequest:
    """What base.html reads of the request, with the path left as a slot."""

    def get_full_path(self) -> str:
        return PATH_SLOT


def kept_chrome(request: HttpRequest, q: str = "") -> dict[str, Any]:
    """base.html around a page (header, menus, language links, footer), rendered once per player,
    language and catalogue version (cards.pagecache.fragment) and kept with no CSRF token, path or
    query in it; those are filled in here. A page template extends `chrome_template` (falling back
    to base.html) and fills only the blocks in CHROME_BLOCKS; `q` is what the quick search shows."""
    user = request.user
    text = fragment(("chrome", user.pk, user.get_username()), lambda: engines["django"].from_string(_CHROME).render(
        {"request": _SlotRequest(), "csrf_token": CSRF_SLOT, "q": Q_SLOT}, request))
    if CSRF_SLOT in text:
        text = text.replace(CSRF_SLOT, page_csrf_token(request))
    text = text.replace(quote(PATH_SLOT), quote(request.get_full_path())).replace(Q_SLOT, escape(q))
    pieces = re.split("\x00(?:" + "|".join(CHROME_BLOCKS) + ")\x00", text)
    return {"chrome_template": "cards/_kept_chrome.html", "chrome": [mark_safe(p) for p in pieces]}  # noqa: S308


def _owned_form(request: HttpRequest, card: Card) -> str:
    """The player's copies with the +1/−1 form, kept per card, count and language (it names no
    one: the CSRF token and the form's `next` are filled in per answer)."""
    form = fragment(("card-owned", card.pk, card.name, card.owned), lambda: render_to_string(
        "cards/_card_owned.html", {"card": card, "csrf_token": CSRF_SLOT, "request": _SlotRequest()}))
    return form.replace(CSRF_SLOT, page_csrf_token(request)).replace(PATH_SLOT, escape(request.get_full_path()))


def _card_ref(game: str, code: str) -> str:
    """The card a page's URL names, as JSON ({pk, code, name}); a 404 when there is none (not kept)."""
    found = Card.objects.filter(game=game, code__iexact=code).values("pk", "code", "name").first()
    if found is None:
        raise Http404
    return json.dumps(found)


def _card_body(card: Card) -> str:
    editions = sorted(card.editions.all(), key=lambda ed: ed.sort_key)
    shown = []
    previous = None
    for ed in editions:
        data = edition_json(ed, card.type, None)
        shown.append({
            "edition": ed, "data": data, "is_current": ed.pk == card.current_id,
            "diff": edition_diff(previous, data) if previous else [],
        })
        previous = data
    printings = (Card.objects.with_current().select_related("set")
                 .filter(game=card.game, name_folded=card.name_folded).exclude(pk=card.pk).order_by("code"))
    faces = 1 if card.current is None or card.current.image else face_count(card, card.current)
    return render_to_string("cards/_card_body.html", {
        "card": card, "current": card.current, "editions": shown[::-1],
        "rulings": rulings_for_card(card), "printings": list(printings),
        "more_faces": range(2, faces + 1), "owned_slot": OWNED_SLOT,
    })


@require_GET
@cache_control(max_age=3600, public=True)
def card_face(request: HttpRequest, game: str, code: str, number: int = 1) -> HttpResponse:
    """The card's picture: its scan, else its drawn face `number` (a long text continues on 2)."""
    card = get_object_or_404(Card.objects.with_current(), game=game, code__iexact=code)
    if card.current is None:
        return HttpResponse(status=404)
    if card.current.image and number == 1:
        with card.current.image.open("rb") as fh:
            return HttpResponse(fh.read(), content_type="image/webp")
    if card.current.image or not 1 <= number <= face_count(card, card.current):
        raise Http404
    return HttpResponse(face_png(card, card.current, number - 1), content_type="image/png")


@require_GET
def search_help(request: HttpRequest) -> HttpResponse:
    return render(request, "cards/search_help.html")


def _search_index_url() -> str:
    return reverse("cards:search-index", args=[catalogue_version() or 0])


@require_GET
def search_index(request: HttpRequest, version: int) -> HttpResponse:
    """The catalogue for searching in the browser (cards.offline_index). Its URL names the catalogue
    version, so the answer is kept for ever; an old version's URL redirects to the current one."""
    current = catalogue_version()
    if current is not None and version != current:
        return redirect("cards:search-index", version=current)
    gzipped = "gzip" in request.headers.get("Accept-Encoding", "")
    response = HttpResponse(index_body(current, gzipped=gzipped), content_type="application/json")
    patch_vary_headers(response, ["Accept-Encoding"])
    if gzipped:
        response["Content-Encoding"] = "gzip"
    if current is not None:
        response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows, without a connection, for a page never opened online."""
    return render(request, "cards/offline.html")


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/sw.js served at the site's root, so its scope covers the catalogue and card pages."""
    path = finders.find("sw.js")
    if not path:
        raise Http404
    with open(path, "rb") as fh:  # noqa: PTH123 - a static file found by Django's finders
        response = HttpResponse(fh.read(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"  # a new worker is picked up on the next visit
    return response
