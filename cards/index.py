"""The catalogue in memory for the rules: every card's current text (ruling TERCERO) as the engine
sees it, indexed by code and by folded name, one copy per server process.

Deck validation and simulation look cards up here instead of querying the database on every
request. The index is rebuilt when the catalogue version moves (imports and the editors' admin move
it for every process, through the shared cache) and dropped at once in this process when a card, an
edition or a set is saved or deleted here. Building it costs one query over the catalogue (about
0.3 s for 20,000 cards); a lookup then costs a dictionary access.

A card whose effects create tokens (rule 14: a token need not be in the deck) carries them
(`CardData.tokens`) from the catalogue it was read from: the index's cards from the index, the
database path's from one more query (`with_tokens`). Whatever plays the card, in any process,
makes the catalogue's current token; there is no registry per process to fill or to go stale.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.db.models.signals import post_delete, post_save

from cards.models import Card, Edition, Set
from cards.pagecache import catalogue_version
from engine import Attack, CardData, Game
from engine.catalogue import attach_tokens, token_codes, tokens_reached


def card_data(card: Card) -> CardData:
    """The engine's view of a card: its current text (ruling TERCERO)."""
    ed = card.current
    if ed is None:
        return CardData(game=Game(card.game), code=card.code, name=card.name, type=card.type)
    attacks = tuple(
        Attack(
            cost=int(a.get("cost") or 0),
            name=a.get("name", ""),
            damage=None if a.get("damage") == "x" else int(a.get("damage") or 0),
            effect=a.get("effect", ""),
        )
        for a in ed.attacks
    )
    return CardData(
        game=Game(card.game), code=card.code, name=card.name, type=card.type,
        potential=ed.potential, card_class=ed.card_class, cross=ed.cross, resistance=ed.resistance,
        attacks=attacks, passive=ed.passive, effect=ed.effect, subtype=ed.subtype,
        worlds=(ed.water or 0, ed.air or 0, ed.fire or 0, ed.earth or 0), chest=ed.chest,
        effects=None if ed.effects is None else tuple(ed.effects),  # behaviour follows the text (TERCERO)
    )


@dataclass(frozen=True)
class CatalogueIndex:
    version: int | None
    # (game, CODE upper) -> card; folded name -> cards of both games, in (game, code) order.
    by_code: dict[tuple[str, str], CardData]
    by_name: dict[str, tuple[CardData, ...]]

    @classmethod
    def build(cls, version: int | None) -> CatalogueIndex:
        by_code: dict[tuple[str, str], CardData] = {}
        by_name: dict[str, list[CardData]] = {}
        rows = [(card.name_folded, card_data(card))
                for card in Card.objects.with_current().order_by("game", "code").iterator(chunk_size=2000)]
        # An effect may create a token the deck does not list (rule 14): each card carries the
        # tokens of this catalogue it creates, so a rebuilt index drops or changes them with it.
        tokens = {d.code.upper(): d for _, d in rows if d.game is Game.ELIRIA and d.is_token}
        attached = attach_tokens([d for _, d in rows], tokens)
        for (name_folded, _), data in zip(rows, attached, strict=True):
            by_code[(data.game.value, data.code.upper())] = data
            by_name.setdefault(name_folded, []).append(data)
        return cls(version, by_code, {k: tuple(v) for k, v in by_name.items()})


def database_tokens(codes: set[str]) -> list[CardData]:
    """The Eliria token cards with these codes (any case), current text, in one query."""
    if not codes:
        return []
    query = Q()
    for code in sorted(codes):
        query |= Q(code__iexact=code)
    cards = Card.objects.with_current().filter(query, game=Game.ELIRIA.value, type="token").order_by("code")
    return [card_data(card) for card in cards[:500]]


def with_tokens(cards: Iterable[CardData]) -> list[CardData]:
    """Cards read from the database, each carrying the tokens its effects create (CardData.tokens):
    one query per depth of tokens that create tokens (one for the bundled sets), none without any."""
    cards = list(cards)
    if not any(token_codes(c) for c in cards):
        return cards
    return attach_tokens(cards, tokens_reached(cards, database_tokens))


_lock = threading.Lock()
_current: CatalogueIndex | None = None
# The catalogue version and, for it, (card pk, scheme://host/) -> the API's card object.
_api: tuple[int | None, dict[tuple[int, str], dict[str, Any]]] = (None, {})


def catalogue_index() -> CatalogueIndex | None:
    """This process's index, rebuilt if the catalogue moved; None when the catalogue version cannot
    be read (a failing shared cache): the caller then asks the database."""
    global _current
    version = catalogue_version()
    if version is None:
        return None
    index = _current
    if index is not None and index.version == version:
        return index
    with _lock:
        if _current is None or _current.version != version:
            _current = CatalogueIndex.build(version)
        return _current


API_MEMO_LIMIT = 50_000  # card objects per process (a few kB each); a forged Host cannot grow it past this


def api_cards(ids: Sequence[int], base: str, serialize: Callable[[Iterable[int]], dict[int, dict[str, Any]]]
              ) -> list[dict[str, Any]]:
    """The API's objects for these cards (absolute URLs under `base`), in order: each serialised once
    per catalogue version and host by `serialize(missing ids) -> {pk: object}`, then reused.
    The objects are shared between answers: callers must not change them."""
    global _api
    version = catalogue_version()
    if version is None:
        made = serialize(ids)
        return [made[pk] for pk in ids if pk in made]
    if _api[0] != version:
        _api = (version, {})
    memo = _api[1]
    missing = [pk for pk in ids if (pk, base) not in memo]
    if missing:
        if len(memo) + len(missing) > API_MEMO_LIMIT:
            memo.clear()
        for pk, obj in serialize(missing).items():
            memo[(pk, base)] = obj
    # A card deleted between finding the ids and serialising them is left out, not an error.
    return [memo[(pk, base)] for pk in ids if (pk, base) in memo]


def drop_index(**_: object) -> None:
    """Forget this process's index and API objects (a card, edition or set changed here)."""
    global _current, _api
    _current = None
    _api = (None, {})


for _model in (Card, Edition, Set):
    post_save.connect(drop_index, sender=_model, dispatch_uid=f"catalogue-index-save-{_model.__name__}")
    post_delete.connect(drop_index, sender=_model, dispatch_uid=f"catalogue-index-delete-{_model.__name__}")
