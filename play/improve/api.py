"""POST /api/goldfish/improve/ (docs/contract.md §6): a search for a better deck, verified on fresh seeds."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Game
from cards.validation import MAX_LIST_CHARS
from common.serializers import StrictCharField
from play.common import MAX_SEED
from play.compare.api import QUEUED_ANSWERS, simulation_endpoint
from play.improve.services import POOLS, improve_prepare
from play.runs.answer import answer


class ImproveGoalInput(serializers.Serializer):
    field = StrictCharField(max_length=40, help_text="Un número por turno de la sección 5 (p. ej. mean_power_max), o "
                                                     "en Misión S.O.S win_turn: el turno en que el BAÚL llega a 30 "
                                                     "(menos es mejor; sin llegar en «turn» turnos cuenta turn + 1).")
    turn = serializers.IntegerField(min_value=1, max_value=50)


class ImproveInput(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    list = StrictCharField(allow_blank=True, trim_whitespace=False, max_length=MAX_LIST_CHARS)
    goal = ImproveGoalInput(required=False, help_text="Obligatorio salvo con «against».")
    pool = serializers.ChoiceField(choices=POOLS, default="catalogue",
                                   help_text="collection: solo las cartas que tienes, en las cantidades que tienes.")
    keep = serializers.ListField(child=StrictCharField(max_length=120), required=False, default=lambda: [], max_length=200,
                                 help_text="Cartas que deben quedarse: nombre, código o «Nombre (CÓDIGO)».")
    budget = serializers.IntegerField(help_text="Partidas como mucho en toda la búsqueda (el sitio lo acota).")
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED, required=False, allow_null=True)
    against = serializers.IntegerField(required=False, allow_null=True,
                                       help_text="Uno de tus campos guardados: el objetivo es el porcentaje de "
                                                 "victorias contra él, con los jugadores por reglas.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("against") is None and "goal" not in attrs:
            raise serializers.ValidationError({"goal": "Falta el objetivo: {\"field\", \"turn\"}."})
        return attrs


STEP = inline_serializer("ImproveStep", {
    "cut": serializers.ListField(child=serializers.CharField()),
    "add": serializers.ListField(child=serializers.CharField()),
    "delta": serializers.FloatField(),
    "ci95": serializers.ListField(child=serializers.FloatField()),
    "games": serializers.IntegerField(),
})
SIDE = inline_serializer("ImproveDeck", {"list": serializers.CharField(), "value": serializers.FloatField()})


@extend_schema(
    request=ImproveInput,
    responses={
        200: inline_serializer("ImproveResult", {
            "start": SIDE, "best": SIDE, "steps": serializers.ListField(child=STEP),
            "games": serializers.IntegerField(),
            "verified": inline_serializer("ImproveVerified", {
                "delta": serializers.FloatField(),
                "ci95": serializers.ListField(child=serializers.FloatField(), allow_null=True),
                "games": serializers.IntegerField(), "seed": serializers.IntegerField(),
            }),
        }),
        **QUEUED_ANSWERS,
    },
)
@simulation_endpoint
def goldfish_improve(request: Request) -> Response:
    """A search for a better deck under the deck rules: it replaces cards, races the changes on common
    seeds (successive halving), keeps a change only when its interval says it helps, and verifies the
    best deck against the start on a seed it never used (``verified``: the number to trust).

    Within the request's budget the answer comes at once; a bigger search is queued (202), and its
    run shows each accepted step as it is found (``found``)."""
    return answer(request, ImproveInput, improve_prepare)
