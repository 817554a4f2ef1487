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


# ---------------------------------------------------------------- accounts and decks
class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "auth.User"
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"jugador{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", "una-clave-larga-123")

    @factory.post_generation
    def saved(obj, create, extracted, **kwargs):  # type: ignore[no-untyped-def]
        if create:
            obj.save()


class DeckFactory(factory.django.DjangoModelFactory):
    """A deck row with no entries and no revision: build real decks through decks.services."""

    class Meta:
        model = "decks.Deck"

    owner = factory.SubFactory(UserFactory)
    game = "eliria"
    name = factory.Sequence(lambda n: f"Mazo de prueba {n}")


ELIRIA_LIST = """# Un mazo legal de Eliria
Mazo:
1 Cañón del sacrificio (BASE-105)
Organismo de fisión
1 Centinela de Ámbar (BASE-001)
1 Lobo de ceniza (BASE-003)
1 Defensa final (BASE-011)
1 Ritual del despertar (BASE-041)
Tokens:
1 Token de fisión
"""

MISION_LIST = """Entes:
1 Capitana Marea (SOS1-001)
1 Halcón Centella (SOS1-002)
1 Salamandra Ígnea (SOS1-003)
1 Titán de Roca (SOS1-004)
Elementos:
2 Gota de rocío (SOS1-017)
1 Brasa eterna (SOS1-018)
1 Pluma de viento (SOS1-019)
"""


# Few combat cards (all without † and with potential ≥ 2): opening hands often need the 11.b mulligan.
MULLIGAN_LIST = """Mazo:
1 Defensa final (BASE-011)
1 Contraataque de espinas (BASE-012)
1 Velo de espejismo (BASE-013)
1 Trampa de raíces (BASE-014)
1 Sello de silencio (BASE-015)
1 Ritual del despertar (BASE-041)
1 Llamarada súbita (BASE-042)
1 Marea de vigor (BASE-043)
1 Espada rúnica (BASE-044)
1 Égida de plata (BASE-045)
1 Cadenas del alma (BASE-046)
1 Niebla perpetua (BASE-047)
1 Luna de sangre (BASE-048)
1 Tierra baldía (BASE-049)
1 Emboscada nocturna (BASE-050)
1 Aprendiz de la Bruma (BASE-002)
1 Lobo de ceniza (BASE-003)
1 Caballero sin sepultura (BASE-006)
"""


def mulligan_seed(text: str = MULLIGAN_LIST) -> int:
    """A seed whose first hand has no combat card without † (so 11.b asks for a discard)."""
    from cards.validation import validate_list
    from engine import eliria_table

    entries = validate_list("eliria", text).entries
    return next(s for s in range(200) if eliria_table(entries, s, [])["phase"] == "mulligan")


def deck_from_list(owner, text: str = ELIRIA_LIST, game: str = "eliria", **kwargs):  # type: ignore[no-untyped-def]
    """A saved deck made as a player makes one: through decks.services (needs the catalogue)."""
    from decks.services import deck_import_list

    kwargs.setdefault("name", "Mazo de prueba")
    deck, _ = deck_import_list(owner=owner, game=game, text=text, **kwargs)
    return deck


def eliria_two_revisions(owner, name: str = "Espinas"):  # type: ignore[no-untyped-def]
    """An Eliria deck of 25 cards in two revisions (needs the bundled catalogue): the second swaps
    Contraataque de espinas for Marea de vigor, so a comparison reads what changed between them.
    The browser test of the comparison and scripts/screenshots.py both show it."""
    from decks.services import deck_import_list

    names = sorted({c.name for c in Card.objects.filter(game="eliria", type="combat", current__cross=False)})[:24]
    base = "Mazo:\n" + "".join(f"1 {n}\n" for n in names)
    deck, _ = deck_import_list(owner=owner, game="eliria", text=base + "1 Contraataque de espinas\n", name=name)
    deck_import_list(owner=owner, game="eliria", text=base + "1 Marea de vigor\n", deck=deck,
                     expected_version=deck.version)
    deck.refresh_from_db()
    return deck
