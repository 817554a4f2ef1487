"""What each player owns: copies of an edition, optionally by condition and language; private.

One row per (owner, edition, condition, language) with a quantity of at least 1 — a quantity of 0
is no row at all. `card` repeats `edition.card` so that "how many copies of this card" (every
edition counts) is a sum over one indexed column, without a join. `WantedDeck` marks the decks a
player wants to assemble (the shopping list); it lives here because the decks app is not ours
to change.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cards.models import Card, Edition

MAX_COPIES = 9999


class Condition(models.TextChoices):
    NEAR_MINT = "NM", _("Casi nueva (NM)")
    LIGHT = "LP", _("Poco jugada (LP)")
    MODERATE = "MP", _("Jugada (MP)")
    HEAVY = "HP", _("Muy jugada (HP)")
    DAMAGED = "D", _("Dañada (D)")


language_validator = RegexValidator(
    r"^[a-z]{2,3}$", _("Idioma: un código de 2 o 3 letras minúsculas (es, en, pt…).")
)


class CollectionItem(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_items"
    )
    # PROTECT: removing a printing from the catalogue must not silently empty players' binders.
    edition = models.ForeignKey(Edition, on_delete=models.PROTECT, related_name="collection_items",
                                verbose_name=_("edición"))
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="collection_items", editable=False)
    quantity = models.PositiveIntegerField(
        _("copias"), validators=[MinValueValidator(1), MaxValueValidator(MAX_COPIES)]
    )
    condition = models.CharField(_("estado"), max_length=2, choices=Condition.choices, blank=True)
    language = models.CharField(_("idioma"), max_length=3, blank=True, validators=[language_validator])
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["card__game", "card__code", "edition__edition", "condition", "language"]
        verbose_name = _("carta de la colección")
        verbose_name_plural = _("cartas de la colección")
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "edition", "condition", "language"], name="collectionitem_unique"
            ),
            models.CheckConstraint(
                condition=Q(quantity__gte=1) & Q(quantity__lte=MAX_COPIES), name="collectionitem_quantity"
            ),
        ]
        indexes = [models.Index(fields=["owner", "card"], name="collectionitem_owner_card")]

    def __str__(self) -> str:
        extra = " ".join(x for x in (self.condition, self.language) if x)
        return f"{self.quantity} × {self.edition}{' ' + extra if extra else ''}"

    def save(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        if self.edition_id and not self.card_id:
            self.card_id = self.edition.card_id
        super().save(*args, **kwargs)

    def clean(self) -> None:
        if self.edition_id and self.card_id and self.edition.card_id != self.card_id:
            raise ValidationError({"edition": _("La edición es de otra carta.")})


class WantedDeck(models.Model):
    """A deck its owner wants to assemble: its missing cards go on the shopping list."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    deck = models.OneToOneField("decks.Deck", on_delete=models.CASCADE, related_name="wanted")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("mazo deseado")
        verbose_name_plural = _("mazos deseados")

    def __str__(self) -> str:
        return str(self.deck)

    def clean(self) -> None:
        if self.deck_id and self.owner_id and self.deck.owner_id != self.owner_id:
            raise ValidationError({"deck": _("El mazo es de otro jugador.")})
