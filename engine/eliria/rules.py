"""Eliria deck rules: what a list may hold before a game starts.

- Rule 4: no more than one card with the same name in the deck (``duplicate_name``).
- Rule 14: tokens are not part of the deck; they live under ``Tokens:``
  (``token_in_deck``, ``wrong_section``).
- Rules 11.b and 7.c, as warnings: without a combat card lacking † every game is
  lost in the mulligan (``no_combat``); with fewer than five cards the opening
  hand cannot be drawn (``too_small``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..decklist import DeckEntry
from ..text import fold
from ..violations import Violation, at_line, violation

__all__ = [
    "COMBAT_SLOTS",
    "DISCARD_RANK",
    "FACE_DOWN_CAP",
    "HAND_SIZE",
    "RULE_OF_THREE",
    "check_deck",
    "playable_cards",
    "power_up",
]

# The numbers of the rules, defined once for the goldfish, the table and the matchups.
HAND_SIZE = 5  # rule 11.b
RULE_OF_THREE = 3  # rule 9: three combat cards from hand per game
COMBAT_SLOTS = 3  # rule 2
FACE_DOWN_CAP = 9  # rule 12.c: face down, power grows up to 9 whatever the potential
# Which card a mulligan (11.b) gives up first, by type: the ones least able to win a game
# (the goldfish policy's order; combat cards with † are kept longest).
DISCARD_RANK = {"reaction": 0, "summon": 1, "token": 2, "combat": 3}


def power_up(power: int, cap: int) -> int:
    """Rule 12.c, the Poder phase for one combatant: one more power, never above *cap*
    (its potential face up, 9 face down). An effect's extra gain goes through the match's
    ``gain_power``.

    >>> power_up(2, 3), power_up(3, 3)
    (3, 3)
    """
    return power + 1 if power < cap else power


def check_deck(entries: Sequence[DeckEntry]) -> list[Violation]:
    """Eliria's deck rules over resolved entries (errors first, then warnings)."""
    return [*_sections(entries), *_duplicates(entries), *_warnings(entries)]


def playable_cards(entries: Sequence[DeckEntry]) -> list[DeckEntry]:
    """The cards of the deck proper: ``main``, without tokens (rule 14)."""
    return [e for e in entries if e.section == "main" and not e.card.is_token]


def _sections(entries: Sequence[DeckEntry]) -> list[Violation]:
    """Rule 14: tokens only under ``Tokens:``, and only tokens there."""
    out: list[Violation] = []
    for e in entries:
        card = e.card
        if e.section == "main" and card.is_token:
            out.append(
                violation(
                    "token_in_deck",
                    "14",
                    f"{at_line(e.line)}«{card.name}» es un token; según la regla 14 los tokens "
                    "no forman parte del mazo: ponlo bajo «Tokens:».",
                    e.line,
                    (card.code,),
                    says="deck.token_in_deck", name=card.name,
                )
            )
        elif e.section == "tokens" and not card.is_token:
            out.append(
                violation(
                    "wrong_section",
                    "14",
                    f"{at_line(e.line)}«{card.name}» no es un token y no puede ir bajo «Tokens:» "
                    "(regla 14); ponlo bajo «Mazo:».",
                    e.line,
                    (card.code,),
                    says="deck.not_a_token", name=card.name,
                )
            )
    return out


def _duplicates(entries: Sequence[DeckEntry]) -> list[Violation]:
    """Rule 4: one error per folded name seen more than once in ``main``.

    Copies count, and so do different codes sharing a name. The error sits on
    the line where the count first exceeds one and lists every code involved.
    """
    counts: dict[str, int] = {}
    codes: dict[str, list[str]] = {}
    first_over: dict[str, DeckEntry] = {}
    for e in entries:
        if e.section != "main":
            continue
        key = fold(e.card.name)
        counts[key] = counts.get(key, 0) + e.quantity
        seen = codes.setdefault(key, [])
        if e.card.code not in seen:
            seen.append(e.card.code)
        if counts[key] > 1 and key not in first_over:
            first_over[key] = e
    return [_duplicate(e, counts[key], codes[key]) for key, e in first_over.items()]


def _duplicate(e: DeckEntry, count: int, codes: list[str]) -> Violation:
    return violation(
        "duplicate_name",
        "4",
        f"{at_line(e.line)}«{e.card.name}» aparece {count} veces; la regla 4 permite "
        "una sola carta con el mismo nombre.",
        e.line,
        tuple(codes),
        says="deck.duplicate_name", name=e.card.name, count=count,
    )


def _warnings(entries: Sequence[DeckEntry]) -> list[Violation]:
    deck = playable_cards(entries)
    out: list[Violation] = []
    if not any(e.card.is_mulligan_combat for e in deck):
        out.append(
            violation(
                "no_combat",
                "11.b",
                "El mazo no tiene ninguna carta de combate sin «†»: toda partida se pierde "
                "en el mulligan (reglas 11.b y 7.c).",
                says="deck.no_combat",
            )
        )
    size = sum(e.quantity for e in deck)
    if size < HAND_SIZE:
        # Tokens listed in the deck are not drawn (rule 14): they do not count here.
        tokens = sum(e.quantity for e in entries if e.section == "main") - size
        out.append(
            violation(
                "too_small",
                "7.c",
                f"El mazo tiene {size} {'carta' if size == 1 else 'cartas'}"
                f"{' sin contar los tokens' if tokens else ''}; hacen falta al menos "
                f"{HAND_SIZE} para robar la mano inicial (reglas 11.b y 7.c).",
                says="deck.too_small_tokens" if tokens else "deck.too_small", size=size, need=HAND_SIZE,
            )
        )
    return out
