"""POST /api/goldfish/compare/ (docs/contract.md §6) and POST /api/matchups/compare/; what every comparison
endpoint shares (RunInput, simulation_endpoint, QUEUED_ANSWERS: play.swaps.api and play.improve.api use them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Game
from cards.validation import MAX_LIST_CHARS
from common.serializers import StrictCharField
from common.throttling import AnonRateThrottle, GoldfishThrottle
from decks.api_validate import BAD_REQUEST
from play.common import MAX_SEED
from play.compare.services import compare_prepare, matchup_compare_prepare
from play.matchups.api import MATCHUP_RESULT, PolicyField
from play.matchups.services import MAX_GAMES
from play.runs.answer import answer
from play.runs.api import QUEUE_DOWN, RUN

TOO_MANY = OpenApiResponse(description="Demasiadas simulaciones: espera lo que indica Retry-After, o a que terminen las tuyas.")
INTERVAL = inline_serializer("PairedDifference", {
    "delta": serializers.FloatField(),
    "ci95": serializers.ListField(child=serializers.FloatField(), allow_null=True),
})

# Every comparison answers at once or queues a run; these are its answers besides the 200.
QUEUED_ANSWERS = {202: RUN, 400: BAD_REQUEST, 429: TOO_MANY, 503: QUEUE_DOWN}


def simulation_endpoint(view: Callable[[Request], Response]) -> Any:
    """A POST anyone may make, throttled as the goldfish is (the simulations share one budget)."""
    return api_view(["POST"])(permission_classes([AllowAny])(throttle_classes([AnonRateThrottle, GoldfishThrottle])(view)))


class RunInput(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    games = serializers.IntegerField(min_value=1, max_value=100_000, default=1000)
    turns = serializers.IntegerField(min_value=1, max_value=50, default=10)
    seed = serializers.IntegerField(min_value=0, max_value=2**63 - 1, required=False, allow_null=True)


class CompareInput(RunInput):
    list_a = StrictCharField(allow_blank=True, trim_whitespace=False, max_length=MAX_LIST_CHARS)
    list_b = StrictCharField(allow_blank=True, trim_whitespace=False, max_length=MAX_LIST_CHARS)


@extend_schema(
    request=CompareInput,
    responses={
        200: inline_serializer("CompareResult", {
            "game": serializers.CharField(), "games": serializers.IntegerField(),
            "turns": serializers.IntegerField(), "seed": serializers.IntegerField(),
            "a": serializers.DictField(help_text="La respuesta de /api/goldfish/ para list_a."),
            "b": serializers.DictField(help_text="La respuesta de /api/goldfish/ para list_b."),
            "diff": serializers.DictField(help_text="B − A de cada número por turno, con su intervalo del 95 %."),
            "paired": serializers.BooleanField(),
        }),
        **QUEUED_ANSWERS,
    },
)
@simulation_endpoint
def goldfish_compare(request: Request) -> Response:
    """Two deck lists played on common seeds: each side as /api/goldfish/ answers it, and B − A of
    every per-turn number with the 95 % interval of the paired per-game differences.

    Within the request's budget the answer comes at once; a bigger comparison is queued (202)."""
    return answer(request, CompareInput, compare_prepare)


class MatchupCompareInput(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    deck_a = StrictCharField(trim_whitespace=False, max_length=MAX_LIST_CHARS, help_text="La versión A del mazo.")
    deck_b = StrictCharField(trim_whitespace=False, max_length=MAX_LIST_CHARS, help_text="La versión B del mazo.")
    rival = StrictCharField(trim_whitespace=False, max_length=MAX_LIST_CHARS, help_text="El mazo rival.")
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES, default=1000)
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED, required=False, allow_null=True)
    policy = PolicyField(help_text="Cómo juegan las dos versiones.")
    rival_policy = PolicyField(help_text="Cómo juega el rival.")


@extend_schema(
    request=MatchupCompareInput,
    responses={
        200: inline_serializer("MatchupCompareResult", {
            "game": serializers.CharField(), "games": serializers.IntegerField(),
            "games_played": serializers.IntegerField(), "seed": serializers.IntegerField(),
            "a": MATCHUP_RESULT, "b": MATCHUP_RESULT,
            "diff": inline_serializer("MatchupDifference", {"win_rate": INTERVAL, "score": INTERVAL}),
            "paired": serializers.BooleanField(),
        }),
        **QUEUED_ANSWERS,
    },
)
@simulation_endpoint
def matchup_compare(request: Request) -> Response:
    """Two versions of a deck against one rival on common seeds: each side as /api/matchups/ answers
    it (the version as deck A), and B − A of the win rate and the score with their 95 % intervals.

    Within the request's budget the answer comes at once; a bigger comparison is queued (202)."""
    return answer(request, MatchupCompareInput, matchup_compare_prepare)
