"""Card builders and a small catalogue for the engine tests."""

from __future__ import annotations

import random

from engine import Attack, CardData, DeckEntry, Game, MemoryLookup

E, M = Game.ELIRIA, Game.MISION


def combat(
    code: str, name: str | None = None, potential: int = 3, *, cross: bool = False, cost: int | None = None
) -> CardData:
    attacks = (Attack(cost, "Golpe", 2),) if cost is not None else ()
    return CardData(
        E, code, name or f"Combatiente {code}", "combat", potential=potential, cross=cross, attacks=attacks
    )


def token(code: str, name: str | None = None) -> CardData:
    return CardData(E, code, name or f"Token {code}", "token", potential=1)


def reaction(code: str, name: str | None = None) -> CardData:
    return CardData(E, code, name or f"Reacción {code}", "reaction", effect="…")


def summon(code: str, name: str | None = None) -> CardData:
    return CardData(E, code, name or f"Invocación {code}", "summon", subtype="ephemeral")


def entity(code: str, worlds: tuple[int, int, int, int] = (1, 2, 3, 4), name: str | None = None) -> CardData:
    return CardData(M, code, name or f"Ente {code}", "entity", worlds=worlds)


def element(code: str, chest: int = 5, name: str | None = None) -> CardData:
    return CardData(M, code, name or f"Elemento {code}", "element", worlds=(1, 1, 1, 1), chest=chest)


def main(*cards: CardData, quantity: int = 1) -> list[DeckEntry]:
    return [DeckEntry("main", quantity, c) for c in cards]


CATALOGUE = [
    combat("BASE-105", "Cañón del sacrificio", 4),
    combat("EXP-010", "Cañón del sacrificio", 5),
    combat("BASE-108", "Organismo de fisión", 2),
    combat("BASE-102", 'Base genética "Netaliseb"', 6),
    combat("BASE-120", "Guardián de la cruz", 7, cross=True),
    combat("BASE-121", "Ñandú de guerra", 3),
    combat("BASE-122", "Relámpago vivo", 5),
    token("BASE-T01", "Token de fisión"),
    reaction("BASE-011", "Defensa final"),
    summon("BASE-150", "Destrucción asimétrica"),
    summon("BASE-180", "Destrucción alquímica"),
    entity("MS-001", (5, 1, 1, 1), "Dragón de agua"),
    entity("MS-002", (1, 6, 1, 1), "Halcón"),
    element("MS-101", 5, "Cristal"),
    element("MS-102", 10, "Perla"),
    # A name in both games: each game resolves to its own card.
    combat("BASE-200", "Fénix", 4),
    entity("MS-003", (2, 2, 9, 1), "Fénix"),
]


def lookup() -> MemoryLookup:
    return MemoryLookup(CATALOGUE)


def card(code: str) -> CardData:
    found = lookup().by_code(code)
    assert found is not None
    return found


def seeded(seed: int) -> random.Random:
    """A seeded generator for tests that drive game states by hand."""
    return random.Random(seed)  # noqa: S311 - simulation, not secrets
