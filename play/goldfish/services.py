"""Goldfish for the API, the command and the pages: one entry point over the engine.

`goldfish_answer` plays in this process; a request calls it only for runs within its budget
(play.runs.budget), bigger ones become queued runs (`run_enqueue_goldfish`, played by
play.goldfish.jobs.GoldfishJob) whose merged answer is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cards.naming import CardNameError, card_in_list
from cards.validation import UNREADABLE, validate_list
from common.errors import SiteError
from engine import DeckEntry, EngineError, ValidationReport
from engine import run_goldfish as engine_goldfish
from engine.goldfish import GoldfishRun
from play.models import SimulationRun
from play.runs.services import run_submit

# A list whose cards cannot all be identified (decks.validation.UNREADABLE) cannot be simulated;
# rule breaches such as a repeated name (rule 4) are reported next to the numbers but do not stop
# the simulation.
MAX_WATCH = 20  # cards followed by `watch`


class GoldfishInputError(SiteError):
    """A list whose cards cannot all be identified: nothing can be played (400, with the report)."""

    def __init__(self, report: dict[str, Any], *, field: str = "list") -> None:
        super().__init__("La lista tiene cartas que no se pueden identificar.", field=field,
                         extra={"validation": report})
        self.report = report


class WatchError(EngineError):
    """A card to follow that is not in the deck."""


def watch_codes(entries: Sequence[DeckEntry], wanted: Sequence[str]) -> list[str]:
    """The codes of the deck's cards named in `wanted` (as list lines name them: cards.naming)."""
    if len(wanted) > MAX_WATCH:
        raise WatchError(f"Como mucho {MAX_WATCH} cartas a seguir.")
    codes = []
    for item in wanted:
        try:
            codes.append(card_in_list(entries, item, field="watch").code)
        except CardNameError:
            raise WatchError(f"«{item}» no está en el mazo: no se puede seguir.") from None
    return codes


def goldfish_answer(
    *, game: str, text: str, games: int = 1000, turns: int = 10, seed: int | None = None,
    trace: bool = False, progress: Callable[[int, int], None] | None = None, watch: Sequence[str] = (),
    head: GoldfishRun | None = None, report: ValidationReport | None = None, processes: int = 1,
) -> dict[str, Any]:
    """The goldfish of a deck list, played here. *head*: the same run (same list, games, turns and
    seed, no watch or trace) with its first games already played by the request's pricing
    (play.runs.budget.goldfish_fits): it is finished instead of started again, to the same answer.
    *report*: the validation of this very list the pricing made (``Priced.report``), not made again.
    *processes*: the command line's; a long run is shared between them (engine.goldfish.run_goldfish),
    to the same answer. A request plays in its own thread (1)."""
    if report is None:
        report = validate_list(game, text)
    if any(v.code in UNREADABLE for v in report.errors):
        raise GoldfishInputError(report.as_dict())
    codes = watch_codes(report.entries, watch)
    if head is not None and not codes and not trace:
        result = head.answer()
    else:
        result = engine_goldfish(
            game, report.entries, games=games, turns=turns, seed=seed, trace=trace, progress=progress, watch=codes,
            processes=processes,
        )
    result["validation"] = report.as_dict()
    return result


def goldfish_check(
    *, game: str, text: str, watch: Sequence[str] = (), report: ValidationReport | None = None,
) -> None:
    """What goldfish_answer would refuse, refused before a run is queued (same exceptions); *report*:
    this list's validation when the request's pricing made it already."""
    if report is None:
        report = validate_list(game, text)
    if any(v.code in UNREADABLE for v in report.errors):
        raise GoldfishInputError(report.as_dict())
    watch_codes(report.entries, watch)


def run_enqueue_goldfish(
    *, game: str, text: str, games: int, turns: int, seed: int | None, owner: Any = None,
    watch: list[str] | tuple[str, ...] = (), client: str = "", label: str = "",
) -> SimulationRun:
    """*label*: the deck's name when the list is a saved deck's (the run page's title)."""
    params: dict[str, Any] = {"list": text, "games": games, "turns": turns, "seed": seed, "watch": list(watch)}
    if label:
        params["label"] = label
    return run_submit(kind=SimulationRun.Kind.GOLDFISH, game=game, params=params, owner=owner, client=client)
