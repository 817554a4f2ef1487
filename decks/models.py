"""Decks: a player's list of cards for one game, in sections, with every save kept as a revision.

Writes go through `decks.services` (keyword-only, atomic); a deck's rules are checked by the
engine (`engine.check_deck`) over the cards' current text, never here.

Edits never clobber each other: `Deck.version` grows by one on every save and a save names the
version it started from (optimistic concurrency; `select_for_update` does nothing on SQLite).
"""

from __future__ import annotations

import re
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse

from cards.models import Card, Edition, Game
from common.fields import validate_name, validate_text
from engine import find_game
from engine.decklist import MAX_QUANTITY
from engine.text import fold

MAX_NAME = 120
MAX_DESCRIPTION = 5000
MAX_FOLDER = 60


class Visibility(models.TextChoices):
    PRIVATE = "private", "Privado"
    UNLISTED = "unlisted", "Oculto (solo con el enlace)"
    PUBLIC = "public", "Público"


class Section(models.TextChoices):
    """Section keys as in the engine and the validation answer (docs/contract.md §4 `sections`)."""

    MAIN = "main", "Mazo"
    TOKENS = "tokens", "Tokens"
    ENTITIES = "entities", "Entes"
    ELEMENTS = "elements", "Elementos"


def sections_of(game: str) -> tuple[str, ...]:
    """The section keys of a game, in the order lists are written."""
    return find_game(game).sections


def new_slug() -> str:
    """The secret part of an unlisted deck's link: 16 URL-safe characters, ~96 bits."""
    return secrets.token_urlsafe(12)


class DeckQuerySet(models.QuerySet["Deck"]):
    def owned_by(self, user) -> DeckQuerySet:  # type: ignore[no-untyped-def]
        return self.filter(owner=user) if user.is_authenticated else self.none()

    def public(self) -> DeckQuerySet:
        return self.filter(visibility=Visibility.PUBLIC)

    def visible_to(self, user) -> DeckQuerySet:  # type: ignore[no-untyped-def]
        """Decks reachable by id: the player's own and everybody's public ones.

        Unlisted decks are reachable only through their secret slug."""
        if not user.is_authenticated:
            return self.public()
        return self.filter(Q(owner=user) | Q(visibility=Visibility.PUBLIC))

    def search(self, query: str) -> DeckQuerySet:
        """Every word of *query* in the name, without regard to case or accents."""
        qs = self
        for word in fold(query or "").split()[:10]:
            qs = qs.filter(name_folded__contains=word)
        return qs


class Deck(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    game = models.CharField("juego", max_length=16, choices=Game.choices)
    name = models.CharField("nombre", max_length=MAX_NAME, validators=[validate_name])
    name_folded = models.CharField(max_length=MAX_NAME, editable=False, db_index=True)
    description = models.TextField("descripción", blank=True, max_length=MAX_DESCRIPTION, validators=[validate_text])
    visibility = models.CharField(
        "visibilidad", max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    version = models.PositiveIntegerField(default=1, editable=False)
    # Whether the player has the deck assembled with real cards (used by the collection).
    built = models.BooleanField("montado", default=False)
    # "Mis mazos" only: the owner's own filing (a folder name, blank for none) and archive.
    folder = models.CharField("carpeta", max_length=MAX_FOLDER, blank=True, default="", validators=[validate_name])
    archived = models.BooleanField("archivado", default=False)
    forked_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks", editable=False
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = DeckQuerySet.as_manager()

    class Meta:
        ordering = ["-updated", "-pk"]
        verbose_name = "mazo"
        indexes = [
            models.Index(fields=["owner", "-updated"], name="deck_owner_updated"),
            models.Index(fields=["visibility", "-updated"], name="deck_visibility_updated"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        self.name_folded = fold(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("decks:detail", args=[self.pk])

    def get_share_url(self) -> str:
        """The link that opens an unlisted (or public) deck for anybody who has it."""
        return reverse("decks:shared", args=[self.slug])

    @property
    def sections(self) -> tuple[str, ...]:
        return sections_of(self.game)

    def is_owned_by(self, user) -> bool:  # type: ignore[no-untyped-def]
        return bool(user.is_authenticated and user.pk == self.owner_id)

    def can_view(self, user, *, by_slug: bool = False) -> bool:  # type: ignore[no-untyped-def]
        if self.is_owned_by(user) or self.visibility == Visibility.PUBLIC:
            return True
        return by_slug and self.visibility == Visibility.UNLISTED


class DeckEntryQuerySet(models.QuerySet["DeckEntry"]):
    def with_cards(self) -> DeckEntryQuerySet:
        """Entries with their card, the card's current edition and set, and the pin: one query."""
        return self.select_related("card", "card__current", "card__set", "edition").order_by(
            "section", "card__name_folded", "card__code"
        )


class DeckEntry(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    section = models.CharField("sección", max_length=10, choices=Section.choices)
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="deck_entries")
    quantity = models.PositiveSmallIntegerField(
        "cantidad", default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_QUANTITY)]
    )
    # An optional pin to a printing; the rules and the proxies still use the current text.
    edition = models.ForeignKey(
        Edition, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name="edición fijada",
    )

    objects = DeckEntryQuerySet.as_manager()

    class Meta:
        verbose_name = "entrada"
        constraints = [
            models.UniqueConstraint(fields=["deck", "section", "card"], name="deckentry_unique_card"),
            models.CheckConstraint(
                condition=Q(quantity__gte=1) & Q(quantity__lte=MAX_QUANTITY), name="deckentry_quantity"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} {self.card.name} ({self.card.code})"

    def clean(self) -> None:
        if self.edition_id and self.card_id and self.edition.card_id != self.card_id:
            raise ValidationError({"edition": "La edición fijada es de otra carta."})

    @property
    def pin_outdated(self) -> bool:
        """A pinned edition that is not the card's current text (ruling TERCERO)."""
        return bool(self.edition_id and self.edition_id != self.card.current_id)


class DeckRevision(models.Model):
    """One save of a deck: its list at that moment and what the save added and removed."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True)
    text = models.TextField(blank=True)  # the list as exported (docs/contract.md §3)
    # [{"section", "code", "quantity", "edition"}]: restores pins too, which the text cannot hold.
    snapshot = models.JSONField(default=list)
    added = models.JSONField(default=list)  # [{"section", "code", "name", "quantity"}]
    removed = models.JSONField(default=list)
    # A builder session's lists before each change folded into it ([{"text", "snapshot"}], oldest
    # first, the last decks.services.MAX_STEPS): its changes can be compared one at a time.
    steps = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-number"]
        verbose_name = "revisión"
        verbose_name_plural = "revisiones"
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="deckrevision_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.deck} · revisión {self.number}"


# ---------------------------------------------------------------- the deck's own notes on cards
MAX_TAG = 30
TAG_PATTERN = r"^[^\W_][\w -]*$"  # a letter or digit first, then letters, digits, spaces, - and _


def validate_tag(value: str) -> None:
    if not value or len(value) > MAX_TAG or not re.match(TAG_PATTERN, value):
        raise ValidationError(
            f"La etiqueta «{value[:40]}» no vale: de 1 a {MAX_TAG} letras, cifras, espacios, - o _, "
            "empezando por una letra o cifra."
        )


class DeckTag(models.Model):
    """A player's label on a card of their deck ("defensa", "motor"): a group for the odds panel
    and for filtering the deck page. Kept with the deck, not its list: revisions leave it alone."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tags")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")
    name = models.CharField("etiqueta", max_length=MAX_TAG, validators=[validate_tag])

    class Meta:
        ordering = ["name", "card__name_folded"]
        verbose_name = "etiqueta"
        constraints = [models.UniqueConstraint(fields=["deck", "card", "name"], name="decktag_unique")]

    def __str__(self) -> str:
        return f"{self.name}: {self.card.name}"


class ConsideredCard(models.Model):
    """A card the player is considering for the deck: outside the list, never validated or
    exported with it, kept across revisions as the deck's own."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="considering")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")
    note = models.CharField("nota", max_length=200, blank=True, validators=[validate_text])
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["card__name_folded", "card__code"]
        verbose_name = "carta en estudio"
        verbose_name_plural = "cartas en estudio"
        constraints = [models.UniqueConstraint(fields=["deck", "card"], name="consideredcard_unique")]

    def __str__(self) -> str:
        return f"{self.deck} · {self.card.name}"
