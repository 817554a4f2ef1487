"""A deck's history: every saved version with its note (and what other apps add to it, through
decks.history), and restoring one as a new revision."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from decks.forms import VersionForm
from decks.history import revision_notes
from decks.services import DeckError, deck_restore_revision
from decks.views.access import deck_for_owner, deck_for_viewer


@require_GET
def deck_revisions(request: HttpRequest, pk: int) -> HttpResponse:
    deck = deck_for_viewer(request, pk=pk)
    revisions = deck.revisions.select_related("author").order_by("-number")
    page = Paginator(revisions, 30).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    notes = revision_notes(deck, page.object_list, request.user)  # what other apps add (decks.history)
    # The player counts saves one by one (1, 2, 3…); `number` is the deck's version, which every
    # change moves (a click in the builder too), so it jumped 1 → 43 → 44. It stays in the links.
    first = page.paginator.count - page.start_index() + 1 if page.object_list else 0
    for i, rev in enumerate(page.object_list):
        rev.notes = notes.get(rev.number, [])
        rev.ordinal = first - i
    return render(request, "decks/revisions.html", {
        "deck": deck, "page": page, "is_owner": deck.is_owned_by(request.user),
    })


@login_required
@require_POST
def deck_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    deck = deck_for_owner(request, pk)
    form = VersionForm(request.POST)
    try:
        if not form.is_valid():
            raise DeckError(_("Petición incompleta: recarga la página."))
        # Said as the revisions page counts them (1, 2, 3…), not by the deck's version number.
        ordinal = deck.revisions.filter(number__lte=number).count()
        deck_restore_revision(deck, number=number, expected_version=form.cleaned_data["version"],
                              actor=request.user)
        messages.success(request, _("Restaurada la revisión %(number)s.") % {"number": ordinal})
    except DeckError as exc:
        messages.error(request, str(exc))
        return redirect("decks:revisions", pk=deck.pk)
    return redirect(deck)
