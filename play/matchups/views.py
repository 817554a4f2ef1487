"""Matchup pages: the form and its results, the step-by-step replay of one game, the gauntlet."""

from __future__ import annotations

import copy
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from common.charts import format_percent
from common.errors import with_headers
from common.games import site_game
from common.http import is_htmx as _is_htmx
from common.throttling import throttle_view
from decks.models import Deck
from engine import EngineError, eliria_state, mision_state, replay
from play.boards import mision_phase_label, mision_worlds
from play.events import describe_log, names_of
from play.labels import action_label, translate_state
from play.matchups.forms import GauntletForm, MatchupForm, ReplayForm
from play.matchups.present import matchup_context, reason_label, replay_query
from play.matchups.services import gauntlet_prepare, matchup_prepare, matchup_replay
from play.models import SimulationRun
from play.runs.answer import client_address, polled_context, simulate, throttled_post
from play.runs.services import RunLimitError
from play.sources import DeckSource, SourceError, from_deck, from_list, pack_list, resolve, visible_deck


def _initial(request: HttpRequest) -> dict[str, Any]:
    """?deck_a=<id>&deck_b=<id> prefill the form (a deck the player may not see is a 404)."""
    initial: dict[str, Any] = {"game": request.GET.get("game", "eliria")}
    for side in ("a", "b"):
        if request.GET.get(f"deck_{side}"):
            deck = visible_deck(request.user, pk=request.GET[f"deck_{side}"])
            initial[f"deck_{side}"] = deck.pk
            initial["game"] = deck.game
    return initial


def _source(data: dict[str, Any], side: str) -> DeckSource:
    label = _("Mazo A") if side == "a" else _("Mazo B")
    deck = data.get(f"deck_{side}")
    text = (data.get(f"list_{side}") or "").strip()
    return from_list(data["game"], data[f"list_{side}"], label) if text else from_deck(deck)


def _private(source: DeckSource) -> bool:
    """A run built from a deck that is not public is shown to its owner only (attack finding L5)."""
    return source.deck is not None and source.deck.visibility != "public"


@require_http_methods(["GET", "POST"])
@throttled_post
def matchup_page(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        form = MatchupForm(user=request.user, initial=_initial(request))
        return render(request, "play/matchups.html", {"form": form})
    form = MatchupForm(request.POST, user=request.user)
    context: dict[str, Any] = {"form": form}
    status, headers = 200, {}  # headers: a run limit's wait
    if form.is_valid():
        d = form.cleaned_data
        try:
            a, b = _source(d, "a"), _source(d, "b")
            prepared = matchup_prepare({**d, "deck_a": a.text, "deck_b": b.text}, labels=(a.label, b.label),
                                       private=_private(a) or _private(b))
            done = simulate(prepared, owner=request.user, client=client_address(request))
            if done.run is not None:
                if _is_htmx(request):
                    return HttpResponse(status=204, headers={"HX-Redirect": done.run.get_absolute_url()})
                return redirect(done.run)
            result = done.result
            context.update(matchup_context(result, a=a.list_token, b=b.list_token, labels=(a.label, b.label),
                                           entries=(a.entries, b.entries)))
        except SourceError as exc:
            context["errors"], status = exc.errors, 400
        except EngineError as exc:
            context["errors"], status = [{"line": None, "message": str(exc)}], 400
        except RunLimitError as exc:
            context["errors"], status, headers = [{"line": None, "message": exc.message}], exc.status, exc.headers
    else:
        status = 400
    context["partial"] = _is_htmx(request)
    template = "play/_matchup_result.html" if context["partial"] else "play/matchups.html"
    response = render(request, template, context, status=status)
    with_headers(response, headers)  # a run limit's wait, as the API answers it
    return response


SEATS = ("A", "B")


def _seat(seat: int | None) -> str:
    return SEATS[seat] if seat in (0, 1) else ""


def _walk(record: dict[str, Any], step: int) -> tuple[dict[str, Any], list[int]]:
    """One replay of the whole game (attack finding: the page replayed it twice more besides playing
    it): the table after *step* decisions, with who took that decision and the next one, and their
    labels; and the turn number after each count of decisions (``turns[k]``: once k decisions are made)."""
    decisions = record["decisions"]
    match = replay(record["header"], [], trace=True)
    turns, at = [match.turn], {"done": "", "mover": ""}
    for k, key in enumerate(decisions):
        if k == step - 1:
            at.update(mover=_seat(match.to_move), done=_label(match, key))
        elif k == step:
            at.update(_table(record, match, key))
        match.push_key(key)
        turns.append(match.turn)
    if step >= len(decisions):
        at.update(_table(record, match, None))
    return at, turns


def _label(match: Any, key: str) -> str:
    return next((action_label(a) for a in match.legal_actions() if a.key == key), key)


def _table(record: dict[str, Any], match: Any, following: str | None) -> dict[str, Any]:
    """The table as it stands (a copy: the replay goes on), and the decision taken next, if any."""
    state = eliria_state(match) if record["header"]["game"] == "eliria" else mision_state(match)
    names: dict[str, str] = {}
    for deck in record["header"]["decks"]:
        names.update(names_of(deck))
    return {"state": copy.deepcopy(state), "log": describe_log(state["log"], names, SEATS, last=40),
            "following": "" if following is None else _label(match, following),
            "next_mover": "" if following is None else _seat(match.to_move)}


def _turn_steps(turns: list[int], step: int) -> dict[str, int]:
    """The steps where the previous and the next turn begin (stepping by turn over hundreds of decisions)."""
    now = turns[step]
    out: dict[str, int] = {}
    earlier = [k for k, t in enumerate(turns) if t == now - 1]
    start = turns.index(now)
    if earlier or start < step:
        out["turn_prev"] = earlier[0] if earlier else start
    later = next((k for k in range(step + 1, len(turns)) if turns[k] > now), None)
    if later is not None:
        out["turn_next"] = later
    return out


@require_GET
@throttle_view("replay", methods=("GET", "HEAD"))
def replay_page(request: HttpRequest) -> HttpResponse:
    """Game `index` of a matchup, decision by decision (?step=k): every input in the query string.
    Anyone may ask, so it is throttled per address (THROTTLE_REPLAY), and the game is replayed once."""
    form = ReplayForm(request.GET)
    if not form.is_valid():
        return render(request, "play/replay.html", {"form_errors": form.errors}, status=400)
    d = form.cleaned_data
    pa, pb = d["pa"] or "rules", d["pb"] or "rules"
    try:
        a = resolve(request.user, d["a"], d["game"], d["na"] or _("Mazo A"))
        b = resolve(request.user, d["b"], d["game"], d["nb"] or _("Mazo B"))
        record = matchup_replay(game=d["game"], list_a=a, list_b=b, seed=d["seed"], index=d["index"],
                                policy_a=pa, policy_b=pb)
    except SourceError as exc:
        return render(request, "play/replay.html", {"errors": exc.errors}, status=400)
    except EngineError as exc:
        return render(request, "play/replay.html", {"errors": [{"line": None, "message": str(exc)}]}, status=400)
    total = len(record["decisions"])
    step = min(total, d["step"] if d["step"] is not None else 0)
    base = replay_query(game=d["game"], a=d["a"], b=d["b"], seed=d["seed"], policy_a=pa, policy_b=pb,
                        labels=(d["na"], d["nb"]) if d["na"] or d["nb"] else None)
    here = f"{base}&index={d['index']}"
    at, turns = _walk(record, step)
    context: dict[str, Any] = {
        "record": record, "game": d["game"], "index": d["index"], "number": d["index"] + 1,
        "step": step, "total": total, "labels": (a.label, b.label),
        "outcome_reason": reason_label(record["outcome"]["reason"]) if record["outcome"] else "",
        "urls": {
            "first": f"{here}&step=0", "prev": f"{here}&step={max(0, step - 1)}",
            "next": f"{here}&step={min(total, step + 1)}", "last": f"{here}&step={total}",
            "back10": f"{here}&step={max(0, step - 10)}", "fwd10": f"{here}&step={min(total, step + 10)}",
            "matchups": reverse("play:matchups"),
            **{k: f"{here}&step={v}" for k, v in _turn_steps(turns, step).items()},
        },
        "last_turn": turns[-1],
        **at,
    }
    translate_state(context["state"])
    if site_game(d["game"]).world_board:
        context["worlds"] = mision_worlds(context["state"])
        context["state"]["phase_label"] = mision_phase_label(context["state"])
    template = "play/_replay.html" if _is_htmx(request) else "play/replay.html"
    return render(request, template, context)


@login_required
@require_http_methods(["GET", "POST"])
@throttled_post
def gauntlet_page(request: HttpRequest) -> HttpResponse:
    """One of my decks against every public deck of its game (at most 20 × 100 games): played here
    when it fits the request's budget (play.runs.answer.simulate); a bigger or slower one is a
    queued run whose progress this page polls (?run=). A GET only shows the form
    (prefilled from the query string) or a run's progress: playing or queueing is a POST, so a link
    never spends a player's quota."""
    if request.method == "GET":
        if request.GET.get("run"):
            return _gauntlet_polled(request)
        initial = {k: request.GET[k] for k in ("deck", "games", "seed", "policy_a", "policy_b") if k in request.GET}
        return render(request, "play/gauntlet.html", {"form": GauntletForm(user=request.user, initial=initial)})
    form = GauntletForm(request.POST, user=request.user)
    context: dict[str, Any] = {"form": form}
    status, headers = 200, {}  # headers: a run limit's wait
    if form.is_valid():
        d = form.cleaned_data
        try:
            prepared = gauntlet_prepare(deck=d["deck"], games=d["games"], seed=d["seed"], policy_a=d["policy_a"],
                                        policy_b=d["policy_b"])
            done = simulate(prepared, owner=request.user, client=client_address(request))
        except (SourceError, EngineError) as exc:
            context["errors"], status = [{"line": None, "message": str(exc)}], 400
        except RunLimitError as exc:
            context["errors"], status, headers = [{"line": None, "message": exc.message}], exc.status, exc.headers
        else:
            if done.run is not None:
                return redirect(f"{reverse('play:gauntlet')}?{urlencode({'run': done.run.pk})}")
            assert done.result is not None
            context["gauntlet"] = _gauntlet_view(_gauntlet_of(request, done.result, prepared.params, d["deck"]),
                                                 d["deck"])
    else:
        status = 400
    response = render(request, "play/gauntlet.html", context, status=status)
    with_headers(response, headers)  # a run limit's wait, as the API answers it
    return response


def _gauntlet_polled(request: HttpRequest) -> HttpResponse:
    """A queued gauntlet: its progress, then its table (the same rows the request would show)."""
    context, result = polled_context(request, kind=SimulationRun.Kind.GAUNTLET, result_id="gauntlet-run",
                                     result_template="play/_gauntlet_result.html")
    params = context["run"].params
    deck = Deck.objects.filter(pk=params.get("deck")).first()
    if result is not None and deck is not None:
        context["gauntlet"] = _gauntlet_view(_gauntlet_of(request, result, params, deck), deck)
    template = "play/_polled_run.html" if _is_htmx(request) else "play/gauntlet.html"
    if not _is_htmx(request):
        context["form"] = GauntletForm(user=request.user)
    return render(request, template, context)


def _gauntlet_of(request: HttpRequest, result: dict[str, Any], params: dict[str, Any], deck: Deck) -> dict[str, Any]:
    """A gauntlet's answer (play.matchups.jobs.GauntletJob) with what its table links to: the rivals
    the visitor may see, and each list as a token for the replay."""
    opponents = {d.pk: d for d in Deck.objects.visible_to(request.user).filter(pk__in=[r["deck"] for r in result["rows"]])}
    lists = {r["deck"]: r.get("list", "") for r in params["rivals"]}
    rows = [{**row, "deck": opponents.get(row["deck"]), "b_token": "list:" + pack_list(lists[row["deck"]])}
            for row in result["rows"]]
    return {"deck": deck, "a_token": "list:" + pack_list(params["list"]), "rows": rows, "stopped_early": False,
            "games": params["per_rival"], "seed": params["seed"], "policy_a": params["policy_a"],
            "policy_b": params["policy_b"]}


def _gauntlet_view(gauntlet: dict[str, Any], deck: Deck) -> dict[str, Any]:
    """The gauntlet's rows in words: rate, interval, links to the matchup and to its first game."""
    for row in gauntlet["rows"]:
        if "result" in row:
            r = row["result"]
            row["rate"] = format_percent(r["win_rate_a"])
            row["ci"] = f"{format_percent(r['win_rate_a_ci95'][0])} – {format_percent(r['win_rate_a_ci95'][1])}"
            row["replay"] = replay_query(
                game=deck.game, a=gauntlet["a_token"], b=row["b_token"], seed=gauntlet["seed"],
                policy_a=gauntlet["policy_a"], policy_b=gauntlet["policy_b"],
                labels=(deck.name, row["name"])) + "&index=0"
            if row["deck"] is not None:
                row["matchup"] = f"{reverse('play:matchups')}?{urlencode({'deck_a': deck.pk, 'deck_b': row['deck'].pk})}"
    return gauntlet
