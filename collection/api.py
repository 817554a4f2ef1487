"""Collection API, for the owner only: list, add, remove, import (CSV or list text), export CSV,
have/need for a deck, the shopping list, the «built» and «wanted» switches.

Anonymous requests are refused (403) and never see anything; every queryset is the player's
own, so another player's deck is a 404, exactly like a deck that does not exist. Writes go
through `collection.services`; their refusals (CollectionError, ImportRejected: SiteErrors) are
answered by the site's exception handler, 400 `{"detail", "errors"}`: an import with any bad line
names every problem (`line`, `field`, `message`) and writes nothing.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Card, Game
from collection import selectors
from collection.exports import collection_csv, shopping_csv, shopping_text
from collection.imports import MAX_BYTES, ImportProblem, ImportRejected, size_problem
from collection.models import MAX_COPIES, CollectionItem, Condition, WantedDeck
from collection.needs import Result
from collection.services import (
    CollectionError,
    collection_add,
    collection_import_csv,
    collection_import_list,
    deck_set_built,
    deck_set_wanted,
)
from decks.models import Deck

GAME_SLUGS = [g.value for g in Game]


# ---------------------------------------------------------------- serializers
class ItemSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="card.game")
    code = serializers.CharField(source="card.code")
    name = serializers.CharField(source="card.name")
    edition = serializers.IntegerField(source="edition.edition")
    current = serializers.SerializerMethodField(help_text="Es la edición vigente de la carta (resolución TERCERO).")

    class Meta:
        model = CollectionItem
        fields = ["id", "game", "code", "name", "edition", "current", "quantity", "condition", "language"]

    def get_current(self, item: CollectionItem) -> bool:
        return item.edition_id == item.card.current_id


class ChangeSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    code = serializers.CharField(max_length=24)
    edition = serializers.IntegerField(min_value=1, max_value=9999, required=False, allow_null=True,
                                       help_text="Número de edición; sin él, la vigente (al quitar: la vigente o la última tocada).")
    quantity = serializers.IntegerField(min_value=1, max_value=MAX_COPIES, default=1)
    condition = serializers.ChoiceField(choices=Condition.choices, required=False, allow_blank=True, default="")
    language = serializers.RegexField(r"^[a-z]{2,3}$", required=False, allow_blank=True, default="")


class ChangeOutSerializer(serializers.Serializer):
    game = serializers.CharField()
    code = serializers.CharField()
    quantity = serializers.IntegerField(help_text="Copias en esa fila (edición, estado, idioma); 0: la fila ya no existe.")
    card_total = serializers.IntegerField(help_text="Copias de la carta, todas las ediciones.")


class ImportSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["csv", "text"], help_text="csv: game,code,edition,quantity,condition,language; text: lista de mazo.")
    content = serializers.CharField(max_length=MAX_BYTES, trim_whitespace=False)
    game = serializers.ChoiceField(choices=Game.choices, required=False, allow_blank=True, default="",
                                   help_text="Obligatorio con format=text; con csv, las filas de otro juego son un error.")
    mode = serializers.ChoiceField(choices=["add", "replace"], default="add")
    dry_run = serializers.BooleanField(default=False, help_text="Solo comprobar y contar: no se guarda nada.")


class ImportOutSerializer(serializers.Serializer):
    lines = serializers.IntegerField()
    copies = serializers.IntegerField()
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    deleted = serializers.IntegerField()
    mode = serializers.CharField()
    dry_run = serializers.BooleanField()


class ProblemSerializer(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    field = serializers.CharField()
    message = serializers.CharField()


class RejectedSerializer(serializers.Serializer):
    """An import refused line by line (`detail` + `errors`); other bad input answers DRF's usual
    {field: [messages]} object, so neither key is required."""

    detail = serializers.CharField(required=False)
    errors = ProblemSerializer(many=True, required=False)


class TakenBySerializer(serializers.Serializer):
    deck = serializers.CharField()
    quantity = serializers.IntegerField()


class NeedLineSerializer(serializers.Serializer):
    section = serializers.CharField()
    code = serializers.CharField()
    name = serializers.CharField()
    edition = serializers.IntegerField(allow_null=True, help_text="Edición fijada en el mazo, si la hay.")
    needed = serializers.IntegerField()
    owned = serializers.IntegerField()
    taken = serializers.IntegerField(help_text="De las que tienes, las que están en otros mazos montados.")
    taken_by = TakenBySerializer(many=True)
    available = serializers.IntegerField()
    missing = serializers.IntegerField()


class HaveNeedSerializer(serializers.Serializer):
    deck = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    built = serializers.BooleanField()
    wanted = serializers.BooleanField()
    needed = serializers.IntegerField()
    have = serializers.IntegerField()
    missing = serializers.IntegerField()
    lines = NeedLineSerializer(many=True)


class FlagsSerializer(serializers.Serializer):
    built = serializers.BooleanField(required=False)
    wanted = serializers.BooleanField(required=False)


class ShoppingLineSerializer(serializers.Serializer):
    game = serializers.CharField()
    code = serializers.CharField()
    name = serializers.CharField()
    edition = serializers.IntegerField(allow_null=True)
    quantity = serializers.IntegerField()
    decks = serializers.ListField(child=serializers.CharField())


class ShoppingSerializer(serializers.Serializer):
    decks = serializers.ListField(child=serializers.IntegerField(), help_text="Ids de los mazos deseados.")
    copies = serializers.IntegerField()
    lines = ShoppingLineSerializer(many=True)
    text = serializers.DictField(child=serializers.CharField(), help_text="Por juego, como lista de mazo.")


def result_json(result: Result) -> dict[str, Any]:
    return {
        "needed": result.needed, "owned": result.owned, "taken": result.taken,
        "taken_by": [{"deck": name, "quantity": n} for name, n in result.taken_by],
        "available": result.available, "missing": result.missing,
    }


BAD = OpenApiResponse(RejectedSerializer, description="Datos no válidos: cada problema con su línea y campo; nada se ha guardado")
FORBIDDEN = OpenApiResponse(description="Sin sesión ni clave: la colección es privada")
NOT_FOUND = OpenApiResponse(description="No existe, o no es tuyo")
GAME = OpenApiParameter("game", str, enum=GAME_SLUGS)


# ---------------------------------------------------------------- the collection
@extend_schema_view(
    list=extend_schema(parameters=[GAME, OpenApiParameter("code", str)],
                       responses={200: ItemSerializer(many=True), 400: BAD, 403: FORBIDDEN}),
)
class CollectionViewSet(viewsets.GenericViewSet):
    """Your collection: one row per edition, condition and language."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = ItemSerializer

    def get_queryset(self) -> QuerySet[CollectionItem]:
        if getattr(self, "swagger_fake_view", False):
            return CollectionItem.objects.none()
        return selectors.items_of(self.request.user).order_by(
            "card__game", "card__code", "edition__edition", "condition", "language", "pk")

    def list(self, request: Request) -> Response:
        qs = self.get_queryset()
        game = request.query_params.get("game")
        if game:
            if game not in GAME_SLUGS:
                raise ValidationError({"game": f"Juego desconocido «{game[:20]}»: eliria o mision."})
            qs = qs.filter(card__game=game)
        if request.query_params.get("code"):
            qs = qs.filter(card__code__iexact=request.query_params["code"][:24])
        page = self.paginate_queryset(qs)
        return self.get_paginated_response(ItemSerializer(page, many=True).data)

    def _change(self, request: Request, sign: int) -> Response:
        data = ChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        card = get_object_or_404(Card.objects.with_current().prefetch_related("editions"),
                                 game=d["game"], code__iexact=d["code"])
        edition = None
        if d.get("edition"):
            edition = next((e for e in card.editions.all() if e.edition == d["edition"]), None)
            if edition is None:
                raise CollectionError(f"{card.code} no tiene edición {d['edition']}.")
        result = collection_add(owner=request.user, card=card, delta=sign * d["quantity"], edition=edition,
                                condition=d["condition"], language=d["language"])
        return Response({"game": card.game, "code": card.code, "quantity": result.quantity,
                         "card_total": result.card_total})

    @extend_schema(request=ChangeSerializer, responses={200: ChangeOutSerializer, 400: BAD, 403: FORBIDDEN, 404: NOT_FOUND})
    @action(detail=False, methods=["post"])
    def add(self, request: Request) -> Response:
        """Add copies of a card (its current edition unless `edition` is given)."""
        return self._change(request, 1)

    @extend_schema(request=ChangeSerializer, responses={200: ChangeOutSerializer, 400: BAD, 403: FORBIDDEN, 404: NOT_FOUND})
    @action(detail=False, methods=["post"])
    def remove(self, request: Request) -> Response:
        """Remove copies; a row that reaches 0 is deleted. Removing more than you have is a 400."""
        return self._change(request, -1)

    @extend_schema(request=ImportSerializer, responses={200: ImportOutSerializer, 400: BAD, 403: FORBIDDEN})
    @action(detail=False, methods=["post"], url_path="import", url_name="import")
    def import_(self, request: Request) -> Response:
        """Import a CSV or a deck-list text: all or nothing, every bad line in the 400 answer."""
        try:
            payload = request.data
        except RequestDataTooBig:  # a 10 MB upload: refused before it is parsed
            problem = size_problem(int(request.META.get("CONTENT_LENGTH") or MAX_BYTES + 1))
            raise ImportRejected([problem or ImportProblem(None, "file", "demasiado grande.")]) from None
        data = ImportSerializer(data=payload)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        if d["format"] == "csv":
            summary = collection_import_csv(owner=request.user, text=d["content"], game=d["game"] or None,
                                            mode=d["mode"], dry_run=d["dry_run"])
        else:
            summary = collection_import_list(owner=request.user, text=d["content"], game=d["game"],
                                             mode=d["mode"], dry_run=d["dry_run"])
        return Response({**summary.as_dict(), "dry_run": d["dry_run"]})

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, 403: FORBIDDEN})
    @action(detail=False, methods=["get"])
    def export(self, request: Request) -> HttpResponse:
        """The whole collection as CSV: game,code,edition,quantity,condition,language,name."""
        response = HttpResponse(collection_csv(self.get_queryset()), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="coleccion.csv"'
        return response

    @extend_schema(responses={200: ShoppingSerializer, 403: FORBIDDEN})
    @action(detail=False, methods=["get"])
    def shopping(self, request: Request) -> Response:
        """What you lack for every deck marked wanted, all at once (copies in built decks are taken)."""
        shopping = selectors.shopping_list(request.user)
        lines = [
            {"game": ln.card.game, "code": ln.card.code, "name": ln.card.name,
             "edition": ln.edition.edition if ln.edition else None, "quantity": ln.quantity, "decks": ln.decks}
            for ln in shopping.lines
        ]
        text = {g: shopping_text(shopping.lines, g) for g in GAME_SLUGS if shopping.for_game(g)}
        return Response({"decks": [d.pk for d in shopping.decks], "copies": shopping.copies,
                         "lines": lines, "text": text})

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, 403: FORBIDDEN})
    @action(detail=False, methods=["get"], url_path="shopping/csv")
    def shopping_csv(self, request: Request) -> HttpResponse:
        """The shopping list in the collection's CSV format (import it once bought)."""
        response = HttpResponse(shopping_csv(selectors.shopping_list(request.user).lines),
                                content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="compras.csv"'
        return response


# ---------------------------------------------------------------- have / need per deck
@extend_schema_view(
    retrieve=extend_schema(responses={200: HaveNeedSerializer, 403: FORBIDDEN, 404: NOT_FOUND}),
)
class CollectionDeckViewSet(viewsets.GenericViewSet):
    """Have / need of one of your decks; another player's deck is a 404."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = HaveNeedSerializer
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self) -> QuerySet[Deck]:
        if getattr(self, "swagger_fake_view", False):
            return Deck.objects.none()
        return Deck.objects.owned_by(self.request.user)

    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        deck = self.get_object()
        report = selectors.deck_have_need(deck)
        return Response({
            "deck": deck.pk, "name": deck.name, "game": deck.game, "built": deck.built,
            "wanted": report.wanted, "needed": report.needed, "have": report.have, "missing": report.missing,
            "lines": [
                {"section": ln.entry.section, "code": ln.card.code, "name": ln.card.name,
                 "edition": ln.entry.edition.edition if ln.entry.edition else None, **result_json(ln.result)}
                for ln in report.lines
            ],
        })

    @extend_schema(request=FlagsSerializer, responses={200: FlagsSerializer, 400: BAD, 403: FORBIDDEN, 404: NOT_FOUND})
    @action(detail=True, methods=["post"])
    def flags(self, request: Request, pk: str | None = None) -> Response:
        """Mark the deck built (its copies are taken for your other decks) and/or wanted."""
        deck = self.get_object()
        data = FlagsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        if "built" in d:
            deck_set_built(owner=request.user, deck_id=deck.pk, built=d["built"])
        if "wanted" in d:
            deck_set_wanted(owner=request.user, deck_id=deck.pk, wanted=d["wanted"])
        deck.refresh_from_db(fields=["built"])
        return Response({"built": deck.built, "wanted": WantedDeck.objects.filter(deck=deck).exists()})
