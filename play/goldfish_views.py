"""The goldfish statistics page: paste a list, run the engine, read the curves as charts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from cards.models import Game
from common.http import is_htmx
from decks.charts import Series, bar_chart, line_chart
from decks.validation import MAX_LIST_CHARS, ListTooLarge
from engine import EngineError
from engine.goldfish import MAX_GAMES
from play.budget import fits_inline, goldfish_seconds
from play.goldfish import GoldfishInputError, goldfish_check, run_goldfish
from play.runs import RunLimitError, goldfish_run_enqueue
from play.web import client_address, throttled_post


class GoldfishForm(forms.Form):
    game = forms.ChoiceField(label=_("Juego"), choices=Game.choices)
    list = forms.CharField(label=_("Lista del mazo"), widget=forms.Textarea(attrs={"rows": 14}), max_length=MAX_LIST_CHARS)
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

    def clean_watch(self) -> list[str]:
        return [item.strip() for item in self.cleaned_data["watch"].split(",") if item.strip()]


@require_http_methods(["GET", "POST"])
@throttled_post
def goldfish_page(request: HttpRequest) -> HttpResponse:
    form = GoldfishForm(request.POST or None, initial={"game": request.GET.get("game", "eliria"), "list": request.GET.get("list", "")})
    context: dict[str, Any] = {"form": form}
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            if not fits_inline(goldfish_seconds(d["game"], d["games"], d["turns"])):
                goldfish_check(game=d["game"], text=d["list"], watch=d["watch"])
                run = goldfish_run_enqueue(
                    game=d["game"], text=d["list"], games=d["games"], turns=d["turns"], seed=d["seed"],
                    owner=request.user, watch=d["watch"], client=client_address(request),
                )
                if is_htmx(request):
                    return HttpResponse(status=204, headers={"HX-Redirect": run.get_absolute_url()})
                return redirect(run)
            result = run_goldfish(
                game=d["game"], text=d["list"], games=d["games"], turns=d["turns"], seed=d["seed"],
                watch=d["watch"],
            )
            context.update(result=result, charts=charts(result), summary=summary_rows(result))
        except GoldfishInputError as exc:
            context["errors"] = exc.report["errors"]
        except (ListTooLarge, EngineError) as exc:
            context["errors"] = [{"message": str(exc), "line": None}]
        except RunLimitError as exc:
            context["errors"] = [{"message": exc.message, "line": None}]
    template = "play/_goldfish_result.html" if is_htmx(request) else "play/goldfish.html"
    return render(request, template, context)


def charts(result: dict[str, Any]) -> list:
    turns = [t["turn"] for t in result["per_turn"]]
    if result["game"] == "eliria":
        out = [
            line_chart(str(_("Probabilidad por turno")), turns, [
                Series(str(_("sigue en juego")), [t["p_alive"] for t in result["per_turn"]]),
                Series(str(_("con combatiente")), [t["p_combatant"] for t in result["per_turn"]]),
            ], ymax=1, percent=True),
            line_chart(str(_("Poder máximo medio en el tablero")), turns, [
                Series(str(_("poder máximo")), [t["mean_power_max"] for t in result["per_turn"]]),
            ]),
        ]
        hist = result["mulligans"]["histogram"]
        keys = sorted(hist, key=int)
        out.append(bar_chart(str(_("Mulligans por partida")), keys, [hist[k] for k in keys]))
        costs = result.get("attack_costs", {})
        if costs:
            out.append(line_chart(str(_("Ataques usables por coste (acumulado)")), turns, [
                Series(str(_("coste %(k)s") % {"k": k}), _cumulative(first["histogram"], turns, result["games"]))
                for k, first in sorted(costs.items(), key=lambda kv: int(kv[0]))
            ], ymax=1, percent=True))
        if "watch" in result:
            rows = result["watch"]["per_turn"]
            out.append(line_chart(str(_("Probabilidad de haber robado: %(cards)s") % {"cards": ", ".join(result["watch"]["cards"])}), turns, [
                Series(str(_("simulada")), [r["p_simulated"] for r in rows]),
                Series(str(_("exacta, sin mulligan")), [r["p_exact_without_mulligan"] for r in rows]),
            ], ymax=1, percent=True))
        return out
    hist = result["win_turn"]["histogram"]
    keys = sorted(hist, key=int)
    return [
        line_chart(str(_("BAÚL medio por turno")), turns, [Series(str(_("BAÚL")), [t["mean_chest"] for t in result["per_turn"]])]),
        bar_chart(str(_("Turno en que el BAÚL llega a 30")), keys, [hist[k] for k in keys]),
    ]


def _cumulative(histogram: dict[str, int], turns: list[int], games: int) -> list[float]:
    """Share of games in which a target was reached by each turn, from first-turn counts."""
    total, out = 0, []
    for t in turns:
        total += histogram.get(str(t), 0)
        out.append(total / games if games else 0.0)
    return out


def summary_rows(result: dict[str, Any]) -> list[tuple[str, str]]:
    rows = [(str(_("Semilla")), str(result["seed"])), (str(_("Partidas")), str(result["games"]))]
    if result["game"] == "eliria":
        oh = result["opening_hand"]
        rows += [
            (str(_("Mano inicial con combate sin † (exacta)")), f"{oh['p_combat_exact']:.2%}"),
            (str(_("Mano inicial con combate sin † (simulada)")), _interval(oh)),
            (str(_("Mulligans por partida")), f"{result['mulligans']['mean']:.3f}"),
            (str(_("Derrotas por mazo vacío (7.c)")), str(result["losses"]["deck_out"])),
            (str(_("Derrotas sin combatientes (7.b)")), str(result["losses"]["no_combatant"])),
        ]
        for k, first in sorted(result.get("attack_costs", {}).items(), key=lambda kv: int(kv[0])):
            mean = "—" if first["mean"] is None else f"{first['mean']:.2f}"
            rows.append((str(_("Ataque de coste %(k)s: primer turno usable (media; nunca)") % {"k": k}),
                         f"{mean}; {first['never']}"))
    else:
        wt = result["win_turn"]
        rows += [
            (str(_("Turno medio en que el BAÚL llega a 30")), "—" if wt["mean"] is None else f"{wt['mean']:.2f}"),
            (str(_("Partidas que no llegan a 30")), str(wt["never"])),
        ]
    return rows


def _interval(oh: dict[str, Any]) -> str:
    text = f"{oh['p_combat_simulated']:.2%}"
    ci = oh.get("p_combat_ci95")  # the engine's Wilson interval
    if ci:
        text += f" (IC 95 %: {ci[0]:.2%}–{ci[1]:.2%})"
    return text
