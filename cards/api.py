"""Catalogue API (docs/contract.md §8): card search, card detail with editions and rulings."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import generics, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from cards.catalogue import edition_to_dict
from cards.index import api_cards
from cards.models import Card, CardQuerySet, Edition, Game, Set, card_url
from cards.pagecache import cached_answer
from cards.search import ParsedQuery, SearchError, parse_query

# Searches matching more cards than this are not kept as id lists (a pickled list of 20,000 ids is
# about 100 kB, under PAGE_CACHE_MAX_ANSWER).
ID_MEMO_LIMIT = 20_000


class EditionSchema(serializers.Serializer):
    """Documents the edition object (docs/contract.md §2); fields present depend on the type."""

    edition = serializers.IntegerField()
    released = serializers.DateField()
    potential = serializers.IntegerField(required=False)
    cross = serializers.BooleanField(required=False)
    passive = serializers.CharField(required=False)
    resistance = serializers.IntegerField(required=False)
    attacks = serializers.ListField(child=serializers.DictField(), required=False)
    subtype = serializers.CharField(required=False)
    effect = serializers.CharField(required=False)
    worlds = serializers.DictField(child=serializers.IntegerField(), required=False)
    chest = serializers.IntegerField(required=False)
    image = serializers.URLField(required=False)
    flavor = serializers.CharField(required=False)
    artist = serializers.CharField(required=False)
    errata = serializers.CharField(required=False)
    effects = serializers.ListField(
        child=serializers.DictField(), required=False,
        help_text="El comportamiento de la carta como datos (docs/effects.md); ausente: texto no simulado.",
    )
    simulated = serializers.BooleanField(
        required=False, help_text="false: la edición imprime un texto que el motor no juega (sin «effects»)."
    )


class RulingRefSchema(serializers.Serializer):
    number = serializers.IntegerField()
    title = serializers.CharField()
    date = serializers.DateField()
    url = serializers.URLField()


def edition_json(ed: Edition, card_type: str, request: Request | None) -> dict[str, Any]:
    image = ed.image.url if ed.image else None
    if image and request is not None:
        image = request.build_absolute_uri(image)
    out = edition_to_dict(ed, card_type, image=image)
    out["simulated"] = ed.is_simulated  # the API's own addition: the export stays as imported
    return out


class CardSerializer(serializers.ModelSerializer):
    set = serializers.CharField(source="set.code")
    set_name = serializers.CharField(source="set.name")
    sample = serializers.BooleanField(source="set.sample")
    current = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    face = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = ["game", "code", "set", "set_name", "name", "type", "sample", "unsimulated", "current", "url", "face"]

    @extend_schema_field(EditionSchema(allow_null=True))
    def get_current(self, card: Card) -> dict[str, Any] | None:
        if card.current is None:
            return None
        return edition_json(card.current, card.type, self.context.get("request"))

    def get_url(self, card: Card) -> str:
        return self.context["request"].build_absolute_uri(card.get_absolute_url())

    def get_face(self, card: Card) -> str:
        return self.context["request"].build_absolute_uri(card_url("cards:face", card.game, card.code))


class CardDetailSerializer(CardSerializer):
    editions = serializers.SerializerMethodField()
    rulings = serializers.SerializerMethodField()

    class Meta(CardSerializer.Meta):
        fields = [*CardSerializer.Meta.fields, "editions", "rulings"]

    @extend_schema_field(EditionSchema(many=True))
    def get_editions(self, card: Card) -> list[dict[str, Any]]:
        editions = sorted(card.editions.all(), key=lambda ed: ed.sort_key)  # oldest first
        return [edition_json(ed, card.type, self.context.get("request")) for ed in editions]

    @extend_schema_field(RulingRefSchema(many=True))
    def get_rulings(self, card: Card) -> list[dict[str, Any]]:
        from cards.extensions import rulings_for_card

        request = self.context["request"]
        return [
            {**ref, "url": request.build_absolute_uri(ref["url"])} for ref in rulings_for_card(card)
        ]


class SetSerializer(serializers.ModelSerializer):
    card_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Set
        fields = ["game", "code", "name", "released", "sample", "card_count"]


def game_param(request: Request) -> str | None:
    """The optional `game` filter: absent or empty means both games; an unknown game is a 400."""
    game = request.query_params.get("game", "")
    if not game:
        return None
    if game not in Game.values:
        raise ValidationError({"game": f"Juego desconocido «{game}»: eliria o mision."})
    return game


GAME_PARAM = OpenApiParameter(
    "game", str, enum=[*Game.values, ""], description="eliria o mision; vacío o ausente: los dos juegos"
)
Q_PARAM = OpenApiParameter("q", str, description="Búsqueda en la sintaxis documentada (README).")


def search_answer_is_public(request: HttpRequest) -> bool:
    """Whether the search API's answer to this request is the same whoever asks, so a signed-in
    player may be served the copy kept for anonymous readers (cards.pagecache.anonymous_cache): the
    JSON renderer (no ``?format=``, no ``text/html`` in Accept: the browsable page names the player)
    and a well-formed query that reads nothing of the player (``owned``… make it personal). The
    cards, their order and the page links depend on the URL alone (tests/cards/test_pagecache.py)."""
    if "format" in request.GET or "text/html" in request.headers.get("Accept", ""):
        return False
    try:
        return not parse_query(request.GET.get("q", "")).personal
    except SearchError:
        return False


@extend_schema(
    parameters=[GAME_PARAM, Q_PARAM],
    responses={200: CardSerializer(many=True), 400: OpenApiResponse(description="Búsqueda mal formada")},
)
class CardList(generics.ListAPIView):
    """Search the catalogue; every card shows its current text (ruling TERCERO)."""

    serializer_class = CardSerializer

    def parsed(self) -> tuple[str | None, str, ParsedQuery]:
        """The game, the query and its parse (a malformed query is a 400)."""
        game, q = game_param(self.request), self.request.query_params.get("q", "")
        try:
            return game, q, parse_query(q, user=self.request.user)
        except SearchError as exc:
            raise ValidationError({"q": str(exc)}) from None

    @staticmethod
    def matches(game: str | None, parsed: ParsedQuery) -> CardQuerySet:
        """The matching cards in the answer's order."""
        qs = Card.objects.with_current().for_game(game).matching(parsed)
        return qs if qs.ordered else qs.order_by("game", "code")

    def get_queryset(self):  # type: ignore[no-untyped-def]
        game, _q, parsed = self.parsed()
        return self.matches(game, parsed)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """The matches are found as ids — kept per catalogue version unless the query is personal
        (`owned`…) or matches more than ID_MEMO_LIMIT cards — and the page is cut from them; each
        card's object comes from this process's memo (cards.index.api_cards). The queryset is built
        only when the ids are not kept (building it costs more than reading them: 0.4 of 2.6 ms)."""
        game, q, parsed = self.parsed()

        def ids_of() -> Any:
            return self.matches(game, parsed).values_list("pk", flat=True)

        def find() -> list[int] | None:
            found = list(ids_of()[: ID_MEMO_LIMIT + 1])
            return found if len(found) <= ID_MEMO_LIMIT else None  # too many: kept as "too many"

        # "ranked": id lists kept before the name ranking (cards.search) are not reused.
        matches = None if parsed.personal else cached_answer("card-ids-ranked", (game, q), find)
        ids = self.paginate_queryset(ids_of() if matches is None else matches)
        assert ids is not None  # the API always paginates  # noqa: S101

        def serialize(missing: Iterable[int]) -> dict[int, dict[str, Any]]:
            cards = list(Card.objects.with_current().filter(pk__in=list(missing)))
            return {card.pk: data for card, data in zip(cards, self.get_serializer(cards, many=True).data, strict=True)}

        base = request.build_absolute_uri("/")
        return self.get_paginated_response(api_cards(list(ids), base, serialize))


@extend_schema(responses={200: CardDetailSerializer, 404: OpenApiResponse(description="No existe")})
class CardDetail(generics.RetrieveAPIView):
    serializer_class = CardDetailSerializer

    def get_object(self) -> Card:
        qs = Card.objects.with_current().prefetch_related("editions")
        return get_object_or_404(qs, game=self.kwargs["game"], code__iexact=self.kwargs["code"])


@extend_schema(parameters=[GAME_PARAM])
class SetList(generics.ListAPIView):
    serializer_class = SetSerializer

    def get_queryset(self):  # type: ignore[no-untyped-def]
        from django.db.models import Count

        qs = Set.objects.annotate(card_count=Count("cards")).order_by("game", "released", "code")
        game = game_param(self.request)
        return qs.filter(game=game) if game else qs
