"""The deck page: the list by section and type, its validation, pins, charts and text, with the
builder's search and results for its owner (decks/views/builder.py answers the builder's clicks).

The page's body, its summary line and its edit form depend only on the deck's version, the
catalogue's and the language, so each is rendered once and kept (cards.pagecache.fragment); the
CSRF inputs and the builder's query are filled in per answer. So is the page around them (its
header, menus, builder form, odds panel: `_framed`) and the site's chrome (cards.views.kept_chrome):
a kept page costs the session, the user and the deck's row.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.functional import SimpleLazyObject, lazy
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET

from cards.pagecache import fragment, slotted_fragment
from cards.views import PATH_SLOT, kept_chrome
from common.http import page_csrf_token
from common.prepared import Prepared
from decks.charts import deck_stats
from decks.forms import DeckEditForm
from decks.messages import SECTION_LABELS
from decks.models import Deck
from decks.selectors import builder_search, deck_report, deck_rows, deck_text, group_by_type, mark_in_deck
from decks.services import SESSION_NOTE
from decks.views.access import deck_for_viewer, with_last_note
from engine import ENGINE_VERSION, ValidationReport
from engine.decklist import MAX_QUANTITY
from engine.violations import at_line

# Stand-ins for what differs between answers in a kept piece (never in a page: the input gate
# refuses NUL anywhere in a request): the CSRF token and the builder's query in each form.
CSRF_SLOT = "\x00csrf\x00"
Q_SLOT = "\x00q\x00"


@require_GET
def deck_detail(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    deck = _deck_by_id(request, pk) if slug is None else deck_for_viewer(request, slug=slug)
    context = workspace(request, deck, q=request.GET.get("q", "")[:500], by_slug=slug is not None,
                        owned_only=request.GET.get("owned") == "1")
    if context["is_owner"]:
        context["edit_details"] = edit_details(request, deck)
    return HttpResponse(_framed(request, context))


_DECK_BY_ID = Prepared(Deck, lambda pk: with_last_note(Deck.objects.filter(pk=pk)))


def _deck_by_id(request: HttpRequest, pk: int | None) -> Deck:
    """The deck by id if the player may see it (Deck.can_view: theirs or public), else a 404: the
    rule checked on the row read by its key, which costs less to build than Deck.visible_to's OR."""
    deck = None if pk is None else _DECK_BY_ID.row(pk)  # compiled once: building the query cost 0.8 of the page's 6 ms
    if deck is None or not deck.can_view(request.user):
        raise Http404
    return deck


class _PathSlot:
    """The request as the page's frame sees it, its path left as a slot (a login link's `next`)."""

    def __init__(self, request: HttpRequest) -> None:
        self._request = request

    def __getattr__(self, name: str) -> Any:
        return getattr(self._request, name)

    def get_full_path(self) -> str:
        return PATH_SLOT


# What the kept frame of the page leaves as slots, filled in per answer (see _framed).
PIECES = ("messages_html", "version_html", "results_html", "summary", "body", "edit_details",
          "chrome0", "chrome1", "chrome2", "chrome3")
_SLOT = re.compile("\x00(" + "|".join((*PIECES, "csrf", "q")) + ")\x00")


def _framed(request: HttpRequest, context: dict[str, Any]) -> str:
    """The whole page: detail.html rendered once per deck version, view (owner or not, signed in or
    not, by id or by slug, owned-only search), owner's name, host and language, and kept with slots
    for what each answer has of its own: the chrome (cards.views.kept_chrome), the kept body,
    summary and edit form, the builder's query and results, the messages, "hace 2 minutos", the
    CSRF token and the path. The slots are filled in one pass, so nothing filled in is read again."""
    deck, user = context["deck"], request.user
    parts = ("deck-frame", ENGINE_VERSION, context["is_owner"], user.is_authenticated, context["by_slug"],
             context["owned_only"], bool(context["builder_error"]), deck.owner.get_username(),
             request.scheme, request.get_host())

    def build() -> str:
        slots = {name: mark_safe(f"\x00{name}\x00") for name in PIECES}  # noqa: S308 - no markup
        return render_to_string("decks/detail.html", {
            **context, **slots, "chrome": [slots[f"chrome{i}"] for i in range(4)],
            "chrome_template": "cards/_kept_chrome.html", "csrf_token": CSRF_SLOT, "q": Q_SLOT,
            "request": _PathSlot(request),
        }, request)

    frame = fragment((*parts, deck.pk, deck.version, deck.updated.isoformat()), build)
    chrome = kept_chrome(request, context["q"])["chrome"]
    values: dict[str, Any] = {
        "messages_html": render_to_string("decks/_messages.html", {}, request),
        "version_html": render_to_string("decks/_version.html", {"deck": deck}),
        "results_html": render_to_string("decks/_results.html", context, request) if context["is_owner"] else "",
        "summary": context["summary"], "body": context["body"], "edit_details": context.get("edit_details", ""),
        **{f"chrome{i}": piece for i, piece in enumerate(chrome)},
        "q": escape(context["q"]),
    }
    frame = frame.replace(quote(PATH_SLOT), quote(request.get_full_path()))
    token = page_csrf_token(request) if CSRF_SLOT in frame else ""
    return _SLOT.sub(lambda m: str(token if m.group(1) == "csrf" else values[m.group(1)]), frame)


def workspace(request: HttpRequest, deck: Deck, *, q: str = "", error: str | None = None,
              by_slug: bool = False, owned_only: bool = False) -> dict[str, Any]:
    """The deck page's context: the kept body and summary, and for the owner the builder's results."""
    owner = deck.is_owned_by(request.user)
    results, search_error = builder_search(deck, q, user=request.user, owned_only=owned_only) if owner else ([], None)
    rows = deck_rows(deck, with_editions=owner) if results else None
    if rows is not None:
        mark_in_deck(results, rows, deck.game)
    ref: dict[str, Any] = {"slug": deck.slug} if by_slug else {"pk": deck.pk}
    context = {
        "deck": deck, "is_owner": owner, "q": q, "results": results, "search_error": search_error,
        "builder_error": error, "by_slug": by_slug, "owned_only": owned_only,
        # Reversed only when a kept piece is rendered (0.2 ms of reverse() an answer otherwise),
        # and then once, not in each of the list's rows (a 60-card deck has 180 forms).
        "urls": SimpleLazyObject(lambda: _deck_urls(deck, ref, by_slug)),
        "change_url": _lazy_reverse("decks:change", args=[deck.pk]) if owner else "",
    }
    context["body"] = _deck_body(request, context, rows)
    context["summary"] = _kept(request, ("deck-summary", ENGINE_VERSION), deck,
                               lambda: _summary(deck, context["body_report"] or deck_report(deck_rows(deck), deck.game)))
    return context


_lazy_reverse = lazy(reverse, str)


def edit_details(request: HttpRequest, deck: Deck) -> SafeString:
    """The kept "name, description, visibility" form, with the deck's current version."""
    def build() -> str:
        form = DeckEditForm(initial={
            "name": deck.name, "description": deck.description, "visibility": deck.visibility,
            "built": deck.built, "version": deck.version,
        })
        return render_to_string("decks/_edit_details.html", {"deck": deck, "edit_form": form, "csrf_token": CSRF_SLOT})

    return _kept(request, ("deck-edit",), deck, build)


def _summary(deck: Deck, report: ValidationReport) -> str:
    """The builder's sticky line: how many cards, legal or not, and the first problem."""
    counts = dict.fromkeys(deck.sections, 0)
    for entry in report.entries:
        counts[entry.section] = counts.get(entry.section, 0) + entry.quantity
    first = report.errors[0] if report.errors else None
    return render_to_string("decks/_summary.html", {
        "deck": deck, "report": report, "empty": not report.entries, "first": first and _plain(first),
        "total": sum(counts.values()), "counts": [(SECTION_LABELS.get(k, k), n) for k, n in counts.items() if n],
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
            sections.append({"key": key, "label": SECTION_LABELS[key], "rows": in_section,
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

    return _kept(request, ("deck-body", ENGINE_VERSION, owner, context["by_slug"]), deck, build, q=context["q"])


def _kept(request: HttpRequest, parts: tuple[Any, ...], deck: Deck, build: Callable[[], str], q: str = "") -> SafeString:
    """A piece of the deck page kept for this version of the deck (cards.pagecache.slotted_fragment),
    with this answer's CSRF token and the builder's query (escaped) where the piece had their slots."""
    piece = slotted_fragment((*parts, deck.pk, deck.version, deck.updated.isoformat()), build)
    values = {"q": escape(q)}
    if "csrf" in piece.names:  # asked only when a form needs it (it sets the CSRF cookie)
        values["csrf"] = page_csrf_token(request)
    return mark_safe(piece.fill(values))  # noqa: S308 - rendered by the template engine; the query escaped


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
