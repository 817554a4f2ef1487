"""The deck itself: its name, description, visibility and "built" mark; deleting it; copying it
into my decks (a fork of a deck I may see, private to me)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from decks.forms import DeckEditForm, VersionForm
from decks.services import DeckError, deck_delete, deck_fork, deck_update
from decks.views.access import deck_for_owner, deck_for_viewer


@login_required
@require_POST
def deck_edit(request: HttpRequest, pk: int) -> HttpResponse:
    deck = deck_for_owner(request, pk)
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
    deck = deck_for_owner(request, pk)
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


@login_required
@require_POST
def deck_fork_view(request: HttpRequest, pk: int | None = None, slug: str | None = None) -> HttpResponse:
    deck = deck_for_viewer(request, pk=pk, slug=slug)
    copy = deck_fork(deck, owner=request.user)
    messages.success(request, _("Copiado en tus mazos como «%(name)s» (privado).") % {"name": copy.name})
    return redirect(copy)
