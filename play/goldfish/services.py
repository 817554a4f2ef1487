"""Goldfish for the API, the pages and the command.

A request is read (`GoldfishInput`) and prepared here (`goldfish_prepare`) and answered by
play.runs.answer, which builds its job (`GoldfishJob`, the one a queued run's workers play,
registered by play.goldfish.jobs) and plays it inline or queues it. `goldfish_answer` plays a list in this
process in one go (the management command, on several processes if asked); both give the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cards.naming import CardNameError, card_in_list
from cards.validation import UNREADABLE, validate_list
from common.errors import SiteError
from common.games import site_game
from engine import DeckEntry, EngineError, as_game
from engine import run_goldfish as engine_goldfish
from engine.goldfish import run_range, simulation
from engine.rng import new_seed
from play.models import SimulationRun
from play.runs.jobs import Prepared

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


class GoldfishJob:
    slice = 500
    sequential = False

    def __init__(self, run: SimulationRun) -> None:
        p = run.params
        report = validate_list(run.game, p["list"])
        if any(v.code in UNREADABLE for v in report.errors):
            raise GoldfishInputError(report.as_dict())
        self.game, self.turns, self.seed, self.games = as_game(run.game).value, p["turns"], p["seed"], p["games"]
        self.validation = report.as_dict()
        self.entries, self.codes = report.entries, watch_codes(report.entries, p.get("watch", []))
        self.sim = simulation(run.game, self.entries, self.turns, self.codes)

    @staticmethod
    def seconds_per_game(game: str, params: dict[str, Any]) -> float:
        return site_game(game).goldfish_seconds(1, params["turns"])

    def new_tally(self) -> Any:
        return self.sim.new_tally()

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]:
        return run_range(self.sim, self.seed, start, stop), stop - start

    def traced(self) -> dict[str, Any]:
        """One game with its trace (a request's ``"trace": true``; never queued)."""
        result = engine_goldfish(self.game, self.entries, games=1, turns=self.turns, seed=self.seed, trace=True,
                                 watch=self.codes)
        result["validation"] = self.validation
        return result

    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]:
        # The answer of goldfish_answer (the command), key for key and in its order: the
        # engine's own answer for one game of this request gives every key (including any the engine
        # adds beside its tally), then the merged tally's figures replace the one game's.
        result = engine_goldfish(self.game, self.entries, games=1, turns=self.turns, seed=self.seed, watch=self.codes)
        result["games"] = played
        result.update(self.sim.report(tally))
        if stopped:
            result.update(stopped_early=True, games_requested=self.games)
        result["validation"] = self.validation
        return result


def goldfish_prepare(data: dict[str, Any], user: Any = None, *, label: str = "") -> Prepared:
    """A goldfish request (the API's GoldfishInput, the page's form) as its run keeps it; the list
    and the cards to follow are read by its job, once. *label*: the deck's name when the list is a
    saved deck's (the run page's title)."""
    seed = data.get("seed")
    params: dict[str, Any] = {"list": data["list"], "games": data["games"], "turns": data["turns"],
                              "seed": new_seed() if seed is None else seed, "watch": list(data.get("watch") or ())}
    if label:
        params["label"] = label
    memo = None if seed is None else (data["game"], data["list"], data["games"], data["turns"], seed,
                                      bool(data.get("trace")), tuple(params["watch"]))
    return Prepared(SimulationRun.Kind.GOLDFISH, data["game"], params, memo=memo,
                    whole=(lambda job: job.traced()) if data.get("trace") else None)  # type: ignore[attr-defined]


def goldfish_answer(
    *, game: str, text: str, games: int = 1000, turns: int = 10, seed: int | None = None,
    trace: bool = False, progress: Callable[[int, int], None] | None = None, watch: Sequence[str] = (),
    processes: int = 1,
) -> dict[str, Any]:
    """The goldfish of a deck list, played here in one go. *processes*: the command line's; a long
    run is shared between them (engine.goldfish.run_goldfish), to the same answer."""
    report = validate_list(game, text)
    if any(v.code in UNREADABLE for v in report.errors):
        raise GoldfishInputError(report.as_dict())
    codes = watch_codes(report.entries, watch)
    result = engine_goldfish(
        game, report.entries, games=games, turns=turns, seed=seed, trace=trace, progress=progress, watch=codes,
        processes=processes,
    )
    result["validation"] = report.as_dict()
    return result
