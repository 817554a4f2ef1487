"""Where a deck for the table, a matchup or a replay comes from, carried as one short token.

A token is ``deck:<id>`` (a deck the player may see by id: their own or a public one),
``slug:<slug>`` (an unlisted deck opened by its secret link) or ``list:<packed>`` (a pasted
list, zlib-compressed and base64url-encoded so that replay links keep every input in the
query string and stay short). The server keeps nothing: pages and forms pass the token along.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from cards.validation import MAX_LIST_CHARS, UNREADABLE, ListTooLarge, validate_list
from common.errors import SiteError
from decks.models import Deck
from decks.selectors import deck_rows, deck_text
from engine import DeckEntry, ValidationReport

MAX_TOKEN_CHARS = 60_000


class SourceError(SiteError):
    """A list that cannot be played: unreadable token, too large, or cards that cannot be identified."""

    def __init__(self, message: str, errors: list[dict[str, Any]] | None = None, report: dict[str, Any] | None = None):
        super().__init__(message)
        self.errors = errors or [{"line": None, "message": message}]
        self.report = report


@dataclass(frozen=True)
class DeckSource:
    game: str
    text: str
    label: str
    token: str
    deck: Deck | None = None
    entries: tuple[DeckEntry, ...] = field(default=(), repr=False)
    report: ValidationReport | None = field(default=None, repr=False)

    @property
    def list_token(self) -> str:
        """A token that replays this exact list even if the deck is edited later."""
        return "list:" + pack_list(self.text)


def pack_list(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpack_list(packed: str) -> str:
    if len(packed) > MAX_TOKEN_CHARS:
        raise SourceError(_("La lista del enlace es demasiado larga."))
    try:
        raw = base64.b64decode(packed + "=" * (-len(packed) % 4), altchars=b"-_", validate=True)
        inflater = zlib.decompressobj()
        data = inflater.decompress(raw, 4 * MAX_LIST_CHARS + 1)  # bounded: no decompression bomb
        if inflater.unconsumed_tail or len(data) > 4 * MAX_LIST_CHARS:
            raise SourceError(_("La lista del enlace es demasiado larga."))
        if not inflater.eof:
            raise SourceError(_("El enlace no contiene una lista legible."))
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise SourceError(_("El enlace no contiene una lista legible.")) from None


def playable(game: str, text: str, label: str = "") -> ValidationReport:
    """The engine's report of a list; refuses lists whose cards cannot all be identified."""
    try:
        report = validate_list(game, text)
    except ListTooLarge as exc:
        raise SourceError(str(exc)) from None
    blocking = [v for v in report.errors if v.code in UNREADABLE]
    if blocking:
        prefix = f"{label}: " if label else ""
        raise SourceError(
            prefix + _("la lista tiene cartas que no se pueden identificar."),
            [{"line": v.line, "message": prefix + v.message} for v in blocking],
            report.as_dict(),
        )
    return report


def from_list(game: str, text: str, label: str = "") -> DeckSource:
    report = playable(game, text, label)
    return DeckSource(game, text, label or _("Lista pegada"), "list:" + pack_list(text), None, report.entries, report)


def from_deck(deck: Deck) -> DeckSource:
    text = deck_text(deck_rows(deck), deck.game)
    report = playable(deck.game, text, deck.name)
    token = f"deck:{deck.pk}"
    return DeckSource(deck.game, text, deck.name, token, deck, report.entries, report)


def visible_deck(user: Any, *, pk: int | str | None = None, slug: str | None = None) -> Deck:
    """A deck this player may play: their own or a public one by id, an unlisted one by its slug (else 404)."""
    if slug is not None:
        deck = get_object_or_404(Deck.objects.select_related("owner"), slug=slug)
        if not deck.can_view(user, by_slug=True):
            raise Http404
        return deck
    try:
        number = int(str(pk))
    except ValueError:
        raise Http404 from None
    return get_object_or_404(Deck.objects.visible_to(user).select_related("owner"), pk=number)


def my_decks(user: Any, limit: int = 30) -> list[Deck]:
    """The player's own decks, most recently updated first (links to their tables)."""
    return list(Deck.objects.owned_by(user).order_by("-updated", "-pk")[:limit])


def resolve(user: Any, token: str, game: str, label: str = "") -> DeckSource:
    """The source named by *token*; a deck the player may not see is a 404."""
    kind, _sep, value = (token or "").partition(":")
    if kind == "deck":
        return from_deck(visible_deck(user, pk=value))
    if kind == "slug":
        return from_deck(visible_deck(user, slug=value))
    if kind == "list":
        return from_list(game, unpack_list(value), label)
    raise SourceError(_("Falta el mazo: pega una lista o elige uno de tus mazos."))
