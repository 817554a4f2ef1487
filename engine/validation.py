"""Deck validation (docs/contract.md §4): parse, resolve each line against a catalogue, apply the rules.

The deck rules themselves live per game (``engine.eliria.rules``,
``engine.mision.rules``) behind :func:`check_deck`, which the site also calls for
saved decks: no rule is written twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CardData, CardLookup, Game, as_game
from .decklist import DeckEntry, ListLine, ParsedList
from .games import find_game
from .mision.rules import SECTION_OF_TYPE
from .violations import Violation, at_line, violation

__all__ = ["ValidationReport", "Violation", "check_deck", "resolve_line", "validate_decklist"]


@dataclass(frozen=True)
class ValidationReport:
    valid: bool
    errors: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    sections: dict[str, int]
    entries: tuple[DeckEntry, ...]

    def as_dict(self) -> dict[str, Any]:
        """Exactly the answer of ``POST /api/decks/validate/`` (docs/contract.md §4)."""
        return {
            "valid": self.valid,
            "errors": [v.as_dict() for v in self.errors],
            "warnings": [v.as_dict() for v in self.warnings],
            "sections": dict(self.sections),
        }


def validate_decklist(
    text: str, game: Game | str, lookup: CardLookup, *, parsed: ParsedList | None = None
) -> ValidationReport:
    """Parse *text*, look every card up and check the deck rules of *game*. A caller that has
    already parsed *text* for *game* (to know which cards to load) passes `parsed`: no list is
    read twice."""
    the_game = as_game(game)
    spec = find_game(the_game)
    if parsed is None:
        parsed = spec.parse_list(text)
    found: list[Violation] = [
        Violation("parse_error", "", e.message, e.line, (), e.code, e.params) for e in parsed.errors
    ]
    entries: list[DeckEntry] = []
    for line in parsed.lines:
        result = resolve_line(line, the_game, lookup)
        if isinstance(result, Violation):
            found.append(result)
        else:
            entries.append(result)
    found.extend(check_deck(entries, the_game))
    # Stable sort: by line, deck-wide violations (no line) last, otherwise as found.
    found.sort(key=lambda v: v.line if v.line is not None else float("inf"))
    errors = tuple(v for v in found if not v.is_warning)
    warnings = tuple(v for v in found if v.is_warning)
    sections = dict.fromkeys(spec.sections, 0)
    for entry in entries:
        sections[entry.section] = sections.get(entry.section, 0) + entry.quantity
    return ValidationReport(not errors, errors, warnings, sections, tuple(entries))


def check_deck(entries: Sequence[DeckEntry], game: Game | str) -> list[Violation]:
    """The pure deck rules of *game* over resolved entries (errors and warnings)."""
    the_game = as_game(game)
    found = _foreign(entries, the_game)
    found.extend(find_game(the_game).check_deck([e for e in entries if e.card.game is the_game]))
    return found


def _foreign(entries: Sequence[DeckEntry], game: Game) -> list[Violation]:
    """Entries that cannot belong to this game's deck at all (saved decks, not lists)."""
    sections = find_game(game).sections
    out: list[Violation] = []
    for e in entries:
        if e.card.game is not game:
            out.append(_wrong_game(e.line, e.card, game))
        elif e.section not in sections:
            message = f"{at_line(e.line)}«{e.card.name}» está en una sección desconocida ({e.section!r})."
            out.append(violation("wrong_section", "", message, e.line, (e.card.code,),
                                 says="deck.unknown_section", name=e.card.name, section=repr(e.section)))
    return out


def resolve_line(line: ListLine, game: Game, lookup: CardLookup) -> DeckEntry | Violation:
    """Find the card of a list line: a given code decides, otherwise the folded name."""
    card = _by_code(line, game, lookup) if line.code is not None else _by_name(line, game, lookup)
    if isinstance(card, Violation):
        return card
    section = line.section
    if section is None:  # Misión: a line before any header goes where its type belongs
        section = SECTION_OF_TYPE.get(card.type, find_game(game).sections[0])
    return DeckEntry(section, line.quantity, card, line.line)


def _by_code(line: ListLine, game: Game, lookup: CardLookup) -> CardData | Violation:
    assert line.code is not None
    card = lookup.by_code(line.code)
    if card is None:
        return violation(
            "unknown_card",
            "",
            f"Línea {line.line}: no existe ninguna carta con el código «{line.code}».",
            line.line,
            (line.code,),
            says="deck.unknown_code", code=line.code,
        )
    if card.game is not game:
        # Codes are unique per game only: the same code and name may exist in this game too.
        code = line.code.strip().casefold()
        same = [c for c in lookup.by_name(line.name) if c.game is game and c.code.casefold() == code]
        return same[0] if same else _wrong_game(line.line, card, game)
    return card


def _by_name(line: ListLine, game: Game, lookup: CardLookup) -> CardData | Violation:
    matches = lookup.by_name(line.name)
    here = sorted((c for c in matches if c.game is game), key=lambda c: c.code)
    if here:
        return here[0]  # several cards share the name: the first code, deterministically
    if matches:
        return _wrong_game(line.line, min(matches, key=lambda c: c.code), game)
    return violation(
        "unknown_card",
        "",
        f"Línea {line.line}: no existe ninguna carta llamada «{line.name}».",
        line.line,
        says="deck.unknown_name", name=line.name,
    )


def _wrong_game(line: int | None, card: CardData, game: Game) -> Violation:
    return violation(
        "wrong_game",
        "",
        f"{at_line(line)}«{card.name}» ({card.code}) es una carta de {card.game.label}, no de {game.label}.",
        line,
        (card.code,),
        says="deck.wrong_game", name=card.name, code=card.code, game=card.game.label, other=game.label,
    )
