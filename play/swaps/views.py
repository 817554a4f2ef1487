"""Swap suggestions for a saved deck: which card to put in place of the one the player cuts.

The player marks a card to cut (or «Probar cada carta»: every card of the list in turn,
play.swaps.each_cut) and names the candidates with a catalogue query (the site's search
syntax; "solo lo que tengo" keeps the cards of their collection); the candidates race on common
seeds (play.swaps.services, docs/contract.md §6: successive halving, so the close contenders
get the games) towards the goal the player picks, and the page tells the best three in words with
their intervals. A big race is a queued run whose progress this page polls, as "Comparar" does.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from cards.messages import search_error
from cards.models import Card
from cards.search import SearchError
from cards.validation import ListTooLarge
from common.charts import format_number, format_percent
from common.errors import BadInput
from common.games import site_game
from common.http import is_htmx
from decks.models import Deck, Visibility
from decks.selectors import deck_rows, deck_text
from engine import EngineError
from engine.goldfish import MAX_GAMES
from engine.swaps import MAX_CANDIDATES
from play.common import MAX_SEED
from play.compare.present import FIELDS, difference_sentence, goal_fields, interval_text, signed
from play.goldfish.services import GoldfishInputError
from play.models import SimulationRun
from play.runs.answer import client_address, polled_context, simulate, throttled_post
from play.runs.services import RunLimitError
from play.swaps.each_cut import EACH
from play.swaps.services import swaps_prepare

SHOWN = 3  # the best candidates told in words


class SwapsForm(forms.Form):
    cut = forms.ChoiceField(label=gettext_lazy("Carta que quitas"))
    query = forms.CharField(label=gettext_lazy("Candidatas: búsqueda en el catálogo"), required=False, max_length=500)
    considering = forms.BooleanField(label=gettext_lazy("Las cartas en estudio del mazo"), required=False)
    owned = forms.BooleanField(label=gettext_lazy("Solo cartas que tengo"), required=False)
    field = forms.ChoiceField(label=gettext_lazy("Lo que quieres mejorar"))
    turn = forms.IntegerField(label=gettext_lazy("En el turno"), min_value=1, max_value=50)
    games = forms.IntegerField(label=gettext_lazy("Partidas como mucho por candidata"), min_value=30, max_value=MAX_GAMES,
                               initial=2000)
    turns = forms.IntegerField(label=gettext_lazy("Turnos"), min_value=1, max_value=50, initial=10)
    seed = forms.IntegerField(label=gettext_lazy("Semilla (opcional)"), min_value=0, max_value=MAX_SEED, required=False)

    def __init__(self, *args: Any, deck: Deck, rows: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["cut"].choices = [(EACH, _("Probar cada carta"))] + [
            (r.card.code, f"{r.card.name} ({r.card.code})") for r in sorted(rows, key=lambda r: (r.card.name_folded, r.card.code))]
        self.fields["field"].choices = goal_fields(deck.game)
        self.fields["query"].help_text = _("En la sintaxis de búsqueda del catálogo (t:combate pot>=5); las %(n)s "
                                           "primeras que no estén ya en el mazo.") % {"n": MAX_CANDIDATES}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("turn") and data.get("turns") and data["turn"] > data["turns"]:
            self.add_error("turn", _("El turno del objetivo debe estar entre 1 y los turnos simulados."))
        if not (data.get("query") or "").strip() and not data.get("owned") and not data.get("considering"):
            self.add_error("query", _("Escribe una búsqueda, marca «Solo cartas que tengo» o usa las cartas en estudio."))
        return data


def candidate_codes(deck: Deck, rows: list[Any], user: Any, data: dict[str, Any]) -> tuple[list[str], int]:
    """The candidates, at most MAX_CANDIDATES: the deck's considering board (when asked), then the
    cards of the query (the player's collection with "owned"), none already in the deck (rule 4: one
    card of a name); and how many there were in all. Raises BadInput for a query that cannot be read."""
    names = {r.card.name_folded for r in rows}
    found: list[str] = []
    if data.get("considering"):
        board = deck.considering.select_related("card").exclude(card__name_folded__in=names)
        found += [c.card.code for c in board]
    total = len(found)
    q = (data.get("query") or "").strip()
    if data.get("owned"):
        q = f"owned>0 {q}".strip()
    if q:
        try:
            qs = Card.objects.for_game(deck.game).search(q, user=user)
        except SearchError as exc:
            raise BadInput(search_error(exc), field="query") from exc
        qs = qs.exclude(name_folded__in=names).exclude(code__in=found).order_by("name_folded", "code")
        found += list(qs.values_list("code", flat=True)[:MAX_CANDIDATES])
        total += qs.count()
    return found[:MAX_CANDIDATES], total


@require_http_methods(["GET", "POST"])
@throttled_post
def swaps_page(request: HttpRequest) -> HttpResponse:
    pk = request.GET.get("deck", "")
    if not pk.isdigit():
        raise Http404
    deck = get_object_or_404(Deck.objects.visible_to(request.user).select_related("owner"), pk=int(pk))
    rows = deck_rows(deck)
    field, turn = site_game(deck.game).default_goal
    cut = request.GET.get("cut", "")
    form = SwapsForm(request.POST or None, deck=deck, rows=rows, initial={
        "field": field, "turn": turn, "games": 2000, "turns": 10, "cut": cut,
        "considering": deck.considering.exists()})
    context: dict[str, Any] = {"deck": deck, "form": form}
    text = deck_text(rows, deck.game)
    if request.method == "POST" and form.is_valid():
        answer = _race(request, deck, rows, text, form.cleaned_data, context)
        if answer is not None:
            return answer
    elif request.GET.get("run"):
        _run_context(request, text, context)
        if is_htmx(request):
            return render(request, "play/_polled_run.html", context)
    template = "play/_compare_swaps_result.html" if is_htmx(request) else "play/compare_swaps.html"
    return render(request, template, context)


def _race(request: HttpRequest, deck: Deck, rows: list[Any], text: str, data: dict[str, Any],
          context: dict[str, Any]) -> HttpResponse | None:
    try:
        codes, matched = candidate_codes(deck, rows, request.user, data)
        if not codes:
            raise BadInput(_("Ninguna carta de la búsqueda puede entrar: o no hay, o ya están en el mazo."), field="query")
        args = {"game": deck.game, "list": text, "cut": data["cut"], "candidates": codes,
                "goal": {"field": data["field"], "turn": data["turn"]}, "games": data["games"], "turns": data["turns"],
                "seed": data["seed"]}
        context["matched"] = matched
        prepared = swaps_prepare(args, private=deck.visibility == Visibility.PRIVATE)
        done = simulate(prepared, owner=request.user, client=client_address(request))
        if done.run is not None:
            url = reverse("play:swaps") + "?" + urlencode({"deck": deck.pk, "run": done.run.pk})
            if is_htmx(request):
                return HttpResponse(status=204, headers={"HX-Redirect": url})
            return redirect(url)
        context.update(ranking_context(done.result))
    except GoldfishInputError as exc:
        context["errors"] = [e["message"] for e in exc.report["errors"]]
    except BadInput as exc:
        context["errors"] = [exc.message]
    except (ListTooLarge, EngineError) as exc:
        context["errors"] = [str(exc)]
    except RunLimitError as exc:
        context["errors"] = [exc.message]
    return None


def _run_context(request: HttpRequest, text: str, context: dict[str, Any]) -> None:
    polled, result = polled_context(request, kind=SimulationRun.Kind.SWAPS, result_id="swaps-result",
                                    result_template="play/_compare_swaps_result.html", text=text,
                                    changed=_("El mazo ha cambiado desde esta simulación: vuelve a lanzarla."))
    context.update(polled)
    if result is not None:
        context.update(ranking_context(result))


def _swap_words(row: dict[str, Any]) -> str:
    """"Con X", or "Con X en lugar de Y" when every card was tried as the cut."""
    card = row.get("name") or row["card"]
    if row.get("cut"):
        return _("Con %(card)s en lugar de %(cut)s") % {"card": card, "cut": row.get("cut_name") or row["cut"]}
    return _("Con %(cards)s") % {"cards": card}


def ranking_context(result: dict[str, Any]) -> dict[str, Any]:
    """The best three in words, and every candidate in a table."""
    field, turn = result["goal"]["field"], result["goal"]["turn"]
    info = FIELDS[field]
    rows = []
    for row in result["ranking"]:
        ci = row.get("ci95")
        rows.append({**row, "delta_text": "—" if row.get("delta") is None else signed(row["delta"], percent=info.percent),
                     "ci_text": interval_text(ci, percent=info.percent) if ci else "—"})
    best = [_best_sentence(row, field, turn) for row in result["ranking"][:SHOWN]]
    base = (result.get("base") or {}).get("value")
    base_text = "" if base is None else _("Con la lista como está: %(value)s de media en %(what)s.") % {
        "value": format_percent(base) if info.percent else format_number(base), "what": info.short % {"turn": turn}}
    return {"result": result, "best": best, "rows": rows, "goal_label": info.short % {"turn": turn},
            "base_text": base_text, "verdict": _verdict(result, field, turn)}


def _best_sentence(row: dict[str, Any], field: str, turn: int) -> str:
    """One candidate in words; one stopped early says so (its few games, not an exact tie)."""
    if not row.get("stopped"):
        return difference_sentence(_swap_words(row), field, turn, row if row.get("delta") is not None else None,
                                   row["games"])
    info, ci = FIELDS[field], row.get("ci95")
    return _("%(who)s: se detuvo tras %(games)s partidas, claramente por detrás de la mejor en %(what)s "
             "(%(delta)s, %(ci)s).") % {
        "who": _swap_words(row), "games": format_number(row["games"], 0), "what": info.short % {"turn": turn},
        "delta": signed(row["delta"] or 0, percent=info.percent),
        "ci": interval_text(ci, percent=info.percent) if ci else "—"}


def _verdict(result: dict[str, Any], field: str, turn: int) -> str:
    """Whether any candidate helps measurably; when none does, how much the best could still help."""
    info, ranking = FIELDS[field], result["ranking"]
    better = [row for row in ranking if (row.get("ci95") or [0, 0])[0] > 0]
    what = info.short % {"turn": turn}
    if better:
        return ngettext("%(n)s candidata mejora %(what)s de forma medible.",
                        "%(n)s candidatas mejoran %(what)s de forma medible.", len(better)) % {
            "n": len(better), "what": what}
    tops = [row["ci95"][1] for row in ranking if row.get("ci95") and not row.get("stopped")]
    if not tops:
        return _("Ninguna candidata mejora %(what)s de forma medible.") % {"what": what}
    top = max(tops)
    if top <= 0:
        return _("Ninguna candidata mejora %(what)s: todas quedan igual o por debajo.") % {"what": what}
    return _("Ninguna candidata mejora %(what)s de forma medible con estas partidas: la que más podría, no más "
             "de %(bound)s%(unit)s.") % {"what": what, "bound": signed(top, percent=info.percent),
                                         "unit": " " + _("puntos") if info.percent else ""}
