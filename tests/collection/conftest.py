"""A small catalogue made with factories (fast), and players with decks built through decks.services."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest

from cards.models import Card
from tests.factories import EditionFactory


@dataclass
class Mini:
    """Eliria: LOBO (editions 1 and 2, 2 current), GOLEM, CANON, TOKEN; Misión: MAREA, GOTA."""

    lobo: Card
    golem: Card
    canon: Card
    token: Card
    marea: Card
    gota: Card


def _card(code: str, name: str, game: str = "eliria", ctype: str = "combat", editions: int = 1) -> Card:
    ed = None
    for n in range(1, editions + 1):
        kwargs = {"card__code": code, "card__name": name, "card__game": game, "card__type": ctype} if ed is None \
            else {"card": ed.card}
        ed = EditionFactory(edition=n, released=dt.date(2026, n, 10), **kwargs)
    assert ed is not None
    ed.card.refresh_from_db()
    return ed.card


@pytest.fixture
def mini(db) -> Mini:  # type: ignore[no-untyped-def]
    return Mini(
        lobo=_card("TST-001", "Lobo de ceniza", editions=2),
        golem=_card("TST-002", "Gólem de barro"),
        canon=_card("TST-003", "Cañón del sacrificio"),
        token=_card("TST-004", "Token de fisión", ctype="token"),
        marea=_card("SOS-001", "Capitana Marea", game="mision", ctype="entity"),
        gota=_card("SOS-002", "Gota de rocío", game="mision", ctype="element"),
    )
