"""Swap suggestions for the API and the deck page (docs/contract.md §6): candidates for one card of
a list (or for every card, play.swaps.each_cut), raced in its place on common seeds.

A request is prepared here (`swaps_prepare`) and answered by play.runs.answer, which builds its job
(play.swaps.jobs.SwapsJob: `swap_race` reads the list, the cut, the candidates and the goal, once)
and plays it inline or queues it, to the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cards.naming import CardNameError, card_in_list, cards_named
from common.errors import BadInput
from common.games import site_game
from engine import CardData, CardEffectError, DeckEntry, EngineError, ValidationReport
from engine.compare import check_goal
from engine.goldfish import check_bounds
from engine.rng import new_seed
from engine.swaps import MAX_CANDIDATES, SwapRace
from play.compare.services import PAIRING_OVERHEAD, validated_list
from play.models import SimulationRun
from play.runs.jobs import Prepared
from play.swaps.each_cut import EACH, EachCutRace

__all__ = ["SwapInputError", "asked", "cut_of", "swap_race", "swaps_prepare", "swaps_seconds"]


class SwapInputError(BadInput):
    """A cut, candidate or goal that the race cannot take (400 naming the field)."""


def swaps_seconds(game: str, candidates: int, games: int, turns: int) -> float:
    """The most a race may cost: every candidate and the list itself play every game."""
    return (candidates + 1) * PAIRING_OVERHEAD * site_game(game).goldfish_seconds(games, turns)


def swaps_prepare(data: dict[str, Any], user: Any = None, *, private: bool = False) -> Prepared:
    """A swap race as its run keeps it (the API's SwapsInput; the page's form); the list, the cut, the
    candidates and the goal are read by its job (play.swaps.jobs.SwapsJob)."""
    seed = data.get("seed")
    check_bounds(data["games"], data["turns"], seed)
    params = {"list": data["list"], "cut": data["cut"], "candidates": list(data["candidates"]),
              "goal": {"field": data["goal"]["field"], "turn": data["goal"]["turn"]}, "games": data["games"],
              "turns": data["turns"], "seed": new_seed() if seed is None else seed}
    memo = None if seed is None else (data["game"], data["list"], data["cut"], tuple(data["candidates"]),
                                      data["goal"]["field"], data["goal"]["turn"], data["games"], data["turns"], seed)
    return Prepared(SimulationRun.Kind.SWAPS, data["game"], params, memo=memo, private=private)


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


def swap_race(game: str, params: dict[str, Any]) -> tuple[SwapRace, ValidationReport]:
    """The race of a request or a queued run, from its parameters, and the list's validation."""
    goal, cut, candidates = params["goal"], params["cut"], params["candidates"]
    report = validated_list(game, params["list"], "list")
    try:
        check_goal(game, goal["field"], goal["turn"], params["turns"])
    except EngineError as exc:
        raise SwapInputError(str(exc), field="goal") from exc
    rest = {"goal_field": goal["field"], "goal_turn": goal["turn"], "games": params["games"],
            "turns": params["turns"], "seed": params["seed"]}
    try:
        if cut.strip() == EACH:
            return EachCutRace(game, report.entries, candidates=resolve_candidates(game, candidates), **rest), report
        code, cards = resolve_cut(report.entries, cut), resolve_candidates(game, candidates)
        return SwapRace(game, report.entries, cut=code, candidates=cards, **rest), report
    except CardEffectError:  # catalogue data the engine cannot play: answered with its card (common.errors)
        raise
    except EngineError as exc:  # a candidate that cannot take the cut card's place (rule 4, type)
        raise SwapInputError(str(exc), field=exc.field or "candidates") from exc


def cut_of(race: SwapRace) -> str:
    """The cut as a run keeps it: the card's code, or "*" when every card of the list is tried."""
    return EACH if isinstance(race, EachCutRace) else race.cut.code


def asked(race: SwapRace) -> list[CardData]:
    """The candidates the request named, as the race read them."""
    return race.asked if isinstance(race, EachCutRace) else race.candidates
