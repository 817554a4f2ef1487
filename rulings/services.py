"""Writes and cross-app reads for rulings: import/export (all-or-nothing) and a card's rulings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from cards.models import Card
from cards.pagecache import catalogue_changed
from common.errors import RecordsRejected
from common.exchange import RecordError, parse_json_text, read_text_file
from rulings.behaviour import site_behaviour_for
from rulings.exchange import FORMAT, RulingRecord, parse_document, ruling_to_dict
from rulings.models import Ruling, RulingCard

MAX_FILE_BYTES = 8 * 1024 * 1024


@dataclass
class ImportResult:
    created: int = 0
    updated: int = 0
    unchanged: int = 0


# ---------------------------------------------------------------- import
def read_rulings_file(path: Path) -> tuple[Any, list[RecordError]]:
    text, errors = read_text_file(path, MAX_FILE_BYTES)
    return (None, errors) if text is None else parse_json_text(text, str(path))


def rulings_import(*, paths: Sequence[Path]) -> ImportResult:
    """Import ruling files: every file is checked first; any error (RecordsRejected, naming each
    FILE:RECORD:FIELD) and nothing is written.

    Idempotent: a ruling is identified by its number and rewritten in place; rulings absent
    from the files are kept (a file with only the sixth ruling adds it).
    """
    records, errors = _parse_files(paths)
    if errors:
        raise RecordsRejected(errors)
    result = ImportResult()
    with transaction.atomic():
        for file, game, rec in records:
            try:
                _write_ruling(game, rec, result)
            except ValidationError as exc:  # the parser checks first; this is the last guard
                errs = [RecordError(file, rec.record, k, " ".join(v)) for k, v in exc.message_dict.items()]
                raise RecordsRejected(errs) from None
        transaction.on_commit(catalogue_changed)  # card pages list their rulings
    return result


def _parse_files(paths: Sequence[Path]) -> tuple[list[tuple[str, str, RulingRecord]], list[RecordError]]:
    """Every file read and checked, numbers unique across files: ([(file, game, record)], errors)."""
    records: list[tuple[str, str, RulingRecord]] = []
    errors: list[RecordError] = []
    seen: dict[int, str] = {}
    for path in paths:
        doc, errs = read_rulings_file(path)
        parsed = None
        if doc is not None:
            parsed, errs = parse_document(doc, str(path))
        errors += errs
        for rec in parsed.rulings if parsed else []:
            if rec.number in seen:
                message = f"el número {rec.number} ya aparece en {seen[rec.number]}"
                errors.append(RecordError(str(path), rec.record, "number", message))
                continue
            seen[rec.number] = f"{path}:{rec.record}"
            records.append((str(path), parsed.game, rec))
    return records, errors


def _write_ruling(game: str, rec: RulingRecord, result: ImportResult) -> None:
    behaviour = rec.site_behaviour if rec.site_behaviour is not None else site_behaviour_for(rec.number)
    fields = {
        "title": rec.title,
        "game": game,
        "date": rec.date,
        "code": rec.code,
        "all_cards": rec.all_cards,
        "edition": rec.edition,
        "considerations": rec.considerations,
        "criterion": rec.criterion,
        "site_behaviour": behaviour,
    }
    links = [(RulingCard.Role.INVOLVED, code) for code in rec.cards]
    links += [(RulingCard.Role.MENTIONED, code) for code in rec.mentions]
    ruling = Ruling.objects.filter(number=rec.number).prefetch_related("links").first()
    if ruling is None:
        ruling = Ruling(number=rec.number)
        result.created += 1
    elif all(getattr(ruling, k) == v for k, v in fields.items()) and _links(ruling) == links:
        result.unchanged += 1
        return
    else:
        result.updated += 1
    for key, value in fields.items():
        setattr(ruling, key, value)
    ruling.full_clean()
    ruling.save()
    ruling.links.all().delete()
    RulingCard.objects.bulk_create(
        RulingCard(ruling=ruling, role=role, code=code, position=n) for n, (role, code) in enumerate(links)
    )


def _links(ruling: Ruling) -> list[tuple[str, str]]:
    return [(link.role, link.code) for link in sorted(ruling.links.all(), key=lambda lk: lk.position)]


# ---------------------------------------------------------------- export
def rulings_export(*, game: str = "eliria") -> dict[str, Any]:
    """The rulings/1 document of one game, in number order (what `import_rulings` reads)."""
    rulings = Ruling.objects.filter(game=game).prefetch_related("links").order_by("number")
    return {
        "format": FORMAT,
        "game": game,
        "rulings": [ruling_to_dict(r, default_behaviour=site_behaviour_for(r.number)) for r in rulings],
    }


# ---------------------------------------------------------------- reads for other apps
def rulings_for_card(card: Card) -> list[dict[str, Any]]:
    """The rulings a card page lists, newest first: those naming the card and those for all cards.

    Each item: {number, title, date (ISO), url, summary}; the summary is the site behaviour
    that follows the ruling.
    """
    rulings = Ruling.objects.for_card(card).order_by("-date", "-number")
    return [
        {
            "number": r.number,
            "title": r.title,
            "date": r.date.isoformat(),
            "url": r.get_absolute_url(),
            "summary": r.site_behaviour,
        }
        for r in rulings
    ]


def resolve_codes(game: str, codes: Sequence[str]) -> dict[str, Card]:
    """{code: Card} for the codes the catalogue has, current edition joined, editions prefetched."""
    if not codes:
        return {}
    cards = Card.objects.with_current().prefetch_related("editions").filter(game=game, code__in=set(codes))
    return {card.code: card for card in cards}
