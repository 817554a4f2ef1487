"""GET /api/runs/<id>/ (progress, place in the queue, the answer once merged) and
POST /api/runs/<id>/cancel/. A player's run answers to that player only; others get a 404."""

from __future__ import annotations

import uuid

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from play.models import SimulationRun
from play.runs.answer import run_answer
from play.runs.reaper import settle
from play.runs.services import can_view, run_cancel

NOT_FOUND = OpenApiResponse(description="No existe esa simulación (o no es tuya).")
TOO_MANY_RUNS = OpenApiResponse(description="Demasiadas simulaciones en marcha (por jugador, por dirección o en total).")
QUEUE_DOWN = OpenApiResponse(description="La cola de simulaciones no responde: no se ha puesto nada en cola; vuelve a intentarlo tras Retry-After.")
RUN = inline_serializer("SimulationRun", {
    "id": serializers.UUIDField(), "kind": serializers.CharField(), "status": serializers.CharField(),
    "done": serializers.IntegerField(), "total": serializers.IntegerField(), "percent": serializers.IntegerField(),
    "chunks": serializers.ListField(child=serializers.DictField()), "queue": serializers.DictField(),
    "url": serializers.CharField(), "status_url": serializers.CharField(), "cancel_url": serializers.CharField(),
    "result": serializers.DictField(allow_null=True), "error": serializers.CharField(),
    "error_code": serializers.CharField(),
    "poll_ms": serializers.IntegerField(allow_null=True, help_text="Milisegundos hasta volver a mirar (null al terminar)."),
})


def visible_run(request: Request, run_id: uuid.UUID, kind: str | None = None) -> SimulationRun | None:
    run = SimulationRun.objects.filter(pk=run_id).first()
    if run is None or (kind and run.kind != kind) or not can_view(run, request.user):
        return None
    return run


def _status(request: Request, run_id: uuid.UUID, kind: str | None = None) -> Response:
    run = visible_run(request, run_id, kind)
    if run is None:
        return Response({"detail": "No existe esa simulación."}, status=status.HTTP_404_NOT_FOUND)
    settle(run)  # a run whose workers are all gone is settled when someone looks at it
    return Response(run_answer(run, request))


@extend_schema(responses={200: RUN, 404: NOT_FOUND})
@api_view(["GET"])
@permission_classes([AllowAny])
def run_status(request: Request, run_id: uuid.UUID) -> Response:
    """A queued simulation: status, games done per chunk, runs ahead in the queue, and its answer when done."""
    return _status(request, run_id)


@extend_schema(responses={200: RUN, 404: NOT_FOUND})
@api_view(["GET"])
@permission_classes([AllowAny])
def matchup_run_status(request: Request, run_id: uuid.UUID) -> Response:
    """Progress and, once done, the answer of a background matchup."""
    return _status(request, run_id, SimulationRun.Kind.MATCHUP)


@extend_schema(request=None, responses={200: RUN, 404: NOT_FOUND, 409: OpenApiResponse(description="Ya había terminado.")})
@api_view(["POST"])
@permission_classes([AllowAny])
def run_cancel_view(request: Request, run_id: uuid.UUID) -> Response:
    """Cancel a queued or running simulation (its workers stop within a second or two)."""
    run = visible_run(request, run_id)
    if run is None:
        return Response({"detail": "No existe esa simulación."}, status=status.HTTP_404_NOT_FOUND)
    if not run_cancel(run):
        return Response({"detail": "La simulación ya había terminado.", **run_answer(run, request)},
                        status=status.HTTP_409_CONFLICT)
    return Response(run_answer(run, request))
