"""Collection fields of the catalogue search (registered in CollectionConfig.ready):

    owned>0   owned:0   owned>=4   tengo<2      copies the searching player owns, every edition
    missing:12   faltan:12                      cards the player still lacks for their deck 12

An anonymous player owns nothing: `owned:0` matches every card, `owned>0` none. `missing:` only
reads the player's own decks; any other number is "no such deck", so nobody learns about
another player's deck.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from typing import Any

from django.db.models import Q, Sum

from cards.search import SearchError, register_field
from collection.models import CollectionItem

OWNED_NAMES = ("owned", "tengo", "poseo")
MISSING_NAMES = ("missing", "faltan", "falta")
COMPARE: dict[str, Callable[[int, int], bool]] = {
    ":": operator.eq, "=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}
LOOKUP = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
ALWAYS = Q(pk__isnull=False)
NEVER = Q(pk__isnull=True)


def _number(value: str, name: str) -> int:
    if not re.fullmatch(r"\d{1,6}", value):
        raise SearchError(f"«{name}» necesita un número entero, no «{value}».", "search.integer", name=name, value=value)
    return int(value)


def owned_q(op: str, value: str, user: Any) -> Q:
    """Cards whose owned count n satisfies `n op value`."""
    n = _number(value, "owned")
    test = COMPARE[op]
    matches_zero = test(0, n)
    if user is None or not getattr(user, "is_authenticated", False):
        return ALWAYS if matches_zero else NEVER
    counts = CollectionItem.objects.filter(owner_id=user.pk).values("card_id").annotate(n=Sum("quantity"))
    if matches_zero:
        # Cards not owned at all match, so exclude the owned cards whose count fails the test.
        failing = counts.exclude(**_lookup(op, n)) if op != "!=" else counts.filter(n=n)
        return ~Q(pk__in=failing.values("card_id"))
    passing = counts.filter(**_lookup(op, n)) if op != "!=" else counts.exclude(n=n)
    return Q(pk__in=passing.values("card_id"))


def _lookup(op: str, n: int) -> dict[str, int]:
    return {f"n__{LOOKUP[op]}": n}


def missing_q(op: str, value: str, user: Any) -> Q:
    from collection.selectors import missing_card_ids

    if op not in (":", "="):
        raise SearchError("«missing» se usa así: missing:<número de tu mazo>.", "search.missing_usage")
    deck_id = _number(value, "missing")
    ids = missing_card_ids(user, deck_id)
    if ids is None:
        raise SearchError(f"No tienes ningún mazo con el número {deck_id} (missing:{deck_id}).", "search.no_such_deck", n=deck_id)
    return Q(pk__in=ids)


def register() -> None:
    register_field(OWNED_NAMES, owned_q)
    register_field(MISSING_NAMES, missing_q)
