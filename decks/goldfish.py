"""Goldfish runs for the API, the command and the pages: one entry point over the engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from decks.validation import validate_list
from engine import goldfish

# A list whose cards cannot all be identified cannot be simulated; rule breaches such as a
# repeated name (rule 4) are reported next to the numbers but do not stop the simulation.
BLOCKING = {"parse_error", "unknown_card", "wrong_game"}


class GoldfishInputError(ValueError):
    def __init__(self, report: dict[str, Any]) -> None:
        super().__init__("La lista tiene cartas que no se pueden identificar.")
        self.report = report


def run_goldfish(
    *, game: str, text: str, games: int = 1000, turns: int = 10, seed: int | None = None,
    trace: bool = False, progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    report = validate_list(game, text)
    if any(v.code in BLOCKING for v in report.errors):
        raise GoldfishInputError(report.as_dict())
    result = goldfish(game, report.entries, games=games, turns=turns, seed=seed, trace=trace, progress=progress)
    result["validation"] = report.as_dict()
    return result
