"""The page of a queued run: progress per chunk and place in the queue while it runs (htmx
polling), cancel, the error when it fails, the charts when done. A player's run is theirs alone."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from common.http import is_htmx
from play.goldfish_views import charts, per_turn_table, summary_rows
from play.models import SimulationRun
from play.present import matchup_context
from play.run_progress import done_summary, run_source, run_view
from play.runs import can_view, progress, run_cancel
from play.sources import pack_list
from play.worker import reap

# Where a finished comparison kind is read in full (its result needs the page's own lists).
_PAGES = {SimulationRun.Kind.COMPARE: "play:compare", SimulationRun.Kind.SWAPS: "play:swaps",
          SimulationRun.Kind.MATCHUP_COMPARE: "play:matchups"}


def _visible(request: HttpRequest, run_id: uuid.UUID) -> SimulationRun:
    run = get_object_or_404(SimulationRun, pk=run_id)
    if not can_view(run, request.user):
        raise Http404
    return run


def _context(run: SimulationRun) -> dict[str, Any]:
    state = progress(run)
    context: dict[str, Any] = {"run": run, "progress": state, "source": run_source(run), **run_view(run, state)}
    result = run.result
    if run.status == SimulationRun.Status.DONE and result:
        if run.kind == SimulationRun.Kind.MATCHUP and result.get("games_played"):
            p = run.params
            labels = tuple(p.get("labels") or ("A", "B"))
            context.update(matchup_context(
                result, a="list:" + pack_list(p["list_a"]), b="list:" + pack_list(p["list_b"]),
                labels=(labels[0] or "A", labels[1] or "B"),
            ))
            context["matchup"] = True
        elif run.kind == SimulationRun.Kind.GOLDFISH and result.get("games"):
            context.update(result=result, charts=charts(result), summary=summary_rows(result),
                           per_turn=per_turn_table(result))
        elif run.kind in _PAGES:
            context.update(elsewhere=_PAGES[run.kind], done_summary=done_summary(run, result))
    return context


@require_GET
def run_detail(request: HttpRequest, run_id: uuid.UUID) -> HttpResponse:
    run = _visible(request, run_id)
    if run.active:
        reap(run.pk)  # settles a run whose workers are all gone, when someone looks at it
        run.refresh_from_db()
    if is_htmx(request):  # the polled part only; its out-of-band twin drops Cancel once the run ends
        return render(request, "play/_run_status.html", {**_context(run), "oob": True})
    return render(request, "play/run.html", _context(run))


@require_POST
def run_cancel_page(request: HttpRequest, run_id: uuid.UUID) -> HttpResponse:
    run = _visible(request, run_id)
    run_cancel(run)
    if is_htmx(request):
        return render(request, "play/_run_status.html", {**_context(run), "oob": True})
    return redirect(run)
