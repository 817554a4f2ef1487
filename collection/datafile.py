"""«Download my data»: one JSON file with the player's decks and collection, and its import
into a fresh account (all-or-nothing).

    {"format": "eliria-datos/1", "exported": "…", "user": "ana",
     "decks": [{"name", "game", "visibility", "description", "built", "wanted",
                "list": "<deck list, docs/contract.md §3>", "pins": [{"section", "code", "edition"}]}],
     "collection": [{"game", "code", "edition", "quantity", "condition", "language"}]}

The lists are written by `engine.format_decklist`; the pins (a printing chosen for an entry)
ride beside them because the text format has no place for them. Decks are created through
`decks.services` (`specs_from_list`, `deck_create`), the collection through the same checks as
the CSV import.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from cards.models import Game
from collection.imports import MAX_ROWS, ImportProblem, ImportRejected, resolve_records
from collection.models import CollectionItem, WantedDeck
from collection.selectors import items_of
from collection.services import collection_import_rows, deck_set_built, deck_set_wanted
from common.errors import BadInput
from common.exchange import envelope_problems
from common.gate import check_json_body
from decks.models import MAX_DESCRIPTION, MAX_NAME, Deck, DeckEntry, Visibility
from decks.selectors import deck_text
from decks.services import DeckError, EntrySpec, ListRejected, deck_create, specs_from_list

FORMAT = "eliria-datos/1"
MAX_FILE_BYTES = 5_000_000
MAX_DECKS = 1000


def data_export(user: AbstractBaseUser) -> dict[str, Any]:
    """The player's decks and collection as one document: three queries whatever their size."""
    decks = list(Deck.objects.filter(owner=user).order_by("pk"))
    wanted = set(WantedDeck.objects.filter(owner=user).values_list("deck_id", flat=True))
    rows: dict[int, list[DeckEntry]] = defaultdict(list)
    for entry in (DeckEntry.objects.filter(deck__owner=user)
                  .select_related("card", "card__current", "card__set", "edition").order_by("pk")):
        rows[entry.deck_id].append(entry)
    return {
        "format": FORMAT,
        "exported": timezone.now().isoformat(timespec="seconds"),
        "user": user.get_username(),
        "decks": [
            {
                "name": d.name, "game": d.game, "visibility": d.visibility, "description": d.description,
                "built": d.built, "wanted": d.pk in wanted, "list": deck_text(rows[d.pk], d.game),
                "pins": [{"section": e.section, "code": e.card.code, "edition": e.edition.edition}
                         for e in rows[d.pk] if e.edition_id],
            }
            for d in decks
        ],
        "collection": [
            {"game": i.card.game, "code": i.card.code, "edition": i.edition.edition,
             "quantity": i.quantity, "condition": i.condition, "language": i.language}
            for i in items_of(user).order_by("card__game", "card__code", "edition__edition", "condition", "language")
        ],
    }


def data_dumps(user: AbstractBaseUser) -> str:
    return json.dumps(data_export(user), ensure_ascii=False, indent=1)


def data_read(upload: Any) -> dict[str, Any]:
    """The document in an uploaded file (refused by its size before reading it)."""
    if upload.size > MAX_FILE_BYTES:
        raise ImportRejected([ImportProblem(None, "file", (
            f"el archivo ocupa {upload.size / 1_000_000:.1f} MB y el máximo es {MAX_FILE_BYTES // 1_000_000} MB."
        ))])
    return data_loads(upload.read(MAX_FILE_BYTES + 1))


def data_loads(raw: bytes) -> dict[str, Any]:
    """The document in a file's bytes, or ImportRejected saying why it cannot be read."""
    if len(raw) > MAX_FILE_BYTES:
        raise ImportRejected([ImportProblem(None, "file", (
            f"el archivo ocupa más de {MAX_FILE_BYTES // 1_000_000} MB."
        ))])
    try:
        check_json_body(raw, "el archivo")
    except BadInput as exc:
        raise ImportRejected([ImportProblem(None, "file", exc.message)]) from None
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ImportRejected([ImportProblem(None, "file", f"no es un archivo JSON válido ({str(exc)[:120]}).")]) from None
    if envelope_problems(doc, expected_format=FORMAT):  # told in the words of the page that made it
        raise ImportRejected([ImportProblem(None, "format", f"no es un archivo de «Descargar mis datos» ({FORMAT}).")])
    return doc


@transaction.atomic
def data_import(*, owner: AbstractBaseUser, document: dict[str, Any]) -> dict[str, int]:
    """Create the document's decks and collection in an account that has neither yet.

    Everything is checked; any problem refuses the whole file (ImportRejected) and nothing stays."""
    if Deck.objects.filter(owner=owner).exists() or CollectionItem.objects.filter(owner=owner).exists():
        raise ImportRejected([ImportProblem(None, "account", (
            "esta cuenta ya tiene mazos o colección: los datos se importan en una cuenta nueva."
        ))])
    decks, collection = document.get("decks", []), document.get("collection", [])
    if not isinstance(decks, list) or not isinstance(collection, list):
        raise ImportRejected([ImportProblem(None, "format", "«decks» y «collection» deben ser listas.")])
    if len(decks) > MAX_DECKS or len(collection) > MAX_ROWS:
        raise ImportRejected([ImportProblem(None, "file", (
            f"como mucho {MAX_DECKS} mazos y {MAX_ROWS} filas de colección."
        ))])
    problems: list[ImportProblem] = []
    created = 0
    for n, item in enumerate(decks, 1):
        created += _import_deck(owner, n, item, problems)
    records = [(n, r) if isinstance(r, dict) else (n, {}) for n, r in enumerate(collection, 1)]
    rows, more = resolve_records(records)
    problems.extend(ImportProblem(p.line, f"collection[{p.line}].{p.field}", p.message) for p in more)
    if problems:
        raise ImportRejected(problems)
    summary = collection_import_rows(owner=owner, rows=rows, mode="add")
    return {"decks": created, "collection_rows": summary.created, "copies": summary.copies}


def _import_deck(owner: AbstractBaseUser, n: int, item: Any, problems: list[ImportProblem]) -> int:
    where = f"decks[{n}]"

    def bad(field: str, message: str) -> int:
        problems.append(ImportProblem(None, f"{where}.{field}", message))
        return 0

    if not isinstance(item, dict):
        return bad("deck", "cada mazo es un objeto.")
    game, name = item.get("game"), str(item.get("name") or "").strip()
    if game not in Game.values:
        return bad("game", f"juego desconocido {str(game)[:20]!r}.")
    if not name or len(name) > MAX_NAME:
        return bad("name", f"el nombre es obligatorio y tiene como mucho {MAX_NAME} caracteres.")
    visibility = item.get("visibility") or Visibility.PRIVATE
    if visibility not in Visibility.values:
        return bad("visibility", f"visibilidad desconocida {str(visibility)[:20]!r}.")
    description = str(item.get("description") or "")[:MAX_DESCRIPTION]
    try:
        specs, _ = specs_from_list(game=game, text=str(item.get("list") or ""))
        specs = _with_pins(specs, item.get("pins") or [])
        deck = deck_create(owner=owner, game=game, name=name, description=description,
                           visibility=visibility, entries=specs, note="Importado de «Descargar mis datos»")
    except ListRejected as exc:
        for v in exc.report.errors:
            bad("list", v.message)
        return 0
    except (DeckError, TypeError, ValueError) as exc:
        return bad("deck", str(exc))
    if item.get("built"):
        deck_set_built(owner=owner, deck_id=deck.pk, built=True)
    if item.get("wanted"):
        deck_set_wanted(owner=owner, deck_id=deck.pk, wanted=True)
    return 1


def _with_pins(specs: list[EntrySpec], pins: Any) -> list[EntrySpec]:
    if not isinstance(pins, list):
        raise ValueError("«pins» debe ser una lista.")
    wanted = {(p.get("section"), p.get("code")): p.get("edition") for p in pins if isinstance(p, dict)}
    out = []
    for spec in specs:
        number = wanted.get((spec.section, spec.card.code))
        edition = None
        if number is not None:
            edition = next((e for e in spec.card.editions.all() if e.edition == number), None)
            if edition is None:
                raise ValueError(f"{spec.card.code} no tiene edición {number}.")
        out.append(EntrySpec(spec.section, spec.card, spec.quantity, edition))
    return out
