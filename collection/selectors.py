"""Reads of a player's collection: owned counts, the collection grid, have/need for a deck, the
shopping list across wanted decks, set completion.

Every read here answers in a fixed number of queries whatever the size of the collection or
the deck: counts are grouped in the database and matched up in Python (`collection.needs`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, IntegerField, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from cards.models import Card, CardType, Game, Set
from collection.models import CollectionItem, WantedDeck
from collection.needs import Need, Result, Use, allocate
from common.prepared import Prepared
from decks.models import Deck, DeckEntry
from decks.selectors import deck_rows


def _owner_id(user: Any) -> int | None:
    return user.pk if user is not None and getattr(user, "is_authenticated", False) else None


# ---------------------------------------------------------------- the collection itself
def items_of(user: Any) -> QuerySet[CollectionItem]:
    """The player's rows (none for anonymous), with card, set and edition: one query."""
    owner = _owner_id(user)
    if owner is None:
        return CollectionItem.objects.none()
    return CollectionItem.objects.filter(owner_id=owner).select_related("card", "card__set", "edition")


def owned_subquery(user: Any) -> Any:
    """Copies the player owns of the outer card, every edition counted (0 when none)."""
    owner = _owner_id(user)
    if owner is None:
        return Value(0, output_field=IntegerField())
    per_card = (
        CollectionItem.objects.filter(owner_id=owner, card=OuterRef("pk"))
        .values("card").annotate(n=Sum("quantity")).values("n")
    )
    return Coalesce(Subquery(per_card, output_field=IntegerField()), 0)


def with_owned(cards: QuerySet[Card], user: Any) -> QuerySet[Card]:
    return cards.annotate(owned=owned_subquery(user))


# One row per edition and condition the player holds of a card (a few): summed here.
_CARD_QUANTITIES = Prepared(
    CollectionItem, lambda owner, card: CollectionItem.objects.filter(owner_id=owner).filter(card_id=card).values_list("quantity")
)


def owned_copies(card_id: int, user: Any) -> int:
    """Copies the player owns of one card, every edition counted: what ``with_owned`` annotates, as
    one plain sum of a prepared query (a card page's query: compiling it cost more than running it)."""
    owner = _owner_id(user)
    if owner is None:
        return 0
    return sum(n for (n,) in _CARD_QUANTITIES.rows(owner, card_id))


def only_owned(cards: QuerySet[Card], user: Any) -> QuerySet[Card]:
    owner = _owner_id(user)
    if owner is None:
        return cards.none()
    return cards.filter(Exists(CollectionItem.objects.filter(owner_id=owner, card=OuterRef("pk"))))


def owned_by_card(user: Any, card_ids: Iterable[int]) -> dict[int, int]:
    owner = _owner_id(user)
    ids = list(card_ids)
    if owner is None or not ids:
        return {}
    rows = (CollectionItem.objects.filter(owner_id=owner, card_id__in=ids)
            .values_list("card_id").annotate(n=Sum("quantity")))
    return dict(rows)


def collection_totals(user: Any) -> dict[str, int]:
    """Copies, distinct editions and distinct cards the player owns."""
    agg = items_of(user).aggregate(
        copies=Coalesce(Sum("quantity"), 0), editions=Count("edition", distinct=True),
        cards=Count("card", distinct=True),
    )
    return {k: int(v or 0) for k, v in agg.items()}


# ---------------------------------------------------------------- have / need
@dataclass
class NeedLine:
    entry: DeckEntry
    result: Result

    @property
    def card(self) -> Card:
        return self.entry.card


@dataclass
class HaveNeed:
    deck: Deck
    lines: list[NeedLine]
    wanted: bool

    @property
    def needed(self) -> int:
        return sum(line.result.needed for line in self.lines)

    @property
    def missing(self) -> int:
        return sum(line.result.missing for line in self.lines)

    @property
    def have(self) -> int:
        return self.needed - self.missing

    @property
    def taken(self) -> int:
        """Missing copies the player owns but another built deck holds."""
        return sum(min(line.result.taken, line.result.missing) for line in self.lines)

    @property
    def missing_lines(self) -> list[NeedLine]:
        return [line for line in self.lines if line.result.missing]


def _owned_rows(owner_id: int, card_ids: Sequence[int]) -> list[tuple[int, int, int]]:
    if not card_ids:
        return []
    return list(
        CollectionItem.objects.filter(owner_id=owner_id, card_id__in=card_ids)
        .values_list("card_id", "edition_id").annotate(n=Sum("quantity")).order_by()
    )


def _uses(owner_id: int, card_ids: Sequence[int], exclude_decks: Iterable[int]) -> list[Use]:
    """What the player's built decks (other than `exclude_decks`) hold of these cards."""
    if not card_ids:
        return []
    rows = (
        DeckEntry.objects.filter(deck__owner_id=owner_id, deck__built=True, card_id__in=card_ids)
        .exclude(deck_id__in=list(exclude_decks))
        .values_list("deck_id", "deck__name", "card_id", "edition_id", "quantity")
    )
    return [Use(*row) for row in rows]


def deck_have_need(deck: Deck) -> HaveNeed:
    """Per entry of the deck: needed, owned, taken by the owner's other built decks, missing.

    Four queries whatever the deck's size: entries, owned counts, other built decks, wanted."""
    rows = deck_rows(deck)
    ids = sorted({r.card_id for r in rows})
    needs = [Need(r, r.card_id, r.edition_id, r.quantity) for r in rows]
    results = allocate(needs, _owned_rows(deck.owner_id, ids), _uses(deck.owner_id, ids, [deck.pk]))
    wanted = WantedDeck.objects.filter(deck=deck).exists()
    return HaveNeed(deck, [NeedLine(r, results[r]) for r in rows], wanted)


def missing_card_ids(user: Any, deck_id: int) -> list[int] | None:
    """Cards of the player's deck `deck_id` still missing; None if it is not theirs."""
    owner = _owner_id(user)
    deck = Deck.objects.filter(pk=deck_id, owner_id=owner).first() if owner else None
    if deck is None:
        return None
    return sorted({line.entry.card_id for line in deck_have_need(deck).missing_lines})


# ---------------------------------------------------------------- shopping list
@dataclass
class ShoppingLine:
    card: Card
    edition: Any  # the pinned Edition, or None (any printing)
    result: Result
    decks: list[str] = field(default_factory=list)

    @property
    def quantity(self) -> int:
        return self.result.missing


@dataclass
class ShoppingList:
    decks: list[Deck]
    lines: list[ShoppingLine]

    def for_game(self, game: str) -> list[ShoppingLine]:
        return [line for line in self.lines if line.card.game == game]

    @property
    def copies(self) -> int:
        return sum(line.quantity for line in self.lines)


def shopping_list(user: Any) -> ShoppingList:
    """What the player lacks to assemble every deck marked wanted, all at once: the copies are
    added up across those decks, and the copies held by their other built decks are taken.

    Four queries: wanted decks, their entries, owned counts, the other built decks."""
    owner = _owner_id(user)
    if owner is None:
        return ShoppingList([], [])
    decks = list(Deck.objects.filter(owner_id=owner, wanted__isnull=False).order_by("game", "name_folded"))
    names = {d.pk: d.name for d in decks}
    entries = list(
        DeckEntry.objects.filter(deck_id__in=list(names))
        .select_related("card", "card__current", "card__set", "edition")
    )
    grouped: dict[tuple[int, int | None], list[DeckEntry]] = defaultdict(list)
    for e in entries:
        grouped[(e.card_id, e.edition_id)].append(e)
    needs = [Need(key, key[0], key[1], sum(e.quantity for e in group)) for key, group in grouped.items()]
    ids = sorted({e.card_id for e in entries})
    results = allocate(needs, _owned_rows(owner, ids), _uses(owner, ids, names))
    lines = [
        ShoppingLine(group[0].card, group[0].edition, results[key],
                     sorted({names[e.deck_id] for e in group}))
        for key, group in grouped.items() if results[key].missing
    ]
    lines.sort(key=lambda x: (x.card.game, x.card.name_folded, x.card.code, x.edition.edition if x.edition else 0))
    return ShoppingList(decks, lines)


# ---------------------------------------------------------------- set completion
TYPE_ORDER = [t.value for t in CardType]
TYPE_LABELS = dict(CardType.choices)


@dataclass
class SetCompletion:
    set: Set
    owned: int = 0
    total: int = 0
    by_type: list[tuple[str, int, int]] = field(default_factory=list)  # (label, owned, total)

    @property
    def ratio(self) -> float:
        return self.owned / self.total if self.total else 0.0

    @property
    def percent(self) -> int:
        return round(100 * self.ratio)


def set_completion(user: Any) -> dict[str, list[SetCompletion]]:
    """Per game, per set: distinct cards owned / cards in the set, and the same by type.

    Three queries: sets, cards per (set, type), owned distinct cards per (set, type)."""
    sets = {s.pk: SetCompletion(s) for s in Set.objects.order_by("game", "released", "code")}
    totals = Card.objects.values_list("set_id", "type").annotate(n=Count("id")).order_by()
    owned: dict[tuple[int, str], int] = {}
    owner = _owner_id(user)
    if owner is not None:
        owned = {
            (set_id, ctype): n
            for set_id, ctype, n in CollectionItem.objects.filter(owner_id=owner)
            .values_list("card__set_id", "card__type").annotate(n=Count("card", distinct=True)).order_by()
        }
    per_type: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    for set_id, ctype, n in totals:
        per_type[set_id][ctype] = (owned.get((set_id, ctype), 0), n)
    out: dict[str, list[SetCompletion]] = {g.value: [] for g in Game}
    for set_id, row in sets.items():
        types = per_type.get(set_id, {})
        row.by_type = [(str(TYPE_LABELS[t]), *types[t]) for t in TYPE_ORDER if t in types]
        row.owned = sum(o for o, _ in types.values())
        row.total = sum(n for _, n in types.values())
        out.setdefault(row.set.game, []).append(row)
    return out
