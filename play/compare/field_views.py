"""Saved fields: a player's meta (rival decks with weights), and their deck played against it on
the field's fixed seed after each change, with the field-weighted win rate (play.compare.fields)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from cards.models import Game
from common.charts import format_percent
from common.errors import BadInput
from common.fields import validate_name
from common.http import is_htmx
from decks.models import Deck
from engine import EngineError
from play.common import DeckChoice
from play.compare.fields import (
    rival_view,
    saved_field_create,
    saved_field_delete,
    saved_field_keep,
    saved_field_run,
    saved_field_set_rival,
)
from play.compare.present import interval_text, signed
from play.models import SavedField, SavedFieldResult, SimulationRun
from play.runs.answer import client_address, polled_run, throttled_post
from play.runs.services import RunLimitError, progress


class FieldForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Nombre del campo"), max_length=80, validators=[validate_name])
    game = forms.ChoiceField(label=gettext_lazy("Juego"), choices=Game.choices)
    games = forms.IntegerField(label=gettext_lazy("Partidas contra cada rival"), min_value=1,
                               max_value=SavedField.MAX_GAMES, initial=20)


class RivalForm(forms.Form):
    weight = forms.IntegerField(label=gettext_lazy("Peso"), min_value=0, max_value=100, initial=1,
                                help_text=gettext_lazy("Cuánto pesa en el campo (0 lo quita)."))

    def __init__(self, *args: Any, user: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        qs = Deck.objects.visible_to(user).filter(game=game).select_related("owner").order_by("name_folded", "pk")
        self.fields["deck"] = DeckChoice(queryset=qs, label=_("Mazo rival"), empty_label=_("— ninguno —"))
        self.order_fields(["deck", "weight"])


class FieldRunForm(forms.Form):
    def __init__(self, *args: Any, user: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        qs = Deck.objects.owned_by(user).filter(game=game).select_related("owner").order_by("name_folded", "pk")
        self.fields["deck"] = DeckChoice(queryset=qs, label=_("Tu mazo"), empty_label=None)


@login_required
@require_http_methods(["GET", "POST"])
def fields_page(request: HttpRequest) -> HttpResponse:
    form = FieldForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        field = saved_field_create(owner=request.user, **form.cleaned_data)
        return redirect(field)
    fields = SavedField.objects.filter(owner=request.user).prefetch_related("rivals")
    return render(request, "play/compare_fields.html", {"form": form, "fields": fields})


@login_required
@require_http_methods(["GET", "POST"])
@throttled_post
def field_page(request: HttpRequest, pk: int) -> HttpResponse:
    field = get_object_or_404(SavedField, pk=pk, owner=request.user)  # another player's: 404
    action = request.POST.get("action", "")
    rival_form = RivalForm(request.POST if action == "rival" else None, user=request.user, game=field.game)
    run_form = FieldRunForm(request.POST if action == "run" else None, user=request.user, game=field.game)
    try:
        if action == "rival" and rival_form.is_valid():
            saved_field_set_rival(field=field, actor=request.user, **rival_form.cleaned_data)
            return redirect(field)
        if action == "run" and run_form.is_valid():
            done = saved_field_run(field=field, actor=request.user, deck=run_form.cleaned_data["deck"],
                                   client=client_address(request))
            if isinstance(done, SimulationRun):  # too big for the request: the page polls the run
                return redirect(f"{field.get_absolute_url()}?{urlencode({'run': done.pk})}")
            return redirect(field)
        if action == "delete":
            saved_field_delete(field=field, actor=request.user)
            messages.success(request, _("Campo «%(name)s» borrado.") % {"name": field.name})
            return redirect("play:fields")
    except (BadInput, EngineError) as exc:
        messages.error(request, getattr(exc, "message", str(exc)))
    except RunLimitError as exc:
        messages.error(request, exc.message)
    context: dict[str, Any] = {}
    if request.method == "GET" and request.GET.get("run"):
        run = polled_run(request, kind=SimulationRun.Kind.FIELD, params__field=field.pk)
        if run.status == SimulationRun.Status.DONE and run.result:
            saved_field_keep(field=field, params=run.params, rows=run.result["rows"], run=run)
            if is_htmx(request):
                return HttpResponse(status=204, headers={"HX-Redirect": field.get_absolute_url()})
            return redirect(field)
        context.update(run=run, progress=progress(run), poll_url=request.get_full_path(), result_id="field-run-status", field=field,
                       result_template="play/_field_run.html")
        if is_htmx(request):
            return render(request, "play/_polled_run.html", context)
    results = list(field.results.select_related("deck")[:20])
    return render(request, "play/compare_field.html", {
        **context, "field": field,
        "rivals": [rival_view(r, request.user) for r in field.rivals.select_related("deck", "deck__owner")],
        "rival_form": rival_form, "run_form": run_form, "results": [_result_view(r, results) for r in results],
    })


def _result_view(result: SavedFieldResult, results: list[SavedFieldResult]) -> dict[str, Any]:
    """A run told in words, with the deck's run before it (an older version) to set it against."""
    before = next((r for r in results if r.deck_id == result.deck_id and r.created < result.created), None)
    return {
        "result": result,
        "sentence": _("«%(deck)s» v%(version)s contra el campo: %(rate)s de victorias (IC 95 %%: %(low)s a %(high)s)") % {
            "deck": result.deck.name, "version": result.deck_version, "rate": format_percent(result.rate),
            "low": format_percent(result.low), "high": format_percent(result.high)},
        "before": before and _("antes, v%(version)s: %(rate)s") % {
            "version": before.deck_version, "rate": format_percent(before.rate)},
        "change": _change_text(result),
        "rows": [{**row, "rate_text": format_percent(row["rate"]) if "rate" in row else ""} for row in result.rows],
    }


def _change_text(result: SavedFieldResult) -> str:
    """The paired change against the deck's previous list, in percentage points."""
    if result.delta is None or result.delta_low is None or result.delta_high is None:
        return ""
    low, high = result.delta_low, result.delta_high
    words = {"version": result.against_version, "delta": signed(result.delta, percent=True),
             "ci": interval_text([low, high], percent=True)}
    if low <= 0 <= high:
        return _("Frente a v%(version)s en las mismas partidas: sin diferencia medible (%(delta)s puntos; %(ci)s).") % words
    return _("Frente a v%(version)s en las mismas partidas: %(delta)s puntos (%(ci)s).") % words
