"""POST /api/goldfish/ (docs/contract.md §5)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from common.serializers import StrictBooleanField, StrictCharField
from common.throttling import AnonRateThrottle, GoldfishThrottle
from decks.api_validate import BAD_REQUEST, ValidateInput
from play.goldfish.services import goldfish_prepare
from play.runs.answer import answer
from play.runs.api import QUEUE_DOWN, RUN


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
    queued and the answer is 202 with its status URL, where the same numbers appear when done
    (play.runs.answer). Its refusals are answered by common.errors.api_exception_handler."""
    return answer(request, GoldfishInput, goldfish_prepare)
