"""factory-boy factories for the catalogue and the apps built on it."""

from __future__ import annotations

import datetime as dt

import factory

from cards.models import Card, Edition, Set
from cards.services import card_refresh_current


class SetFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Set
        django_get_or_create = ("game", "code")

    game = "eliria"
    code = "TST"
    name = "Colección de prueba"
    released = dt.date(2026, 1, 1)


class CardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Card

    game = "eliria"
    set = factory.SubFactory(SetFactory, game=factory.SelfAttribute("..game"))
    code = factory.Sequence(lambda n: f"TST-{n:03d}")
    name = factory.Sequence(lambda n: f"Carta de prueba {n}")
    type = "combat"


class EditionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Edition
        skip_postgeneration_save = True

    card = factory.SubFactory(CardFactory)
    edition = 1
    released = dt.date(2026, 1, 10)
    potential = 4
    card_class = "guerrero"
    resistance = 3
    attacks = factory.LazyFunction(lambda: [{"cost": 2, "name": "Golpe", "damage": 2, "effect": ""}])

    @factory.post_generation
    def refresh(obj, create, extracted, **kwargs):  # type: ignore[no-untyped-def]
        if create:
            card_refresh_current(card=obj.card)
