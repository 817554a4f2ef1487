"""Official rulings: dated, numbered, verbatim, linked to cards by code.

A ruling names cards by code, not by row: the links (`RulingCard`) keep the raw code and are
resolved against the catalogue at read time on (game, code). So a ruling loads before its cards
exist, a card imported later is linked at once, and a code the catalogue lacks is shown as
unresolved instead of failing. Every edition of a card shares its rulings (a card is its code).
"""

from __future__ import annotations

import re

from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cards.models import Card, Game
from engine.text import fold

# "Primera edición" -> 1: the edition a ruling concerns, to diff it against the current one.
ORDINALS = {
    "primera": 1,
    "segunda": 2,
    "tercera": 3,
    "cuarta": 4,
    "quinta": 5,
    "sexta": 6,
    "septima": 7,
    "octava": 8,
    "novena": 9,
    "decima": 10,
}


class RulingQuerySet(models.QuerySet["Ruling"]):
    def search(self, query: str) -> RulingQuerySet:
        """Every word of `query`, in any case and with or without accents, in the title or text."""
        qs = self
        for word in fold(query or "").split():
            qs = qs.filter(text_folded__contains=word)
        return qs

    def naming(self, code: str) -> RulingQuerySet:
        """Rulings that name the card `code` (involved or mentioned), any case."""
        code = (code or "").strip()
        if not code:
            return self
        links = RulingCard.objects.filter(ruling=OuterRef("pk"), code__iexact=code)
        return self.filter(Exists(links))

    def for_card(self, card: Card) -> RulingQuerySet:
        """What a card page lists: rulings naming the card, plus those for all cards (TERCERO)."""
        links = RulingCard.objects.filter(ruling=OuterRef("pk"), code=card.code)
        return self.filter(Q(all_cards=True) | Q(Exists(links)), game=card.game)


class Ruling(models.Model):
    number = models.PositiveSmallIntegerField(unique=True, validators=[MinValueValidator(1)])
    title = models.CharField(max_length=40, help_text=_("PRIMERO, SEGUNDO…"))
    game = models.CharField(max_length=16, choices=Game.choices, default=Game.ELIRIA)
    date = models.DateField()
    code = models.CharField(
        max_length=6,
        validators=[RegexValidator(r"^\d{6}$", _("AAMMDD: seis cifras"))],
        help_text=_("La fecha como la escribe el editor, AAMMDD (260220)."),
    )
    all_cards = models.BooleanField(default=False, help_text=_("Afecta a todas las cartas."))
    edition = models.CharField(max_length=120, blank=True, help_text=_("Primera edición…"))
    considerations = models.TextField()
    criterion = models.TextField()
    site_behaviour = models.TextField(
        blank=True, help_text=_("Qué comportamiento del sitio sigue esta resolución.")
    )
    # Title and text folded (case and accents), for search on every database engine.
    text_folded = models.TextField(editable=False, default="")

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.title} ({self.code})"

    def save(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        self.text_folded = fold(" ".join([self.title, self.edition, self.considerations, self.criterion]))
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("rulings:detail", args=[self.number])

    @property
    def edition_number(self) -> int | None:
        """The edition the ruling concerns as a number ("Primera edición" -> 1), if it names one."""
        words = fold(self.edition).split()
        if not words:
            return None
        if words[0] in ORDINALS:
            return ORDINALS[words[0]]
        digits = re.search(r"\d+", self.edition)
        return int(digits.group()) if digits else None

    def codes(self, role: str) -> list[str]:
        """The raw codes of one role, in the file's order (uses prefetched `links`)."""
        links = sorted(self.links.all(), key=lambda link: link.position)
        return [link.code for link in links if link.role == role]

    @property
    def card_codes(self) -> list[str]:
        return self.codes(RulingCard.Role.INVOLVED)

    @property
    def mention_codes(self) -> list[str]:
        return self.codes(RulingCard.Role.MENTIONED)


class RulingCard(models.Model):
    """One card code a ruling names; resolved to a Card on (ruling.game, code) when read."""

    class Role(models.TextChoices):
        INVOLVED = "card", _("Involucrada")
        MENTIONED = "mention", _("Mencionada")

    ruling = models.ForeignKey(Ruling, on_delete=models.CASCADE, related_name="links")
    code = models.CharField(max_length=24, db_index=True)
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.INVOLVED)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["ruling", "role", "position"]
        constraints = [
            models.UniqueConstraint(fields=["ruling", "role", "code"], name="rulingcard_unique_code")
        ]

    def __str__(self) -> str:
        return f"{self.ruling.title}: {self.code}"
