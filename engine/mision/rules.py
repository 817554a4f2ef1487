"""Misión S.O.S deck rules (FORMA DE JUEGO).

Entes and Elementos are kept apart ("ANTES DE INICIAR EL JUEGO") and the setup
takes four cards of each: a list needs at least four Entes and four Elementos.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..decklist import DeckEntry
from ..violations import Violation, at_line, violation

__all__ = ["SECTION_OF_TYPE", "SETUP_CARDS", "TARGET", "chest_reach", "chest_reachable", "check_deck", "prize_draws"]

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


def prize_draws(external: int, entes: int, placed: int = 0) -> int:
    """The most prizes a player can take from an external Elementos deck of *external* cards with
    *entes* Entes in all, *placed* of them already in a world, from the start of its next turn
    (PASOS PARA EL TURNO).

    Every turn first draws one Elemento into the Elementos de juego (step 1), and only then do the
    Entes placed on earlier turns fight, one prize each at best (step 3): one Ente is placed a turn,
    so on the player's *k*-th turn at most ``min(placed + k - 1, entes)`` fight. Whatever is left in
    the deck goes by turns, draw first, prizes after, until the deck is empty.

    >>> prize_draws(6, 4), prize_draws(7, 4)  # 10 or 11 Elementos: turns 1-3 (or 4) empty the deck
    (3, 3)
    >>> prize_draws(12, 4), prize_draws(0, 4), prize_draws(20, 0), prize_draws(6, 4, placed=4)
    (7, 0, 0, 4)
    """
    prizes, turn = 0, 0
    while external > 0:
        turn += 1
        external -= 1  # step 1: the draw into the Elementos de juego
        won = min(placed + turn - 1, entes, external)  # step 3: one prize per fight won, while the deck lasts
        prizes += won
        external -= won
    return prizes


def chest_reach(entries: Sequence[DeckEntry]) -> int:
    """The most points the deck's Elementos can ever bring to its BAÚL (OBJETIVO DEL JUEGO).

    Only a prize (an Elemento drawn for a fight won) can be turned over into the BAÚL: the
    preparation (FORMA DE JUEGO) puts four Elementos into the Elementos de juego and so does each
    turn's draw (step 1). At best every fight is won and the prizes are the deck's highest `chest`
    values: the reach is the sum of the :func:`prize_draws` highest.

    >>> from engine.cards import CardData, Game
    >>> def card(kind: str, chest: int, n: int) -> DeckEntry:
    ...     data = CardData(game=Game.MISION, code=f"{kind}{chest}", name=f"{kind}{chest}", type=kind, chest=chest)
    ...     return DeckEntry("entities" if kind == "entity" else "elements", n, data)
    >>> entes = card("entity", 0, 5)
    >>> chest_reach([entes, card("element", 10, 4)])  # a minimum deck: every Elemento goes to the preparation
    0
    >>> chest_reach([entes, card("element", 8, 10)])  # 10 Elementos: three prizes at most
    24
    >>> chest_reach([entes, card("element", 5, 16)])  # 16 Elementos: seven prizes
    35
    """
    values = sorted(
        (max(e.card.chest or 0, 0) for e in entries if e.card.type == "element" for _ in range(e.quantity)),
        reverse=True,
    )
    entes = min(SETUP_CARDS, sum(e.quantity for e in entries if e.card.type == "entity"))
    return sum(values[: prize_draws(max(len(values) - SETUP_CARDS, 0), entes)])


def chest_reachable(entries: Sequence[DeckEntry]) -> bool:
    """Whether the deck can ever win by the BAÚL (30 points, OBJETIVO DEL JUEGO); if not, it wins
    only by leaving the rival without Elementos de juego."""
    return chest_reach(entries) >= TARGET
