"""A deck from a list: a new deck from a pasted or uploaded list, and replacing a deck's list.

Both show a preview first (what was read, what the rules say, «¿Quisiste decir…?» for unknown
names with a one-click fix) and save only when the player accepts that exact list.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from cards.validation import UNREADABLE, unknown_card_suggestions, with_used_suggestion
from decks.forms import NewDeckForm, ReplaceListForm
from decks.messages import SECTION_LABELS
from decks.selectors import deck_rows, deck_text
from decks.services import DeckError, deck_import_list, deck_list_report
from decks.views.access import deck_for_owner
from engine import ValidationReport


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
        "sections": [(SECTION_LABELS.get(key, key), n) for key, n in report.sections.items()],
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
    deck = deck_for_owner(request, pk)
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
