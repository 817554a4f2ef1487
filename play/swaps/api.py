"""POST /api/goldfish/swaps/ (docs/contract.md §6): candidates for one card of a list, raced in its place."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from cards.validation import MAX_LIST_CHARS
from common.serializers import StrictCharField
from engine.swaps import MAX_CANDIDATES
from play.compare.api import QUEUED_ANSWERS, RunInput, simulation_endpoint
from play.compare.services import goal_fields
from play.runs.answer import answer
from play.swaps.services import swaps_prepare


class GoalInput(serializers.Serializer):
    field = StrictCharField(max_length=40, help_text="Un número por turno de la sección 5 (p. ej. mean_power_max).")
    turn = serializers.IntegerField(min_value=1, max_value=50)


class SwapsInput(RunInput):
    list = StrictCharField(allow_blank=True, trim_whitespace=False, max_length=MAX_LIST_CHARS)
    cut = StrictCharField(max_length=120, help_text="La carta de la lista que se corta (código o nombre), o «*» "
                                                    "para probar cada carta de la lista (cada fila nombra su «cut»).")
    candidates = serializers.ListField(
        child=StrictCharField(max_length=120), min_length=1, max_length=MAX_CANDIDATES,
        help_text="Las cartas que pueden ocupar su lugar (códigos o nombres).",
    )
    goal = GoalInput()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        goal, fields = attrs["goal"], goal_fields(attrs["game"])
        if goal["field"] not in fields:
            raise serializers.ValidationError({"goal": f"«field» debe ser uno de: {', '.join(fields)}."})
        if goal["turn"] > attrs["turns"]:
            raise serializers.ValidationError({"goal": f"«turn» debe estar entre 1 y {attrs['turns']} («turns»)."})
        return attrs


@extend_schema(
    request=SwapsInput,
    responses={
        200: inline_serializer("SwapsResult", {
            "cut": serializers.CharField(),
            "goal": inline_serializer("SwapsGoal", {"field": serializers.CharField(), "turn": serializers.IntegerField()}),
            "ranking": serializers.ListField(child=inline_serializer("SwapCandidate", {
                "card": serializers.CharField(), "delta": serializers.FloatField(),
                "cut": serializers.CharField(required=False, help_text="Con «cut» «*»: la carta que sale."),
                "ci95": serializers.ListField(child=serializers.FloatField(), allow_null=True),
                "games": serializers.IntegerField(),
                "stopped": serializers.BooleanField(help_text="Se detuvo antes: claramente por detrás de la mejor "
                                                                "tras «games» partidas (su intervalo es el de esas)."),
            })),
        }),
        **QUEUED_ANSWERS,
    },
)
@simulation_endpoint
def goldfish_swaps(request: Request) -> Response:
    """Candidates for one card of a list, each raced in its place against the list as it is on
    common seeds (successive halving: the clearly worse stop early); the ranking, best first.
    With ``"cut": "*"`` every card of the list is tried as the cut, each row naming its ``cut``.

    Within the request's budget the answer comes at once; a bigger race is queued (202)."""
    return answer(request, SwapsInput, swaps_prepare)
