"""Rulings API (docs/contract.md §8): the list (search, filter by card) and one ruling by number."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers

from cards.models import Card
from rulings.models import Ruling


def known_codes(rulings: Iterable[Ruling]) -> set[tuple[str, str]]:
    """(game, code) of every card the given rulings name that the catalogue has; one query."""
    wanted: dict[str, set[str]] = {}
    for ruling in rulings:
        wanted.setdefault(ruling.game, set()).update(ruling.card_codes, ruling.mention_codes)
    found: set[tuple[str, str]] = set()
    for game, codes in wanted.items():
        if codes:
            found.update(Card.objects.filter(game=game, code__in=codes).values_list("game", "code"))
    return found


class RulingSerializer(serializers.ModelSerializer):
    cards = serializers.ListField(
        source="card_codes",
        child=serializers.CharField(),
        read_only=True,
        help_text="Códigos de las cartas involucradas.",
    )
    mentions = serializers.ListField(
        source="mention_codes",
        child=serializers.CharField(),
        read_only=True,
        help_text="Códigos de cartas mencionadas.",
    )
    unresolved = serializers.SerializerMethodField(
        help_text="Códigos (involucradas o mencionadas) que el catálogo no tiene."
    )
    url = serializers.SerializerMethodField()

    class Meta:
        model = Ruling
        fields = [
            "number",
            "title",
            "date",
            "code",
            "game",
            "cards",
            "all_cards",
            "edition",
            "mentions",
            "considerations",
            "criterion",
            "site_behaviour",
            "unresolved",
            "url",
        ]

    def get_unresolved(self, ruling: Ruling) -> list[str]:
        known = self.context.get("known", set())
        codes = [*ruling.card_codes, *ruling.mention_codes]
        return [code for code in codes if (ruling.game, code) not in known]

    def get_url(self, ruling: Ruling) -> str:
        return self.context["request"].build_absolute_uri(ruling.get_absolute_url())


Q_PARAM = OpenApiParameter(
    "q", str, description="Palabras del título o del texto; sin distinguir mayúsculas ni acentos."
)
CARD_PARAM = OpenApiParameter(
    "card", str, description="Código de carta: resoluciones que la nombran (involucrada o mencionada)."
)


@extend_schema(parameters=[Q_PARAM, CARD_PARAM], responses={200: RulingSerializer(many=True)})
class RulingList(generics.ListAPIView):
    """The official rulings in number order, with their verbatim text."""

    serializer_class = RulingSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        params = self.request.query_params
        qs = Ruling.objects.prefetch_related("links").search(params.get("q", ""))
        return qs.naming(params.get("card", "")).order_by("number")

    def paginate_queryset(self, queryset: Any) -> Any:
        page = super().paginate_queryset(queryset)
        self._known = known_codes(page if page is not None else queryset)
        return page

    def get_serializer_context(self) -> dict[str, Any]:
        return {**super().get_serializer_context(), "known": getattr(self, "_known", set())}


@extend_schema(responses={200: RulingSerializer, 404: OpenApiResponse(description="No existe")})
class RulingDetail(generics.RetrieveAPIView):
    """One ruling by its number (1 = PRIMERO)."""

    serializer_class = RulingSerializer

    def get_object(self) -> Ruling:
        ruling = get_object_or_404(Ruling.objects.prefetch_related("links"), number=self.kwargs["number"])
        self._known = known_codes([ruling])
        return ruling

    def get_serializer_context(self) -> dict[str, Any]:
        return {**super().get_serializer_context(), "known": getattr(self, "_known", set())}
