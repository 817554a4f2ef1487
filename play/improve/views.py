"""«Mejorar el mazo»: the deck search on a saved deck (docs/contract.md §6, play.improve.services).

The player picks the goal (a per-turn number at a turn, or the win rate against one of their saved
fields), the pool (the catalogue, or only the cards they own), the cards to keep and the budget; the
page tells each accepted step in words and the verified headline, and says why that is the number
to trust. A big search is a queued run whose page shows each step as it is found. The owner may
save the best deck as a new revision whose note lists the steps.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from common.errors import SiteError
from common.games import site_game
from common.http import is_htmx
from decks.models import Deck, Visibility
from decks.selectors import deck_rows, deck_text
from decks.services import DeckError, deck_update, specs_from_list
from engine.improve import MIN_BUDGET
from play.common import MAX_SEED
from play.compare.present import goal_fields
from play.compare.services import CompareInputError
from play.improve.present import WIN_TURN_LABEL, found_sentences, goal_label, result_context
from play.improve.services import improve_prepare, max_budget
from play.models import SavedField, SimulationRun
from play.runs.answer import client_address, polled_context, simulate, throttled_post

POOL_CHOICES = [("catalogue", gettext_lazy("Todo el catálogo")), ("collection", gettext_lazy("Solo las cartas que tengo"))]


class ImproveForm(forms.Form):
    field = forms.ChoiceField(label=gettext_lazy("Lo que quieres mejorar"))
    turn = forms.IntegerField(label=gettext_lazy("En el turno"), min_value=1, max_value=50)
    against = forms.TypedChoiceField(label=gettext_lazy("O bien: ganar contra uno de tus campos"), required=False,
                                     coerce=int, empty_value=None)
    pool = forms.ChoiceField(label=gettext_lazy("Cartas que puede añadir"), choices=POOL_CHOICES, initial="catalogue")
    keep = forms.MultipleChoiceField(label=gettext_lazy("Cartas que se quedan"), required=False,
                                     widget=forms.CheckboxSelectMultiple)
    budget = forms.IntegerField(label=gettext_lazy("Partidas como mucho en toda la búsqueda"), min_value=MIN_BUDGET,
                                initial=20_000)
    seed = forms.IntegerField(label=gettext_lazy("Semilla (opcional)"), min_value=0, max_value=MAX_SEED, required=False)

    def __init__(self, *args: Any, deck: Deck, rows: list[Any], user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["field"].choices = goal_fields(deck.game) + (
            [("win_turn", str(WIN_TURN_LABEL))] if deck.game == "mision" else [])
        self.fields["keep"].choices = [(r.card.code, f"{r.card.name} ({r.card.code})")
                                       for r in sorted(rows, key=lambda r: (r.card.name_folded, r.card.code))]
        fields = SavedField.objects.filter(owner_id=user.pk, game=deck.game).order_by("name") \
            if user.is_authenticated else SavedField.objects.none()
        self.fields["against"].choices = [("", _("— no: el objetivo de arriba —"))] + [(f.pk, f.name) for f in fields]
        self.fields["budget"] = forms.IntegerField(  # the site's bound, read when the form is made
            label=self.fields["budget"].label, min_value=MIN_BUDGET, max_value=max_budget(), initial=20_000,
            help_text=_("Entre %(low)s y %(high)s; contra un campo, %(field)s como mucho.") % {
                "low": MIN_BUDGET, "high": max_budget(), "field": max_budget(against=True)})


def _deck(request: HttpRequest) -> Deck:
    pk = request.GET.get("deck", "")
    if not pk.isdigit():
        raise Http404
    return get_object_or_404(Deck.objects.visible_to(request.user).select_related("owner"), pk=int(pk))


@require_http_methods(["GET", "POST"])
@throttled_post
def improve_page(request: HttpRequest) -> HttpResponse:
    deck = _deck(request)
    rows = deck_rows(deck)
    record = site_game(deck.game)
    form = ImproveForm(request.POST or None, deck=deck, rows=rows, user=request.user,
                       initial={"field": record.default_goal[0], "turn": record.search_turn, "pool": "catalogue",
                                "budget": 20_000})
    text = deck_text(rows, deck.game)
    context: dict[str, Any] = {"deck": deck, "form": form, "is_owner": deck.is_owned_by(request.user)}
    if request.method == "POST" and form.is_valid():
        answer = _search(request, deck, text, form.cleaned_data, context)
        if answer is not None:
            return answer
    elif request.GET.get("run"):
        _run_context(request, text, context)
        if is_htmx(request):
            return render(request, "play/_polled_run.html", context)
    template = "play/_improve_result.html" if is_htmx(request) else "play/improve.html"
    return render(request, template, context)


def _search(request: HttpRequest, deck: Deck, text: str, data: dict[str, Any],
            context: dict[str, Any]) -> HttpResponse | None:
    asked = {"game": deck.game, "list": text, "goal": {"field": data["field"], "turn": data["turn"]},
             "pool": data["pool"], "keep": data["keep"], "budget": data["budget"], "seed": data["seed"],
             "against": data["against"]}
    try:
        prepared = improve_prepare(asked, request.user, private=deck.visibility == Visibility.PRIVATE)
        done = simulate(prepared, owner=request.user, client=client_address(request))
    except CompareInputError as exc:
        context["errors"] = [e["message"] for e in exc.report["errors"]]
        return None
    except SiteError as exc:
        context["errors"] = [exc.message]
        return None
    if done.run is not None:
        url = reverse("play:improve") + "?" + urlencode({"deck": deck.pk, "run": done.run.pk})
        if is_htmx(request):
            return HttpResponse(status=204, headers={"HX-Redirect": url})
        return redirect(url)
    assert done.result is not None
    context.update(result_context(done.result))
    context["version"] = deck.version
    return None


def _run_context(request: HttpRequest, text: str, context: dict[str, Any]) -> None:
    polled, result = polled_context(request, kind=SimulationRun.Kind.IMPROVE, result_id="improve-result",
                                    result_template="play/_improve_result.html", text=text,
                                    changed=_("El mazo ha cambiado desde esta búsqueda: vuelve a lanzarla."))
    context.update(polled)
    run = polled["run"]
    goal = (run.params or {}).get("goal") or {}
    if run.active and goal:
        context["found"] = found_sentences(goal, run.found)
        context["goal_label"] = goal_label(goal)
    if result is not None:
        context.update(result_context(result))
        context["version"] = context["deck"].version


@require_POST
def improve_save(request: HttpRequest) -> HttpResponse:
    """Save the search's best deck as a new revision of the deck (its owner only), noted in words."""
    deck = _deck(request)
    if not deck.is_owned_by(request.user):
        raise Http404  # another player's deck is not theirs to change
    text, note = request.POST.get("list", ""), request.POST.get("note", "")[:200]
    try:
        version = int(request.POST.get("version", ""))
        specs, report = specs_from_list(game=deck.game, text=text)
        if report.errors:
            raise DeckError(_("La lista no es un mazo legal: no se ha guardado nada."))
        deck_update(deck, expected_version=version, actor=request.user, entries=specs,
                    note=note or _("Mejorar el mazo"))
    except (ValueError, SiteError) as exc:
        message = getattr(exc, "message", None) or _("Falta la versión del mazo desde la que se guarda.")
        return render(request, "play/improve.html", {
            "deck": deck, "form": ImproveForm(deck=deck, rows=deck_rows(deck), user=request.user),
            "errors": [message], "is_owner": True}, status=400)
    return redirect(deck.get_absolute_url())
