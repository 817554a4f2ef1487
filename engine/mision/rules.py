"""Misión S.O.S deck rules (FORMA DE JUEGO).

Entes and Elementos are kept apart ("ANTES DE INICIAR EL JUEGO") and the setup
takes four cards of each: a list needs at least four Entes and four Elementos.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..decklist import DeckEntry
from ..violations import Violation, at_line, violation

__all__ = ["SECTION_OF_TYPE", "SETUP_CARDS", "TARGET", "chest_reach", "chest_reachable", "check_deck"]

RULE = "FORMA DE JUEGO"
SETUP_CARDS = 4  # "Cada jugador toma cuatro cartas … de su deck de ENTES" (and of ELEMENTOS)
TARGET = 30  # OBJETIVO DEL JUEGO: 30 points in the BAÚL
SECTION_OF_TYPE = {"entity": "entities", "element": "elements"}
_LABEL = {"entities": ("Entes:", "un Ente"), "elements": ("Elementos:", "un Elemento")}


def check_deck(entries: Sequence[DeckEntry]) -> list[Violation]:
    """Misión S.O.S deck rules over resolved entries."""
    return [*_sections(entries), *_too_few(entries)]


def _sections(entries: Sequence[DeckEntry]) -> list[Violation]:
    out: list[Violation] = []
    for e in entries:
        home = SECTION_OF_TYPE.get(e.card.type)
        if home is None or e.section == home or e.section not in _LABEL:
            continue
        kind, listed_under = _LABEL[home][1], _LABEL[e.section][0]
        out.append(
            violation(
                "wrong_section",
                RULE,
                f"{at_line(e.line)}«{e.card.name}» es {kind} y está bajo «{listed_under}»; "
                f"va bajo «{_LABEL[home][0]}».",
                e.line,
                (e.card.code,),
                says=f"deck.{e.card.type}_under_{e.section}", name=e.card.name,
            )
        )
    return out


def _too_few(entries: Sequence[DeckEntry]) -> list[Violation]:
    """One error per kind with fewer than four copies (counted by card type)."""
    out: list[Violation] = []
    for card_type, section in SECTION_OF_TYPE.items():
        count = sum(e.quantity for e in entries if e.card.type == card_type)
        if count < SETUP_CARDS:
            header = _LABEL[section][0]
            out.append(
                violation(
                    "too_few_cards",
                    RULE,
                    f"«{header}» tiene {count} {'carta' if count == 1 else 'cartas'}; la preparación "
                    f"(FORMA DE JUEGO) toma {SETUP_CARDS} al inicio de la partida.",
                    says="deck.too_few", header=header, count=count, need=SETUP_CARDS,
                )
            )
    return out


def chest_reach(entries: Sequence[DeckEntry]) -> int:
    """The most points the deck's Elementos can ever bring to its BAÚL (OBJETIVO DEL JUEGO).

    Only Elementos drawn later from the external deck as a prize can be turned into the BAÚL; the
    preparation (FORMA DE JUEGO) first puts four of them into the Elementos de juego. At best those
    four are the lowest, so the reach is the sum of the `chest` values without the four lowest.

    >>> from engine.cards import CardData, Game
    >>> def element(chest: int, n: int) -> DeckEntry:
    ...     card = CardData(game=Game.MISION, code=f"E{chest}", name=f"E{chest}", type="element", chest=chest)
    ...     return DeckEntry("elements", n, card)
    >>> chest_reach([element(10, 4)])  # a minimum deck: every Elemento goes to the preparation
    0
    >>> chest_reach([element(2, 4), element(10, 3)])
    30
    """
    values = sorted(
        max(e.card.chest or 0, 0) for e in entries if e.card.type == "element" for _ in range(e.quantity)
    )
    return sum(values[SETUP_CARDS:])


def chest_reachable(entries: Sequence[DeckEntry]) -> bool:
    """Whether the deck can ever win by the BAÚL (30 points, OBJETIVO DEL JUEGO); if not, it wins
    only by leaving the rival without Elementos de juego."""
    return chest_reach(entries) >= TARGET
