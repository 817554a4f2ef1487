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
from play.runs import can_view, progress, run_cancel
from play.sources import pack_list
from play.worker import reap


def _visible(request: HttpRequest, run_id: uuid.UUID) -> SimulationRun:
    run = get_object_or_404(SimulationRun, pk=run_id)
    if not can_view(run, request.user):
        raise Http404
    return run


def _context(run: SimulationRun) -> dict[str, Any]:
    context: dict[str, Any] = {"run": run, "progress": progress(run)}
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
    return context


@require_GET
def run_detail(request: HttpRequest, run_id: uuid.UUID) -> HttpResponse:
    run = _visible(request, run_id)
    if run.active:
        reap(run.pk)  # settles a run whose workers are all gone, when someone looks at it
        run.refresh_from_db()
    template = "play/_run_status.html" if is_htmx(request) else "play/run.html"
    return render(request, template, _context(run))


@require_POST
def run_cancel_page(request: HttpRequest, run_id: uuid.UUID) -> HttpResponse:
    run = _visible(request, run_id)
    run_cancel(run)
    if is_htmx(request):
        return render(request, "play/_run_status.html", _context(run))
    return redirect(run)
