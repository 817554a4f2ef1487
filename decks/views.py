"""Deck pages: my decks, public decks, a new deck from a list, the deck page and its builder,
revisions, exports, proxies, forks.

A view parses input, makes one service call and renders. Reaching a deck: by id for its owner
and for public decks, by its secret slug for unlisted ones; anything else is a 404 (never the
deck's content). Writes need the owner; the builder answers htmx requests with partials.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import OuterRef, Q, Subquery, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import escape
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.messages import search_error as translate_search_error
from cards.models import Card, Game
from cards.pagecache import fragment
from cards.search import SearchError
from common.http import is_htmx as _is_htmx
from decks import exports, proxies
from decks.forms import (
    ChangeCardForm,
    DeckEditForm,
    NewDeckForm,
    PinForm,
    ReplaceListForm,
    VersionForm,
)
from decks.history import revision_notes
from decks.messages import SECTION_LABELS
from decks.models import Deck, DeckRevision
from decks.selectors import (
    deck_report,
    deck_rows,
    deck_stats,
    deck_text,
    default_section,
    group_by_type,
    near_names,
)
from decks.services import (
    SESSION_NOTE,
    UNREADABLE,
    DeckError,
    deck_change_card,
    deck_delete,
    deck_fork,
    deck_import_list,
    deck_list_report,
    deck_pin_edition,
    deck_restore_revision,
    deck_update,
)
from decks.validation import unknown_card_suggestions, with_used_suggestion
from engine import ENGINE_VERSION, ValidationReport
from engine.decklist import MAX_QUANTITY
from engine.text import fold
from engine.violations import at_line

SEARCH_LIMIT = 30
LABELS = SECTION_LABELS


# ---------------------------------------------------------------- access
def _owned(request: HttpRequest, pk: int) -> Deck:
    """The player's own deck. A deck they may see but not change is a 403; one they may not
    even see is a 404, so its existence is not revealed."""
    deck = get_object_or_404(_with_last_note(Deck.objects.visible_to(request.user)), pk=pk)
    if deck.owner_id != request.user.pk:
        raise PermissionDenied(_("Este mazo no es tuyo."))
    return deck


def _viewable(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> Deck:
    if slug is not None:
        deck = get_object_or_404(_with_last_note(Deck.objects.all()), slug=slug)
        if not deck.can_view(request.user, by_slug=True):
            raise Http404
        return deck
    return get_object_or_404(_with_last_note(Deck.objects.visible_to(request.user)), pk=pk)


def _with_last_note(qs: Any) -> Any:
    """Decks with their owner and the note of their latest revision (in the same query): the
    deck page tells a list built click by click from a pasted one (see _built_here)."""
    latest = DeckRevision.objects.filter(deck=OuterRef("pk")).order_by("-number").values("note")[:1]
    return qs.select_related("owner").annotate(last_note=Subquery(latest))


# ---------------------------------------------------------------- lists of decks
# «Mis mazos» (folders, archive, sorting) is decks/views_mine.py.


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


# ---------------------------------------------------------------- new deck, replace the list
def _fingerprint(game: str, text: str) -> str:
    return hashlib.sha256(f"{game}\n{text}".encode()).hexdigest()[:20]


def _preview(report: ValidationReport, game: str, text: str) -> dict[str, Any]:
    unreadable = [v for v in report.errors if v.code in UNREADABLE]
    near = unknown_card_suggestions(report, game, text)  # «¿Quisiste decir…?» per unknown line
    return {
        "report": report,
        "unreadable": unreadable,
        "unreadable_rows": [{"v": v, "suggestions": near.get(v.line or 0, [])} for v in unreadable],
        "rules": [v for v in report.errors if v.code not in UNREADABLE],
        "entries": report.entries,
        "sections": [(LABELS.get(key, key), n) for key, n in report.sections.items()],
        "fingerprint": _fingerprint(game, text),
        "lines": _numbered(text, {v.line for v in report.errors if v.line}),
    }


def _numbered(text: str, bad: set[int]) -> list[dict[str, Any]]:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [{"number": n, "text": line, "bad": n in bad} for n, line in enumerate(lines, 1)][:2000]


def _with_suggestion(request: HttpRequest, game: str | None) -> Any:
    """The POST data, the list fixed by a preview's one-click «usar «…»»; None on a GET."""
    return with_used_suggestion(request.POST, game) if request.method == "POST" else None


def _accepted(request: HttpRequest, game: str, text: str) -> bool:
    """The player pressed "save" on a preview of exactly this list."""
    return bool(request.POST.get("accept")) and request.POST.get("fingerprint") == _fingerprint(game, text)


@login_required
@require_http_methods(["GET", "POST"])
def deck_new(request: HttpRequest) -> HttpResponse:
    data = _with_suggestion(request, request.POST.get("game"))
    form = NewDeckForm(data or None, request.FILES or None, initial={"game": request.GET.get("game")})
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game, text = data["game"], data["text"]
        try:
            if text.strip() and not _accepted(request, game, text):
                preview = _preview(deck_list_report(game=game, text=text), game, text)
            else:
                deck, _report = deck_import_list(
                    owner=request.user, game=game, text=text, name=data["name"],
                    description=data["description"], visibility=data["visibility"], accept_unreadable=True,
                )
                messages.success(request, _("Mazo «%(name)s» guardado.") % {"name": deck.name})
                return redirect(deck)
        except DeckError as exc:
            form.add_error("text", str(exc))
    return render(request, "decks/new.html", {"form": form, "preview": preview})


@login_required
@require_http_methods(["GET", "POST"])
def deck_replace_list(request: HttpRequest, pk: int) -> HttpResponse:
    deck = _owned(request, pk)
    initial = {"text": deck_text(deck_rows(deck), deck.game), "version": deck.version}
    form = ReplaceListForm(_with_suggestion(request, deck.game) or None, request.FILES or None, initial=initial)
    preview = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        try:
            if not _accepted(request, deck.game, text):
                preview = _preview(deck_list_report(game=deck.game, text=text), deck.game, text)
            else:
                deck_import_list(
                    owner=request.user, game=deck.game, text=text, deck=deck,
                    expected_version=form.cleaned_data["version"], accept_unreadable=True,
                )
                messages.success(request, _("Lista reemplazada; la anterior queda en las revisiones."))
                return redirect(deck)
        except DeckError as exc:
            form.add_error("text", str(exc))
    return render(request, "decks/replace.html", {"deck": deck, "form": form, "preview": preview})


# ---------------------------------------------------------------- the deck page and its builder
def _search(deck: Deck, q: str, *, user: Any = None, owned_only: bool = False) -> tuple[list[Card], str | None]:
    """Builder search in the catalogue syntax; `owned_only` keeps the cards the player owns
    (the collection's `owned` field, registered with cards.search)."""
    if not q.strip() and not owned_only:
        return [], None
    cards, error = _find(deck, q, user=user, owned_only=owned_only)
    if not cards and not error and not owned_only:
        cards = near_names(deck.game, q)
        for card in cards:
            card.suggested = True  # type: ignore[attr-defined]
    for card in cards:
        card.builder_section = default_section(deck.game, card.type)  # type: ignore[attr-defined]
    return cards, error


def _mark_in_deck(results: list[Card], rows: list[Any], game: str) -> None:
    """How many copies of each result the deck already has in the section it would go to, and
    whether one more would break rule 4 (Eliria: one card of a name in the deck proper)."""
    have = {(r.section, r.card_id): r.quantity for r in rows}
    names = {fold(r.card.name) for r in rows if r.section == "main"} if game == "eliria" else set()
    for card in results:
        card.in_deck = have.get((card.builder_section, card.pk), 0)  # type: ignore[attr-defined]
        card.at_limit = card.builder_section == "main" and fold(card.name) in names  # type: ignore[attr-defined]


def _find(deck: Deck, q: str, *, user: Any, owned_only: bool) -> tuple[list[Card], str | None]:
    if owned_only:
        q = f"owned>0 {q}" if q.strip() else "owned>0"
    try:
        qs = Card.objects.with_current().for_game(deck.game).search(q, user=user)
    except SearchError as exc:
        return [], translate_search_error(str(exc))
    if not qs.ordered:
        qs = qs.order_by("name_folded", "code")
    return list(qs.select_related("set")[:SEARCH_LIMIT]), None


def _workspace(request: HttpRequest, deck: Deck, *, q: str = "", error: str | None = None,
               by_slug: bool = False, owned_only: bool = False) -> dict[str, Any]:
    owner = deck.is_owned_by(request.user)
    results, search_error = _search(deck, q, user=request.user, owned_only=owned_only) if owner else ([], None)
    rows = deck_rows(deck, with_editions=owner) if results else None
    if rows is not None:
        _mark_in_deck(results, rows, deck.game)
    ref: dict[str, Any] = {"slug": deck.slug} if by_slug else {"pk": deck.pk}
    context = {
        "deck": deck, "is_owner": owner, "q": q, "results": results, "search_error": search_error,
        "builder_error": error, "by_slug": by_slug, "owned_only": owned_only,
        "urls": _deck_urls(deck, ref, by_slug),
        # Reversed once here, not in each of the list's rows (a 60-card deck has 180 forms).
        "change_url": reverse("decks:change", args=[deck.pk]) if owner else "",
    }
    context["body"] = _deck_body(request, context, rows)
    context["summary"] = _kept(request, ("deck-summary", ENGINE_VERSION), deck,
                               lambda: _summary(deck, context["body_report"] or deck_report(deck_rows(deck), deck.game)))
    return context


def _summary(deck: Deck, report: ValidationReport) -> str:
    """The builder's sticky line: how many cards, legal or not, and the first problem."""
    counts = dict.fromkeys(deck.sections, 0)
    for entry in report.entries:
        counts[entry.section] = counts.get(entry.section, 0) + entry.quantity
    first = report.errors[0] if report.errors else None
    return render_to_string("decks/_summary.html", {
        "deck": deck, "report": report, "empty": not report.entries, "first": first and _plain(first),
        "total": sum(counts.values()), "counts": [(LABELS.get(k, k), n) for k, n in counts.items() if n],
        "more": max(len(report.errors) - 1, 0),
    })


def _plain(violation: Any) -> Any:
    """A problem told without its line number: a list built click by click has no lines the
    player wrote (the card's name says which one)."""
    prefix = at_line(violation.line)
    message = violation.message[len(prefix):] if prefix and violation.message.startswith(prefix) else violation.message
    return dataclasses.replace(violation, message=message, line=None)


def _built_here(deck: Deck) -> bool:
    """The deck's latest change came from the builder's clicks, not from a pasted list."""
    if hasattr(deck, "last_note"):
        return bool(deck.last_note == SESSION_NOTE)
    latest = deck.revisions.order_by("-number").values_list("note", flat=True).first()
    return latest == SESSION_NOTE


# Stand-ins for what differs between answers in a kept piece (never in a page: the input gate
# refuses NUL anywhere in a request): the CSRF token and the builder's query in each form.
CSRF_SLOT = "\x00csrf\x00"
Q_SLOT = "\x00q\x00"


def _deck_body(request: HttpRequest, context: dict[str, Any], rows: list[Any] | None) -> SafeString:
    """The list, its validation, pins, charts and text: rendered once per deck version, catalogue
    version, language and view (owner or not, by id or by slug), then kept
    (cards.pagecache.fragment). The forms' CSRF inputs and the builder's query are filled in per
    answer, so a kept body carries no token and a player typing queries adds no kept copies."""
    deck, owner = context["deck"], context["is_owner"]
    context["body_report"] = None

    def build() -> str:
        entries = rows if rows is not None else deck_rows(deck, with_editions=owner)
        report = context["body_report"] = deck_report(entries, deck.game)
        text = deck_text(entries, deck.game)
        lines = text.split("\n")
        names = {r.card.code: r.card.name for r in entries}
        clicked = _built_here(deck)

        def items(found: Any) -> list[dict[str, Any]]:
            return [{"v": _plain(v) if clicked else v, "text": "" if clicked or not v.line else lines[v.line - 1],
                     "names": [names.get(code, code) for code in v.cards]} for v in found]
        sections = []
        for key in deck.sections:
            in_section = [r for r in entries if r.section == key]
            sections.append({"key": key, "label": LABELS[key], "rows": in_section,
                             "groups": group_by_type(in_section), "count": sum(r.quantity for r in in_section)})
        return render_to_string("decks/_deck_body.html", {
            **context, "rows": entries, "sections": sections, "report": report, "text": text,
            "errors": items(report.errors), "warnings": items(report.warnings),
            "flagged": {code for v in report.errors for code in v.cards},
            "outdated": [r for r in entries if r.pin_outdated],
            "pinnable": [r for r in entries if owner and len(r.card.editions.all()) > 1],
            "charts": deck_stats(report, deck.game), "empty": not entries, "max_quantity": MAX_QUANTITY,
            "csrf_token": CSRF_SLOT, "q": Q_SLOT,
        })

    body = _kept(request, ("deck-body", ENGINE_VERSION, owner, context["by_slug"]), deck, build)
    return mark_safe(body.replace(Q_SLOT, escape(context["q"])))  # noqa: S308 - the query escaped here


def _kept(request: HttpRequest, parts: tuple[Any, ...], deck: Deck, build: Callable[[], str]) -> SafeString:
    """A piece of the deck page kept for this version of the deck (cards.pagecache.fragment), with
    this answer's CSRF token where the piece's forms had CSRF_SLOT."""
    text = fragment((*parts, deck.pk, deck.version, deck.updated.isoformat()), build)
    if CSRF_SLOT in text:
        text = text.replace(CSRF_SLOT, get_token(request))
    return mark_safe(text)  # noqa: S308 - rendered by the template engine


def _deck_urls(deck: Deck, ref: dict[str, Any], by_slug: bool) -> dict[str, str]:
    prefix = "decks:shared-" if by_slug else "decks:"
    value = ref.get("slug") or ref["pk"]
    return {
        "text": reverse(f"{prefix}export", args=[value, "text"]),
        "csv": reverse(f"{prefix}export", args=[value, "csv"]),
        "json": reverse(f"{prefix}export", args=[value, "json"]),
        "proxies": reverse(f"{prefix}proxies", args=[value]),
        "picture": reverse("decks:shared-picture" if by_slug else "decks:picture", args=[value]),
        "fork": reverse(f"{prefix}fork", args=[value]),
    }


@require_GET
def deck_detail(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    deck = _viewable(request, pk=pk, slug=slug)
    context = _workspace(request, deck, q=request.GET.get("q", "")[:500], by_slug=slug is not None,
                         owned_only=request.GET.get("owned") == "1")
    if context["is_owner"]:
        context["edit_details"] = _edit_details(request, deck)
    return render(request, "decks/detail.html", context)


def _edit_details(request: HttpRequest, deck: Deck) -> SafeString:
    """The kept "name, description, visibility" form, with the deck's current version."""
    def build() -> str:
        form = DeckEditForm(initial={
            "name": deck.name, "description": deck.description, "visibility": deck.visibility,
            "built": deck.built, "version": deck.version,
        })
        return render_to_string("decks/_edit_details.html", {"deck": deck, "edit_form": form, "csrf_token": CSRF_SLOT})

    return _kept(request, ("deck-edit",), deck, build)


@login_required
@require_GET
def deck_search(request: HttpRequest, pk: int) -> HttpResponse:
    """The builder's search results (htmx partial), each with an "add" button."""
    deck = _owned(request, pk)
    q = request.GET.get("q", "")[:500]
    owned_only = request.GET.get("owned") == "1"
    results, error = _search(deck, q, user=request.user, owned_only=owned_only)
    _mark_in_deck(results, deck_rows(deck), deck.game)
    context = {"deck": deck, "q": q, "results": results, "search_error": error, "is_owner": True,
               "owned_only": owned_only}
    return render(request, "decks/_results.html", context)


@login_required
@require_POST
def deck_change(request: HttpRequest, pk: int) -> HttpResponse:
    """Add or remove one copy of a card; answers the refreshed workspace to htmx."""
    deck = _owned(request, pk)
    form = ChangeCardForm(request.POST)
    if not form.is_valid():
        return _builder_answer(request, deck, _("Petición incompleta: recarga la página."), "")
    data = form.cleaned_data
    card = Card.objects.filter(pk=data["card"], game=deck.game).first()
    try:
        if card is None:
            raise DeckError(_("Esa carta no es de este juego."))
        delta = data["delta"]
        if data["quantity"] is not None:  # a typed quantity: the difference from what is there
            entry = deck.entries.filter(card=card, section=data["section"]).first()
            delta = data["quantity"] - (entry.quantity if entry else 0)
        if delta:
            deck = deck_change_card(
                deck, expected_version=data["version"], actor=request.user, card=card,
                section=data["section"], delta=delta,
            )
    except DeckError as exc:
        return _builder_answer(request, deck, str(exc), data["q"])
    return _builder_answer(request, deck, None, data["q"])


@login_required
@require_POST
def deck_pin(request: HttpRequest, pk: int) -> HttpResponse:
    """Pin an entry to one printing of its card, or unpin it."""
    deck = _owned(request, pk)
    form = PinForm(request.POST)
    if not form.is_valid():
        return _builder_answer(request, deck, _("Petición incompleta: recarga la página."), "")
    data = form.cleaned_data
    card = Card.objects.filter(pk=data["card"], game=deck.game).first()
    edition = card.editions.filter(edition=data["edition"]).first() if card and data["edition"] else None
    try:
        if card is None or (data["edition"] and edition is None):
            raise DeckError(_("Esa edición no existe."))
        deck = deck_pin_edition(deck, expected_version=data["version"], actor=request.user, card=card,
                                section=data["section"], edition=edition)
    except DeckError as exc:
        return _builder_answer(request, deck, str(exc), data["q"])
    return _builder_answer(request, deck, None, data["q"])


def _builder_answer(request: HttpRequest, deck: Deck, error: str | None, q: str) -> HttpResponse:
    """htmx gets the refreshed workspace; a plain form post goes back to the deck page."""
    vars(deck).pop("last_note", None)  # read before this change: _built_here asks again
    if error:
        deck.refresh_from_db()
    if _is_htmx(request):  # the list, then out of band: the summary, the results, the version line
        context = _workspace(request, deck, q=q, error=error, owned_only=request.POST.get("owned") == "1")
        context["edit_details"] = _edit_details(request, deck)
        return render(request, "decks/_builder_answer.html", context)
    if error:
        messages.error(request, error)
    url = deck.get_absolute_url()
    return redirect(f"{url}?{urlencode({'q': q})}" if q else url)


@login_required
@require_POST
def deck_edit(request: HttpRequest, pk: int) -> HttpResponse:
    deck = _owned(request, pk)
    form = DeckEditForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errs in form.errors.values() for e in errs))
        return redirect(deck)
    data = form.cleaned_data
    try:
        deck_update(
            deck, expected_version=data["version"], actor=request.user, name=data["name"],
            description=data["description"], visibility=data["visibility"], built=data["built"],
        )
        messages.success(request, _("Datos del mazo guardados."))
    except DeckError as exc:
        messages.error(request, str(exc))
    return redirect(deck)


@login_required
@require_http_methods(["GET", "POST"])
def deck_delete_view(request: HttpRequest, pk: int) -> HttpResponse:
    deck = _owned(request, pk)
    if request.method == "POST":
        form = VersionForm(request.POST)
        try:
            if not form.is_valid():
                raise DeckError(_("Petición incompleta: recarga la página."))
            deck_delete(deck, expected_version=form.cleaned_data["version"])
        except DeckError as exc:
            messages.error(request, str(exc))
            return redirect(deck)
        messages.success(request, _("Mazo «%(name)s» borrado.") % {"name": deck.name})
        return redirect("decks:mine")
    return render(request, "decks/delete.html", {"deck": deck})


# ---------------------------------------------------------------- from a card's page
CARD_DECKS_SHOWN = 10


@require_http_methods(["GET", "POST"])
def card_decks(request: HttpRequest, game: str, code: str) -> HttpResponse:
    """The card page's panel (htmx): add the card to one of my decks (POST), my decks and the
    public decks that use it."""
    card = get_object_or_404(Card.objects.with_current(), game=game, code__iexact=code)
    message, error = "", ""
    if request.method == "POST":
        if not request.user.is_authenticated:
            raise PermissionDenied
        deck = _owned(request, int(request.POST.get("deck") or 0)) if request.POST.get("deck", "").isdigit() else None
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


# ---------------------------------------------------------------- revisions
@require_GET
def deck_revisions(request: HttpRequest, pk: int) -> HttpResponse:
    deck = _viewable(request, pk=pk)
    revisions = deck.revisions.select_related("author").order_by("-number")
    page = Paginator(revisions, 30).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    notes = revision_notes(deck, page.object_list, request.user)  # what other apps add (decks.history)
    for rev in page.object_list:
        rev.notes = notes.get(rev.number, [])
    return render(request, "decks/revisions.html", {
        "deck": deck, "page": page, "is_owner": deck.is_owned_by(request.user),
    })


@login_required
@require_POST
def deck_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    deck = _owned(request, pk)
    form = VersionForm(request.POST)
    try:
        if not form.is_valid():
            raise DeckError(_("Petición incompleta: recarga la página."))
        deck_restore_revision(deck, number=number, expected_version=form.cleaned_data["version"],
                              actor=request.user)
        messages.success(request, _("Restaurada la revisión %(number)s.") % {"number": number})
    except DeckError as exc:
        messages.error(request, str(exc))
        return redirect("decks:revisions", pk=deck.pk)
    return redirect(deck)


# ---------------------------------------------------------------- export, proxies, fork
@require_GET
def deck_export(request: HttpRequest, fmt: str, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    if fmt not in exports.FORMATS:
        raise Http404
    deck = _viewable(request, pk=pk, slug=slug)
    out = exports.export(deck, deck_rows(deck), fmt)
    response = HttpResponse(out.content, content_type=out.content_type)
    response["Content-Disposition"] = f'attachment; filename="{out.filename}"'
    return response


@require_GET
def deck_proxies(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    deck = _viewable(request, pk=pk, slug=slug)
    try:
        pdf = proxies.proxy_pdf(deck_rows(deck), title=deck.name)
    except proxies.TooManyCards as exc:
        return render(request, "decks/message.html", {"deck": deck, "message": str(exc)}, status=400)
    response = HttpResponse(pdf, content_type="application/pdf")
    name = exports.export(deck, [], "text").filename.removesuffix(".txt")
    response["Content-Disposition"] = f'attachment; filename="{name}-pruebas.pdf"'
    return response


@login_required
@require_POST
def deck_fork_view(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    deck = _viewable(request, pk=pk, slug=slug)
    copy = deck_fork(deck, owner=request.user)
    messages.success(request, _("Copiado en tus mazos como «%(name)s» (privado).") % {"name": copy.name})
    return redirect(copy)


