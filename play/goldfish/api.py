"""POST /api/goldfish/ (docs/contract.md §5)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.pagecache import cached_answer
from common.serializers import StrictBooleanField, StrictCharField
from common.throttling import AnonRateThrottle, GoldfishThrottle
from decks.api_validate import BAD_REQUEST, ValidateInput
from play.goldfish.services import goldfish_answer, goldfish_check, run_enqueue_goldfish
from play.runs.api import QUEUE_DOWN, RUN
from play.runs.budget import goldfish_list_fits
from play.runs.web import client_address, run_answer


class GoldfishInput(ValidateInput):
    games = serializers.IntegerField(min_value=1, max_value=100_000, default=1000)
    turns = serializers.IntegerField(min_value=1, max_value=50, default=10)
    seed = serializers.IntegerField(min_value=0, max_value=2**63 - 1, required=False, allow_null=True)
    trace = StrictBooleanField(default=False)
    watch = serializers.ListField(
        child=StrictCharField(max_length=120), required=False, max_length=20,
        help_text="Eliria: cartas (códigos o nombres) cuya probabilidad de haberse robado por turno se informa.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("trace") and attrs.get("games") != 1:
            raise serializers.ValidationError({"trace": "La traza solo está disponible con \"games\": 1."})
        return attrs


@extend_schema(
    request=GoldfishInput,
    responses={
        200: inline_serializer("GoldfishResult", {
            "game": serializers.CharField(), "games": serializers.IntegerField(),
            "turns": serializers.IntegerField(), "seed": serializers.IntegerField(),
            "per_turn": serializers.ListField(child=serializers.DictField()),
        }),
        202: RUN,
        400: BAD_REQUEST,
        429: OpenApiResponse(description="Demasiadas simulaciones: espera lo que indica Retry-After, o a que terminen las tuyas."),
        503: QUEUE_DOWN,
    },
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([AnonRateThrottle, GoldfishThrottle])
def goldfish_run(request: Request) -> Response:
    """Goldfish a deck list: the same request with the same seed gives the same answer.

    Within the request's budget (about 100 ms of work) the answer comes at once; a bigger run is
    queued and the answer is 202 with its status URL, where the same numbers appear when done.
    Its refusals (a list too large or with unknown cards, a card the engine cannot play, the run
    limits) are SiteErrors and EngineErrors that common.errors.api_exception_handler answers."""
    data = GoldfishInput(data=request.data)
    data.is_valid(raise_exception=True)
    v = data.validated_data
    watch = v.get("watch", [])
    # Priced on this deck (play.runs.budget): a slow deck is queued however few games it asks for.
    priced = None if v["trace"] else goldfish_list_fits(
        v["game"], v["list"], games=v["games"], turns=v["turns"], seed=v.get("seed"),
    )
    if priced is not None and not priced:
        goldfish_check(game=v["game"], text=v["list"], watch=watch, report=priced.report)
        run = run_enqueue_goldfish(
            game=v["game"], text=v["list"], games=v["games"], turns=v["turns"], seed=v.get("seed"),
            watch=watch, owner=request.user, client=client_address(request),
        )
        answer = run_answer(run, request)
        return Response(answer, status=status.HTTP_202_ACCEPTED, headers={"Location": answer["status_url"]})

    def compute() -> dict[str, Any]:
        return goldfish_answer(
            game=v["game"], text=v["list"], games=v["games"], turns=v["turns"],
            seed=v.get("seed"), trace=v["trace"], watch=watch, head=priced.head if priced else None,
            report=priced.report if priced is not None else None,
        )

    if v.get("seed") is None:
        result = compute()
    else:  # a seeded run is a pure function of its request and the catalogue
        parts = (v["game"], v["list"], v["games"], v["turns"], v["seed"], v["trace"], tuple(watch))
        result = cached_answer("goldfish", parts, compute)
    return Response(result)
