"""Lists, decks and players for the table and matchup tests (bundled catalogue)."""

from __future__ import annotations

import pytest

from cards.models import Card
from tests.factories import MULLIGAN_LIST, UserFactory, deck_from_list, mulligan_seed  # noqa: F401 - re-exported for tests/play


def eliria_text(start: int = 0, count: int = 40) -> str:
    cards = Card.objects.filter(game="eliria", type__in=["combat", "reaction", "summon"]).order_by("code")
    seen, lines = set(), []
    for c in cards:
        if c.name_folded not in seen:
            seen.add(c.name_folded)
            lines.append(f"1 {c.name} ({c.code})")
    return "Mazo:\n" + "\n".join(lines[start:start + count]) + "\n"




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
def players(player, other):  # type: ignore[no-untyped-def]
    return player, other


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


@pytest.fixture(autouse=True)
def roomy_budget(settings):  # type: ignore[no-untyped-def]
    """The contract and page tests check numbers and pages, so they may play a few thousand games in
    the request; tests/play/test_runs.py and test_no_spawn.py check the real budget."""
    settings.SIMULATION_INLINE_BUDGET = 2.0
