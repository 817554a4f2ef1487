"""Writes to a player's collection: quick add/remove, imports (CSV, pasted list), deck flags.

Keyword-only, atomic, `full_clean()` before saving. An import is all-or-nothing: every line is
read and checked first (`collection.imports`), the whole plan is checked against what the player
already owns (no row beyond 9,999 copies), and only then written, in bulk.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cards.models import Card, Edition
from collection.imports import ImportProblem, ImportRejected, Row, read_csv, read_list
from collection.models import MAX_COPIES, CollectionItem, WantedDeck
from common.errors import SiteError
from decks.models import Deck

MODES = ("add", "replace")
FK_FIELDS = ["owner", "edition", "card"]  # checked by construction; validating them costs a query each


class CollectionError(SiteError):
    """A refused collection write; the message is in Spanish, for the player. The API answers it
    in the shape of a refused import (`{"detail", "errors": []}`), the one 400 it documents."""

    def __init__(self, message: str) -> None:
        super().__init__(message, extra={"errors": []})


@dataclass(frozen=True)
class AddResult:
    quantity: int  # copies in the row that changed (0: the row is gone)
    card_total: int  # copies of the card the player now owns, every edition


@dataclass
class ImportSummary:
    lines: int = 0
    copies: int = 0
    created: int = 0
    updated: int = 0
    deleted: int = 0
    mode: str = "add"
    problems: list[ImportProblem] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"lines": self.lines, "copies": self.copies, "created": self.created,
                "updated": self.updated, "deleted": self.deleted, "mode": self.mode}


def _clean(item: CollectionItem) -> None:
    try:
        item.full_clean(exclude=FK_FIELDS, validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        raise CollectionError(" ".join(m for msgs in exc.message_dict.values() for m in msgs)) from None


# ---------------------------------------------------------------- quick add / remove
@transaction.atomic
def collection_add(
    *,
    owner: AbstractBaseUser,
    card: Card,
    delta: int,
    edition: Edition | None = None,
    condition: str = "",
    language: str = "",
) -> AddResult:
    """Add (delta > 0) or remove (delta < 0) copies of a card: of `edition`, else the current one.

    Removing without an edition takes the copies from the current edition's plain row if there
    is one, else from the row of that card touched last."""
    if delta == 0 or abs(delta) > MAX_COPIES:
        raise CollectionError(f"Se añaden o quitan de 1 a {MAX_COPIES} copias cada vez.")
    if edition is not None and edition.card_id != card.pk:
        raise CollectionError(f"La edición {edition.edition} no es de «{card.name}».")
    target = edition or card.current
    if target is None:
        raise CollectionError(f"«{card.name}» no tiene ninguna edición.")
    mine = CollectionItem.objects.select_for_update().filter(owner=owner, card=card)
    item = mine.filter(edition=target, condition=condition, language=language).first()
    if item is None and delta < 0 and edition is None and not condition and not language:
        item = mine.order_by("-updated", "-pk").first()
    if item is None:
        if delta < 0:
            raise CollectionError(f"No tienes ninguna copia de «{card.name}» que quitar.")
        item = CollectionItem(owner=owner, card=card, edition=target, condition=condition,
                              language=language, quantity=0)
    quantity = item.quantity + delta
    if quantity < 0:
        raise CollectionError(f"Solo tienes {item.quantity} de «{card.name}» en esa edición: no puedes quitar {-delta}.")
    if quantity > MAX_COPIES:
        raise CollectionError(f"«{card.name}»: {quantity} copias es demasiado (máximo {MAX_COPIES}).")
    if quantity == 0:
        item.delete()
    else:
        item.quantity = quantity
        _clean(item)
        item.save()
    total = sum(mine.values_list("quantity", flat=True))
    return AddResult(quantity, total)


# ---------------------------------------------------------------- imports
def collection_import_csv(
    *, owner: AbstractBaseUser, text: str, game: str | None = None, mode: str = "add", dry_run: bool = False
) -> ImportSummary:
    """A CSV (`game,code,edition,quantity,condition,language`); ImportRejected names each bad line."""
    return collection_import_rows(owner=owner, rows=read_csv(text, game=game or None), mode=mode, dry_run=dry_run)


def collection_import_list(
    *, owner: AbstractBaseUser, text: str, game: str, mode: str = "add", dry_run: bool = False
) -> ImportSummary:
    """A pasted deck list (`3 Cañón del sacrificio (BASE-105)`): copies of the current editions."""
    return collection_import_rows(owner=owner, rows=read_list(text, game=game), mode=mode, dry_run=dry_run)


@transaction.atomic
def collection_import_rows(
    *, owner: AbstractBaseUser, rows: Sequence[Row], mode: str = "add", dry_run: bool = False
) -> ImportSummary:
    """Write resolved rows: `add` them to what the player owns, or `replace` the collection.

    With `dry_run` everything is checked and counted and nothing is written (the preview)."""
    if mode not in MODES:
        raise CollectionError(f"Modo desconocido «{mode}»: add o replace.")
    existing: dict[tuple[int, str, str], CollectionItem] = {}
    if mode == "add":
        ids = sorted({r.edition.pk for r in rows})
        for start in range(0, len(ids), 900):
            for item in CollectionItem.objects.filter(owner=owner, edition_id__in=ids[start:start + 900]):
                existing[(item.edition_id, item.condition, item.language)] = item
    summary = ImportSummary(lines=len(rows), copies=sum(r.quantity for r in rows), mode=mode)
    planned: dict[tuple[int, str, str], CollectionItem] = {}
    problems: list[ImportProblem] = []
    for row in rows:
        key = (row.edition.pk, row.condition, row.language)
        item = planned.get(key) or existing.get(key)
        if item is None:
            item = CollectionItem(owner=owner, card=row.card, edition=row.edition, condition=row.condition,
                                  language=row.language, quantity=0)
        item.quantity += row.quantity
        if item.quantity > MAX_COPIES:
            problems.append(ImportProblem(row.line, "quantity", (
                f"{row.card.code} edición {row.edition.edition}: serían {item.quantity} copias "
                f"(máximo {MAX_COPIES})."
            )))
        planned[key] = item
    if problems:
        raise ImportRejected(problems)
    news = [i for i in planned.values() if i.pk is None]
    olds = [i for i in planned.values() if i.pk is not None]
    summary.created, summary.updated = len(news), len(olds)
    if mode == "replace":
        summary.deleted = CollectionItem.objects.filter(owner=owner).count()
    if dry_run:
        return summary
    now = timezone.now()
    for item in planned.values():
        item.updated = now
        _clean(item)
    if mode == "replace":
        CollectionItem.objects.filter(owner=owner).delete()
    CollectionItem.objects.bulk_update(olds, ["quantity", "updated"], batch_size=500)
    CollectionItem.objects.bulk_create(news, batch_size=500)
    return summary


# ---------------------------------------------------------------- deck flags
@transaction.atomic
def deck_set_built(*, owner: AbstractBaseUser, deck_id: int, built: bool) -> bool:
    """Mark the player's deck as assembled (its copies are then taken) or not.

    Only that field changes: the deck's version and revisions belong to the decks app.
    False when the player has no such deck."""
    return Deck.objects.filter(pk=deck_id, owner=owner).update(built=bool(built)) == 1


@transaction.atomic
def deck_set_wanted(*, owner: AbstractBaseUser, deck_id: int, wanted: bool) -> bool:
    """Put the player's deck on the shopping list, or take it off. False: no such deck."""
    deck = Deck.objects.filter(pk=deck_id, owner=owner).first()
    if deck is None:
        return False
    if not wanted:
        WantedDeck.objects.filter(deck=deck).delete()
        return True
    if not WantedDeck.objects.filter(deck=deck).exists():
        mark = WantedDeck(owner=owner, deck=deck)
        mark.full_clean(exclude=["owner", "deck"], validate_unique=False)
        mark.save()
    return True
