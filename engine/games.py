"""One record per game: everything the engine knows of a game in one place (python-chess's ``VARIANTS``).

A :class:`GameSpec` gathers a game's deck-list sections and headers, deck rules, goldfish
simulation, match class, policies and table views; :func:`find_game` is the one way to it
(``find_game(game).sections``, ``.check_deck``, ``.simulation``, ``.match``, ``.policies`` …),
so a third game or a new policy is a change here and nowhere else. The modules below this one
(deck lists, the two games, policies) never import it: they take what they need from the record
their caller holds, and no import runs in a circle (tests/test_import_cycles.py).

>>> find_game("ELIRIA").sections
('main', 'tokens')
>>> sorted(find_game("mision").policies)
['goldfish', 'random', 'rules', 'search', 'search-deep', 'search-quick']
>>> format_decklist([], "eliria")
''
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Game, as_game
from .decklist import DeckEntry, ParsedList, read_decklist, write_decklist
from .eliria.cardinfo import CardTable
from .eliria.goldfish import EliriaSimulation
from .eliria.match import EliriaMatch
from .eliria.players import EliriaGoldfishPlayer, EliriaPlayer
from .eliria.rules import check_deck as eliria_rules
from .eliria.table import eliria_state, eliria_table
from .errors import InvalidSimulation
from .match import Match, Policy
from .mision.goldfish import MisionSimulation
from .mision.match import MisionMatch
from .mision.players import MisionGoldfishPlayer, MisionPlayer
from .mision.rules import check_deck as mision_rules
from .mision.table import mision_state, mision_table
from .policy import RandomPolicy
from .search import search_players
from .violations import Violation

__all__ = ["GAMES", "GameSpec", "find_game", "format_decklist", "make_policy", "parse_decklist", "register_game"]


@dataclass(frozen=True)
class GameSpec:
    """Everything about one game."""

    game: Game
    sections: tuple[str, ...]  # deck-list section keys, in the order the export writes them
    headers: Mapping[str, str]  # section key -> the Spanish header the export writes
    header_keys: Mapping[str, str]  # folded header (no colon, any language) -> section key
    check_deck: Callable[[Sequence[DeckEntry]], list[Violation]]  # the deck rules
    simulation: Callable[..., Any]  # (entries, turns) -> the goldfish Simulation
    match: Callable[..., Match]  # the decision-driven game
    policies: Mapping[str, Callable[[], Policy]]  # by name, for matchups and tables
    table: Callable[..., dict[str, Any]]  # the JSON table, replayed from decisions
    state: Callable[[Any], dict[str, Any]]  # the whole table of any match of this game
    # Extra keyword arguments shared by every game of one run (compiled cards, say).
    prepare: Callable[[Sequence[Sequence[DeckEntry]]], dict[str, Any]] = field(default=lambda decks: {})

    def parse_list(self, text: str) -> ParsedList:
        """Read a deck list of this game (docs/contract.md §3); never raises on any text."""
        return read_decklist(text, self, others=[spec for spec in GAMES.values() if spec is not self])

    def format_list(self, entries: Sequence[DeckEntry]) -> str:
        """Write entries under this game's Spanish headers, sections in order."""
        return write_decklist(entries, self)

    def make_policy(self, policy: str | Policy) -> Policy:
        """A policy object from its name in :attr:`policies` (or the object itself)."""
        if not isinstance(policy, str):
            return policy
        if policy not in self.policies:
            names = ", ".join(sorted(self.policies))
            raise InvalidSimulation(f"Política desconocida: {policy!r}; usa una de {names}.")
        return self.policies[policy]()


GAMES: dict[Game, GameSpec] = {}


def register_game(spec: GameSpec) -> GameSpec:
    GAMES[spec.game] = spec
    return spec


def find_game(name: Game | str) -> GameSpec:
    """The record of a game by slug (raises :class:`~engine.errors.UnknownGame`)."""
    return GAMES[as_game(name)]


def parse_decklist(text: str, game: Game | str) -> ParsedList:
    """Read a deck list of *game*; never raises on any text (a bad *game* raises UnknownGame).

    >>> parse_decklist("Mazo:\\n2x Cañón de hielo (TST-105)\\n", "eliria").lines[0].quantity
    2
    """
    return find_game(game).parse_list(text)


def format_decklist(entries: Sequence[DeckEntry], game: Game | str) -> str:
    """Write entries as ``N NAME (CODE)`` lines under *game*'s Spanish headers (docs/contract.md §3)."""
    return find_game(game).format_list(entries)


def make_policy(game: Game | str, policy: str | Policy) -> Policy:
    """A policy of *game* by name (``"rules"``, ``"random"``, ``"goldfish"``), or the object itself."""
    return find_game(game).make_policy(policy)


register_game(
    GameSpec(
        game=Game.ELIRIA,
        sections=("main", "tokens"),
        headers={"main": "Mazo:", "tokens": "Tokens:"},
        header_keys={"mazo": "main", "main": "main", "tokens": "tokens"},
        check_deck=eliria_rules,
        simulation=EliriaSimulation,
        match=EliriaMatch,
        policies={"rules": EliriaPlayer, "random": RandomPolicy, "goldfish": EliriaGoldfishPlayer, **search_players()},
        table=eliria_table,
        state=eliria_state,
        prepare=lambda decks: {"table": CardTable(decks)},
    )
)
register_game(
    GameSpec(
        game=Game.MISION,
        sections=("entities", "elements"),
        headers={"entities": "Entes:", "elements": "Elementos:"},
        header_keys={"entes": "entities", "entities": "entities", "elementos": "elements", "elements": "elements"},
        check_deck=mision_rules,
        simulation=MisionSimulation,
        match=MisionMatch,
        policies={"rules": MisionPlayer, "random": RandomPolicy, "goldfish": MisionGoldfishPlayer, **search_players()},
        table=mision_table,
        state=mision_state,
    )
)
