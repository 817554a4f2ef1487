"""The page of a background run: progress while it runs (htmx polling), charts when done."""

from __future__ import annotations

import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from play.goldfish_views import charts, summary_rows
from play.models import SimulationRun
from play.present import matchup_context
from play.sources import pack_list


@require_GET
def run_detail(request: HttpRequest, run_id: uuid.UUID) -> HttpResponse:
    run = get_object_or_404(SimulationRun, pk=run_id)
    context: dict = {"run": run}
    if run.status == SimulationRun.Status.DONE and run.result:
        if run.kind == SimulationRun.Kind.MATCHUP and run.result.get("games_played"):
            p = run.params
            labels = tuple(p.get("labels") or ("A", "B"))
            context.update(matchup_context(
                run.result, a="list:" + pack_list(p["list_a"]), b="list:" + pack_list(p["list_b"]),
                labels=(labels[0] or "A", labels[1] or "B"),
            ))
            context["matchup"] = True
        elif run.kind == SimulationRun.Kind.GOLDFISH and run.result.get("games"):
            context.update(result=run.result, charts=charts(run.result), summary=summary_rows(run.result))
    template = "play/_run_status.html" if request.headers.get("HX-Request") else "play/run.html"
    return render(request, template, context)
