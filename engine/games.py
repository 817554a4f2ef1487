"""One record per game: everything the engine knows of a game in one place (python-chess's ``VARIANTS``).

A :class:`GameSpec` gathers a game's other names (``aliases``), deck-list sections and headers,
card types, the sections whose cards are drawn, deck rules, goldfish simulation, odds, match class,
policies and table views; :func:`find_game` is the one way to it (``find_game(game).sections``,
``.check_deck``, ``.simulation``, ``.match``, ``.policies`` …) and :func:`game_named` reads a name
players write. A new policy is a change here and nowhere else; a third game is its own package
(rules, match, players, as ``eliria/`` and ``mision/``), a member of :class:`~engine.cards.Game`
(the slug every record is keyed by) and its record here, and on the site one record in
``common/games.py``. The modules below this one (deck lists, the two games, policies) never import
it: they take what they need from the record their caller holds, and no import runs in a circle
(tests/test_import_cycles.py).

>>> find_game("ELIRIA").sections
('main', 'tokens')
>>> sorted(find_game("mision").policies)
['goldfish', 'random', 'rules', 'search', 'search-deep', 'search-quick']
>>> game_named("Misión S.O.S"), game_named("sos"), game_named("ajedrez")
('mision', 'mision', None)
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
from .odds import eliria_odds_answer, mision_odds_answer
from .policy import RandomPolicy
from .search import search_players
from .text import fold
from .violations import Violation

__all__ = [
    "GAME_SPECS", "GameSpec", "find_game", "format_decklist", "game_aliases", "game_named", "make_policy",
    "parse_decklist", "register_game",
]


@dataclass(frozen=True)
class GameSpec:
    """Everything about one game."""

    game: Game
    aliases: tuple[str, ...]  # other names players write for it, folded, without spaces or dots
    sections: tuple[str, ...]  # deck-list section keys, in the order the export writes them
    headers: Mapping[str, str]  # section key -> the Spanish header the export writes
    header_keys: Mapping[str, str]  # folded header (no colon, any language) -> section key
    card_types: tuple[str, ...]  # the card types of its catalogue (docs/contract.md §2)
    drawn: tuple[str, ...]  # the sections whose cards are drawn in a game (tokens never are)
    check_deck: Callable[[Sequence[DeckEntry]], list[Violation]]  # the deck rules
    simulation: Callable[..., Any]  # (entries, turns) -> the goldfish Simulation
    # (entries, group codes, *, at_least, turns, first, deadline) -> the numbers of POST /api/odds/
    odds: Callable[..., dict[str, Any]]
    match: Callable[..., Match]  # the decision-driven game
    policies: Mapping[str, Callable[[], Policy]]  # by name, for matchups and tables
    table: Callable[..., dict[str, Any]]  # the JSON table, replayed from decisions
    state: Callable[[Any], dict[str, Any]]  # the whole table of any match of this game
    # Extra keyword arguments shared by every game of one run (compiled cards, say).
    prepare: Callable[[Sequence[Sequence[DeckEntry]]], dict[str, Any]] = field(default=lambda decks: {})

    def parse_list(self, text: str) -> ParsedList:
        """Read a deck list of this game (docs/contract.md §3); never raises on any text."""
        return read_decklist(text, self, others=[spec for spec in GAME_SPECS.values() if spec is not self])

    def format_list(self, entries: Sequence[DeckEntry]) -> str:
        """Write entries under this game's Spanish headers, sections in order."""
        return write_decklist(entries, self)

    def is_drawn(self, entry: DeckEntry) -> bool:
        """Whether a line's cards are among those a game draws (Eliria: `Mazo:` without tokens)."""
        return entry.section in self.drawn and not entry.card.is_token

    def make_policy(self, policy: str | Policy) -> Policy:
        """A policy object from its name in :attr:`policies` (or the object itself)."""
        if not isinstance(policy, str):
            return policy
        if policy not in self.policies:
            names = ", ".join(sorted(self.policies))
            raise InvalidSimulation(f"Política desconocida: {policy!r}; usa una de {names}.")
        return self.policies[policy]()


# Every game's record by slug (a Game is its slug: ``GAME_SPECS["eliria"]`` is Eliria's).
GAME_SPECS: dict[str, GameSpec] = {}


def register_game(spec: GameSpec) -> GameSpec:
    GAME_SPECS[spec.game] = spec
    return spec


def find_game(name: Game | str) -> GameSpec:
    """The record of a game by slug, any case (raises :class:`~engine.errors.UnknownGame`)."""
    found = GAME_SPECS.get(_slug(name))
    return found if found is not None else GAME_SPECS[as_game(name)]  # UnknownGame, naming the games


def _slug(name: object) -> str:
    """A slug from what a caller passed as a game (anything: a bad type is named by as_game)."""
    return fold(name) if isinstance(name, str) else ""


def _bare(name: str) -> str:
    return fold(name).replace(" ", "").replace(".", "")


def game_aliases() -> dict[str, str]:
    """Every name players write for a game (folded, no spaces or dots) -> its slug: the search's
    ``juego:`` (cards/search.py) and the collection's imports read this one table."""
    return {name: _bare(spec.game) for spec in GAME_SPECS.values() for name in (_bare(spec.game), *spec.aliases)}


def game_named(name: str) -> str | None:
    """The slug of the game *name* names (its slug or an alias, any case, accents, spaces or dots),
    or None."""
    return game_aliases().get(_bare(name))


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
        aliases=(),
        sections=("main", "tokens"),
        headers={"main": "Mazo:", "tokens": "Tokens:"},
        header_keys={"mazo": "main", "main": "main", "tokens": "tokens"},
        card_types=("combat", "token", "reaction", "summon"),
        drawn=("main",),
        check_deck=eliria_rules,
        simulation=EliriaSimulation,
        odds=eliria_odds_answer,
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
        aliases=("misionsos", "sos"),
        sections=("entities", "elements"),
        headers={"entities": "Entes:", "elements": "Elementos:"},
        header_keys={"entes": "entities", "entities": "entities", "elementos": "elements", "elements": "elements"},
        card_types=("entity", "element"),
        drawn=("entities", "elements"),
        check_deck=mision_rules,
        simulation=MisionSimulation,
        odds=mision_odds_answer,
        match=MisionMatch,
        policies={"rules": MisionPlayer, "random": RandomPolicy, "goldfish": MisionGoldfishPlayer, **search_players()},
        table=mision_table,
        state=mision_state,
    )
)
