"""The engine of the work tree against the engine of a git revision, in one process: speed and sameness.

    python bench/engine_ab.py [--rev HEAD] [--repeat 5] [--profile NAME]

The machine's own speed moves by ±10–25 % from run to run, so two engines are compared in the
same process, their runs interleaved (old, new, old, new…), and each figure is the best of
--repeat CPU times. The revision's `engine/` is exported with `git archive` into a temporary
folder under another package name (its imports are relative), so both load side by side.
Workloads: the goldfish of the effect-heavy deck (bench/goldfish.py, 2,000 games × 10 turns, full
rules), the load bench's small effect deck (bench/load.py: 20 requests' worth of 200-game
goldfish, per-game set-up weighs most), and rule-based matchups of both games (bench/matchup.py's
decks). Every answer of the two engines is compared as JSON: a speed-up that changes a game is
reported as such. --profile NAME prints the work tree's cProfile of one workload instead. The work
tree's engine is the compiled one when its build exists (scripts/build_engine.py; ENGINE_PURE=1 for
the pure one: cProfile sees no function inside a compiled module); the revision's is always Python.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from bench.goldfish import EFFECT_CODES  # noqa: E402
from bench.load import DECK  # noqa: E402
from bench.matchup import decks  # noqa: E402


def export(rev: str, into: Path) -> Any:
    """The engine package of *rev*, imported as ``engine_ab_old``."""
    archive = subprocess.run(["git", "archive", rev, "engine"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "engine").rename(into / "engine_ab_old")
    sys.path.insert(0, str(into))
    return importlib.import_module("engine_ab_old")


def workloads(mod: Any) -> dict[str, tuple[Callable[[int], Any], int, str]]:
    """name → (run(rep) → answer, units, unit label) for one engine module."""
    eliria = mod.load_catalogue(ROOT / "data/catalogue/eliria.json")
    effect = [mod.DeckEntry("main", 1, eliria.by_code(c)) for c in EFFECT_CODES if eliria.by_code(c) is not None]
    small = mod.validate_decklist(DECK, "eliria", eliria).entries

    def rebuilt(game: str) -> tuple[list[Any], list[Any]]:
        lookup = mod.load_catalogue(ROOT / f"data/catalogue/{game}.json")
        return tuple(  # type: ignore[return-value]
            [mod.DeckEntry(e.section, e.quantity, lookup.by_code(e.card.code)) for e in d] for d in decks(game)
        )

    el_a, el_b = rebuilt("eliria")
    mi_a, mi_b = rebuilt("mision")
    return {
        "goldfish, effect-heavy deck": (
            lambda rep: mod.run_goldfish("eliria", effect, games=2000, seed=11 + rep), 2000, "games/s"),
        "goldfish, small deck (20 × 200 games)": (
            lambda rep: [mod.run_goldfish("eliria", small, games=200, seed=100 * rep + s) for s in range(20)],
            4000, "games/s"),
        "matchups, Eliria, rules vs rules": (
            lambda rep: mod.run_matchup("eliria", el_a, el_b, games=300, seed=5 + rep), 300, "games/s"),
        "matchups, Misión, rules vs rules": (
            lambda rep: mod.run_matchup("mision", mi_a, mi_b, games=1000, seed=5 + rep), 1000, "games/s"),
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="the git revision whose engine is compared (default HEAD)")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved runs of each engine; best of them")
    parser.add_argument("--profile", default="", help="profile the work tree's workload whose name contains this")
    args = parser.parse_args()
    new = workloads(engine)
    if args.profile:
        name = next(n for n in new if args.profile.lower() in n.lower())
        run = new[name][0]
        run(0)
        profile = cProfile.Profile()
        profile.enable()
        run(1)
        profile.disable()
        print(f"== {name}")
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return
    with tempfile.TemporaryDirectory(prefix="engine-ab-") as tmp:
        old = workloads(export(args.rev, Path(tmp)))
        load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
        kind = "compiled with mypyc" if engine.COMPILED else "pure Python"
        print(f"engine of the work tree ({kind}) against {args.rev}'s (pure Python), best of {args.repeat} "
              f"interleaved CPU times{load}")
        for name in new:
            best: dict[str, float] = {}
            answers: dict[str, list[str]] = {"old": [], "new": []}
            for rep in range(args.repeat):
                for side, table in (("old", old), ("new", new)):
                    run, units, _ = table[name]
                    start = time.process_time()
                    answer = run(rep)
                    rate = units / (time.process_time() - start)
                    best[side] = max(best.get(side, 0.0), rate)
                    answers[side].append(json.dumps(answer, sort_keys=True, default=str))
            same = answers["old"] == answers["new"]
            print(f"  {name:<40} {best['old']:>8,.0f} → {best['new']:>8,.0f} {new[name][2]}"
                  f"  ×{best['new'] / best['old']:.2f}   same answers: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
