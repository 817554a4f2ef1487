"""The rules engine of Eliria and Misión S.O.S: pure Python, standard library only.

Deck lists (parse and format), deck validation and the goldfish simulator. The
site turns its catalogue into :class:`CardData` through a :class:`CardLookup`
and calls the functions below; nothing here knows about Django.
"""

from __future__ import annotations

from .cards import WORLDS, Attack, CardData, CardLookup, Game, MemoryLookup, as_game
from .decklist import DeckEntry, ListLine, ParsedList, ParseError, format_decklist, parse_decklist
from .errors import EngineError, InvalidDeck, InvalidSimulation, TraceNotAllowed, UnknownGame
from .goldfish import goldfish
from .stats import hypergeometric_at_least, wilson_interval
from .text import fold
from .validation import ValidationReport, Violation, check_deck, validate_decklist

__all__ = [
    "WORLDS",
    "Attack",
    "CardData",
    "CardLookup",
    "DeckEntry",
    "EngineError",
    "Game",
    "InvalidDeck",
    "InvalidSimulation",
    "ListLine",
    "MemoryLookup",
    "ParseError",
    "ParsedList",
    "TraceNotAllowed",
    "UnknownGame",
    "ValidationReport",
    "Violation",
    "as_game",
    "check_deck",
    "fold",
    "format_decklist",
    "goldfish",
    "hypergeometric_at_least",
    "parse_decklist",
    "validate_decklist",
    "wilson_interval",
]
