"""The catalogue: sets, cards (fixed identity) and editions (everything a reprint can change).

Ruling TERCERO (Eliria): the text of the most recently issued edition prevails. `Card.current`
caches that edition (newest `released`, ties by higher `edition`) so lists read it with a join,
never a query per card; `cards.services.card_refresh_current` is the one place that sets it.
"""

from __future__ import annotations

import functools

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cards.search import ParsedQuery, parse_query
from engine.cards import WORLDS
from engine.text import fold


class Game(models.TextChoices):
    ELIRIA = "eliria", "Eliria"
    MISION = "mision", "Misión S.O.S"


class CardType(models.TextChoices):
    COMBAT = "combat", _("Combate")
    TOKEN = "token", _("Token")
    REACTION = "reaction", _("Reacción")
    SUMMON = "summon", _("Invocación")
    ENTITY = "entity", _("Ente")
    ELEMENT = "element", _("Elemento")


class SummonSubtype(models.TextChoices):
    EPHEMERAL = "ephemeral", _("Efímera")
    ATTACHED = "attached", _("Adhesión")
    FIELD = "field", _("Campo")




class Set(models.Model):
    game = models.CharField(max_length=16, choices=Game.choices)
    code = models.CharField(max_length=16)
    name = models.CharField(max_length=120)
    released = models.DateField(null=True, blank=True)
    sample = models.BooleanField(default=False, help_text=_("Datos de ejemplo, no oficiales."))

    class Meta:
        ordering = ["game", "released", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="set_unique_code")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class CardQuerySet(models.QuerySet["Card"]):
    def with_current(self) -> CardQuerySet:
        return self.select_related("current", "set")

    def for_game(self, game: str | None) -> CardQuerySet:
        return self.filter(game=game) if game else self

    def unsimulated(self) -> CardQuerySet:
        """Cards whose current text the engine does not play (no `effects` in the catalogue)."""
        return self.filter(unsimulated=True)

    def search(self, query: str, *, user: object = None) -> CardQuerySet:
        return self.matching(parse_query(query, user=user))

    def matching(self, parsed: ParsedQuery) -> CardQuerySet:
        """The cards a parsed query (cards.search.parse_query) matches, in its order if it names one."""
        qs = self.filter(parsed.q) if parsed.q is not None else self
        return qs.order_by(*parsed.ordering) if parsed.ordering else qs


class Card(models.Model):
    game = models.CharField(max_length=16, choices=Game.choices, db_index=True)
    code = models.CharField(max_length=24)
    set = models.ForeignKey(Set, on_delete=models.PROTECT, related_name="cards")
    name = models.CharField(max_length=120)
    type = models.CharField(max_length=16, choices=CardType.choices)
    current = models.ForeignKey(
        "Edition", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", editable=False
    )
    # Accent- and case-folded name and current text, for search on every database engine.
    name_folded = models.CharField(max_length=120, editable=False, db_index=True)
    text_folded = models.TextField(editable=False, default="")
    class_folded = models.CharField(max_length=60, editable=False, default="", db_index=True)
    # Attack costs of the current edition, for `cost` comparisons without a join per attack.
    min_cost = models.PositiveSmallIntegerField(null=True, editable=False)
    max_cost = models.PositiveSmallIntegerField(null=True, editable=False)
    costs = models.CharField(max_length=64, editable=False, default="")
    # The current edition prints a text the engine does not play (no `effects`): `is:unsimulated`.
    unsimulated = models.BooleanField(default=False, editable=False, db_index=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["game", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="card_unique_code")]
        # Deck lists look codes up in both games at once (to tell `wrong_game`), without `game`.
        indexes = [models.Index(fields=["code"], name="card_code_idx")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    def save(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        self.name_folded = fold(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return card_url("cards:detail", self.game, self.code)


@functools.lru_cache(maxsize=65_536)
def card_url(name: str, game: str, code: str) -> str:
    """A card's page or face URL. Lists of cards ask for thousands of them, and reversing one costs
    more than a database row; a card's URL never changes while the server runs."""
    return reverse(name, args=[game, code])


class Edition(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="editions")
    edition = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    released = models.DateField()
    # Eliria combat and token cards
    potential = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(12)]
    )
    card_class = models.CharField(max_length=60, blank=True)
    cross = models.BooleanField(default=False, help_text=_("La marca †"))
    passive = models.TextField(blank=True)
    resistance = models.PositiveSmallIntegerField(null=True, blank=True)
    attacks = models.JSONField(default=list, blank=True)
    # Eliria reaction and summon cards
    subtype = models.CharField(max_length=16, blank=True, choices=SummonSubtype.choices)
    effect = models.TextField(blank=True)
    # Misión S.O.S
    water = models.PositiveSmallIntegerField(null=True, blank=True)
    air = models.PositiveSmallIntegerField(null=True, blank=True)
    fire = models.PositiveSmallIntegerField(null=True, blank=True)
    earth = models.PositiveSmallIntegerField(null=True, blank=True)
    chest = models.PositiveSmallIntegerField(null=True, blank=True)
    # Every edition: the card's behaviour as data in the engine's vocabulary (docs/effects.md).
    # None: not given (the text, if any, is not simulated); []: the text does nothing in play.
    effects = models.JSONField(null=True, blank=True, default=None)
    image = models.ImageField(upload_to="cards/", blank=True)
    flavor = models.TextField(blank=True)
    artist = models.CharField(max_length=120, blank=True)
    errata = models.TextField(blank=True)

    class Meta:
        ordering = ["card", "released", "edition"]
        constraints = [
            models.UniqueConstraint(fields=["card", "edition"], name="edition_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.card.code} #{self.edition}"

    @property
    def worlds(self) -> dict[str, int]:
        return {world: getattr(self, world) or 0 for world in WORLDS}

    @property
    def has_text(self) -> bool:
        """Whether the edition prints a text that could do something in play."""
        return bool(self.passive or self.effect or any(a.get("effect") for a in self.attacks or ()))

    @property
    def is_simulated(self) -> bool:
        """Whether the engine plays this edition's text: it has `effects`, or no text at all."""
        return self.effects is not None or not self.has_text

    @property
    def sort_key(self) -> tuple:
        """Ruling TERCERO: the newest `released` wins, ties go to the higher edition number."""
        return (self.released, self.edition)
