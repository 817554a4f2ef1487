"""Decks API: CRUD for their owner, public decks readable by everybody, export by format.

Access: `get_queryset` holds the player's own decks and everybody's public ones, so another
player's private or unlisted deck is a 404 (never its content); writing to somebody else's
public deck is a 403; unlisted decks are read by their secret slug (`shared/<slug>/`).
Writes go through `decks.services`; input and output have their own serializers.
A stale save (`version` is not the deck's current one) answers 409 and writes nothing.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet, Sum
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from cards.models import Card, Game
from cards.validation import MAX_LIST_CHARS
from decks import exports
from decks.api_validate import ValidationSchema
from decks.models import MAX_DESCRIPTION, MAX_NAME, MAX_QUANTITY, Deck, Section, Visibility
from decks.selectors import deck_report, deck_rows, deck_text
from decks.services import (
    DeckError,
    EntrySpec,
    ListRejected,
    StaleDeck,
    deck_create,
    deck_delete,
    deck_update,
    specs_from_list,
)

# ---------------------------------------------------------------- serializers
GAME_CHOICES = Game.choices  # the same enum as every other `game` field


class EntryInSerializer(serializers.Serializer):
    section = serializers.ChoiceField(choices=Section.choices)
    code = serializers.CharField(max_length=24)
    quantity = serializers.IntegerField(min_value=1, max_value=MAX_QUANTITY, default=1)
    edition = serializers.IntegerField(min_value=1, required=False, allow_null=True,
                                       help_text="Número de la edición fijada (opcional).")


class EntryOutSerializer(EntryInSerializer):
    name = serializers.CharField()
    edition_outdated = serializers.BooleanField(help_text="La edición fijada no es la vigente (resolución TERCERO).")


class DeckInSerializer(serializers.Serializer):
    """A deck to create or update. Cards come as `list` (deck-list text) or as `entries`."""

    game = serializers.ChoiceField(choices=GAME_CHOICES, required=False)
    name = serializers.CharField(max_length=MAX_NAME, required=False)
    description = serializers.CharField(max_length=MAX_DESCRIPTION, required=False, allow_blank=True)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    built = serializers.BooleanField(required=False)
    version = serializers.IntegerField(
        min_value=1, required=False,
        help_text="Obligatorio al modificar: la versión desde la que se edita (409 si otro guardó antes).",
    )
    list = serializers.CharField(max_length=MAX_LIST_CHARS, required=False, allow_blank=True, trim_whitespace=False)
    entries = EntryInSerializer(many=True, required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "list" in attrs and "entries" in attrs:
            raise ValidationError({"list": "Envía la lista como texto («list») o como «entries», no las dos."})
        return attrs


class DeckOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    visibility = serializers.CharField()
    built = serializers.BooleanField()
    version = serializers.IntegerField()
    owner = serializers.CharField()
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()
    url = serializers.URLField()
    share_url = serializers.URLField(allow_null=True, help_text="Enlace secreto (solo para su dueño, si es oculto).")
    forked_from = serializers.IntegerField(allow_null=True)
    entries = EntryOutSerializer(many=True)
    list = serializers.CharField(help_text="La lista en texto (docs/contract.md §3).")
    validation = ValidationSchema(help_text="Como POST /api/decks/validate/ sobre esta lista.")


class DeckSummarySerializer(serializers.ModelSerializer):
    game = serializers.ChoiceField(choices=GAME_CHOICES)
    owner = serializers.CharField(source="owner.get_username")
    cards = serializers.IntegerField(allow_null=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = ["id", "game", "name", "visibility", "built", "version", "owner", "cards", "updated", "url"]

    def get_url(self, deck: Deck) -> str:
        return self.context["request"].build_absolute_uri(deck.get_absolute_url())


def deck_out(deck: Deck, request: Request) -> dict[str, Any]:
    rows = deck_rows(deck)
    report = deck_report(rows, deck.game)
    owner = deck.is_owned_by(request.user)
    share = owner and deck.visibility == Visibility.UNLISTED
    data = {
        "id": deck.pk, "game": deck.game, "name": deck.name, "description": deck.description,
        "visibility": deck.visibility, "built": deck.built, "version": deck.version,
        "owner": deck.owner.get_username(), "created": deck.created, "updated": deck.updated,
        "url": request.build_absolute_uri(deck.get_absolute_url()),
        "share_url": request.build_absolute_uri(deck.get_share_url()) if share else None,
        "forked_from": deck.forked_from_id,
        "entries": [
            {"section": r.section, "code": r.card.code, "name": r.card.name, "quantity": r.quantity,
             "edition": r.edition.edition if r.edition else None, "edition_outdated": r.pin_outdated}
            for r in rows
        ],
        "list": deck_text(rows, deck.game),
        "validation": report.as_dict(),
    }
    return DeckOutSerializer(data).data


# ---------------------------------------------------------------- permissions
class IsOwnerOrReadOnly(permissions.BasePermission):
    message = "Solo el dueño del mazo puede modificarlo."

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        # The browsable API asks about the forms it may show with other objects than a Deck.
        return isinstance(obj, Deck) and obj.is_owned_by(request.user)


BAD = OpenApiResponse(description="Datos no válidos (mensajes en español; con `validation` si la lista tiene líneas que no son cartas)")
NOT_FOUND = OpenApiResponse(description="No existe, o es un mazo privado de otro jugador")
FORBIDDEN = OpenApiResponse(description="Sin sesión, o el mazo es de otro jugador")
STALE = OpenApiResponse(description="Otro guardado se adelantó: recarga y repite (nada se ha escrito)")
SCOPE = OpenApiParameter("scope", str, enum=["mine", "public"],
                         description="mine (por defecto con sesión): tus mazos; public: los públicos de todos.")
FORMAT = OpenApiParameter("format", str, enum=list(exports.FORMATS), description="text (por defecto), csv o json")


@extend_schema_view(
    list=extend_schema(parameters=[SCOPE, OpenApiParameter("q", str, description="Palabras del nombre"),
                                   OpenApiParameter("game", str, enum=GAME_CHOICES)],
                       responses={200: DeckSummarySerializer(many=True), 400: BAD, 403: FORBIDDEN}),
    retrieve=extend_schema(responses={200: DeckOutSerializer, 404: NOT_FOUND}),
    create=extend_schema(request=DeckInSerializer, responses={201: DeckOutSerializer, 400: BAD, 403: FORBIDDEN}),
    update=extend_schema(request=DeckInSerializer,
                         responses={200: DeckOutSerializer, 400: BAD, 403: FORBIDDEN, 404: NOT_FOUND, 409: STALE}),
    partial_update=extend_schema(request=DeckInSerializer,
                                 responses={200: DeckOutSerializer, 400: BAD, 403: FORBIDDEN, 404: NOT_FOUND, 409: STALE}),
    destroy=extend_schema(parameters=[OpenApiParameter("version", int, description="Si se da, 409 si no es la actual")],
                          responses={204: None, 403: FORBIDDEN, 404: NOT_FOUND, 409: STALE}),
)
class DeckViewSet(viewsets.GenericViewSet):
    """Decks: yours to read and write, everybody's public ones to read."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsOwnerOrReadOnly]
    serializer_class = DeckInSerializer
    lookup_value_regex = r"[0-9]+"

    def get_queryset(self) -> QuerySet[Deck]:
        if getattr(self, "swagger_fake_view", False):
            return Deck.objects.none()
        return Deck.objects.visible_to(self.request.user).select_related("owner")

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        # `?format=` names the export format here, not one of DRF's renderers.
        if getattr(self, "action", None) == "export":
            return JSONRenderer(), JSONRenderer.media_type
        return super().perform_content_negotiation(request, force)

    # ------------------------------------------------------------ reads
    def list(self, request: Request) -> Response:
        user = request.user
        scope = request.query_params.get("scope") or ("mine" if user.is_authenticated else "public")
        if scope == "mine":
            if not user.is_authenticated:
                raise NotAuthenticated("Entra para ver tus mazos, o pide scope=public.")
            qs = Deck.objects.owned_by(user)
        elif scope == "public":
            qs = Deck.objects.public()
        else:
            raise ValidationError({"scope": "Usa «mine» o «public»."})
        game = request.query_params.get("game")
        if game:
            if game not in Game.values:
                raise ValidationError({"game": f"Juego desconocido «{game}»: eliria o mision."})
            qs = qs.filter(game=game)
        qs = qs.search(request.query_params.get("q", "")[:200]).select_related("owner")
        qs = qs.annotate(cards=Sum("entries__quantity")).order_by("-updated", "-pk")
        page = self.paginate_queryset(qs)
        data = DeckSummarySerializer(page, many=True, context={"request": request}).data
        return self.get_paginated_response(data)

    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        return Response(deck_out(self.get_object(), request))

    @extend_schema(responses={200: DeckOutSerializer, 404: NOT_FOUND})
    @action(detail=False, methods=["get"], url_path=r"shared/(?P<slug>[A-Za-z0-9_-]+)",
            permission_classes=[permissions.AllowAny])
    def shared(self, request: Request, slug: str) -> Response:
        """An unlisted (or public) deck by its secret link."""
        deck = get_object_or_404(Deck.objects.select_related("owner"), slug=slug)
        if not deck.can_view(request.user, by_slug=True):
            return Response({"detail": "No encontrado."}, status=status.HTTP_404_NOT_FOUND)
        return Response(deck_out(deck, request))

    @extend_schema(
        parameters=[FORMAT],
        responses={(200, "text/plain"): OpenApiTypes.STR, (200, "text/csv"): OpenApiTypes.STR,
                   (200, "application/json"): OpenApiTypes.OBJECT, 400: BAD, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"])
    def export(self, request: Request, pk: str | None = None) -> HttpResponse | Response:
        """The deck as text (docs/contract.md §3), CSV (`section,quantity,code,name`) or JSON."""
        deck = self.get_object()
        fmt = request.query_params.get("format", "text")
        if fmt not in exports.FORMATS:
            return Response({"format": f"Formato desconocido «{fmt}»: text, csv o json."},
                            status=status.HTTP_400_BAD_REQUEST)
        out = exports.export(deck, deck_rows(deck), fmt)
        response = HttpResponse(out.content, content_type=out.content_type)
        response["Content-Disposition"] = f'inline; filename="{out.filename}"'
        return response

    # ------------------------------------------------------------ writes
    def create(self, request: Request) -> Response:
        data = self._input(request)
        missing = {k: "Este campo es obligatorio." for k in ("game", "name") if not data.get(k)}
        if missing:
            raise ValidationError(missing)
        # ListRejected (400 with the engine's report) and StaleDeck (409 with the current version) are
        # SiteErrors: common.errors.api_exception_handler answers them.
        specs = self._specs(data["game"], data)
        try:
            deck = deck_create(
                owner=request.user, game=data["game"], name=data["name"],
                description=data.get("description", ""), visibility=data.get("visibility", Visibility.PRIVATE),
                entries=specs or (), note="Creado por la API",
            )
        except DeckError as exc:
            raise ValidationError({"detail": str(exc)}) from None
        return Response(deck_out(deck, request), status=status.HTTP_201_CREATED)

    def update(self, request: Request, pk: str | None = None, partial: bool = False) -> Response:
        deck = self.get_object()
        data = self._input(request, partial=True)
        if "version" not in data:
            raise ValidationError({"version": "Indica la versión del mazo desde la que editas."})
        if data.get("game", deck.game) != deck.game:
            raise ValidationError({"game": "Un mazo no cambia de juego; crea uno nuevo."})
        if not partial:
            missing = {k: "Este campo es obligatorio." for k in ("name",) if k not in data}
            if missing:
                raise ValidationError(missing)
        specs = self._specs(deck.game, data)
        try:
            deck = deck_update(
                deck, expected_version=data["version"], actor=request.user, name=data.get("name"),
                description=data.get("description"), visibility=data.get("visibility"),
                built=data.get("built"), entries=specs, note="Guardado por la API",
            )
        except StaleDeck:
            raise
        except DeckError as exc:
            raise ValidationError({"detail": str(exc)}) from None
        return Response(deck_out(deck, request))

    def partial_update(self, request: Request, pk: str | None = None) -> Response:
        return self.update(request, pk, partial=True)

    def destroy(self, request: Request, pk: str | None = None) -> Response:
        deck = self.get_object()
        version = request.query_params.get("version")
        deck_delete(deck, expected_version=int(version) if version and version.isdigit() else deck.version)
        return Response(status=status.HTTP_204_NO_CONTENT)

    # ------------------------------------------------------------ helpers
    def _input(self, request: Request, partial: bool = False) -> dict[str, Any]:
        serializer = DeckInSerializer(data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)

    def _specs(self, game: str, data: dict[str, Any]) -> list[EntrySpec] | None:
        """The cards of the request (from `list` or `entries`), or None when it sends neither."""
        if "list" in data:
            try:
                specs, _ = specs_from_list(game=game, text=data["list"])
            except ListRejected:
                raise
            except DeckError as exc:
                raise ValidationError({"list": str(exc)}) from None
            return specs
        if "entries" in data:
            return _entry_specs(game, data["entries"])
        return None


def _entry_specs(game: str, items: list[dict[str, Any]]) -> list[EntrySpec]:
    codes = {item["code"] for item in items} | {item["code"].upper() for item in items}
    cards = {c.code.upper(): c for c in Card.objects.filter(game=game, code__in=codes).prefetch_related("editions")}
    errors, specs = [], []
    for i, item in enumerate(items):
        card = cards.get(item["code"].upper())
        if card is None:
            errors.append(f"entries[{i}]: no hay ninguna carta de {Game(game).label} con el código «{item['code']}».")
            continue
        pin = None
        if item.get("edition"):
            pin = next((ed for ed in card.editions.all() if ed.edition == item["edition"]), None)
            if pin is None:
                errors.append(f"entries[{i}]: «{card.name}» no tiene una edición {item['edition']}.")
                continue
        specs.append(EntrySpec(item["section"], card, item["quantity"], pin))
    if errors:
        raise ValidationError({"entries": errors})
    return specs
