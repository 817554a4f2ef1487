"""A goldfish shared between processes (``run_goldfish(processes=N)``, the command line's) gives the
answer of one process byte for byte: its first games played and timed here, the rest in consecutive
ranges forked out and merged in order, a short run kept in one process."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import goldfish
from engine.errors import InvalidSimulation
from engine.goldfish import run_goldfish
from tests.engine.test_golden import _eliria_deck, _mision_deck


def _answers(monkeypatch: pytest.MonkeyPatch, game: str, deck: Any, *, games: int, watch: tuple[str, ...] = (),
             processes: int = 2) -> tuple[str, str, list[int]]:
    seen: list[int] = []
    one = run_goldfish(game, deck, games=games, turns=12, seed=77, watch=watch)
    monkeypatch.setattr(goldfish, "HEAD_GAMES", 100)
    monkeypatch.setattr(goldfish, "PARALLEL_FROM_SECONDS", 0.0)  # share whatever the machine's speed
    shared = run_goldfish(game, deck, games=games, turns=12, seed=77, watch=watch, processes=processes,
                          progress=lambda done, _total: seen.append(done))
    return json.dumps(one, sort_keys=True), json.dumps(shared, sort_keys=True), seen


@pytest.mark.parametrize(("game", "deck", "watch"), [
    ("eliria", _eliria_deck(), ()),
    ("eliria", _eliria_deck(), ("GLD-001", "GLD-200")),
    ("mision", _mision_deck(), ()),
])
def test_processes_share_the_games_without_changing_the_answer(monkeypatch, game, deck, watch):  # type: ignore[no-untyped-def]
    one, shared, seen = _answers(monkeypatch, game, deck, games=2_100, watch=watch)
    assert shared == one
    # The first 100 games here, then 2,000 in eight ranges of 250 from the two processes, merged in
    # order (one process would have reported every 1,000 games).
    assert seen == [100, 350, 600, 850, 1100, 1350, 1600, 1850, 2100]


def test_a_short_run_stays_in_one_process(monkeypatch):  # type: ignore[no-untyped-def]
    seen: list[int] = []
    monkeypatch.setattr(goldfish, "HEAD_GAMES", 100)
    monkeypatch.setattr(goldfish, "PARALLEL_FROM_SECONDS", 3600.0)  # an hour: nothing is that long
    shared = run_goldfish("eliria", _eliria_deck(), games=2_100, turns=12, seed=77, processes=2,
                          progress=lambda done, _total: seen.append(done))
    assert shared == run_goldfish("eliria", _eliria_deck(), games=2_100, turns=12, seed=77)
    assert seen == [100, 1100, 2100]  # the head, then the rest here in steps of 1,000


def test_processes_must_be_a_positive_integer():
    for wrong in (0, -2, 1.5, True, "2"):
        with pytest.raises(InvalidSimulation, match="processes"):
            run_goldfish("eliria", _eliria_deck(), games=10, processes=wrong)  # type: ignore[arg-type]



NOTING = """
import signal, sys
sys.path.insert(0, {root!r})
def force_stop(*_):
    raise SystemExit()
def request_stop(*_):  # RQ's worker leaves this: the first SIGTERM is noted, the second ends it
    signal.signal(signal.SIGTERM, force_stop)
signal.signal(signal.SIGTERM, request_stop)
from engine import goldfish
from tests.engine.test_golden import _eliria_deck
goldfish.HEAD_GAMES, goldfish.PARALLEL_FROM_SECONDS = 100, 0.0
from engine import run_matchup
from tests.engine.scenes import mision_decks
a, b = mision_decks()
for _ in range(20):
    goldfish.run_goldfish("eliria", _eliria_deck(), games=2_100, turns=12, seed=77, processes=2)
    run_matchup("mision", a, b, games=24, seed=4, processes=2)  # engine.matchup's pool, the same way
print("ended")
"""


def test_the_pool_ends_when_the_parent_only_notes_a_sigterm():
    """A forked process inherits its parent's SIGTERM handler. With RQ's (left in a pytest process
    that had run the worker), the pool's terminate() let one idle process die holding the queue's
    lock and only noted the signal in the other, which waited for that lock for ever, and so did
    the run (found in the PostgreSQL + Redis leg; without the fix this hangs on its first run)."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    with subprocess.Popen([sys.executable, "-c", NOTING.format(root=root)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, start_new_session=True) as proc:
        try:
            out, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the run and the processes it forked
            proc.communicate()
            raise AssertionError("the run never returned: a process of its pool outlived terminate()") from None
    assert proc.returncode == 0 and out.strip() == "ended", err[-2000:]
