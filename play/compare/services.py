"""Paired comparisons and swap suggestions for the API and the deck pages (docs/contract.md §6).

A request is prepared here (`compare_prepare`, `swaps_prepare`, `matchup_compare_prepare`) and
answered by play.runs.answer, which plays its job (play.compare.jobs) inline or queues it, to the
same bytes. `compare_answer`, `swaps_answer` and `matchup_compare_answer` play the same work in one
go in this process, and the `run_enqueue_*` queue it whole (the tests' references).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings

from cards.naming import CardNameError, card_in_list, cards_named
from cards.pagecache import cached_answer
from cards.validation import UNREADABLE, ListTooLarge, validate_list
from common.errors import BadInput
from engine import CardData, DeckEntry, EngineError, ValidationReport, as_game
from engine.compare import PAIRED_FIELDS, PairedGoldfish, check_goal, compare_goldfish
from engine.goldfish import check_bounds
from engine.matchup_compare import PairedMatchup
from engine.rng import new_seed
from engine.swaps import MAX_CANDIDATES, SwapRace
from play.compare.each_cut import EACH, EachCutRace
from play.goldfish.services import GoldfishInputError
from play.matchups.services import _check as check_matchup
from play.models import SimulationRun
from play.runs.answer import Prepared
from play.runs.budget import goldfish_seconds
from play.runs.services import run_submit
from play.sources import DeckSource, SourceError, from_list

__all__ = [
    "CompareInputError",
    "compare_answer",
    "compare_prepare",
    "compare_seconds",
    "goal_fields",
    "matchup_compare_answer",
    "matchup_compare_prepare",
    "run_enqueue_matchup_compare",
    "run_enqueue_compare",
    "run_enqueue_swaps",
    "swaps_answer",
    "swaps_prepare",
    "swaps_seconds",
]

# Playing two lists game by game (to pair each game's numbers) costs more than two plain runs,
# which sum many games at once: bench/pairing.py measures it (about 1.2× on the full rules, 2.9× on the
# fast path of vanilla decks).
PAIRING_OVERHEAD = 1.5


class CompareInputError(GoldfishInputError):
    """A list of a comparison or a swap race whose cards cannot all be identified; `field` names it."""

    def __init__(self, report: dict[str, Any], field: str) -> None:
        super().__init__(report, field=field)
        side = {"list_a": "a", "list_b": "b"}.get(field)
        self.extra = {"validation": {side: report} if side else report}


class SwapInputError(BadInput):
    """A cut, candidate or goal that the race cannot take (400 naming the field)."""


def compare_seconds(game: str, games: int, turns: int) -> float:
    return 2 * PAIRING_OVERHEAD * goldfish_seconds(game, games, turns)


def swaps_seconds(game: str, candidates: int, games: int, turns: int) -> float:
    """The most a race may cost: every candidate and the list itself play every game."""
    return (candidates + 1) * PAIRING_OVERHEAD * goldfish_seconds(game, games, turns)


def compare_prepare(data: dict[str, Any], user: Any = None, *, private: bool = False) -> Prepared:
    """A comparison request as its run keeps it; the lists are read by its job (play.compare.jobs.CompareJob)."""
    seed = data.get("seed")
    check_bounds(data["games"], data["turns"], seed)
    params = {"list_a": data["list_a"], "list_b": data["list_b"], "games": data["games"], "turns": data["turns"],
              "seed": new_seed() if seed is None else seed}
    memo = None if seed is None else (data["game"], data["list_a"], data["list_b"], data["games"], data["turns"], seed)
    return Prepared(SimulationRun.Kind.COMPARE, data["game"], params, memo=memo, private=private)


def swaps_prepare(data: dict[str, Any], user: Any = None, *, private: bool = False) -> Prepared:
    """A swap race as its run keeps it (the API's SwapsInput; the page's form); the list, the cut, the
    candidates and the goal are read by its job (play.compare.jobs.SwapsJob)."""
    seed = data.get("seed")
    check_bounds(data["games"], data["turns"], seed)
    params = {"list": data["list"], "cut": data["cut"], "candidates": list(data["candidates"]),
              "goal": {"field": data["goal"]["field"], "turn": data["goal"]["turn"]}, "games": data["games"],
              "turns": data["turns"], "seed": new_seed() if seed is None else seed}
    memo = None if seed is None else (data["game"], data["list"], data["cut"], tuple(data["candidates"]),
                                      data["goal"]["field"], data["goal"]["turn"], data["games"], data["turns"], seed)
    return Prepared(SimulationRun.Kind.SWAPS, data["game"], params, memo=memo, private=private)


def matchup_compare_prepare(data: dict[str, Any], user: Any = None, *, private: bool = False) -> Prepared:
    """Two versions against one rival as the run keeps it; the three lists are read by its job
    (play.compare.jobs.MatchupCompareJob), every one that cannot be played named at once."""
    seed = data.get("seed")
    params = _matchup_params(data["deck_a"], data["deck_b"], data["rival"], data["games"],
                             new_seed() if seed is None else seed, data.get("policy", "rules"),
                             data.get("rival_policy", "rules"))
    memo = None if seed is None else (data["game"], data["deck_a"], data["deck_b"], data["rival"], data["games"], seed,
                                      params["policy"], params["rival_policy"])
    return Prepared(SimulationRun.Kind.MATCHUP_COMPARE, data["game"], params, memo=memo, private=private)


def goal_fields(game: str) -> list[str]:
    """The per-turn numbers a swap race can aim at (the paired ones of engine.compare)."""
    return [name for name, _ in PAIRED_FIELDS[as_game(game)]]


def _validated(game: str, text: str, field: str) -> ValidationReport:
    """The list's validation report; a list too large or with unidentifiable lines names *field*."""
    try:
        report = validate_list(game, text)
    except ListTooLarge as exc:
        raise BadInput(exc.message, field=field) from exc
    if any(v.code in UNREADABLE for v in report.errors):
        raise CompareInputError(report.as_dict(), field)
    return report


def _memo(namespace: str, parts: tuple[object, ...], seed: int | None,
          compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    # A seeded answer is a pure function of its request and the catalogue (cards.pagecache).
    return compute() if seed is None else cached_answer(namespace, parts, compute)


def compare_answer(*, game: str, list_a: str, list_b: str, games: int = 1000, turns: int = 10,
                   seed: int | None = None) -> dict[str, Any]:
    """Both lists on common seeds: section 6's answer, each side exactly `/api/goldfish/`'s."""
    check_bounds(games, turns, seed)
    a, b = _validated(game, list_a, "list_a"), _validated(game, list_b, "list_b")

    def compute() -> dict[str, Any]:
        return with_validation(compare_goldfish(game, a.entries, b.entries, games=games, turns=turns, seed=seed),
                               a, b)

    return _memo("compare", (game, list_a, list_b, games, turns, seed), seed, compute)


def with_validation(result: dict[str, Any], a: ValidationReport, b: ValidationReport) -> dict[str, Any]:
    """Each side's validation report where `/api/goldfish/` puts it (last)."""
    result["a"]["validation"] = a.as_dict()
    result["b"]["validation"] = b.as_dict()
    return result


def run_enqueue_compare(*, game: str, list_a: str, list_b: str, games: int, turns: int, seed: int | None,
                        owner: Any = None, client: str = "", private: bool = False) -> SimulationRun:
    """A comparison queued whole, however small (the queue's tests)."""
    _validated(game, list_a, "list_a")
    _validated(game, list_b, "list_b")
    check_bounds(games, turns, seed)
    params = {"list_a": list_a, "list_b": list_b, "games": games, "turns": turns, "seed": seed}
    return run_submit(kind=SimulationRun.Kind.COMPARE, game=game, params=params, owner=owner, client=client,
                      private=private)


# ---------------------------------------------------------------- swap suggestions
def resolve_cut(entries: Sequence[DeckEntry], cut: str) -> str:
    """The code of the list's card named *cut* (as a list line names it: cards.naming)."""
    try:
        return card_in_list(entries, cut, field="cut").code
    except CardNameError as exc:
        raise SwapInputError(f"«{cut.strip()}» no está en la lista: no se puede cortar.", field="cut") from exc


def resolve_candidates(game: str, items: Sequence[str]) -> list[CardData]:
    """The cards of *game* named by *items* (as list lines name them: cards.naming), in order."""
    if not 1 <= len(items) <= MAX_CANDIDATES:
        raise SwapInputError(f"Entre 1 y {MAX_CANDIDATES} candidatas (recibidas: {len(items)}).", field="candidates")
    try:
        return cards_named(game, items, field="candidates")
    except CardNameError as exc:
        raise SwapInputError(exc.message, field="candidates") from exc


def _race(*, game: str, text: str, cut: str, candidates: Sequence[str], goal_field: str, goal_turn: int,
          games: int, turns: int, seed: int) -> tuple[SwapRace, ValidationReport]:
    report = _validated(game, text, "list")
    try:
        check_goal(game, goal_field, goal_turn, turns)
    except EngineError as exc:
        raise SwapInputError(str(exc), field="goal") from exc
    if cut.strip() == EACH:
        try:
            return EachCutRace(game, report.entries, candidates=resolve_candidates(game, candidates),
                               goal_field=goal_field, goal_turn=goal_turn, games=games, turns=turns, seed=seed), report
        except EngineError as exc:
            raise SwapInputError(str(exc), field=exc.field or "candidates") from exc
    code, cards = resolve_cut(report.entries, cut), resolve_candidates(game, candidates)
    try:
        race = SwapRace(game, report.entries, cut=code, candidates=cards, goal_field=goal_field,
                        goal_turn=goal_turn, games=games, turns=turns, seed=seed)
    except EngineError as exc:  # a candidate that cannot take the cut card's place (rule 4, type)
        raise SwapInputError(str(exc), field=exc.field or "candidates") from exc
    return race, report


def swaps_answer(*, game: str, text: str, cut: str, candidates: Sequence[str], goal_field: str, goal_turn: int,
                 games: int = 1000, turns: int = 10, seed: int | None = None) -> dict[str, Any]:
    """Each candidate in place of *cut*, raced against the list as it is on common seeds: the ranking."""
    check_bounds(games, turns, seed)
    base = new_seed() if seed is None else seed
    race, report = _race(game=game, text=text, cut=cut, candidates=candidates, goal_field=goal_field,
                         goal_turn=goal_turn, games=games, turns=turns, seed=base)

    def compute() -> dict[str, Any]:
        state = race.new_tally()
        race.play(state, 0, games)
        result = race.report(state)
        result["validation"] = report.as_dict()
        return result

    parts = (game, text, _cut_of(race), tuple(c.code for c in _asked(race)), goal_field, goal_turn, games, turns, base)
    return _memo("swaps", parts, seed, compute)


def run_enqueue_swaps(*, game: str, text: str, cut: str, candidates: Sequence[str], goal_field: str,
                      goal_turn: int, games: int, turns: int, seed: int | None, owner: Any = None,
                      client: str = "", private: bool = False) -> SimulationRun:
    check_bounds(games, turns, seed)
    race, _ = _race(game=game, text=text, cut=cut, candidates=candidates, goal_field=goal_field,
                    goal_turn=goal_turn, games=games, turns=turns, seed=0 if seed is None else seed)
    params = {
        "list": text, "cut": _cut_of(race), "candidates": [c.code for c in _asked(race)],
        "goal": {"field": goal_field, "turn": goal_turn}, "games": games, "turns": turns, "seed": seed,
    }
    return run_submit(kind=SimulationRun.Kind.SWAPS, game=game, params=params, owner=owner, client=client,
                      private=private)


def _cut_of(race: SwapRace) -> str:
    """The cut as a run keeps it: the card's code, or "*" when every card of the list is tried."""
    return EACH if isinstance(race, EachCutRace) else race.cut.code


def _asked(race: SwapRace) -> list[CardData]:
    return race.asked if isinstance(race, EachCutRace) else race.candidates


def swap_race(run_game: str, params: dict[str, Any]) -> tuple[SwapRace, ValidationReport]:
    """The race of a queued run, from its stored parameters (the lists checked again)."""
    goal = params["goal"]
    return _race(game=run_game, text=params["list"], cut=params["cut"], candidates=params["candidates"],
                 goal_field=goal["field"], goal_turn=goal["turn"], games=params["games"],
                 turns=params["turns"], seed=params["seed"])


def paired_run(run_game: str, params: dict[str, Any]) -> tuple[PairedGoldfish, ValidationReport, ValidationReport]:
    """The paired goldfish of a queued comparison, from its stored parameters."""
    a = _validated(run_game, params["list_a"], "list_a")
    b = _validated(run_game, params["list_b"], "list_b")
    return PairedGoldfish(run_game, a.entries, b.entries, params["turns"]), a, b


# ---------------------------------------------------------------- two versions against one rival
MATCHUP_SIDES = (("deck_a", "Versión A"), ("deck_b", "Versión B"), ("rival", "Rival"))


def matchup_sources(game: str, texts: dict[str, str]) -> dict[str, DeckSource]:
    """The three lists as playable sources; every list that cannot be played is named at once
    (MatchupCompareInputError: `{field: [messages]}` and each failing list's validation)."""
    found, errors = {}, {}
    for field, label in MATCHUP_SIDES:
        try:
            found[field] = from_list(game, texts[field], label)
        except SourceError as exc:
            errors[field] = [e["message"] for e in exc.errors]
            if exc.report is not None:
                errors.setdefault("validation", {})[field] = exc.report
    if errors:
        raise MatchupCompareInputError(errors)
    return found


class MatchupCompareInputError(BadInput):
    """One or more of the three lists cannot be played; `extra` holds every field's messages."""

    def __init__(self, errors: dict[str, Any]) -> None:
        super().__init__("Alguna lista no se puede jugar.", extra=errors)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.extra)


def paired_matchup(game: str, params: dict[str, Any]) -> tuple[PairedMatchup, dict[str, DeckSource]]:
    """The paired matchup of a request or a queued run, from its parameters."""
    found = matchup_sources(game, params)
    paired = PairedMatchup(game, found["deck_a"].entries, found["deck_b"].entries, found["rival"].entries,
                           seed=params["seed"], policy=params.get("policy", "rules"),
                           rival_policy=params.get("rival_policy", "rules"))
    return paired, found


def matchup_with_validation(result: dict[str, Any], found: dict[str, DeckSource]) -> dict[str, Any]:
    """Each side's validation where `/api/matchups/` puts it: {"a": the version, "b": the rival}."""
    rival = found["rival"].report
    for side, field in (("a", "deck_a"), ("b", "deck_b")):
        mine = found[field].report
        assert mine is not None and rival is not None
        result[side]["validation"] = {"a": mine.as_dict(), "b": rival.as_dict()}
    return result


def _matchup_params(deck_a: str, deck_b: str, rival: str, games: int, seed: int | None, policy: str,
                    rival_policy: str) -> dict[str, Any]:
    check_matchup(games, policy, rival_policy)
    return {"deck_a": deck_a, "deck_b": deck_b, "rival": rival, "games": games, "seed": seed, "policy": policy,
            "rival_policy": rival_policy}


def matchup_compare_answer(*, game: str, deck_a: str, deck_b: str, rival: str, games: int = 1000,
                           seed: int | None = None, policy: str = "rules", rival_policy: str = "rules") -> dict[str, Any]:
    """Versions A and B against one rival on common seeds: each side `/api/matchups/`'s answer for
    that version against the rival, and B − A of the win rate and the score with their intervals."""
    params = _matchup_params(deck_a, deck_b, rival, games, new_seed() if seed is None else seed, policy,
                             rival_policy)

    def compute() -> dict[str, Any]:
        paired, found = paired_matchup(game, params)
        deadline = time.monotonic() + settings.SIMULATION_TIME_LIMIT
        tally = paired.run_range(0, games, deadline=deadline)
        return matchup_with_validation(paired.report(tally, games, tally.played < games), found)

    parts = (game, deck_a, deck_b, rival, games, params["seed"], policy, rival_policy)
    return compute() if seed is None else cached_answer(
        "matchup-compare", parts, compute, keep=lambda value: not value["a"]["stopped_early"])


def run_enqueue_matchup_compare(*, game: str, deck_a: str, deck_b: str, rival: str, games: int, seed: int | None,
                                policy: str = "rules", rival_policy: str = "rules", owner: Any = None,
                                client: str = "", private: bool = False) -> SimulationRun:
    params = _matchup_params(deck_a, deck_b, rival, games, seed, policy, rival_policy)
    matchup_sources(game, params)
    return run_submit(kind=SimulationRun.Kind.MATCHUP_COMPARE, game=game, params=params, owner=owner,
                      client=client, private=private)
