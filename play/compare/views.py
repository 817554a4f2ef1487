""""Comparar": two saved decks, or two revisions of one deck, side by side.

The page shows the list diff first (decks.diff, exportable as text), then the simulated
difference on common seeds (play.compare.services, docs/contract.md §6) in words and charts. A small
comparison runs in the request; a bigger one is a queued run whose progress this page polls.
Two revisions of one deck compared by its owner are kept with the later one
(play.compare.history), and the deck's history reads them.

A side is `<deck id>` (its current list) or `<deck id>@<revision number>`. A deck is reached as
on the deck pages: its owner's or public; anything else is a 404, never its content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from cards.validation import ListTooLarge
from common.charts import format_number
from common.games import site_game
from common.http import is_htmx
from decks.diff import ListDiff, list_diff, rows_items
from decks.models import Deck, DeckRevision, Visibility
from decks.selectors import deck_rows, deck_text
from engine import EngineError
from engine.goldfish import MAX_GAMES
from play.common import MAX_SEED
from play.compare.history import kept_comparison, revision_comparison_keep
from play.compare.present import (
    change_words,
    charts,
    clear_turns_sentences,
    diff_table,
    goal_fields,
    goal_sentence,
    scalar_sentence,
)
from play.compare.services import compare_prepare
from play.goldfish.services import GoldfishInputError
from play.models import SimulationRun
from play.runs.answer import client_address, polled_context, simulate, throttled_post
from play.runs.services import RunLimitError

SIDE = re.compile(r"^(\d{1,12})(?:@(\d{1,9})(?:\.(\d{1,3}))?)?$")  # deck, @revision, .step of a session
MAX_CHOICES = 200  # decks and revisions offered in each picker
DEFAULT_GAMES = 3000


# ---------------------------------------------------------------- the two sides
@dataclass(frozen=True)
class Side:
    deck: Deck
    revision: DeckRevision | None
    items: list[dict[str, Any]]
    text: str
    step: int | None = None  # a builder session's list after its step-th change (DeckRevision.steps)

    @property
    def token(self) -> str:
        if self.revision is None:
            return str(self.deck.pk)
        return f"{self.deck.pk}@{self.revision.number}" + (f".{self.step}" if self.step else "")

    @property
    def label(self) -> str:
        """"r15", "r15.2" (the session r15 after its second change) or "actual"."""
        if self.revision is None:
            return _("actual")
        return f"r{self.revision.number}" + (f".{self.step}" if self.step else "")


def resolve_side(user: Any, token: str) -> Side:
    """A side the player may see: their deck or a public one, at a revision or as it is now."""
    match = SIDE.match(token or "")
    if match is None:
        raise Http404
    deck = get_object_or_404(Deck.objects.visible_to(user).select_related("owner"), pk=int(match[1]))
    if match[2] is not None:
        revision = get_object_or_404(DeckRevision, deck=deck, number=int(match[2]))
    else:  # the deck as it is now is its latest revision, when that one is the current version
        revision = deck.revisions.filter(number=deck.version).first()
    if revision is not None and match[3] is not None:  # one change of a builder session at a time
        step = int(match[3])
        if not 1 <= step <= len(revision.steps):
            raise Http404
        kept = revision.steps[step - 1]
        return Side(deck, revision, list(kept["snapshot"]), kept["text"], step)
    if revision is not None:
        return Side(deck, revision, list(revision.snapshot), revision.text)
    rows = deck_rows(deck)
    return Side(deck, None, rows_items(rows), deck_text(rows, deck.game))


def side_labels(a: Side, b: Side) -> tuple[str, str]:
    """"r14" and "r15" for one deck; the decks' names (with their revision) for two."""
    if a.deck.pk == b.deck.pk:
        return a.label, b.label
    return tuple(s.deck.name for s in (a, b))  # type: ignore[return-value]


def keepable(a: Side, b: Side, user: Any) -> bool:
    """Two different revisions of one deck, compared by its owner: kept with the revision."""
    return bool(a.revision and b.revision and a.deck.pk == b.deck.pk and a.revision.pk != b.revision.pk
                and not a.step and not b.step and a.deck.is_owned_by(user))


def _default_tokens(request: HttpRequest) -> tuple[str, str] | None:
    """`?deck=12` (its latest revision against the one before) or `?deck=12&rev=15` (15 against the
    one before it); `?a=…&b=…` names both sides."""
    a, b = request.GET.get("a", ""), request.GET.get("b", "")
    if a and b:
        return a, b
    pk = request.GET.get("deck", "")
    if not pk.isdigit():
        return None
    deck = get_object_or_404(Deck.objects.visible_to(request.user), pk=int(pk))
    revisions = deck.revisions.order_by("-number")
    rev = request.GET.get("rev", "")
    later = revisions.filter(number=int(rev)).first() if rev.isdigit() else revisions.first()
    if later is None:
        return None
    earlier = revisions.filter(number__lt=later.number).first() or later
    return f"{deck.pk}@{earlier.number}", f"{deck.pk}@{later.number}"


# ---------------------------------------------------------------- forms
class PickForm(forms.Form):
    """Which two lists: revisions of the deck at hand, the player's decks and the public ones."""

    a = forms.ChoiceField(label=gettext_lazy("Lista A (antes)"))
    b = forms.ChoiceField(label=gettext_lazy("Lista B (después)"))

    def __init__(self, *args: Any, user: Any, anchor: Deck | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = pick_choices(user, anchor)
        self.fields["a"].choices = self.fields["b"].choices = choices


def pick_choices(user: Any, anchor: Deck | None) -> list[tuple[str, Any]]:
    groups: list[tuple[str, Any]] = []
    decks = Deck.objects.visible_to(user).select_related("owner").order_by("name_folded", "pk")
    if anchor is not None:
        revisions = anchor.revisions.order_by("-number")[:MAX_CHOICES]
        groups.append((_("Revisiones de «%(name)s»") % {"name": anchor.name}, [
            choice for r in revisions for choice in _revision_choices(anchor, r)]))
        decks = decks.filter(game=anchor.game)
    mine = [(str(d.pk), f"{d.name} · {d.get_game_display()}") for d in decks.filter(owner=user.pk)[:MAX_CHOICES]]
    public = [(str(d.pk), f"{d.name} · {d.owner.get_username()}")
              for d in decks.filter(visibility=Visibility.PUBLIC).exclude(owner=user.pk)[:MAX_CHOICES]]
    groups += [(str(_("Tus mazos")), mine)] if mine else []
    groups += [(str(_("Mazos públicos")), public)] if public else []
    return groups


def _revision_choices(deck: Deck, revision: DeckRevision) -> list[tuple[str, str]]:
    """A revision, then each earlier step of a builder session (its changes one at a time)."""
    choices = [(f"{deck.pk}@{revision.number}", _revision_label(deck, revision))]
    total = len(revision.steps) + 1
    for step in range(total - 1, 0, -1):
        choices.append((f"{deck.pk}@{revision.number}.{step}", _("r%(number)s · tras el cambio %(step)s de %(total)s") % {
            "number": revision.number, "step": step, "total": total}))
    return choices


def _revision_label(deck: Deck, revision: DeckRevision) -> str:
    when = date_format(revision.created, "SHORT_DATETIME_FORMAT")
    now = f" ({_('actual')})" if revision.number == deck.version else ""
    return f"r{revision.number} · {when}{now}"


class CompareRunForm(forms.Form):
    games = forms.IntegerField(
        label=gettext_lazy("Partidas"), min_value=1, max_value=MAX_GAMES, initial=DEFAULT_GAMES,
        help_text=gettext_lazy("Las dos listas juegan las mismas partidas (mismas semillas): lo que cambia es el mazo, no la suerte."),
    )
    turns = forms.IntegerField(label=gettext_lazy("Turnos"), min_value=1, max_value=50, initial=10)
    seed = forms.IntegerField(label=gettext_lazy("Semilla (opcional)"), min_value=0, max_value=MAX_SEED, required=False)
    field = forms.ChoiceField(label=gettext_lazy("Lo que quieres mejorar"))
    turn = forms.IntegerField(label=gettext_lazy("En el turno"), min_value=1, max_value=50)

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["field"].choices = goal_fields(game)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("turn") and data.get("turns") and data["turn"] > data["turns"]:
            self.add_error("turn", _("El turno del objetivo debe estar entre 1 y los turnos simulados."))
        return data


# ---------------------------------------------------------------- the page
@require_http_methods(["GET", "POST"])
@throttled_post
def compare_page(request: HttpRequest) -> HttpResponse:
    tokens = _default_tokens(request)
    a, b = (resolve_side(request.user, t) for t in tokens) if tokens else (None, None)
    anchor = a.deck if a else _anchor(request)
    context: dict[str, Any] = {
        "pick": PickForm(initial={"a": a and a.token, "b": b and b.token}, user=request.user, anchor=anchor),
        "anchor": anchor, "a": a, "b": b,
    }
    if a is None or b is None:
        return render(request, "play/compare.html", context)
    if a.deck.game != b.deck.game:
        context["errors"] = [_("Las dos listas deben ser del mismo juego.")]
        return render(request, "play/compare.html", context)
    context.update(_diff_context(a, b))
    goal = _goal(request, a.deck.game)
    form = CompareRunForm(request.POST or None, game=a.deck.game, initial={
        "games": DEFAULT_GAMES, "turns": 10, "field": goal[0], "turn": goal[1]})
    context["form"] = form
    if request.method == "POST" and form.is_valid():
        answer = _simulate(request, a, b, form.cleaned_data, context)
        if answer is not None:
            return answer
    elif request.GET.get("run"):
        _run_context(request, a, b, goal, context)
        if is_htmx(request):
            return render(request, "play/_polled_run.html", context)
    elif a.revision and b.revision:
        kept = kept_comparison(a.revision, b.revision)
        if kept is not None:
            context["kept"] = kept
            context.update(_result_context(kept.result, a, b, (kept.goal_field, kept.goal_turn), context["diff"]))
    template = "play/_compare_result.html" if is_htmx(request) else "play/compare.html"
    return render(request, template, context)


def _anchor(request: HttpRequest) -> Deck | None:
    pk = request.GET.get("deck", "")
    return Deck.objects.visible_to(request.user).filter(pk=int(pk)).first() if pk.isdigit() else None


def _goal(request: HttpRequest, game: str) -> tuple[str, int]:
    field, turn = site_game(game).default_goal
    source = request.POST if request.method == "POST" else request.GET
    wanted = source.get("field", "")
    if wanted in dict(goal_fields(game)):
        field = wanted
    raw = source.get("turn", "")
    return field, int(raw) if raw.isdigit() and 1 <= int(raw) <= 50 else turn


def _diff_context(a: Side, b: Side) -> dict[str, Any]:
    diff = list_diff(a.items, b.items, sections=a.deck.sections)
    labels = side_labels(a, b)
    return {"diff": diff, "diff_text": diff.as_text(), "labels": labels, "same": not diff,
            "swap_url": reverse("play:compare") + "?" + urlencode({"a": b.token, "b": a.token})}


def _simulate(request: HttpRequest, a: Side, b: Side, data: dict[str, Any], context: dict[str, Any]) -> HttpResponse | None:
    game, goal = a.deck.game, (data["field"], data["turn"])
    args = {"game": game, "list_a": a.text, "list_b": b.text, "games": data["games"], "turns": data["turns"],
            "seed": data["seed"]}
    try:
        private = Visibility.PRIVATE in (a.deck.visibility, b.deck.visibility)
        done = simulate(compare_prepare(args, private=private), owner=request.user, client=client_address(request))
        if done.run is not None:
            url = reverse("play:compare") + "?" + urlencode(
                {"a": a.token, "b": b.token, "field": goal[0], "turn": goal[1], "run": done.run.pk})
            if is_htmx(request):
                return HttpResponse(status=204, headers={"HX-Redirect": url})
            return redirect(url)
        result = done.result
    except GoldfishInputError as exc:
        context["errors"] = [e["message"] for e in exc.report["errors"]]
        return None
    except (ListTooLarge, EngineError) as exc:
        context["errors"] = [str(exc)]
        return None
    except RunLimitError as exc:
        context["errors"] = [exc.message]
        return None
    if keepable(a, b, request.user):
        context["kept"] = revision_comparison_keep(actor=request.user, revision_a=a.revision, revision_b=b.revision,
                                                   result=result, goal=goal)
    context.update(_result_context(result, a, b, goal, context["diff"]))
    return None


def _run_context(request: HttpRequest, a: Side, b: Side, goal: tuple[str, int], context: dict[str, Any]) -> None:
    """A queued comparison: its progress while it runs; its result, kept once, when done."""
    polled, result = polled_context(request, kind=SimulationRun.Kind.COMPARE, result_id="compare-result",
                                    result_template="play/_compare_result.html")
    context.update(polled)
    run = polled["run"]
    if result is None or not _same_lists(run, a, b):
        return
    if keepable(a, b, request.user):
        context["kept"] = revision_comparison_keep(actor=request.user, revision_a=a.revision, revision_b=b.revision,
                                                   result=result, goal=goal, run=run)
    context.update(_result_context(result, a, b, goal, context["diff"]))


def _same_lists(run: SimulationRun, a: Side, b: Side) -> bool:
    """The run compared exactly these two lists (a link cannot pin a run's numbers on other lists)."""
    params = run.params or {}
    return params.get("list_a") == a.text and params.get("list_b") == b.text


def _result_context(result: dict[str, Any], a: Side, b: Side, goal: tuple[str, int], diff: ListDiff) -> dict[str, Any]:
    labels = side_labels(a, b)
    subject = change_words(diff, labels[1])
    return {
        "result": result, "goal": goal, "games_text": format_number(result["games"], 0),
        "headline": goal_sentence(result, goal[0], goal[1], subject=subject),
        "clear_turns": clear_turns_sentences(result),
        "scalar": scalar_sentence(result),
        "charts": charts(result, labels), "table": diff_table(result),
    }
