"""Lists of decks: «Mis mazos», the player's decks by folder, archived apart, in the order they
choose; and the public decks, searchable by name and game.

Folders are a name on each deck (`Deck.folder`), so a folder exists while a deck is in it; the
archive hides a deck from the default list without deleting it. Both are the owner's filing
(decks.services.deck_archive / deck_move_to_folder), never a new version of the list.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, F, Q, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from cards.models import Game
from decks.models import Deck
from decks.services import DeckError, deck_archive, deck_move_to_folder

# Sort keys of the list: label, then the ordering (ties broken by name, then id, so pages are stable).
SORTS: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "updated": (gettext_lazy("Actualizado"), ("-updated", "name_folded", "-pk")),
    "name": (gettext_lazy("Nombre"), ("name_folded", "-pk")),
    "game": (gettext_lazy("Juego"), ("game", "name_folded", "-pk")),
    # An empty deck has no entries (NULL): last, on SQLite and PostgreSQL alike.
    "size": (gettext_lazy("Cartas"), (F("cards").desc(nulls_last=True), "name_folded", "-pk")),
}
NO_FOLDER = "-"  # the «Sin carpeta» filter (it would shadow a folder named "-": harmless)


@login_required
@require_GET
def deck_mine(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")[:200]
    archived = request.GET.get("archivados") == "1"
    folder = request.GET.get("carpeta", "")[:60]
    sort = request.GET.get("orden", "updated")
    sort = sort if sort in SORTS else "updated"
    mine = Deck.objects.owned_by(request.user)
    qs = mine.filter(archived=archived).search(q).annotate(cards=Sum("entries__quantity"))
    if folder:
        qs = qs.filter(folder="" if folder == NO_FOLDER else folder)
    page = Paginator(qs.order_by(*SORTS[sort][1]), 50).get_page(request.GET.get("page"))
    return render(request, "decks/mine.html", {
        "page": page, "q": q, "archived": archived, "folder": folder, "sort": sort, "no_folder": NO_FOLDER,
        "sorts": [(key, label) for key, (label, _order) in SORTS.items()],
        "folders": _folders(mine, archived), "counts": _counts(mine),
    })


def _folders(mine: Any, archived: bool) -> list[dict[str, Any]]:
    """The player's folders with how many decks each holds in the list shown (active or archived)."""
    rows = mine.filter(archived=archived).exclude(folder="").values("folder").annotate(n=Count("pk"))
    return [{"name": r["folder"], "n": r["n"]} for r in rows.order_by("folder")]


def _counts(mine: Any) -> dict[str, int]:
    return mine.aggregate(active=Count("pk", filter=Q(archived=False)), archived=Count("pk", filter=Q(archived=True)))


def _back(request: HttpRequest) -> HttpResponse:
    """Back to the list as the player had it (filters and order), never to another site."""
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = reverse("decks:mine")
    return redirect(target or reverse("decks:mine"))


@login_required
@require_POST
def deck_archive_view(request: HttpRequest, pk: int) -> HttpResponse:
    deck = get_object_or_404(Deck.objects.owned_by(request.user), pk=pk)  # another's deck: 404
    archived = request.POST.get("archived", "1") == "1"
    deck_archive(deck=deck, actor=request.user, archived=archived)
    text = _("«%(name)s» archivado.") if archived else _("«%(name)s» vuelve a tus mazos.")
    messages.success(request, text % {"name": deck.name})
    return _back(request)


@login_required
@require_POST
def deck_folder_view(request: HttpRequest, pk: int) -> HttpResponse:
    deck = get_object_or_404(Deck.objects.owned_by(request.user), pk=pk)
    try:
        deck_move_to_folder(deck=deck, actor=request.user, folder=request.POST.get("folder", ""))
    except DeckError as exc:
        messages.error(request, exc.message)
        return _back(request)
    if deck.folder:
        messages.success(request, _("«%(name)s» está ahora en la carpeta «%(folder)s».") % {
            "name": deck.name, "folder": deck.folder})
    else:
        messages.success(request, _("«%(name)s» ya no está en ninguna carpeta.") % {"name": deck.name})
    return _back(request)


@require_GET
def deck_public(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")[:200]
    game = request.GET.get("game", "")
    qs = Deck.objects.public().select_related("owner").search(q)
    if game in Game.values:
        qs = qs.filter(game=game)
    else:
        game = ""
    qs = qs.annotate(cards=Sum("entries__quantity")).order_by("-updated", "-pk")
    page = Paginator(qs, 24).get_page(request.GET.get("page"))
    return render(request, "decks/public.html", {"page": page, "q": q, "game": game, "games": Game.choices})
