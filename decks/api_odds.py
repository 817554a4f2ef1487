"""POST /api/odds/ (docs/contract.md §6): exact draw odds of a group of a list's cards."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cards.search import MAX_QUERY, SearchError
from common.errors import BadInput
from common.serializers import StrictBooleanField, StrictCharField
from common.throttling import ClientRateThrottle, OddsThrottle
from decks.api_validate import BAD_REQUEST, ValidateInput
from decks.models import Deck
from decks.odds import odds_for_list

MAX_TURNS = 50


class OddsInput(ValidateInput):
    query = StrictCharField(max_length=MAX_QUERY, help_text="El grupo: una búsqueda del sitio (`t:combate pot>=5`) "
                            "o `tag:NOMBRE`, una etiqueta del mazo guardado `deck`.")  # fmt: skip
    at_least = serializers.IntegerField(min_value=0, max_value=60, default=1)
    turns = serializers.IntegerField(min_value=1, max_value=MAX_TURNS, default=10)
    first = StrictBooleanField(default=True, help_text="Eliria: quien empieza se salta el primer robo (11.d).")
    deck = serializers.IntegerField(
        required=False, min_value=1, help_text="Un mazo guardado (tuyo o público) cuyas etiquetas lee `tag:`."
    )


_TURN = inline_serializer("OddsTurn", {
    "turn": serializers.IntegerField(), "cards_seen": serializers.IntegerField(), "p": serializers.FloatField(),
})  # fmt: skip
_PER_TURN = serializers.ListField(child=_TURN)


@extend_schema(
    request=OddsInput,
    responses={
        200: inline_serializer("OddsResult", {
            "deck": serializers.IntegerField(help_text="Cartas del mazo que se roban (Eliria: «Mazo:» sin tokens; "
                                                        "Misión: los Elementos)."),
            "group": serializers.IntegerField(help_text="Cuántas de ellas están en el grupo."),
            "mulligan": serializers.BooleanField(help_text="Si una mano puede necesitar el mulligan (11.b)."),
            "per_turn": _PER_TURN,
            "one_more": serializers.DictField(allow_null=True, help_text="Eliria: lo mismo con una carta más del "
                                              "grupo en lugar de una que no lo es."),
            "keepable": serializers.BooleanField(required=False, help_text="Eliria: si el mazo tiene alguna carta de "
                                                 "combate sin †; sin ella toda mano va al mulligan y se pierde (7.c)."),
            "lost": serializers.ListField(required=False, child=serializers.DictField(), help_text="Eliria, si puede "
                                          "haber mulligan: por turno, la probabilidad de haber perdido ya por 7.c "
                                          "(esas partidas cuentan en `p` como no tener el grupo)."),
            "entities": serializers.DictField(required=False, help_text="Misión: los Entes sacados, uno por turno."),
            "cards": serializers.ListField(child=serializers.CharField(), help_text="Los códigos del grupo."),
        }),  # fmt: skip
        400: BAD_REQUEST,
        429: OpenApiResponse(description="Demasiadas peticiones: espera lo que indica Retry-After."),
    },
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([ClientRateThrottle, OddsThrottle])
def odds(request: Request) -> Response:
    """Exact probability of holding at least `at_least` cards of the group by each turn, with the
    11.b mulligan as the site's goldfish plays it (docs/formats.md); anonymous use allowed."""
    data = OddsInput(data=request.data)
    data.is_valid(raise_exception=True)
    v: dict[str, Any] = data.validated_data
    deck = _tag_deck(request, v.get("deck"), v["game"])
    try:
        answer = odds_for_list(
            game=v["game"], text=v["list"], query=v["query"], at_least=v["at_least"], turns=v["turns"],
            first=v["first"], user=request.user, deck=deck,
        )  # fmt: skip
    except SearchError as exc:
        raise BadInput(f"La búsqueda no vale: {exc}", field="query") from None
    return Response(answer)


def _tag_deck(request: Request, pk: int | None, game: str) -> Deck | None:
    if pk is None:
        return None
    deck = Deck.objects.visible_to(request.user).filter(pk=pk).first()
    if deck is None:
        raise BadInput(f"No hay un mazo {pk} que puedas ver.", field="deck")
    if deck.game != game:
        raise BadInput(f"El mazo {pk} es de otro juego.", field="deck")
    return deck
