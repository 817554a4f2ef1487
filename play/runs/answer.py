"""One way to answer a simulation, whatever its kind (issue 37; HackSoft: the view makes one call).

Each kind has one ``prepare`` (in its feature: play.goldfish.services.goldfish_prepare, …) that
turns a request's validated input into a :class:`Prepared`: the parameters a queued run of that
kind keeps (the seed drawn when none was asked for), with every check the kind needs beyond its
job's own. :func:`simulate` then builds the kind's job (play.runs.jobs: the very class a worker
plays) once — reading and validating its lists once — and:

- when the run's fixed costs fit the request (play.runs.budget.fits_inline) it plays the games
  here, in slices, until they are all played or the thread has spent ``CEILING`` times the budget
  of CPU time; an answer then is the job's own report, the bytes a queued run gives;
- otherwise, or when the games outlast that deadline, the run is queued (play.runs.services.run_submit)
  *from the next game*: the games already played become its first chunk, done, with their tally
  (a job whose state cannot pass to a chunk, the improve search, is queued from its first game).
  Each game draws only from (seed, game index), so the queued answer is the same bytes.

Refusals are SiteErrors and EngineErrors raised anywhere below and answered by
common.errors.api_exception_handler (the API) or by the page that asked.

Also here, for every simulation endpoint and page: the client's address, the page throttle, the
answer that describes a queued run, the run a page polls and what the page shows of it.
"""

from __future__ import annotations

import gc
import math
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from cards.lookup import cards_recorded
from cards.pagecache import cached_answer
from common.errors import retry_header, with_headers
from common.net import client_ip
from common.throttling import AnonRateThrottle, GoldfishThrottle
from engine import card_to_dict
from play.models import SimulationRun
from play.runs.jobs import JOBS, Job, Prepared
from play.runs.reaper import settle
from play.runs.services import can_view, progress, run_submit

__all__ = ["CEILING", "Prepared", "answer", "client_address", "fits_inline", "play_inline", "polled_context",
           "polled_run", "run_answer", "simulate", "throttled_post"]

# The most CPU time a request spends playing, as a share of settings.SIMULATION_INLINE_BUDGET: a run
# whose fixed costs fit but whose decks play slowly stops there and is queued from its next game.
CEILING = 2.0


@dataclass
class Answered:
    """What :func:`simulate` gives: the answer, or the run that will give it."""

    result: dict[str, Any] | None = None
    run: SimulationRun | None = None
    job: Any = None  # the job built for it (a page reads its lists from it), not kept in a memo

    def __getstate__(self) -> dict[str, Any]:
        return {"result": self.result, "run": self.run, "job": None}


def play_inline(job: Job, games: int, cpu_seconds: float | None) -> tuple[Any, int, float]:
    """Games 0 … games - 1 of *job* in slices that grow fourfold (up to the job's ``slice``), until
    all are played or this thread has spent *cpu_seconds* (None: no limit). No slice goes past that
    deadline at the pace of the games before it (a fourfold slice of games slower than their fixed
    costs said overran it up to fourfold): it ends at most a game or so late. Returns the tally, the
    games played and the CPU seconds they took. The collector stays off meanwhile, so that a
    collection of the process's other garbage does not land in the request's deadline."""
    tally, played, size, spent = job.new_tally(), 0, 1, 0.0
    collecting = gc.isenabled()
    gc.disable()
    try:
        while played < games and (cpu_seconds is None or spent < cpu_seconds):
            stop = min(games, played + size)
            if cpu_seconds is not None and spent > 0:  # the games left before the deadline at this pace
                stop = min(stop, played + max(1, math.ceil((cpu_seconds - spent) * played / spent)))
            began = time.thread_time()  # the thread's CPU: a busy machine does not queue a run that fits
            part, n = job.play(played, stop, None)
            tally.merge(part)
            spent += time.thread_time() - began
            played += n
            size = min(size * 4, getattr(job, "slice", size * 4))
    finally:
        if collecting:
            gc.enable()
    return tally, played, spent


def fits_inline(seconds: float) -> bool:
    """Whether a request may spend *seconds* of one core (settings.SIMULATION_INLINE_BUDGET)."""
    return seconds <= settings.SIMULATION_INLINE_BUDGET


def _fits(prepared: Prepared) -> bool:
    """Whether the request's run fits it by the fixed costs of its kind (play.runs.budget)."""
    return fits_inline(prepared.params["games"] * JOBS[prepared.kind].seconds_per_game(prepared.game, prepared.params))


def _build(prepared: Prepared) -> tuple[Job, dict[tuple[str, str], Any]]:
    """The kind's job over the request's parameters (its lists read and checked, once), and the
    cards it found, which a queued run keeps (play.runs.jobs.pin)."""
    with cards_recorded() as found:
        job = JOBS[prepared.kind](SimulationRun(kind=prepared.kind, game=prepared.game, params=prepared.params,
                                               total=prepared.params["games"]))
    if hasattr(job, "keep"):  # the names the request gave, as the job read them (a swap race's cards)
        prepared.params = job.keep(prepared.params)
    return job, found


def simulate(prepared: Prepared, *, owner: Any = None, client: str | Callable[[], str] = "") -> Answered:
    """The answer of a prepared request, played here when it fits, else a queued run (see the module).
    *client*: the address its run is counted under, or what reads it (only a queued run needs it)."""
    job, found = _build(prepared)
    if prepared.whole is not None:
        return Answered(prepared.whole(job), job=job)
    head = None
    if _fits(prepared):
        games = prepared.params["games"]
        tally, played, spent = play_inline(job, games, CEILING * settings.SIMULATION_INLINE_BUDGET)
        if played >= games:
            return Answered(job.report(tally, games, False), job=job)
        # A job whose state cannot pass to a chunk (the improve search) is queued whole, from its first
        # game: the games played here are lost, but the request never plays past its deadline.
        head = None if getattr(JOBS[prepared.kind], "whole", False) else (played, tally, spent)
    cards = [card_to_dict(found[key]) for key in sorted(found)]
    run = run_submit(kind=prepared.kind, game=prepared.game, params=prepared.params, owner=owner,
                     client=client() if callable(client) else client, private=prepared.private, cards=cards, head=head)
    return Answered(run=run, job=job)


def answer(request: Request, form: type[serializers.Serializer], prepare: Callable[..., Prepared]) -> Response:
    """The one answer of every simulation endpoint: 200 with the answer, or 202 with the queued run
    (its status URL in Location). *form* validates the body; *prepare(data, user)* checks the rest."""
    data = form(data=request.data)
    data.is_valid(raise_exception=True)
    prepared = prepare(data.validated_data, request.user)

    def play() -> Answered:
        return simulate(prepared, owner=request.user, client=lambda: client_address(request))

    if prepared.memo is None or not _fits(prepared):
        done = play()
    else:  # a seeded answer is a pure function of its request and the catalogue (cards.pagecache)
        # Its own namespace: play.matchups.services.matchup_run memoises a dict under "matchup" with the
        # same parts (only the kind's enum repr kept the two apart: attack finding).
        done = cached_answer(f"simulate:{prepared.kind}", prepared.memo, play,
                             keep=lambda a: a.run is None and _whole(a.result))
    if done.run is None:
        return Response(done.result)
    queued = run_answer(done.run, request)
    return Response(queued, status=status.HTTP_202_ACCEPTED, headers={"Location": queued["status_url"]})


def _whole(result: dict[str, Any] | None) -> bool:
    """An answer worth keeping: not one a time limit cut short."""
    return result is not None and not result.get("stopped_early") and not (result.get("a") or {}).get("stopped_early")


# ---------------------------------------------------------------- what endpoints and pages share
def client_address(request: Any) -> str:
    """The address the throttles and lockouts use (common.net: REMOTE_ADDR, or X-Forwarded-For as far
    as NUM_PROXIES trusts it), for the per-address run limits."""
    return client_ip(request)


def throttled_post(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The API's simulation budget on a page's POSTs too (attack finding M3): over it, a 429 page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST":
            throttles = [GoldfishThrottle()] + ([] if request.user.is_authenticated else [AnonRateThrottle()])
            for throttle in throttles:
                if not throttle.allow_request(request, None):  # type: ignore[arg-type]
                    wait = math.ceil(throttle.wait() or 1)
                    response = render(request, "play/throttled.html", {"wait": wait}, status=429)
                    with_headers(response, retry_header(wait))
                    return response
        return view(request, *args, **kwargs)

    return wrapper


def run_answer(run: SimulationRun, request: Any) -> dict[str, Any]:
    """A run as the API shows it: state, progress per chunk, place in the queue, links, answer."""
    state = progress(run)
    found = {"found": run.found} if run.kind == SimulationRun.Kind.IMPROVE else {}  # its steps so far
    return {
        "id": str(run.pk), "kind": run.kind, "status": run.status,
        "done": state["done"], "total": run.total, "percent": state["percent"],
        "chunks": [{k: c[k] for k in ("index", "start", "stop", "status", "done", "attempts")} for c in state["chunks"]],
        "queue": state["queue"],
        "url": request.build_absolute_uri(run.get_absolute_url()),
        "status_url": request.build_absolute_uri(reverse("api:run", args=[run.pk])),
        "cancel_url": request.build_absolute_uri(reverse("api:run-cancel", args=[run.pk])),
        # The answer only when every game was played (CONTRACT section 5); the error in the
        # reader's language, and its code for programs.
        "result": run.result if run.status == SimulationRun.Status.DONE else None,
        "error": run.error_message, "error_code": run.error_code,
        # When to look again (what the run page does: often while the run is young), or None once it ended.
        "poll_ms": state["poll_ms"],
        **found,
    }


def polled_run(request: HttpRequest, **filters: Any) -> SimulationRun:
    """The run a page polls, named by ?run=: a 404 unless it exists (matching `filters`) and the
    visitor may see it. One whose workers are all gone is settled first, so the page shows its end."""
    try:
        run_id = uuid.UUID(request.GET["run"])
    except ValueError:
        raise Http404 from None
    run = get_object_or_404(SimulationRun, pk=run_id, **filters)
    if not can_view(run, request.user):
        raise Http404
    settle(run)  # a run whose workers are all gone is settled when someone looks at it
    return run


def polled_context(request: HttpRequest, *, kind: str, result_id: str, result_template: str,
                   text: str | None = None, changed: str = "") -> tuple[dict[str, Any], dict[str, Any] | None]:
    """What a page shows of the run it polls (:func:`polled_run`, of *kind* only: a matchup run of the
    same two lists, named on the comparison page, made it fail on keys its result lacks): the run, its
    progress and where its result goes; and the run's result once it is done (None before). With
    *text*, a result played on another list than the page's is not shown: *changed* says why."""
    run = polled_run(request, kind=kind)
    context = {"run": run, "progress": progress(run), "poll_url": request.get_full_path(),
               "result_id": result_id, "result_template": result_template}
    result = run.result if run.status == SimulationRun.Status.DONE and run.result else None
    if result is not None and text is not None and (run.params or {}).get("list") != text:
        context["errors"] = [changed]
        result = None
    return context, result
