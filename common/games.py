"""One record per game for the site: how a game is shown and priced, beside the engine's record.

The engine's :class:`~engine.games.GameSpec` says what a game *is* (its name and aliases, sections,
card types, rules, players); a :class:`SiteGame` says what the site does with it: its accent colour,
the goal a comparison is told by, the numbers charted and compared, the odds panel's first query
and the measured seconds a game costs (what play/runs/budget.py prices a run with). Every per-game
literal of the site reads :func:`site_game`; a third game is its engine record plus one
``register_site_game`` here (tests/common/test_games.py registers one and walks the lookups).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import COMPILED, UnknownGame
from engine.search import DEFAULT_ROLLOUTS, SEARCH_PLAYERS

__all__ = ["SITE_GAMES", "Costs", "SiteGame", "register_site_game", "site_game"]


@dataclass(frozen=True)
class Costs:
    """Seconds of one core per game, measured with bench/jobs.py --calibrate (bundled sample decks,
    rules players) on the 2-core machine while other processes shared it."""

    goldfish_base: float  # a goldfish game, whatever its turns
    goldfish_per_turn: float  # and each of its turns
    matchup_game: float  # a matchup game, rule-based players
    search_game: float  # added by each seat the search player plays (engine/search.py's default budget)


@dataclass(frozen=True)
class SiteGame:
    """How the site shows and prices one game (keyed by the game's slug)."""

    game: str  # the slug, as engine.Game's value
    accent: str  # the game's colour (deck pictures)
    default_goal: tuple[str, int]  # (per-turn field, turn) a comparison is told by unless the player picks
    search_turn: int  # the deck search's first goal turn (play/improve: it looks further than a comparison)
    charted: tuple[str, ...]  # the per-turn fields a comparison draws
    fields: tuple[str, ...]  # every per-turn field a comparison tabulates, in order
    odds_query: str  # the odds panel's first query (the site's search syntax)
    # The table seats the engine's rule-based player against the player's deck (a game two must
    # fight, play/table/services.py); else it is the engine's one-seat solitaire.
    table_rival: bool
    world_board: bool  # its boards show each card's four worlds and the phase by name (play/boards.py)
    compiled: Costs  # with the engine compiled by mypyc (engine.COMPILED)
    pure: Costs  # with the engine as Python (its fallback, 3-4 times slower)

    def costs(self, compiled: bool) -> Costs:
        """The costs for the engine this process runs."""
        return self.compiled if compiled else self.pure

    def goldfish_seconds(self, games: int, turns: int) -> float:
        """The fixed cost of *games* goldfish games of *turns* turns on the engine this process runs."""
        costs = self.costs(COMPILED)
        return games * (costs.goldfish_base + turns * costs.goldfish_per_turn)

    def matchup_seconds(self, games: int, *, policy_a: str = "rules", policy_b: str = "rules") -> float:
        """The fixed cost of a matchup: a game of rule-based players, plus the measured cost of each
        seat played by the search player (at its budget of rollouts, relative to the default's)."""
        costs = self.costs(COMPILED)
        searching = sum(SEARCH_PLAYERS.get(p, 0) / DEFAULT_ROLLOUTS for p in (policy_a, policy_b))
        return games * (costs.matchup_game + searching * costs.search_game)


SITE_GAMES: dict[str, SiteGame] = {}


def register_site_game(record: SiteGame) -> SiteGame:
    SITE_GAMES[record.game] = record
    return record


def site_game(game: str) -> SiteGame:
    """The site's record of *game* (a slug or ``engine.Game``); UnknownGame (a 400) for any other."""
    found = SITE_GAMES.get(str(getattr(game, "value", game)))
    if found is None:
        raise UnknownGame(f"Juego desconocido: {game!r}.")
    return found


# The costs: compiled 29.6 µs, 58.2 µs, 0.69 ms for Eliria's 10- and 50-turn goldfish and matchup
# game, 18.8 µs, 27.1 µs, 0.21 ms for Misión's, given 30-50 % of room (an idle core is up to twice as
# fast). The search player: bench/players.py measured its median decision at 16-27 ms of one core on
# the pure engine, some 40-70 decisions with a choice a game; a search matchup is priced by it alone.
register_site_game(SiteGame(
    game="eliria",
    accent="#8a3b12",
    default_goal=("mean_power_max", 3),
    search_turn=6,
    charted=("mean_power_max", "p_combatant", "p_alive"),
    fields=("mean_power_max", "p_combatant", "p_alive", "mean_power_total", "mean_combatants", "p_attack_ready"),
    odds_query="t:combate pot>=5",
    table_rival=False,
    world_board=False,
    compiled=Costs(goldfish_base=30e-6, goldfish_per_turn=1.0e-6, matchup_game=0.9e-3, search_game=0.5),
    pure=Costs(goldfish_base=30e-6, goldfish_per_turn=7e-6, matchup_game=2.5e-3, search_game=2.0),
))
register_site_game(SiteGame(
    game="mision",
    accent="#2e7d4f",
    default_goal=("mean_chest", 5),
    search_turn=8,
    charted=("mean_chest", "p_won"),
    fields=("mean_chest", "p_won", "mean_entes_placed", "mean_elementos_juego", "mean_elementos_deck"),
    odds_query="t:elemento",
    table_rival=True,
    world_board=True,
    compiled=Costs(goldfish_base=25e-6, goldfish_per_turn=0.3e-6, matchup_game=0.3e-3, search_game=0.5),
    pure=Costs(goldfish_base=30e-6, goldfish_per_turn=0.6e-6, matchup_game=1.0e-3, search_game=2.0),
))
