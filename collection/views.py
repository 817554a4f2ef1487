"""Collection pages: the grid with +1/−1, one card's copies, import (preview, then confirm),
CSV export, set completion and «Descargar mis datos». Deck pages are in `deck_views`.

Everything is the signed-in player's own: there is no way to name another player here.
A view parses input, makes one service call and renders; +1/−1 answers htmx with a partial.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.models import Card, Edition, Game
from cards.queries import cards_searched
from cards.validation import with_used_suggestion
from collection import selectors
from collection.datafile import data_dumps, data_import, data_read
from collection.exports import collection_csv
from collection.forms import ChangeForm, ConfirmForm, DataImportForm, ImportForm
from collection.imports import (
    ImportProblem,
    ImportRejected,
    Row,
    decode,
    preview_lines,
    read_csv_lines,
    read_list_lines,
)
from collection.models import Condition
from collection.services import (
    CollectionError,
    collection_add,
    collection_import_rows,
)
from common.charts import chart_bars
from common.http import is_htmx, safe_next

PAGE_SIZES = (24, 48, 96)


def download(content: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# ---------------------------------------------------------------- the grid
@login_required
@require_GET
def collection_page(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")[:500]
    game = request.GET.get("game", "")
    game = game if game in Game.values else ""
    everything = request.GET.get("todo") == "1"
    qs, error = cards_searched(q, game, request.user)
    if not everything:
        qs = selectors.only_owned(qs, request.user)
    qs = selectors.with_owned(qs, request.user)
    if not qs.ordered:
        qs = qs.order_by("game", "code")
    per_page = _per_page(request)
    page = Paginator(qs, per_page).get_page(request.GET.get("page"))
    context = {
        "page": page, "q": q, "game": game, "games": Game.choices, "everything": everything,
        "error": error, "per_page": per_page, "page_sizes": PAGE_SIZES,
        "totals": selectors.collection_totals(request.user), "next": request.get_full_path(),
    }
    return render(request, "collection/mine.html", context, status=400 if error else 200)


def _per_page(request: HttpRequest) -> int:
    try:
        per_page = int(request.GET.get("per_page", PAGE_SIZES[1]))
    except ValueError:
        return PAGE_SIZES[1]
    return per_page if per_page in PAGE_SIZES else PAGE_SIZES[1]


@login_required
@require_POST
def collection_change(request: HttpRequest) -> HttpResponse:
    """+1 / −1 from the grid (htmx: the tile's counter comes back) or the card's page."""
    form = ChangeForm(request.POST)
    if not form.is_valid():
        return HttpResponse(_("Petición no válida."), status=400)
    data = form.cleaned_data
    card = get_object_or_404(Card.objects.with_current(), pk=data["card"])
    edition = None
    if data.get("edition"):
        edition = get_object_or_404(Edition, pk=data["edition"], card=card)
    error = None
    try:
        collection_add(owner=request.user, card=card, delta=data["delta"], edition=edition,
                       condition=data.get("condition") or "", language=data.get("language") or "")
    except CollectionError as exc:
        error = str(exc)
    if is_htmx(request):
        card.owned = selectors.owned_by_card(request.user, [card.pk]).get(card.pk, 0)  # type: ignore[attr-defined]
        context = {"card": card, "error": error, "next": data.get("next")}
        if urlsplit(data.get("next") or "").path == reverse("collection:mine"):
            # the collection page's totals line follows the click (htmx out-of-band swap)
            context["oob_totals"] = selectors.collection_totals(request.user)
        return render(request, "collection/_owned.html", context)
    if error:
        messages.error(request, error)
    return redirect(safe_next(request, data.get("next"), card_url(card)))


def card_url(card: Card) -> str:
    return reverse("collection:card", args=[card.game, card.code])


@login_required
@require_GET
def collection_card(request: HttpRequest, game: str, code: str) -> HttpResponse:
    """One card: the player's copies by edition, condition and language, with +1/−1 each."""
    card = get_object_or_404(Card.objects.with_current().prefetch_related("editions"), game=game, code__iexact=code)
    items = list(selectors.items_of(request.user).filter(card=card).order_by("edition__edition", "condition", "language"))
    editions = sorted(card.editions.all(), key=lambda e: e.sort_key, reverse=True)
    context = {
        "card": card, "items": items, "editions": editions, "conditions": Condition.choices,
        "total": sum(i.quantity for i in items), "next": request.get_full_path(),
    }
    return render(request, "collection/card.html", context)


# ---------------------------------------------------------------- import / export
def _fingerprint(kind: str, game: str, mode: str, content: str) -> str:
    return hashlib.sha256(f"{kind}\n{game}\n{mode}\n{content}".encode("utf-8", "surrogatepass")).hexdigest()


def _read(kind: str, game: str, content: str) -> tuple[list[Row], list[ImportProblem]]:
    if kind == "csv":
        return read_csv_lines(content, game=game or None)
    return read_list_lines(content, game=game)


def _run_import(request: HttpRequest, kind: str, game: str, mode: str, content: str, *, dry_run: bool,
                skip_bad: bool = False) -> tuple[Any, list[Row], list[ImportProblem]]:
    """The import's summary (written unless `dry_run`) with its good rows and its bad lines; a
    confirmed import with bad lines writes only when the player chose to leave them out."""
    rows, problems = _read(kind, game, content)
    if problems and not (dry_run and rows) and not skip_bad:
        raise ImportRejected(problems)
    summary = collection_import_rows(owner=request.user, rows=rows, mode=mode, dry_run=dry_run)
    return summary, rows, problems


@login_required
@require_http_methods(["GET", "POST"])
def collection_import(request: HttpRequest) -> HttpResponse:
    """Preview first, line by line (nothing is saved), then confirm exactly what was previewed,
    with or without the lines that have errors."""
    if request.method == "POST" and request.POST.get("confirm"):
        return _confirm(request)
    # A «¿Quisiste decir…?» button fixes its line of the pasted list and reviews again (the line
    # format is the same in both games, so a list of both games is fixed as an Eliria one).
    game_of_list = request.POST.get("game") or "eliria"
    post = with_used_suggestion(request.POST, game_of_list) if request.method == "POST" else None
    form = ImportForm(post or None, request.FILES or None)
    context: dict[str, Any] = {"form": form}
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        kind = "csv" if data["upload"] else "list"
        game, mode = data.get("game") or "", data["mode"]
        try:
            content = decode(data["upload"]) if data["upload"] else data["text"]
            summary, rows, problems = _run_import(request, kind, game, mode, content, dry_run=True)
        except (ImportRejected, CollectionError) as exc:
            context["rejected"] = exc
        else:
            context["preview"] = {
                "summary": summary, "kind": kind, "game": game, "mode": mode, "problems": problems,
                "bad_lines": len({p.line for p in problems}), "lines": preview_lines(content, rows, problems),
                # Base64: a textarea would come back with its line ends changed by the browser.
                "content": base64.b64encode(content.encode("utf-8", "surrogatepass")).decode("ascii"),
                "fingerprint": _fingerprint(kind, game, mode, content),
            }
    status = 400 if "rejected" in context else 200
    return render(request, "collection/import.html", context, status=status)


def _confirm(request: HttpRequest) -> HttpResponse:
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("La importación no se pudo confirmar: vuelve a revisarla."))
        return redirect("collection:import")
    d = form.cleaned_data
    try:
        content = base64.b64decode(d["content"], validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        content = None
    if content is None or d["fingerprint"] != _fingerprint(d["kind"], d["game"], d["mode"], content):
        messages.error(request, _("Lo confirmado no es lo que se revisó: vuelve a revisarlo."))
        return redirect("collection:import")
    try:
        summary, _rows, problems = _run_import(request, d["kind"], d["game"], d["mode"], content, dry_run=False,
                                               skip_bad=d["skip_bad"])
    except (ImportRejected, CollectionError) as exc:
        return render(request, "collection/import.html", {"form": ImportForm(), "rejected": exc}, status=400)
    messages.success(request, _("Importadas %(copies)s copias (%(created)s filas nuevas, %(updated)s sumadas).") % {
        "copies": summary.copies, "created": summary.created, "updated": summary.updated,
    })
    if problems:
        messages.warning(request, ngettext("Se dejó fuera %(n)d línea con errores.",
                                           "Se dejaron fuera %(n)d líneas con errores.",
                                           len({p.line for p in problems})) % {"n": len({p.line for p in problems})})
    return redirect("collection:mine")


@login_required
@require_GET
def collection_export(request: HttpRequest) -> HttpResponse:
    items = selectors.items_of(request.user).order_by("card__game", "card__code", "edition__edition",
                                                      "condition", "language")
    return download(collection_csv(items), "text/csv; charset=utf-8", "coleccion.csv")


# ---------------------------------------------------------------- set completion
@login_required
@require_GET
def collection_sets(request: HttpRequest) -> HttpResponse:
    completion = selectors.set_completion(request.user)
    games = []
    for code, label in Game.choices:
        rows = completion.get(code, [])
        chart = chart_bars(
            _("%(game)s: cartas distintas que tienes, por expansión") % {"game": label},
            [f"{r.set.code} · {r.owned}/{r.total}" for r in rows], [r.ratio for r in rows], percent=True,
            x_label=_("Expansión"), y_label=_("Completado"),
        ) if rows else None
        games.append({"code": code, "label": label, "rows": rows, "chart": chart})
    return render(request, "collection/sets.html", {"games": games})


# ---------------------------------------------------------------- my data
@login_required
@require_GET
def data_page(request: HttpRequest) -> HttpResponse:
    return render(request, "collection/data.html", {"form": DataImportForm()})


@login_required
@require_GET
def data_download(request: HttpRequest) -> HttpResponse:
    name = f"mis-datos-{request.user.get_username()}.json"
    return download(data_dumps(request.user), "application/json; charset=utf-8", name)


@login_required
@require_POST
def data_upload(request: HttpRequest) -> HttpResponse:
    form = DataImportForm(request.POST, request.FILES)
    context: dict[str, Any] = {"form": form}
    if form.is_valid():
        upload = form.cleaned_data["upload"]
        try:
            result = data_import(owner=request.user, document=data_read(upload))
        except ImportRejected as exc:
            context["rejected"] = exc
        else:
            messages.success(request, _("Importados %(decks)s mazos y %(copies)s copias de tu colección.") % result)
            return redirect("collection:mine")
    return render(request, "collection/data.html", context, status=400)
