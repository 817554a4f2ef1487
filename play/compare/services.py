"""Paired comparisons for the API and the deck pages (docs/contract.md §6): two lists on common seeds
(`compare_prepare`) and two versions of a deck against one rival (`matchup_compare_prepare`).

A request is prepared here and answered by play.runs.answer, which builds its job (play.compare.jobs:
`paired_run` and `paired_matchup` read the lists, once) and plays it inline or queues it, to the
same bytes. Swap suggestions are play.swaps; they read their list with `validated_list`.
"""

from __future__ import annotations

from typing import Any

from cards.validation import UNREADABLE, ListTooLarge, validate_list
from common.errors import BadInput
from common.games import site_game
from engine import ValidationReport, as_game
from engine.compare import PAIRED_FIELDS, PairedGoldfish
from engine.goldfish import check_bounds
from engine.matchup_compare import PairedMatchup
from engine.rng import new_seed
from play.goldfish.services import GoldfishInputError
from play.matchups.services import check_matchup
from play.models import SimulationRun
from play.runs.jobs import Prepared
from play.sources import DeckSource, SourceError, from_list

__all__ = [
    "PAIRING_OVERHEAD",
    "CompareInputError",
    "MatchupCompareInputError",
    "compare_prepare",
    "compare_seconds",
    "goal_fields",
    "matchup_compare_prepare",
    "paired_matchup",
    "paired_run",
    "validated_list",
]

# Playing two lists game by game (to pair each game's numbers) costs more than two plain runs,
# which sum many games at once: bench/pairing.py measures it (about 1.2× on the full rules, 2.9× on the
# fast path of vanilla decks).
PAIRING_OVERHEAD = 1.5


class CompareInputError(GoldfishInputError):
    """A list of a comparison or a swap race (play.swaps) whose cards cannot all be identified; `field` names it."""

    def __init__(self, report: dict[str, Any], field: str) -> None:
        super().__init__(report, field=field)
        side = {"list_a": "a", "list_b": "b"}.get(field)
        self.extra = {"validation": {side: report} if side else report}


def compare_seconds(game: str, games: int, turns: int) -> float:
    return 2 * PAIRING_OVERHEAD * site_game(game).goldfish_seconds(games, turns)


def compare_prepare(data: dict[str, Any], user: Any = None, *, private: bool = False) -> Prepared:
    """A comparison request as its run keeps it; the lists are read by its job (play.compare.jobs.CompareJob)."""
    seed = data.get("seed")
    check_bounds(data["games"], data["turns"], seed)
    params = {"list_a": data["list_a"], "list_b": data["list_b"], "games": data["games"], "turns": data["turns"],
              "seed": new_seed() if seed is None else seed}
    memo = None if seed is None else (data["game"], data["list_a"], data["list_b"], data["games"], data["turns"], seed)
    return Prepared(SimulationRun.Kind.COMPARE, data["game"], params, memo=memo, private=private)


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


def validated_list(game: str, text: str, field: str) -> ValidationReport:
    """The list's validation report; a list too large or with unidentifiable lines names *field*."""
    try:
        report = validate_list(game, text)
    except ListTooLarge as exc:
        raise BadInput(exc.message, field=field) from exc
    if any(v.code in UNREADABLE for v in report.errors):
        raise CompareInputError(report.as_dict(), field)
    return report


def with_validation(result: dict[str, Any], a: ValidationReport, b: ValidationReport) -> dict[str, Any]:
    """Each side's validation report where `/api/goldfish/` puts it (last)."""
    result["a"]["validation"] = a.as_dict()
    result["b"]["validation"] = b.as_dict()
    return result


def paired_run(run_game: str, params: dict[str, Any]) -> tuple[PairedGoldfish, ValidationReport, ValidationReport]:
    """The paired goldfish of a queued comparison, from its stored parameters."""
    a = validated_list(run_game, params["list_a"], "list_a")
    b = validated_list(run_game, params["list_b"], "list_b")
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
