"""Writes to the catalogue: import (all-or-nothing, idempotent, bulk) and the current edition."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection, transaction

from cards.catalogue import edition_to_dict, parse_document
from cards.catalogue_csv import csv_to_document
from cards.images import ImageRejected, clean_image
from cards.models import Card, Edition, Set
from cards.pagecache import catalogue_changed
from common.errors import RecordsRejected
from common.exchange import RecordError, parse_json_text, read_text_file
from engine.text import fold

EDITION_FIELDS = (
    "released", "potential", "card_class", "cross", "passive", "resistance", "attacks",
    "subtype", "effect", "water", "air", "fire", "earth", "chest", "flavor", "artist", "errata",
    "effects", "image",
)
DERIVED_FIELDS = (
    "current", "name_folded", "text_folded", "class_folded", "min_cost", "max_cost", "costs", "unsimulated",
)
MAX_FILE_BYTES = 64 * 1024 * 1024


@dataclass
class ImportResult:
    sets_created: int = 0
    cards_created: int = 0
    editions_created: int = 0
    editions_updated: int = 0
    games: set[str] = field(default_factory=set)

    @property
    def changed(self) -> bool:
        return bool(self.sets_created or self.cards_created or self.editions_created or self.editions_updated)


# ---------------------------------------------------------------- current edition (ruling TERCERO)
def current_of(editions: Iterable[Edition]) -> Edition | None:
    """Ruling TERCERO: the latest `released` prevails; equal dates go to the higher edition."""
    return max(editions, key=lambda ed: ed.sort_key, default=None)


def card_apply_current(card: Card, editions: Iterable[Edition]) -> None:
    """Set the cached current edition and the search columns derived from it (no save)."""
    cur = current_of(editions)
    card.current = cur
    card.name_folded = fold(card.name)
    if cur is None:
        card.text_folded, card.class_folded = "", ""
        card.min_cost, card.max_cost, card.costs = None, None, ""
        card.unsimulated = False
        return
    card.unsimulated = not cur.is_simulated
    card.class_folded = fold(cur.card_class)
    parts = [card.code, card.name, cur.card_class, cur.passive, cur.effect, cur.flavor]
    for atk in cur.attacks:
        parts += [atk.get("name", ""), atk.get("effect", "")]
    card.text_folded = fold(" ".join(p for p in parts if p))
    costs = sorted({int(a["cost"]) for a in cur.attacks if isinstance(a.get("cost"), int)})
    card.min_cost = costs[0] if costs else None
    card.max_cost = costs[-1] if costs else None
    card.costs = "".join(f"|{c}" for c in costs) + ("|" if costs else "")


def card_refresh_current(*, card: Card) -> Card:
    """Recompute and save the cached current edition of one card (admin, single edits)."""
    card_apply_current(card, card.editions.all())
    card.save(update_fields=list(DERIVED_FIELDS))
    transaction.on_commit(catalogue_changed)
    return card


# ---------------------------------------------------------------- import
def read_catalogue_file(path: Path) -> tuple[dict | None, list[RecordError]]:
    text, errors = read_text_file(path, MAX_FILE_BYTES)
    if text is None:
        return None, errors
    if path.suffix.lower() == ".csv":
        return csv_to_document(text, str(path))
    return parse_json_text(text, str(path))


def _load_images(doc_cards: list, base: Path, file: str) -> tuple[dict[str, bytes], list[RecordError]]:
    """Validate every referenced image; returns {stored name: bytes} and rewrites `image`."""
    files: dict[str, bytes] = {}
    errors: list[RecordError] = []
    for card in doc_cards:
        for ed in card.editions:
            rel = ed.get("image")
            if not rel:
                continue
            path = (base / rel).resolve()
            if not path.is_relative_to(base.resolve()):
                errors.append(RecordError(file, card.record, "image", f"{rel}: la ruta sale de la carpeta del archivo"))
                continue
            try:
                name, data = clean_image(path.read_bytes())
            except OSError:
                errors.append(RecordError(file, card.record, "image", f"no se encuentra la imagen {rel}"))
                continue
            except ImageRejected as exc:
                errors.append(RecordError(file, card.record, "image", f"{rel}: {exc}"))
                continue
            files[f"cards/{name}"] = data
            ed["image"] = f"cards/{name}"
    return files, errors


def catalogue_import(
    *, paths: Sequence[Path], progress: Callable[[int, int], None] | None = None
) -> ImportResult:
    """Import catalogue files: every file is checked first; any error (RecordsRejected, naming
    each FILE:RECORD:FIELD) and nothing is written."""
    parsed, images, errors = [], {}, []
    for path in paths:
        doc, errs = read_catalogue_file(path)
        if doc is not None and not errs:
            catalogue, errs = parse_document(doc, str(path))
            if catalogue is not None:
                found, img_errs = _load_images(catalogue.cards, path.parent, str(path))
                images.update(found)
                errs = img_errs
                parsed.append(catalogue)
        errors += errs
    if errors:
        raise RecordsRejected(errors)
    result = ImportResult()
    with transaction.atomic():
        for catalogue in parsed:
            _write_catalogue(catalogue, result, progress)
        for name, data in images.items():
            if not default_storage.exists(name):
                default_storage.save(name, ContentFile(data))
        if result.changed:
            transaction.on_commit(catalogue_changed)
    return result


def _write_catalogue(catalogue: Any, result: ImportResult, progress: Callable[[int, int], None] | None) -> None:
    game = catalogue.game
    result.games.add(game)
    sets = {s.code: s for s in Set.objects.filter(game=game)}
    for rec in catalogue.sets:
        obj = sets.get(rec.code)
        if obj is None:
            sets[rec.code] = Set.objects.create(game=game, code=rec.code, name=rec.name, released=rec.released, sample=catalogue.sample)
            result.sets_created += 1
        elif (obj.name, obj.released, obj.sample) != (rec.name, rec.released, catalogue.sample):
            obj.name, obj.released, obj.sample = rec.name, rec.released, catalogue.sample
            obj.save()
    existing = {c.code.upper(): c for c in Card.objects.filter(game=game).select_related("set")}
    _check_identities(catalogue, existing)
    new_cards = [
        Card(game=game, code=r.code, set=sets[r.set], name=r.name, type=r.type, name_folded=fold(r.name))
        for r in catalogue.cards if r.code.upper() not in existing
    ]
    Card.objects.bulk_create(new_cards, batch_size=500)
    result.cards_created += len(new_cards)
    existing.update({c.code.upper(): c for c in new_cards})
    _write_editions(catalogue, existing, result, progress)


def _check_identities(catalogue: Any, existing: dict[str, Card]) -> None:
    errors = []
    for rec in catalogue.cards:
        card = existing.get(rec.code.upper())
        if card is None:
            continue
        for attr, new in (("name", rec.name), ("type", rec.type)):
            if getattr(card, attr) != new:
                errors.append(RecordError(catalogue.file, rec.record, attr, f"{rec.code}: la identidad de una carta es fija ({getattr(card, attr)!r} ≠ {new!r})"))
        if card.set.code != rec.set:
            errors.append(RecordError(catalogue.file, rec.record, "set", f"{rec.code}: la colección de una carta es fija ({card.set.code} ≠ {rec.set})"))
    if errors:
        raise RecordsRejected(errors)


def _write_editions(catalogue: Any, cards: dict[str, Card], result: ImportResult, progress: Callable[[int, int], None] | None) -> None:
    card_ids = [cards[r.code.upper()].pk for r in catalogue.cards]
    have: dict[tuple[int, int], Edition] = {}
    for chunk in range(0, len(card_ids), 900):
        for ed in Edition.objects.filter(card_id__in=card_ids[chunk:chunk + 900]):
            have[(ed.card_id, ed.edition)] = ed
    create, update = [], []
    total = len(catalogue.cards)
    for n, rec in enumerate(catalogue.cards, 1):
        card = cards[rec.code.upper()]
        for fields in rec.editions:
            # A file that names no image keeps the scan an editor uploaded.
            keys = EDITION_FIELDS if fields.get("image") else EDITION_FIELDS[:-1]
            values = {k: fields.get(k, _blank(k)) for k in keys}
            old = have.get((card.pk, fields["edition"]))
            if old is None:
                ed = Edition(card=card, edition=fields["edition"], **values)
                create.append(ed)
                have[(card.pk, ed.edition)] = ed
            elif any(_differs(getattr(old, k), v) for k, v in values.items()):
                for k, v in values.items():
                    setattr(old, k, v)
                update.append(old)
        if progress and (n % 500 == 0 or n == total):
            progress(n, total)
    Edition.objects.bulk_create(create, batch_size=500)
    if update:
        Edition.objects.bulk_update(update, list(EDITION_FIELDS), batch_size=500)
    result.editions_created += len(create)
    result.editions_updated += len(update)
    _refresh_cards(cards, have, {c.card_id for c in create + update})


def _refresh_cards(cards: dict[str, Card], have: dict[tuple[int, int], Edition], touched: set[int]) -> None:
    by_card: dict[int, list[Edition]] = {}
    for (card_id, _), ed in have.items():
        by_card.setdefault(card_id, []).append(ed)
    changed = []
    for card in cards.values():
        if card.pk not in touched and card.current_id is not None:
            continue
        card_apply_current(card, by_card.get(card.pk, []))
        changed.append(card)
    _update_rows(Card, changed, DERIVED_FIELDS)


def _update_rows(model: Any, objs: Sequence[Any], names: Sequence[str]) -> None:
    """UPDATE … WHERE id = %s with executemany: bulk_update's CASE chains are ~10× slower here."""
    if not objs:
        return
    fields = [model._meta.get_field(n) for n in names]
    table = connection.ops.quote_name(model._meta.db_table)
    sets = ", ".join(f"{connection.ops.quote_name(f.column)} = %s" for f in fields)
    rows = [
        [f.get_db_prep_save(getattr(obj, f.attname), connection) for f in fields] + [obj.pk]
        for obj in objs
    ]
    with connection.cursor() as cursor:
        cursor.executemany(f"UPDATE {table} SET {sets} WHERE id = %s", rows)  # noqa: S608 - names from _meta


def _blank(name: str) -> Any:
    if name == "attacks":
        return []
    if name == "cross":
        return False
    if name in ("potential", "resistance", "water", "air", "fire", "earth", "chest", "released", "effects"):
        return None
    return ""


def _differs(old: Any, new: Any) -> bool:
    if hasattr(old, "name") and not isinstance(old, str):  # FieldFile
        old = old.name or ""
    return old != new


# ---------------------------------------------------------------- export
def catalogue_export(*, game: str) -> dict[str, Any]:
    """The whole catalogue of one game as a `catalogue/1` document, in a stable order."""
    sets = list(Set.objects.filter(game=game).order_by("code"))
    cards = Card.objects.filter(game=game).select_related("set").prefetch_related("editions").order_by("code")
    return {
        "format": "catalogue/1",
        "game": game,
        **({"sample": True} if any(s.sample for s in sets) else {}),
        "sets": [
            {"code": s.code, "name": s.name, **({"released": s.released.isoformat()} if s.released else {})}
            for s in sets
        ],
        "cards": [
            {
                "code": c.code, "set": c.set.code, "name": c.name, "type": c.type,
                "editions": [
                    edition_to_dict(ed, c.type) for ed in sorted(c.editions.all(), key=lambda e: e.edition)
                ],
            }
            for c in cards
        ],
    }
