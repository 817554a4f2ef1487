"""The page of a queued run: progress per chunk and place in the queue while it runs (htmx
polling), cancel, the error when it fails, the charts when done. A player's run is theirs alone."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from common.http import is_htmx
from play.models import SimulationRun
from play.runs.jobs import PAGES
from play.runs.present import run_source, run_view
from play.runs.reaper import settle
from play.runs.services import can_view, progress, run_cancel


def _visible(request: HttpRequest, run_id: uuid.UUID) -> SimulationRun:
    run = get_object_or_404(SimulationRun, pk=run_id)
    if not can_view(run, request.user):
        raise Http404
    return run


def _context(run: SimulationRun) -> dict[str, Any]:
    state = progress(run)
    context: dict[str, Any] = {"run": run, "progress": state, "source": run_source(run), **run_view(run, state)}
    result = run.result
    if run.status == SimulationRun.Status.DONE and result and run.kind in PAGES:
        context.update(PAGES[run.kind](run, result))  # each kind's reading, registered with its job
    return context


@require_GET
def run_detail(request: HttpRequest, run_id: uuid.UUID) -> HttpResponse:
    run = _visible(request, run_id)
    settle(run)  # a run whose workers are all gone is settled when someone looks at it
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
