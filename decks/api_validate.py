"""POST /api/decks/validate/ (docs/contract.md §4), and the input and answer schemas that the
simulation API (play) reuses for its deck lists."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Game
from cards.pagecache import cached_answer
from cards.validation import MAX_LIST_CHARS, report_json, validate_list
from common.serializers import StrictCharField


class ValidateInput(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    list = StrictCharField(allow_blank=True, trim_whitespace=False, max_length=MAX_LIST_CHARS)


class ViolationSchema(serializers.Serializer):
    code = serializers.CharField()
    rule = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    cards = serializers.ListField(child=serializers.CharField())
    message = serializers.CharField()
    suggestions = serializers.ListField(
        child=serializers.CharField(), required=False,
        help_text="Solo en `unknown_card`: los nombres de carta más parecidos al escrito, el mejor primero.",
    )


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
    # A list over the limits raises ListTooLarge, a SiteError: 400 naming `list`.
    # "validate-near": answers kept before `suggestions` existed are not reused.
    return Response(cached_answer("validate-near", (game, text),
                                  lambda: report_json(validate_list(game, text), game, text)))

