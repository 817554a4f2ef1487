"""The exact odds' cost (issue 38, R1): milliseconds of one core for decks that can need the 11.b
mulligan, by size, combat cards and the question, and whether a web request (which stops at
SIMULATION_INLINE_BUDGET of CPU, 0.1 s by default) answers it or refuses it with ``too_costly``.

    .venv/bin/python bench/odds.py            # the engine as built (compiled when make engine ran)
    ENGINE_PURE=1 .venv/bin/python bench/odds.py

The cost grows with the deck (the mulligan runs that can happen), the turns and ``at_least``: a
40-card deck is a few milliseconds, a 150-card one with three combat cards seconds."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import mulligan  # noqa: E402
from engine.odds import _MEMO, OddsCard, eliria_odds  # noqa: E402

BUDGET = 0.1


def deck(size: int, starters: int) -> list[OddsCard]:
    cards = [OddsCard(f"S-{i}", 1, i % 2 == 0, True, (3, float(i))) for i in range(starters)]
    return cards + [OddsCard(f"R-{i}", 1, i % 3 == 0, False, (i % 4, 0.0)) for i in range(size - starters)]


def main() -> None:
    compiled = "pure" if mulligan.__file__.endswith(".py") else "compiled"
    print(f"exact odds, {compiled} engine; a request stops at {BUDGET * 1000:.0f} ms of CPU")
    print(f"{'deck':>5} {'combat':>6} {'k':>3} {'turns':>5} {'ms':>9}  web request")
    for size, starters in ((40, 15), (40, 4), (80, 4), (150, 10), (150, 3)):
        for k, turns in ((1, 6), (3, 10), (10, 30)):
            _MEMO.clear()
            start = time.thread_time()
            eliria_odds(deck(size, starters), at_least=k, turns=turns)
            ms = (time.thread_time() - start) * 1000
            verdict = "answered" if ms <= BUDGET * 1000 else "too_costly (400)"
            print(f"{size:>5} {starters:>6} {k:>3} {turns:>5} {ms:>9.1f}  {verdict}")


if __name__ == "__main__":
    main()
