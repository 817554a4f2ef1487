"""Writes to decks: create, update (refusing stale saves), import a list, restore, fork.

Every save records one DeckRevision whose number is the deck's new version, with the list as
text and what the save added and removed. Builder clicks (+1/−1, pins) are an editing session:
clicks by the same player within SESSION_WINDOW of the last one fold into one revision, whose
added/removed sum up the whole session, so thirteen clicks are one revision, not thirteen; the
revision keeps the list before each folded click (its `steps`), so the changes of a session can
still be compared one at a time. A save names the version it was made from
(`expected_version`); if somebody saved in between, it is refused with `StaleDeck` and nothing
is written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from cards.models import Card, Edition
from cards.validation import UNREADABLE, ListTooLarge, report_json, validate_list
from common.errors import SiteError
from decks.models import (
    MAX_QUANTITY,
    ConsideredCard,
    Deck,
    DeckEntry,
    DeckRevision,
    DeckTag,
    Visibility,
    sections_of,
    validate_tag,
)
from engine import CardData, Game, ValidationReport, format_decklist
from engine import DeckEntry as EngineEntry
from engine.text import fold

MAX_ENTRIES = 500
SESSION_WINDOW = timedelta(minutes=30)
SESSION_NOTE = "Cambios en el constructor"  # marks a revision that later builder clicks may extend
MAX_STEPS = 30  # a session keeps the lists before its last 30 changes (DeckRevision.steps)
MAX_DECKS_PER_PLAYER = 300  # a storage quota: each deck keeps its revisions too


class DeckError(SiteError):
    """A refused deck write; the message is in Spanish, for the player (400 in the API)."""


class StaleDeck(DeckError):
    def __init__(self, deck: Deck, expected: int) -> None:
        current = Deck.objects.filter(pk=deck.pk).values_list("version", flat=True).first()
        super().__init__(
            f"El mazo «{deck.name}» cambió desde que lo abriste (ibas por la versión {expected}, "
            f"ya va por la {current}): no se ha guardado nada. Recarga para ver los cambios y "
            "vuelve a hacer el tuyo."
        )
        self.current_version = current
        self.status, self.extra = 409, {"version": current}


class ListRejected(DeckError):
    """A list with lines that are not cards; `report` names each one with its line number."""

    def __init__(self, report: ValidationReport, *, game: str, text: str) -> None:
        bad = [v for v in report.errors if v.code in UNREADABLE]
        super().__init__(
            f"La lista tiene {len(bad)} {'línea' if len(bad) == 1 else 'líneas'} que no se "
            "pueden leer como cartas: corrígelas o acepta guardarla sin ellas.",
            field="list",
        )
        self.report = report
        self.extra = {"validation": report_json(report, game, text)}  # with «¿Quisiste decir…?»


@dataclass(frozen=True)
class EntrySpec:
    """One line of a deck to write: a card of the deck's game, in one of its sections."""

    section: str
    card: Card
    quantity: int
    edition: Edition | None = None


# ---------------------------------------------------------------- create / update
@transaction.atomic
def deck_create(
    *,
    owner: AbstractBaseUser,
    game: str,
    name: str,
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    entries: Sequence[EntrySpec] = (),
    note: str = "Mazo creado",
    forked_from: Deck | None = None,
) -> Deck:
    if Deck.objects.filter(owner=owner).count() >= MAX_DECKS_PER_PLAYER:
        raise DeckError(
            f"Ya tienes {MAX_DECKS_PER_PLAYER} mazos, el máximo por jugador: borra alguno para crear otro."
        )
    deck = Deck(
        owner=owner, game=game, name=name.strip(), description=description.strip(),
        visibility=visibility, forked_from=forked_from,
    )
    _clean(deck)
    deck.save()
    entries = _merge(deck, entries)
    _write_entries(deck, entries)
    _record_revision(deck, before=[], after=_snapshot(entries), author=owner, note=note)
    return deck


@transaction.atomic
def deck_update(
    deck: Deck,
    *,
    expected_version: int,
    actor: AbstractBaseUser | None = None,
    name: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
    built: bool | None = None,
    entries: Sequence[EntrySpec] | None = None,
    note: str = "",
    session: bool = False,
) -> Deck:
    """Save new details and/or a new list; refused with StaleDeck unless the deck is still at
    `expected_version`. Returns the deck as saved (its version one higher)."""
    fields: dict[str, Any] = {}
    for key, value in (("name", name), ("description", description), ("visibility", visibility),
                       ("built", built)):
        if value is not None:
            fields[key] = value.strip() if isinstance(value, str) and key != "visibility" else value
    if fields:
        for key, value in fields.items():
            setattr(deck, key, value)
        _clean(deck, exclude=["owner", "forked_from"])
        if "name" in fields:
            fields["name_folded"] = fold(fields["name"])
    updated = Deck.objects.filter(pk=deck.pk, version=expected_version).update(
        version=F("version") + 1, updated=timezone.now(), **fields
    )
    if updated == 0:
        raise StaleDeck(deck, expected_version)
    before = _snapshot(_current_specs(deck))
    after = before
    if entries is not None:
        merged = _merge(deck, entries)
        DeckEntry.objects.filter(deck=deck).delete()
        _write_entries(deck, merged)
        after = _snapshot(merged)
    deck.refresh_from_db()
    note = note or _note(fields, before, after)
    if not (session and _extend_session(deck, after=after, author=actor)):
        _record_revision(deck, before=before, after=after, author=actor, note=note)
    return deck


@transaction.atomic
def deck_change_card(
    deck: Deck,
    *,
    expected_version: int,
    actor: AbstractBaseUser | None,
    card: Card,
    section: str,
    delta: int,
) -> Deck:
    """Add (delta > 0) or remove (delta < 0) copies of a card in one section: the builder's click."""
    specs = {(s.section, s.card.pk): s for s in _current_specs(deck)}
    old = specs.get((section, card.pk))
    quantity = (old.quantity if old else 0) + delta
    if quantity <= 0:
        specs.pop((section, card.pk), None)
    else:
        specs[(section, card.pk)] = EntrySpec(section, card, quantity, old.edition if old else None)
    return deck_update(
        deck, expected_version=expected_version, actor=actor, entries=list(specs.values()),
        note=SESSION_NOTE, session=True,
    )


@transaction.atomic
def deck_pin_edition(
    deck: Deck,
    *,
    expected_version: int,
    actor: AbstractBaseUser | None,
    card: Card,
    section: str,
    edition: Edition | None,
) -> Deck:
    """Pin an entry to one printing (None: no pin). Rules and proxies keep using the current text."""
    specs = _current_specs(deck)
    if not any(s.section == section and s.card.pk == card.pk for s in specs):
        raise DeckError(f"«{card.name}» no está en esa sección del mazo.")
    specs = [
        EntrySpec(s.section, s.card, s.quantity, edition) if s.section == section and s.card.pk == card.pk else s
        for s in specs
    ]
    return deck_update(deck, expected_version=expected_version, actor=actor, entries=specs,
                       note=SESSION_NOTE, session=True)


@transaction.atomic
def deck_delete(deck: Deck, *, expected_version: int) -> None:
    if not Deck.objects.filter(pk=deck.pk, version=expected_version).exists():
        raise StaleDeck(deck, expected_version)
    deck.delete()


# ---------------------------------------------------------------- lists, revisions, forks
def deck_list_report(*, game: str, text: str) -> ValidationReport:
    """The engine's report on a pasted list, through the one validation wrapper."""
    try:
        return validate_list(game, text)
    except ListTooLarge as exc:
        raise DeckError(str(exc)) from None


def specs_from_report(report: ValidationReport, game: str) -> list[EntrySpec]:
    """The entries the engine resolved, as rows of this game (one query)."""
    codes = {e.card.code for e in report.entries if e.card.game.value == game}
    cards = {c.code: c for c in Card.objects.filter(game=game, code__in=codes)}
    return [
        EntrySpec(e.section, cards[e.card.code], e.quantity)
        for e in report.entries
        if e.card.code in cards
    ]


def specs_from_list(
    *, game: str, text: str, accept_unreadable: bool = False
) -> tuple[list[EntrySpec], ValidationReport]:
    """A list's entries, refused with ListRejected if a line is not a card, unless accepted."""
    report = deck_list_report(game=game, text=text)
    if not accept_unreadable and any(v.code in UNREADABLE for v in report.errors):
        raise ListRejected(report, game=game, text=text)
    return specs_from_report(report, game), report


def deck_import_list(
    *,
    owner: AbstractBaseUser,
    game: str,
    text: str,
    name: str = "",
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    deck: Deck | None = None,
    expected_version: int | None = None,
    accept_unreadable: bool = False,
) -> tuple[Deck, ValidationReport]:
    """Create a deck from a list (or, with `deck`, replace its list).

    Lines that are not cards of this game refuse the import with ListRejected, unless the
    player has seen them and accepted (`accept_unreadable`): then they are left out. A list
    that breaks deck rules is saved all the same; the deck page explains each problem."""
    specs, report = specs_from_list(game=game, text=text, accept_unreadable=accept_unreadable)
    if deck is None:
        deck = deck_create(
            owner=owner, game=game, name=name, description=description, visibility=visibility,
            entries=specs, note="Creado a partir de una lista",
        )
    else:
        if expected_version is None:
            raise DeckError("Falta la versión del mazo desde la que se edita.")
        deck = deck_update(
            deck, expected_version=expected_version, actor=owner, entries=specs,
            note="Lista reemplazada",
        )
    return deck, report


@transaction.atomic
def deck_restore_revision(
    deck: Deck, *, number: int, expected_version: int, actor: AbstractBaseUser | None
) -> Deck:
    """Make the deck's list what it was at revision `number` (recorded as a new revision)."""
    revision = DeckRevision.objects.filter(deck=deck, number=number).first()
    if revision is None:
        raise DeckError(f"El mazo no tiene una revisión {number}.")
    specs = _specs_from_snapshot(deck.game, revision.snapshot)
    return deck_update(
        deck, expected_version=expected_version, actor=actor, entries=specs,
        note=f"Restaurada la revisión {number}",
    )


@transaction.atomic
def deck_fork(deck: Deck, *, owner: AbstractBaseUser) -> Deck:
    """A private copy of a deck for another player (or the same one), remembering its origin."""
    specs = _current_specs(deck)
    suffix = " (copia)"
    return deck_create(
        owner=owner, game=deck.game, name=deck.name[: Deck._meta.get_field("name").max_length - len(suffix)] + suffix,
        description=deck.description, entries=specs, forked_from=deck,
        note=f"Copiado de «{deck.name}» de {deck.owner.get_username()}",
    )


# ---------------------------------------------------------------- helpers
def _clean(deck: Deck, exclude: list[str] | None = None) -> None:
    """Field validators (tier 1) as a DeckError with the Spanish messages."""
    try:
        deck.full_clean(exclude=exclude)
    except ValidationError as exc:
        labels = {f.name: str(f.verbose_name) for f in Deck._meta.fields}
        parts = [
            f"{labels.get(field, field).capitalize()}: {' '.join(msgs)}"
            for field, msgs in exc.message_dict.items()
        ]
        raise DeckError(" ".join(parts)) from None


def _current_specs(deck: Deck) -> list[EntrySpec]:
    rows = DeckEntry.objects.filter(deck=deck).with_cards()
    return [EntrySpec(r.section, r.card, r.quantity, r.edition) for r in rows]


def _merge(deck: Deck, entries: Iterable[EntrySpec]) -> list[EntrySpec]:
    """One spec per (section, card), quantities added up; refuses foreign cards and sections."""
    allowed = sections_of(deck.game)
    merged: dict[tuple[str, int], EntrySpec] = {}
    for spec in entries:
        if spec.card.game != deck.game:
            raise DeckError(f"«{spec.card.name}» ({spec.card.code}) no es una carta de {deck.get_game_display()}.")
        if spec.section not in allowed:
            raise DeckError(f"«{spec.section}» no es una sección de {deck.get_game_display()}.")
        if spec.edition is not None and spec.edition.card_id != spec.card.pk:
            raise DeckError(f"La edición fijada de «{spec.card.name}» es de otra carta.")
        key = (spec.section, spec.card.pk)
        old = merged.get(key)
        quantity = spec.quantity + (old.quantity if old else 0)
        if quantity > MAX_QUANTITY:
            raise DeckError(f"«{spec.card.name}»: {quantity} copias es absurdo (máximo {MAX_QUANTITY}).")
        merged[key] = EntrySpec(spec.section, spec.card, quantity, spec.edition or (old.edition if old else None))
    if len(merged) > MAX_ENTRIES:
        raise DeckError(f"Un mazo admite como mucho {MAX_ENTRIES} cartas distintas.")
    return list(merged.values())


def _write_entries(deck: Deck, specs: Sequence[EntrySpec]) -> None:
    rows = [
        DeckEntry(deck=deck, section=s.section, card=s.card, quantity=s.quantity, edition=s.edition)
        for s in specs
    ]
    for row in rows:
        if row.quantity < 1:
            raise DeckError(f"«{row.card.name}»: la cantidad debe ser al menos 1.")
    DeckEntry.objects.bulk_create(rows)


def _snapshot(specs: Sequence[EntrySpec]) -> list[dict[str, Any]]:
    return [
        {"section": s.section, "code": s.card.code, "name": s.card.name, "quantity": s.quantity,
         "edition": s.edition.edition if s.edition else None}
        for s in specs
    ]


def _specs_from_snapshot(game: str, snapshot: list[dict[str, Any]]) -> list[EntrySpec]:
    codes = {item["code"] for item in snapshot}
    cards = {c.code: c for c in Card.objects.filter(game=game, code__in=codes).prefetch_related("editions")}
    specs = []
    for item in snapshot:
        card = cards.get(item["code"])
        if card is None:  # no longer in the catalogue
            continue
        pin = next((ed for ed in card.editions.all() if ed.edition == item.get("edition")), None)
        specs.append(EntrySpec(item["section"], card, int(item["quantity"]), pin))
    return specs


def _diff(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> tuple[list, list]:
    def counts(items: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
        return {(i["section"], i["code"]): i for i in items}

    old, new = counts(before), counts(after)
    added, removed = [], []
    for key in [*new, *(k for k in old if k not in new)]:
        was = old[key]["quantity"] if key in old else 0
        now = new[key]["quantity"] if key in new else 0
        item = new.get(key) or old[key]
        change = {"section": key[0], "code": key[1], "name": item["name"], "quantity": abs(now - was)}
        if now > was:
            added.append(change)
        elif now < was:
            removed.append(change)
    return added, removed


def _note(fields: dict[str, Any], before: list, after: list) -> str:
    labels = {"name": "nombre", "description": "descripción", "visibility": "visibilidad", "built": "montado"}
    parts = [labels[k] for k in fields if k in labels]
    if before != after:
        parts.insert(0, "lista")
    return ("Cambios: " + ", ".join(parts)) if parts else "Guardado sin cambios"


def _record_revision(
    deck: Deck, *, before: list, after: list, author: AbstractBaseUser | None, note: str
) -> DeckRevision:
    added, removed = _diff(before, after)
    return DeckRevision.objects.create(
        deck=deck, number=deck.version, author=author if author and author.is_authenticated else None,
        note=note[:200], text=_revision_text(deck, after),
        snapshot=after, added=added, removed=removed,
    )


def _extend_session(deck: Deck, *, after: list, author: AbstractBaseUser | None) -> bool:
    """Fold this builder save into the player's open session revision, if there is one: the
    latest revision is a session by the same author touched within SESSION_WINDOW. Its number
    moves to the new version; added/removed are recomputed against the list before the session,
    and the list before this save is kept as one more step (the last MAX_STEPS)."""
    latest = DeckRevision.objects.filter(deck=deck).order_by("-number").first()
    author_id = author.pk if author is not None and author.is_authenticated else None
    now = timezone.now()
    if (latest is None or latest.note != SESSION_NOTE or author_id is None or latest.author_id != author_id
            or now - latest.created > SESSION_WINDOW):
        return False
    base = DeckRevision.objects.filter(deck=deck, number__lt=latest.number).order_by("-number").first()
    added, removed = _diff(base.snapshot if base else [], after)
    text = _revision_text(deck, after)
    steps = [*latest.steps, {"text": latest.text, "snapshot": latest.snapshot}][-MAX_STEPS:]
    DeckRevision.objects.filter(pk=latest.pk).update(
        number=deck.version, created=now, text=text, snapshot=after, added=added, removed=removed, steps=steps
    )
    return True


def _revision_text(deck: Deck, after: list) -> str:
    light = [
        EngineEntry(item["section"], item["quantity"], CardData(Game(deck.game), item["code"], item["name"], ""))
        for item in after
    ]
    return format_decklist(_ordered(light, deck.game), deck.game)


def _ordered(entries: list[EngineEntry], game: str) -> list[EngineEntry]:
    """The order lists are shown and exported in: by name (accents ignored), then code."""
    return sorted(entries, key=lambda e: (fold(e.card.name), e.card.code))


# ---------------------------------------------------------------- tags and the considering board
MAX_TAGS_PER_DECK = 200
MAX_CONSIDERED = 100


class NotDeckOwner(DeckError):
    status = 403


def _check_owner(deck: Deck, actor: AbstractBaseUser) -> None:
    if deck.owner_id != actor.pk:
        raise NotDeckOwner(f"El mazo «{deck.name}» no es tuyo: solo su dueño cambia sus etiquetas y cartas en estudio.")


def _check_card(deck: Deck, card: Card) -> None:
    if card.game != deck.game:
        raise DeckError(f"«{card.name}» ({card.code}) no es una carta de {deck.get_game_display()}.", field="card")


def tag_names(text: str) -> list[str]:
    """Tags as typed, comma-separated: trimmed, lower case, without repeats, in their order."""
    names = [" ".join(part.split()).lower() for part in text.split(",")]
    return list(dict.fromkeys(n for n in names if n))


@transaction.atomic
def deck_tag_set(*, deck: Deck, actor: AbstractBaseUser, card: Card, names: Sequence[str]) -> list[str]:
    """Replace the card's tags in the deck with *names* (an empty list removes them)."""
    _check_owner(deck, actor)
    _check_card(deck, card)
    wanted = list(dict.fromkeys(names))
    for name in wanted:
        try:
            validate_tag(name)
        except ValidationError as exc:
            raise DeckError(" ".join(exc.messages), field="tags") from None
    deck.tags.filter(card=card).exclude(name__in=wanted).delete()
    have = set(deck.tags.filter(card=card).values_list("name", flat=True))
    new = [DeckTag(deck=deck, card=card, name=n) for n in wanted if n not in have]
    if new and deck.tags.count() + len(new) > MAX_TAGS_PER_DECK:
        raise DeckError(f"Un mazo lleva como mucho {MAX_TAGS_PER_DECK} etiquetas.", field="tags")
    DeckTag.objects.bulk_create(new)
    return wanted


@transaction.atomic
def deck_consider_add(*, deck: Deck, actor: AbstractBaseUser, card: Card, note: str = "") -> ConsideredCard:
    """Put *card* on the deck's considering board (once; a second add updates the note)."""
    _check_owner(deck, actor)
    _check_card(deck, card)
    row = deck.considering.filter(card=card).first()
    if row is None:
        if deck.considering.count() >= MAX_CONSIDERED:
            raise DeckError(f"Ya estudias {MAX_CONSIDERED} cartas para este mazo: quita alguna antes.")
        row = ConsideredCard(deck=deck, card=card)
    row.note = note
    try:
        row.full_clean()
    except ValidationError as exc:
        raise DeckError(" ".join(exc.messages), field="note") from None
    row.save()
    return row


@transaction.atomic
def deck_consider_remove(*, deck: Deck, actor: AbstractBaseUser, card: Card) -> bool:
    """Take *card* off the considering board; whether it was there."""
    _check_owner(deck, actor)
    deleted, _ = deck.considering.filter(card=card).delete()
    return bool(deleted)


# ---------------------------------------------------------------- "Mis mazos": folders and archive
# Filing is the owner's bookkeeping, not an edit of the list: no revision, no new version, and
# `updated` stays (so "ordenar por actualizado" still means the list last changed).
def _check_filer(deck: Deck, actor: AbstractBaseUser) -> None:
    if deck.owner_id != actor.pk:
        raise NotDeckOwner(f"El mazo «{deck.name}» no es tuyo: solo su dueño lo archiva o lo cambia de carpeta.")


@transaction.atomic
def deck_archive(*, deck: Deck, actor: AbstractBaseUser, archived: bool = True) -> Deck:
    """Archive *deck* (hidden from "Mis mazos" but for «Archivados») or, with archived=False, bring it back."""
    _check_filer(deck, actor)
    Deck.objects.filter(pk=deck.pk).update(archived=archived)
    deck.archived = archived
    return deck


@transaction.atomic
def deck_move_to_folder(*, deck: Deck, actor: AbstractBaseUser, folder: str) -> Deck:
    """File *deck* in the folder named *folder* (spaces trimmed; an empty name takes it out of any)."""
    _check_filer(deck, actor)
    name = " ".join(folder.split())
    try:
        Deck._meta.get_field("folder").clean(name, deck)  # the model field's length and name rules
    except ValidationError as exc:
        raise DeckError(f"Ese nombre de carpeta no vale: {' '.join(exc.messages)}", field="folder") from None
    Deck.objects.filter(pk=deck.pk).update(folder=name)
    deck.folder = name
    return deck
