"""What the simulation pages and endpoints share: the client's address, the page throttle, the
answer that describes a queued run, the run a page polls."""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from common.errors import retry_header, with_headers
from common.net import client_ip
from common.throttling import AnonRateThrottle, GoldfishThrottle
from play.models import SimulationRun
from play.runs.reaper import settle
from play.runs.services import can_view, progress


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
