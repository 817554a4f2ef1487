"""Matchups: two decks played against each other by the engine, bounded in games and time.

A request is prepared here (`matchup_prepare`, `gauntlet_prepare`: one deck against every public
deck of its game) and answered by play.runs.answer, which plays its job (play.matchups.jobs) inline
or queues it. `matchup_run` plays N seeded games in one go (the command, on several processes if
asked), `matchup_replay` one of those games, recorded. A seeded answer is a pure function of its
inputs and the catalogue, so it is memoised like the seeded goldfish.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from cards.pagecache import cached_answer
from common.errors import BadInput
from decks.models import Deck
from engine import InvalidSimulation, matchup_game, run_matchup
from engine.matchup import MatchupRun
from engine.rng import new_seed
from play.matchups.rivals import Rivals
from play.models import SimulationRun
from play.runs.jobs import Prepared
from play.sources import DeckSource, SourceError, from_deck, from_list

MAX_GAMES = 10_000
POLICY_NAMES = ("rules", "random", "search-quick", "search", "search-deep")  # the engine policies a matchup seat may use (of engine.find_game(game).policies)
GAUNTLET_MAX_OPPONENTS = 20
GAUNTLET_MAX_GAMES = 100

Progress = Callable[[int, int], None]


class MatchupInputError(BadInput):
    """One or both lists cannot be played; `extra` holds each field's messages and validation."""

    def __init__(self, errors: dict[str, Any]) -> None:
        super().__init__(_("Alguna lista no se puede jugar."), extra=errors)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.extra)


def matchup_prepare(data: dict[str, Any], user: Any = None, *, labels: tuple[str, str] = ("A", "B"),
                    private: bool = False) -> Prepared:
    """A matchup request (the API's MatchupInput, the page's form) as its run keeps it; both lists
    are read by its job (play.matchups.jobs.MatchupJob)."""
    seed = data.get("seed")
    check_matchup(data["games"], data["policy_a"], data["policy_b"])
    params = {"list_a": data["deck_a"], "list_b": data["deck_b"], "games": data["games"],
              "seed": new_seed() if seed is None else seed, "policy_a": data["policy_a"],
              "policy_b": data["policy_b"], "labels": list(labels)}
    memo = None if seed is None else (data["game"], data["deck_a"], data["deck_b"], data["games"], seed,
                                      data["policy_a"], data["policy_b"])
    return Prepared(SimulationRun.Kind.MATCHUP, data["game"], params, memo=memo, private=private)


def check_matchup(games: int, policy_a: str, policy_b: str) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise InvalidSimulation(_("«games» debe estar entre 1 y %(n)s.") % {"n": MAX_GAMES})
    for policy in (policy_a, policy_b):
        if policy not in POLICY_NAMES:
            raise InvalidSimulation(_("Política desconocida: %(p)s; usa rules, random, search-quick, search o search-deep.") % {"p": policy})


def sources(game: str, list_a: str | DeckSource, list_b: str | DeckSource) -> tuple[DeckSource, DeckSource]:
    """Both decks as playable sources; a list whose cards cannot be identified names its lines."""
    a = list_a if isinstance(list_a, DeckSource) else from_list(game, list_a, _("Mazo A"))
    b = list_b if isinstance(list_b, DeckSource) else from_list(game, list_b, _("Mazo B"))
    for side in (a, b):
        if side.game != game:
            raise SourceError(_("%(deck)s es de otro juego.") % {"deck": side.label})
    return a, b


def _memo(namespace: str, parts: tuple[object, ...], compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """cards.pagecache.cached_answer, except that a run cut short by the time limit is not kept."""
    return cached_answer(namespace, parts, compute, keep=lambda value: not value.get("stopped_early"))


def matchup_run(
    *, game: str, list_a: str | DeckSource, list_b: str | DeckSource, games: int = 1000,
    seed: int | None = None, policy_a: str = "rules", policy_b: str = "rules",
    progress: Progress | None = None, processes: int = 1, time_limit: float | None = None,
    unlimited: bool = False,
) -> dict[str, Any]:
    """Deck A against deck B, *games* seeded games alternating who starts: the engine's report
    (win rate of A with its 95% interval, reasons, lengths, each game) plus both lists' validation.

    The run stops at *time_limit* seconds (default: settings.SIMULATION_TIME_LIMIT; none when
    *unlimited*, as on the command line) and then says ``"stopped_early": true``. It plays in this
    process: only the command passes *processes* > 1; web requests play runs through
    play.runs.answer (within their budget, or queued)."""
    check_matchup(games, policy_a, policy_b)
    a, b = sources(game, list_a, list_b)
    limit = None if unlimited else (time_limit if time_limit is not None else settings.SIMULATION_TIME_LIMIT)

    def compute() -> dict[str, Any]:
        result = run_matchup(
            game, a.entries, b.entries, games=games, seed=seed, policy_a=policy_a, policy_b=policy_b,
            progress=progress, processes=max(1, processes), time_limit=limit,
        )
        assert a.report is not None and b.report is not None
        result["validation"] = {"a": a.report.as_dict(), "b": b.report.as_dict()}
        return result

    if seed is None or progress is not None:
        return compute()
    return _memo("matchup", (game, a.text, b.text, games, seed, policy_a, policy_b), compute)


def matchup_replay(
    *, game: str, list_a: str | DeckSource, list_b: str | DeckSource, seed: int, index: int,
    policy_a: str = "rules", policy_b: str = "rules",
) -> dict[str, Any]:
    """Game *index* of the run with base *seed*: header, decisions, events and outcome."""
    check_matchup(1, policy_a, policy_b)
    a, b = sources(game, list_a, list_b)
    parts = (game, a.text, b.text, seed, index, policy_a, policy_b)
    return _memo("matchup-game", parts, lambda: matchup_game(
        game, a.entries, b.entries, seed, index, policy_a=policy_a, policy_b=policy_b,
    ))


def gauntlet_opponents(deck: Deck) -> list[Deck]:
    """Every public deck of the deck's game but itself, most recently updated first (at most 20)."""
    qs = Deck.objects.public().filter(game=deck.game).exclude(pk=deck.pk).select_related("owner")
    return list(qs.order_by("-updated", "-pk")[:GAUNTLET_MAX_OPPONENTS])


def gauntlet_params(*, deck: Deck, games: int = 20, seed: int = 0, policy_a: str = "rules",
                    policy_b: str = "rules") -> dict[str, Any]:
    """What a gauntlet plays, as a queued run keeps it: the deck's list and each public opponent's
    (an opponent whose list cannot be played is kept with its reason). ``games`` is the run's whole
    (games against each rival × rivals), ``per_rival`` the games against each."""
    if not 1 <= games <= GAUNTLET_MAX_GAMES:
        raise InvalidSimulation(_("«games» debe estar entre 1 y %(n)s.") % {"n": GAUNTLET_MAX_GAMES})
    check_matchup(games, policy_a, policy_b)
    mine = from_deck(deck)
    rivals: list[dict[str, Any]] = []
    for opponent in gauntlet_opponents(deck):
        try:
            rivals.append({"deck": opponent.pk, "name": opponent.name, "list": from_deck(opponent).text})
        except SourceError as exc:
            rivals.append({"deck": opponent.pk, "name": opponent.name, "error": str(exc)})
    playable = [r for r in rivals if "list" in r]
    return {"deck": deck.pk, "list": mine.text, "rivals": rivals, "per_rival": games,
            "games": games * max(1, len(playable)), "seed": seed, "policy_a": policy_a, "policy_b": policy_b}


def gauntlet_matchups(game: str, params: dict[str, Any]) -> Rivals:
    """The deck against each playable rival of a gauntlet's params, as one run of games."""
    mine = from_list(game, params["list"], _("Tu mazo"))
    runs = [MatchupRun(game, mine.entries, from_list(game, r["list"], r["name"]).entries, seed=params["seed"],
                       policy_a=params["policy_a"], policy_b=params["policy_b"])
            for r in params["rivals"] if "list" in r]
    return Rivals(game, runs, params["per_rival"])


def gauntlet_rows(params: dict[str, Any], reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each rival's row in the gauntlet's order: its matchup answer, or why it could not be played."""
    answers = iter(reports)
    return [{"deck": r["deck"], "name": r["name"], **({"result": next(answers)} if "list" in r else {"error": r["error"]})}
            for r in params["rivals"]]


def gauntlet_prepare(*, deck: Deck, games: int = 20, seed: int = 0, policy_a: str = "rules",
                     policy_b: str = "rules") -> Prepared:
    """A gauntlet (the page's form) as its run keeps it (gauntlet_params); its job
    (play.matchups.jobs.GauntletJob) plays it in the request when it fits, else it is queued. A run
    of a deck that is not public is shown to its owner only."""
    params = gauntlet_params(deck=deck, games=games, seed=seed, policy_a=policy_a, policy_b=policy_b)
    return Prepared(SimulationRun.Kind.GAUNTLET, deck.game, params, private=deck.visibility != "public")
