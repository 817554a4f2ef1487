"""The goldfish statistics page: paste a list, run the engine, read the curves as charts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from cards.models import Game
from cards.validation import MAX_LIST_CHARS, ListTooLarge
from common.errors import with_headers
from common.http import is_htmx
from decks.selectors import deck_rows, deck_text
from engine import EngineError
from engine.goldfish import MAX_GAMES
from play.common import deck_field
from play.goldfish.present import charts, per_turn_table, summary_rows
from play.goldfish.services import GoldfishInputError, goldfish_prepare
from play.runs.answer import client_address, simulate, throttled_post
from play.runs.services import RunLimitError


class GoldfishForm(forms.Form):
    game = forms.ChoiceField(label=_("Juego"), choices=Game.choices)
    list = forms.CharField(label=_("…o pega una lista"), widget=forms.Textarea(attrs={"rows": 10}),
                           max_length=MAX_LIST_CHARS, required=False)
    games = forms.IntegerField(
        label=_("Partidas"), min_value=1, max_value=MAX_GAMES, initial=2000,
        help_text=_("Lo que no cabe en un instante se simula en la cola de trabajos: verás su progreso."),
    )
    turns = forms.IntegerField(label=_("Turnos"), min_value=1, max_value=50, initial=10)
    seed = forms.IntegerField(label=_("Semilla (opcional)"), min_value=0, required=False)
    watch = forms.CharField(
        label=_("Cartas a seguir (Eliria, opcional)"), required=False, max_length=2000,
        help_text=_("Nombres o códigos separados por comas: la probabilidad de haber robado alguna, turno a turno."),
    )

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A deck picker first (your decks and the public ones); a pasted list still works.
        self.fields["deck"] = deck_field(user, _("Mazo"))
        self.order_fields(["deck", "game", "list", "games", "turns", "seed", "watch"])

    def clean_watch(self) -> list[str]:
        return [item.strip() for item in self.cleaned_data["watch"].split(",") if item.strip()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        deck = data.get("deck")
        if deck is not None:
            data["game"], data["list"] = deck.game, deck_text(deck_rows(deck), deck.game)
        elif not (data.get("list") or "").strip():
            raise forms.ValidationError(_("Elige un mazo o pega una lista."))
        return data


@require_http_methods(["GET", "POST"])
@throttled_post
def goldfish_page(request: HttpRequest) -> HttpResponse:
    initial = {"game": request.GET.get("game", "eliria"), "list": request.GET.get("list", ""),
               "deck": request.GET.get("deck") if str(request.GET.get("deck", "")).isdigit() else None}
    form = GoldfishForm(request.POST or None, initial=initial, user=request.user)
    context: dict[str, Any] = {"form": form}
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            label = d["deck"].name if d.get("deck") is not None else ""
            done = simulate(goldfish_prepare(d, label=label), owner=request.user, client=client_address(request))
            if done.run is not None:
                if is_htmx(request):
                    return HttpResponse(status=204, headers={"HX-Redirect": done.run.get_absolute_url()})
                return redirect(done.run)
            result = done.result
            context.update(result=result, charts=charts(result), summary=summary_rows(result, done.job.entries),
                           per_turn=per_turn_table(result))
        except GoldfishInputError as exc:
            context["errors"] = exc.report["errors"]
        except (ListTooLarge, EngineError) as exc:
            context["errors"] = [{"message": str(exc), "line": None}]
        except RunLimitError as exc:  # too many runs (429) or the queue is down (503): nothing queued
            context["errors"] = [{"message": exc.message, "line": None}]
            response = render(request, "play/_goldfish_result.html" if is_htmx(request) else "play/goldfish.html",
                              context, status=exc.status)
            with_headers(response, exc.headers)  # the wait, as the API answers it
            return response
    template = "play/_goldfish_result.html" if is_htmx(request) else "play/goldfish.html"
    return render(request, template, context)
