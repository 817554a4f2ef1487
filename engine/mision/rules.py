"""Misión S.O.S deck rules (FORMA DE JUEGO).

Entes and Elementos are kept apart ("ANTES DE INICIAR EL JUEGO") and the setup
takes four cards of each: a list needs at least four Entes and four Elementos.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..decklist import DeckEntry
from ..violations import Violation, at_line

__all__ = ["SECTION_OF_TYPE", "SETUP_CARDS", "check_deck"]

RULE = "FORMA DE JUEGO"
SETUP_CARDS = 4  # "Cada jugador toma cuatro cartas … de su deck de ENTES" (and of ELEMENTOS)
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
            Violation(
                "wrong_section",
                RULE,
                f"{at_line(e.line)}«{e.card.name}» es {kind} y está bajo «{listed_under}»; "
                f"va bajo «{_LABEL[home][0]}».",
                e.line,
                (e.card.code,),
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
                Violation(
                    "too_few_cards",
                    RULE,
                    f"«{header}» tiene {count} {'carta' if count == 1 else 'cartas'}; la preparación "
                    f"(FORMA DE JUEGO) toma {SETUP_CARDS} al inicio de la partida.",
                )
            )
    return out
