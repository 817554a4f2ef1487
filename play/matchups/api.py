"""POST /api/matchups/ and POST /api/matchups/replay/; queued runs: play.runs.api."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Game
from cards.validation import MAX_LIST_CHARS
from common.serializers import StrictCharField
from common.throttling import AnonRateThrottle, GoldfishThrottle
from decks.api_validate import BAD_REQUEST
from play.common import MAX_SEED
from play.matchups.services import MAX_GAMES, POLICY_NAMES, matchup_prepare, matchup_replay
from play.runs.answer import answer
from play.runs.api import QUEUE_DOWN, RUN
from play.sources import DeckSource, SourceError, from_list

TOO_MANY = OpenApiResponse(description="Demasiadas simulaciones: espera lo que indica Retry-After.")


@extend_schema_field(
    {"type": "string", "enum": list(POLICY_NAMES), "description": "rules: el jugador por reglas; random: al azar; search: el jugador que busca jugando la partida hacia delante (search-quick con menos partidas simuladas, search-deep con más: el más fuerte); sus enfrentamientos van a la cola."},
    component_name="Policy",
)
class PolicyField(serializers.ChoiceField):
    """One enum for both seats' policies (one schema, not PolicyAEnum and PolicyBEnum)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=POLICY_NAMES, default="rules", **kwargs)


class MatchupInput(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    deck_a = StrictCharField(trim_whitespace=False, max_length=MAX_LIST_CHARS, help_text="La lista del mazo A (docs/contract.md §3).")
    deck_b = StrictCharField(trim_whitespace=False, max_length=MAX_LIST_CHARS, help_text="La lista del mazo B.")
    games = serializers.IntegerField(
        min_value=1, max_value=MAX_GAMES, default=1000,
        help_text="Las que caben en unos 100 ms se juegan en la petición; más, en la cola (respuesta 202).",
    )
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED, required=False, allow_null=True)
    policy_a = PolicyField()
    policy_b = PolicyField()


class ReplayInput(MatchupInput):
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES, required=False,
                                     help_text="Opcional: si se da, «index» debe ser menor.")
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED)
    index = serializers.IntegerField(min_value=0, max_value=MAX_GAMES - 1, help_text="El número de la partida, desde 0.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("games") is not None and attrs["index"] >= attrs["games"]:
            raise serializers.ValidationError({"index": "«index» debe ser menor que «games»."})
        return attrs


MATCHUP_RESULT = inline_serializer("MatchupResult", {
    "game": serializers.CharField(), "games": serializers.IntegerField(), "games_played": serializers.IntegerField(),
    "stopped_early": serializers.BooleanField(), "seed": serializers.IntegerField(),
    "wins_a": serializers.IntegerField(), "wins_b": serializers.IntegerField(), "draws": serializers.IntegerField(),
    "win_rate_a": serializers.FloatField(allow_null=True),
    "win_rate_a_ci95": serializers.ListField(child=serializers.FloatField()),
    "reasons": serializers.DictField(child=serializers.DictField(child=serializers.IntegerField())),
    "length": serializers.DictField(),
    "per_game": serializers.ListField(child=serializers.ListField(), required=False),
    "validation": serializers.DictField(),
})
RECORD = inline_serializer("MatchupGame", {
    "header": serializers.DictField(), "decisions": serializers.ListField(child=serializers.CharField()),
    "events": serializers.ListField(child=serializers.DictField()), "outcome": serializers.DictField(allow_null=True),
    "index": serializers.IntegerField(), "first": serializers.CharField(), "winner": serializers.CharField(allow_null=True),
})


def _valid_input(
    serializer: type[MatchupInput], request: Request
) -> tuple[dict[str, Any], DeckSource, DeckSource] | Response:
    """The validated input and both lists, or a 400 naming every line of either list that cannot
    be identified (a bad field raises the serializer's 400)."""
    data = serializer(data=request.data)
    data.is_valid(raise_exception=True)
    v = data.validated_data
    found: dict[str, DeckSource] = {}
    errors: dict[str, Any] = {}
    for side, label in (("a", "Mazo A"), ("b", "Mazo B")):
        try:
            found[side] = from_list(v["game"], v[f"deck_{side}"], label)
        except SourceError as exc:
            errors[f"deck_{side}"] = [e["message"] for e in exc.errors]
            if exc.report is not None:
                errors.setdefault("validation", {})[side] = exc.report
    if errors:
        return Response(errors, status=status.HTTP_400_BAD_REQUEST)
    return v, found["a"], found["b"]


@extend_schema(
    request=MatchupInput,
    responses={200: MATCHUP_RESULT, 202: RUN, 400: BAD_REQUEST, 429: TOO_MANY, 503: QUEUE_DOWN},
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([AnonRateThrottle, GoldfishThrottle])
def matchups(request: Request) -> Response:
    """Deck A against deck B: seeded games alternating who starts; the same seed gives the same bytes.

    Within the request's budget (about 100 ms of play) the answer comes at once; a bigger run is
    queued and the answer is 202 with its status URL."""
    return answer(request, MatchupInput, matchup_prepare)


@extend_schema(request=ReplayInput, responses={200: RECORD, 400: BAD_REQUEST, 429: TOO_MANY})
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([AnonRateThrottle, GoldfishThrottle])
def matchup_replay_view(request: Request) -> Response:
    """Game `index` of a matchup run with base `seed`: header, decisions, events and outcome (replayable)."""
    found = _valid_input(ReplayInput, request)
    if isinstance(found, Response):
        return found
    v, a, b = found
    record = matchup_replay(
        game=v["game"], list_a=a, list_b=b, seed=v["seed"], index=v["index"],
        policy_a=v["policy_a"], policy_b=v["policy_b"],
    )
    return Response(record)
