"""The rules engine of Eliria and Misión S.O.S: pure Python, standard library only.

Deck lists (parse and format), deck validation, the goldfish simulator, and full
games driven by decisions (python-chess style: ``legal_actions()`` / ``push()``
/ ``outcome()``), with policies, matchups, replays and JSON tables. The site
turns its catalogue into :class:`CardData` through a :class:`CardLookup` and
calls the functions below; nothing here knows about Django.
"""

from __future__ import annotations

from . import _native

# The mypyc build of these very sources, when there is one (scripts/build_engine.py); pure Python otherwise.
COMPILED = _native.activate(__path__)

from .actions import Action, Outcome
from .carddict import card_data_hash, card_from_dict, card_to_dict
from .cards import WORLDS, Attack, CardData, CardLookup, Game, MemoryLookup, as_game
from .catalogue import load_catalogue
from .compare import compare_goldfish
from .decklist import DeckEntry, ListLine, ParsedList, ParseError
from .eliria.effects import unsimulated, validate_effect, validate_effects
from .eliria.match import EliriaMatch
from .eliria.players import EliriaGoldfishPlayer, EliriaPlayer
from .eliria.table import eliria_state, eliria_table
from .eliria.view import EliriaView
from .errors import (
    CardEffectError,
    EngineError,
    IllegalAction,
    InvalidDeck,
    InvalidRecord,
    InvalidSimulation,
    TraceNotAllowed,
    UnknownGame,
)
from .games import (
    GAME_SPECS,
    GameSpec,
    find_game,
    format_decklist,
    game_aliases,
    game_named,
    make_policy,
    parse_decklist,
)
from .goldfish import run_goldfish
from .improve import improve_deck
from .match import DEFAULT_TURN_CAP, ENGINE_VERSION, Match, Policy
from .matchup import matchup_game, run_matchup
from .mision.match import MisionMatch
from .mision.players import MisionGoldfishPlayer, MisionPlayer
from .mision.table import mision_state, mision_table
from .mision.view import MisionView
from .odds import (
    OddsCard,
    OddsReport,
    eliria_odds,
    eliria_odds_answer,
    eliria_odds_cards,
    mision_odds,
    mision_odds_answer,
    one_more_of_group,
)
from .policy import RandomPolicy
from .replay import from_record, new_match, replay
from .stats import hypergeometric_at_least, wilson_interval
from .swaps import swap_ranking
from .text import fold
from .validation import ValidationReport, Violation, check_deck, validate_decklist

__all__ = [
    "COMPILED",
    "DEFAULT_TURN_CAP",
    "ENGINE_VERSION",
    "GAME_SPECS",
    "WORLDS",
    "Action",
    "Attack",
    "CardData",
    "CardEffectError",
    "CardLookup",
    "DeckEntry",
    "EliriaGoldfishPlayer",
    "EliriaMatch",
    "EliriaPlayer",
    "EliriaView",
    "EngineError",
    "Game",
    "GameSpec",
    "IllegalAction",
    "InvalidDeck",
    "InvalidRecord",
    "InvalidSimulation",
    "ListLine",
    "Match",
    "MemoryLookup",
    "MisionGoldfishPlayer",
    "MisionMatch",
    "MisionPlayer",
    "MisionView",
    "OddsCard",
    "OddsReport",
    "Outcome",
    "ParseError",
    "ParsedList",
    "Policy",
    "RandomPolicy",
    "TraceNotAllowed",
    "UnknownGame",
    "ValidationReport",
    "Violation",
    "as_game",
    "card_data_hash",
    "card_from_dict",
    "card_to_dict",
    "check_deck",
    "compare_goldfish",
    "eliria_odds",
    "eliria_odds_answer",
    "eliria_odds_cards",
    "eliria_state",
    "eliria_table",
    "find_game",
    "fold",
    "format_decklist",
    "game_aliases",
    "game_named",
    "from_record",
    "hypergeometric_at_least",
    "improve_deck",
    "load_catalogue",
    "make_policy",
    "matchup_game",
    "mision_odds",
    "mision_odds_answer",
    "mision_state",
    "mision_table",
    "new_match",
    "one_more_of_group",
    "parse_decklist",
    "replay",
    "run_goldfish",
    "run_matchup",
    "swap_ranking",
    "validate_decklist",
    "unsimulated",
    "validate_effect",
    "validate_effects",
    "wilson_interval",
]
