"""Lists, decks and players for the table and matchup tests (bundled catalogue)."""

from __future__ import annotations

import pytest

from cards.models import Card
from decks.validation import validate_list
from engine import eliria_table
from tests.factories import UserFactory, deck_from_list


def eliria_text(start: int = 0, count: int = 40) -> str:
    cards = Card.objects.filter(game="eliria", type__in=["combat", "reaction", "summon"]).order_by("code")
    seen, lines = set(), []
    for c in cards:
        if c.name_folded not in seen:
            seen.add(c.name_folded)
            lines.append(f"1 {c.name} ({c.code})")
    return "Mazo:\n" + "\n".join(lines[start:start + count]) + "\n"


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
    entries = validate_list("eliria", text).entries
    return next(s for s in range(200) if eliria_table(entries, s, [])["phase"] == "mulligan")


@pytest.fixture
def eliria_list(bundled):  # type: ignore[no-untyped-def]
    return eliria_text()


@pytest.fixture
def eliria_list_b(bundled):  # type: ignore[no-untyped-def]
    return eliria_text(20, 40)


@pytest.fixture
def mision_list(bundled):  # type: ignore[no-untyped-def]
    entes = Card.objects.filter(game="mision", type="entity").order_by("code")[:8]
    elems = Card.objects.filter(game="mision", type="element").order_by("code")[:20]
    return "Entes:\n" + "".join(f"1 {c.name}\n" for c in entes) + "Elementos:\n" + "".join(f"1 {c.name}\n" for c in elems)


@pytest.fixture
def players(db, settings):  # type: ignore[no-untyped-def]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return UserFactory(username="ana"), UserFactory(username="bruno")


@pytest.fixture
def decks(bundled, players):  # type: ignore[no-untyped-def]
    """Ana's private and public decks, Bruno's private, public and unlisted ones."""
    ana, bruno = players
    return {
        "ana_private": deck_from_list(ana, eliria_text(), name="Privado de Ana"),
        "ana_public": deck_from_list(ana, eliria_text(10, 30), name="Público de Ana", visibility="public"),
        "bruno_private": deck_from_list(bruno, eliria_text(5, 30), name="Privado de Bruno"),
        "bruno_public": deck_from_list(bruno, eliria_text(20, 40), name="Público de Bruno", visibility="public"),
        "bruno_unlisted": deck_from_list(bruno, eliria_text(15, 30), name="Oculto de Bruno", visibility="unlisted"),
    }
