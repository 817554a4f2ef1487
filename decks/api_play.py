"""POST /api/decks/validate/ (CONTRACT section 4); the goldfish API lives in play.api."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Game
from cards.pagecache import cached_answer
from decks.validation import MAX_LIST_CHARS, ListTooLarge, validate_list
from eliria_site.fields import StrictCharField


class ValidateInput(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    list = StrictCharField(allow_blank=True, trim_whitespace=False, max_length=MAX_LIST_CHARS)


class ViolationSchema(serializers.Serializer):
    code = serializers.CharField()
    rule = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    cards = serializers.ListField(child=serializers.CharField())
    message = serializers.CharField()


class ValidationSchema(serializers.Serializer):
    valid = serializers.BooleanField()
    errors = ViolationSchema(many=True)
    warnings = ViolationSchema(many=True)
    sections = serializers.DictField(child=serializers.IntegerField())


BAD_REQUEST = OpenApiResponse(description="Entrada no válida: el cuerpo nombra cada campo erróneo.")


@extend_schema(request=ValidateInput, responses={200: ValidationSchema, 400: BAD_REQUEST})
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
def validate_deck(request: Request) -> Response:
    """Validate a deck list by the rules of its game; anonymous use allowed."""
    data = ValidateInput(data=request.data)
    data.is_valid(raise_exception=True)
    game, text = data.validated_data["game"], data.validated_data["list"]
    try:
        answer = cached_answer("validate", (game, text), lambda: validate_list(game, text).as_dict())
    except ListTooLarge as exc:
        return Response({"list": [str(exc)]}, status=status.HTTP_400_BAD_REQUEST)
    return Response(answer)


def __getattr__(name: str) -> object:
    # GoldfishThrottle moved to play.throttles with the rest of simulation (issue 12); this lazy
    # alias keeps old imports working without decks importing play at load time.
    if name == "GoldfishThrottle":
        from play.throttles import GoldfishThrottle

        return GoldfishThrottle
    raise AttributeError(name)
