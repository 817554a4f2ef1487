"""Benchmark of the deck search (engine.improve, docs/contract.md §6 «improve»): speed and outcome.

    python bench/improve.py [--budget 300000] [--game eliria|mision|both] [--field-budget 2000]

From a weak legal deck of the bundled catalogue (Eliria: its 14 combat cards without † of lowest
potential, goal the mean highest power at turn 6; Misión S.O.S: its 4 weakest Entes and 8 lowest
Elementos, two copies each, goal the mean BAÚL at turn 8), the search plays its whole budget as a
queued run's worker plays it (one process: a search's steps follow one another, so its run is one
chunk). Printed per game:

- the search's games per second, against the engine alone on the same deck and turns: a plain
  goldfish on one core and on every worker (settings.SIMULATION_WORKERS processes,
  run_goldfish(processes=…)): what the search costs over the games it plays, and what a second
  worker would add were a search split (it is not: the other workers take other runs);
- how many of its games went to the changes it kept (the kept candidates' games over the search's);
- the start's and the best deck's values, the gain as a share of the start's, the verified
  difference on the search's fresh seed, and a paired compare on yet another seed (20,000 games)
  that should agree: the issue's goal is a gain of at least 10 % with both intervals above 0.

Last, the same search against a field of one rival with the rule-based players, whose games are
whole matches: its games per second say what budget fits a run's time limit. The search player
(contract §7 «search») is not in the engine yet: when it is, its games per second against the
rule-based players' decide whether a field search may use it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import COMPILED, DeckEntry, compare_goldfish, find_game, run_goldfish  # noqa: E402
from engine.catalogue import load_catalogue  # noqa: E402
from engine.improve import FieldGoal, GoldfishGoal, ImproveSearch, PoolCards  # noqa: E402

CATALOGUE = ROOT / "data/catalogue"
SEED = 20261203
CHECK_SEED = 777
GAIN = 0.10  # the goal: at least 10 % of the start's value


def weak(game: str) -> tuple[list[DeckEntry], list, GoldfishGoal]:
    cards = list(load_catalogue(CATALOGUE / f"{game}.json")._codes.values())
    if game == "eliria":
        combat = sorted((c for c in cards if c.type == "combat" and not c.cross), key=lambda c: (c.potential or 0, c.code))
        return [DeckEntry("main", 1, c) for c in combat[:14]], cards, GoldfishGoal(game, "mean_power_max", 6)
    ents = sorted((c for c in cards if c.type == "entity"), key=lambda c: (max(c.worlds), c.code))
    els = sorted((c for c in cards if c.type == "element"), key=lambda c: (c.chest or 0, c.code))
    deck = [DeckEntry("entities", 2, c) for c in ents[:4]] + [DeckEntry("elements", 2, c) for c in els[:8]]
    return deck, cards, GoldfishGoal(game, "mean_chest", 8)


def engine_alone(game: str, deck: list[DeckEntry], turns: int, games: int, processes: int) -> float:
    began = time.perf_counter()
    run_goldfish(game, deck, games=games, turns=turns, seed=SEED, processes=processes)
    return games / (time.perf_counter() - began)


def one_game(game: str, budget: int, workers: int) -> bool:
    deck, cards, goal = weak(game)
    began = time.perf_counter()
    search = ImproveSearch(game, deck, goal=goal, pool=PoolCards(cards), budget=budget, seed=SEED)
    result = search.run()
    seconds = time.perf_counter() - began
    rate = result["games"] / seconds
    alone = engine_alone(game, deck, goal.turn, 50_000, 1)
    every = engine_alone(game, deck, goal.turn, 100_000, workers) if workers > 1 else alone
    start, best, verified = result["start"]["value"], result["best"]["value"], result["verified"]
    spec = find_game(game)
    best_entries = [DeckEntry(e.section, e.quantity, e.card) for e in search.best]
    check = compare_goldfish(game, deck, best_entries, games=20_000, turns=goal.turn, seed=CHECK_SEED)
    cell = check["diff"]["per_turn"][goal.turn - 1][goal.field]
    gain = (best - start) / start if start else float("inf")
    print(f"{game}: {goal.field} at turn {goal.turn}, budget {budget:,}, seed {SEED}")
    print(f"  search: {result['games']:,} games in {seconds:.1f} s = {rate:,.0f} games/s on one worker; "
          f"engine alone (plain goldfish, same deck): {alone:,.0f} games/s on one core "
          f"({rate / alone:.2f} of it), {every:,.0f} on {workers} workers ({rate / every:.2f})")
    print(f"  games to kept changes: {result['kept_games']:,} of the search's {result['search_games']:,} "
          f"({result['kept_games'] / max(result['search_games'], 1):.1%}); {len(result['steps'])} steps kept; "
          f"verification {2 * verified['games']:,} games")
    for step in result["steps"]:
        print(f"    -{step['cut_name']} +{step['add_name']}: {step['delta']:+.4f} {step['ci95']} in {step['games']} games")
    print(f"  start {start:.4f} -> best {best:.4f}: gain {gain:+.1%} (goal {GAIN:.0%}); verified {verified['delta']:+.4f} "
          f"{verified['ci95']} on {verified['games']:,} pairs (seed {verified['seed']}); paired compare on seed "
          f"{CHECK_SEED}: {cell['delta']:+.4f} {cell['ci95']} on 20,000 pairs")
    legal = not [v for v in spec.check_deck(best_entries) if not v.is_warning]
    ok = legal and gain >= GAIN and verified["ci95"][0] > 0 and cell["ci95"][0] > 0
    print(f"  best deck legal: {legal}; goal met: {ok}")
    return ok


def field_speed(game: str, budget: int, policy: str = "rules") -> None:
    deck, cards, _ = weak(game)
    rival, _, _ = weak(game)
    goal = FieldGoal(game, [(rival, 1)], policy=policy, rival_policy=policy)
    began = time.perf_counter()
    result = ImproveSearch(game, deck, goal=goal, pool=PoolCards(cards), budget=budget, seed=SEED).run()
    seconds = time.perf_counter() - began
    print(f"{game} against a field ({policy} players): {result['games']:,} games in {seconds:.1f} s = "
          f"{result['games'] / seconds:,.0f} games/s; {len(result['steps'])} steps kept, verified "
          f"{result['verified']['delta']:+.4f} {result['verified']['ci95']}")
    if policy == "rules" and "search" in find_game(game).policies:  # the search player, once the engine has it
        field_speed(game, max(1000, budget // 10), "search")
    elif policy == "rules":
        print(f"  (no «search» player in {game}'s engine yet: nothing to measure)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=300_000)
    parser.add_argument("--game", choices=("eliria", "mision", "both"), default="both")
    parser.add_argument("--field-budget", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=int(os.environ.get("SIMULATION_WORKERS", "0")) or os.cpu_count() or 1)
    args = parser.parse_args()
    print(f"engine: {'compiled (mypyc)' if COMPILED else 'pure Python'}; {args.workers} workers")
    games = ("eliria", "mision") if args.game == "both" else (args.game,)
    ok = all([one_game(game, args.budget, args.workers) for game in games])
    if args.field_budget:
        for game in games:
            field_speed(game, args.field_budget)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
