"""One record per game: everything the engine knows of a game in one place (python-chess's ``VARIANTS``).

A :class:`GameSpec` gathers a game's deck-list sections and headers, deck rules, goldfish
simulation, match class, policies and table views. The older per-concern dicts
(``decklist.SECTIONS``, ``validation.RULES``, ``goldfish.SIMULATIONS``, ``replay.MATCHES``,
``policy.POLICIES``) are read-only views of this registry, so a third game or a new policy
is a change here and nowhere else.

>>> find_game("ELIRIA").sections
('main', 'tokens')
>>> sorted(find_game("mision").policies)
['goldfish', 'random', 'rules']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .cards import Game, as_game
from .decklist import DeckEntry
from .eliria.cardinfo import CardTable
from .eliria.goldfish import EliriaSimulation
from .eliria.match import EliriaMatch
from .eliria.players import EliriaGoldfishPlayer, EliriaPlayer
from .eliria.rules import check_deck as eliria_rules
from .eliria.table import eliria_state, eliria_table
from .match import Match, Policy
from .mision.goldfish import MisionSimulation
from .mision.match import MisionMatch
from .mision.players import MisionGoldfishPlayer, MisionPlayer
from .mision.rules import check_deck as mision_rules
from .mision.table import mision_state, mision_table
from .policy import RandomPolicy
from .violations import Violation

__all__ = ["GAMES", "GameSpec", "find_game", "register_game", "view"]


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


GAMES: dict[Game, GameSpec] = {}


def register_game(spec: GameSpec) -> GameSpec:
    GAMES[spec.game] = spec
    return spec


def find_game(name: Game | str) -> GameSpec:
    """The record of a game by slug (raises :class:`~engine.errors.UnknownGame`)."""
    return GAMES[as_game(name)]


register_game(
    GameSpec(
        game=Game.ELIRIA,
        sections=("main", "tokens"),
        headers={"main": "Mazo:", "tokens": "Tokens:"},
        header_keys={"mazo": "main", "main": "main", "tokens": "tokens"},
        check_deck=eliria_rules,
        simulation=EliriaSimulation,
        match=EliriaMatch,
        policies={"rules": EliriaPlayer, "random": RandomPolicy, "goldfish": EliriaGoldfishPlayer},
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
        policies={"rules": MisionPlayer, "random": RandomPolicy, "goldfish": MisionGoldfishPlayer},
        table=mision_table,
        state=mision_state,
    )
)

T = TypeVar("T")


class view(Mapping[Game, T], Generic[T]):  # noqa: N801 - reads like the dicts it replaces
    """A read-only ``{Game: …}`` view of one field of the registry (the older per-concern dicts)."""

    def __init__(self, get: Callable[[GameSpec], T]) -> None:
        self._get = get

    def __getitem__(self, game: Game) -> T:
        return self._get(GAMES[game])

    def __iter__(self) -> Iterator[Game]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)
