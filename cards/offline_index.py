"""The catalogue as one JSON document, for searching in the browser (static/js/search-index.js).

Each card carries the fields the search syntax reads (cards.search), from its current edition
(ruling TERCERO), already folded as the server folds them. The syntax's own tables (type, subtype
and game aliases, numeric fields, sort keys) ship inside the document, so the browser and the
server read one definition. Flags (`is:`, `has:`) are evaluated here, by the server's own Q
objects, into lists of matching cards: a flag another app registers (`has:rulings`) works in the
browser with no code of its own. Fields that depend on who searches (`owned`, `missing`) are only
named: the browser leaves such a query to the server.

The document is built once per catalogue version and process, and served at a URL carrying the
version, cacheable for ever (a new import moves the version, so the page names a new URL).
"""

from __future__ import annotations

import gzip
import json
import threading
from typing import Any

from cards import search
from cards.models import Card, CardType

FORMAT = "search-index/1"
# The database column each sort key orders by -> the card's key in the document.
COLUMNS = {
    "name_folded": "nf", "code": "c", "set__code": "s", "current__released": "d", "min_cost": "mn",
    **{f"current__{field}": field for field in set(search.NUMERIC.values())},
}
NUMBERS = ("potential", "resistance", "water", "air", "fire", "earth", "chest", "edition")

_lock = threading.Lock()
_built: dict[str, Any] = {"version": None, "body": b"", "gzip": b""}


def index_body(version: int | None, *, gzipped: bool = False) -> bytes:
    """The document for `version` (the current catalogue version), built at most once per process;
    `gzipped`: compressed (a fifth of the size), for clients that accept it."""
    with _lock:
        if version is None or _built["version"] != version:
            body = json.dumps(build_index(version), ensure_ascii=False, separators=(",", ":")).encode()
            _built.update(version=version, body=body, gzip=gzip.compress(body, mtime=0))
        return bytes(_built["gzip" if gzipped else "body"])


def build_index(version: int | None) -> dict[str, Any]:
    cards = list(Card.objects.with_current().order_by("game", "code"))
    position = {card.pk: i for i, card in enumerate(cards)}
    return {
        "format": FORMAT,
        "version": version,
        "cards": [_card(card) for card in cards],
        "flags": _flags(position),
        "syntax": {
            "types": search.TYPE_ALIASES, "subtypes": search.SUBTYPE_ALIASES, "games": search.GAME_ALIASES,
            "numeric": search.NUMERIC,
            "order": {key: COLUMNS[column] for key, column in search.ORDER.items() if column in COLUMNS},
            "context": sorted(search.CONTEXT_FIELDS),
            "max_query": search.MAX_QUERY, "max_terms": search.MAX_TERMS,
        },
    }


def _card(card: Card) -> dict[str, Any]:
    ed = card.current
    row: dict[str, Any] = {
        "c": card.code, "g": card.game, "n": card.name, "nf": card.name_folded, "tf": card.text_folded,
        "cf": card.class_folded, "t": card.type, "s": card.set.code, "cs": card.costs,
        "mn": card.min_cost, "mx": card.max_cost, "u": card.get_absolute_url(),
    }
    if ed is not None:
        row.update({name: getattr(ed, name) for name in NUMBERS})
        row.update(sub=ed.subtype, d=ed.released.isoformat(), a=ed.artist, x=ed.cross)
    return row


def _flags(position: dict[int, int]) -> dict[str, list[int]]:
    """Each flag's matching cards (positions in `cards`), by the server's own Q: one query per flag."""
    out: dict[str, list[int]] = {}
    seen: dict[str, list[int]] = {}
    for name, q in search.FLAGS.items():
        key = str(q)
        if key not in seen:
            pks = Card.objects.filter(q).values_list("pk", flat=True)
            seen[key] = sorted(position[pk] for pk in pks if pk in position)
        out[name] = seen[key]
    return out


def type_labels() -> dict[str, str]:
    """The card types' names in the active language, for tiles drawn in the browser."""
    return {code: str(label) for code, label in CardType.choices}
