"""How strong each computer player is: every pair of players on random legal decks of both games.

    python bench/players.py [--decks 8] [--games 10] [--jobs 2] [--json docs/players.json]

For each game, ``--decks`` random legal decks are built from the bundled catalogue (data/catalogue:
Eliria 40 cards, one per name (rule 4); Misión S.O.S 6 Entes + 16 Elementos), each checked by the
game's own deck rules (``check_deck``: no errors). Every pair of players (random, rules and search at
three budgets: search-quick, search, search-deep) plays each deck as a mirror, ``--games`` games a deck, seats and the starting seat
alternating; a pair's score is the first player's (a win 1, a draw ½) with its 95 % Wilson interval
over games. The search player's median decision time (one core, its decisions with more than one
option) is printed and stored with the table. Prints the table and writes it as JSON (date, commit,
engine compiled or pure), which the site shows at /jugadores/ (play.players). ``--jobs`` plays the
pairs in that many processes (the same table: each pair's games depend only on its decks and seeds).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import COMPILED, CardData, DeckEntry, find_game  # noqa: E402
from engine.catalogue import load_catalogue  # noqa: E402
from engine.match import Policy  # noqa: E402
from engine.search import DEEP_ROLLOUTS, DEFAULT_ROLLOUTS, QUICK_ROLLOUTS, SearchPlayer  # noqa: E402

SEED = 20261203
MISION_SIZES = (6, 16)  # Entes, Elementos (issue 35)
ELIRIA_SIZE = 40
# The players measured: name -> (game policy name or a budget of the search player, what it is).
PLAYERS: dict[str, tuple[str | int, str]] = {
    "random": ("random", "a uniform choice among the legal decisions"),
    "rules": ("rules", "the rule-based player"),
    "search-quick": ("search-quick", f"search, {QUICK_ROLLOUTS} rollouts a decision"),
    "search": ("search", f"search, {DEFAULT_ROLLOUTS} rollouts a decision (the default)"),
    "search-deep": ("search-deep", f"search, {DEEP_ROLLOUTS} rollouts a decision"),
}


def catalogue_cards(game: str) -> list[CardData]:
    lookup = load_catalogue(ROOT / f"data/catalogue/{game}.json")
    return sorted((c for c in (lookup.by_code(code) for code in lookup._codes) if c), key=lambda c: c.code)  # noqa: SLF001


def random_deck(game: str, rng: random.Random) -> list[DeckEntry]:
    """A random deck of *game* that passes its deck rules (raises if the catalogue cannot make one)."""
    cards = catalogue_cards(game)
    if game == "eliria":
        by_name: dict[str, CardData] = {}
        for c in cards:
            if not c.is_token:
                by_name.setdefault(c.name, c)  # rule 4: one card a name
        deck = [DeckEntry("main", 1, c) for c in rng.sample(sorted(by_name.values(), key=lambda c: c.code), ELIRIA_SIZE)]
    else:
        entes = [c for c in cards if c.type == "entity"]
        elements = [c for c in cards if c.type == "element"]
        deck = [DeckEntry("entities", 1, c) for c in rng.sample(entes, MISION_SIZES[0])]
        deck += [DeckEntry("elements", 1, c) for c in rng.sample(elements, MISION_SIZES[1])]
    errors = [v for v in find_game(game).check_deck(deck) if v.severity == "error"]
    if errors:
        raise ValueError(f"random {game} deck breaks the deck rules: {errors}")
    return deck


class Timed:
    """A player whose decisions with more than one option are timed (thread CPU time)."""

    def __init__(self, policy: Policy) -> None:
        self.policy, self.times = policy, []  # type: list[float]

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        start = time.thread_time()
        choice = self.policy.choose(view, legal, rng)
        self.times.append(time.thread_time() - start)
        return choice


def make(game: str, name: str) -> Policy:
    policy, _ = PLAYERS[name]
    return SearchPlayer(rollouts=policy) if isinstance(policy, int) else find_game(game).make_policy(policy)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_pair(game: str, a: str, b: str, decks: list[list[DeckEntry]], games: int, turn_cap: int) -> dict[str, Any]:
    spec = find_game(game)
    timed = {a: Timed(make(game, a)), b: Timed(make(game, b))}
    score, played, draws = 0.0, 0, 0
    for d, deck in enumerate(decks):
        shared = spec.prepare([deck, deck])
        for i in range(games):
            seat = i % 2  # a's seat alternates; the starting seat alternates every two games
            seats = [timed[a], timed[b]] if seat == 0 else [timed[b], timed[a]]
            match = spec.match([deck, deck], seed=SEED, index=d * 1000 + i, first=(i // 2) % 2,
                               turn_cap=turn_cap, **shared)  # fmt: skip
            outcome = match.play_out(seats)
            played += 1
            if outcome.winner is None:
                score, draws = score + 0.5, draws + 1
            elif outcome.winner == seat:
                score += 1
    low, high = wilson(score, played)
    return {
        "a": a, "b": b, "score": round(score / played, 3), "low": round(low, 3), "high": round(high, 3),
        "games": played, "draws": draws,
        "ms": {n: round(statistics.median(t.times) * 1000, 2) for n, t in timed.items() if t.times and "search" in n},
    }


def game_decks(game: str, count: int) -> list[list[DeckEntry]]:
    rng = random.Random(f"{SEED}:{game}")
    return [random_deck(game, rng) for _ in range(count)]


def play_task(task: tuple[str, str, str, int, int, int]) -> dict[str, Any]:
    """One row of the table, in a process of its own (``--jobs``): (game, a, b, decks, games, turn cap)."""
    game, a, b, decks, games, cap = task
    return play_pair(game, a, b, game_decks(game, decks), games, cap)


def commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return out.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--games", type=int, default=10, help="games per deck and pair (even)")
    parser.add_argument("--games-name", nargs="*", default=["eliria", "mision"], dest="game_names")
    parser.add_argument("--pairs", nargs="*", default=None, help="a:b pairs (default: every pair)")
    parser.add_argument("--mision-turn-cap", type=int, default=60)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the pairs")
    args = parser.parse_args()
    names = list(PLAYERS)
    pairs = [tuple(p.split(":")) for p in args.pairs] if args.pairs else [
        (names[j], names[i]) for i in range(len(names)) for j in range(i + 1, len(names))
    ]
    table: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
        "commit": commit(),
        "engine": "compiled" if COMPILED else "pure Python",
        "players": {n: d for n, (_, d) in PLAYERS.items()},
        "decks": args.decks, "games_per_deck": args.games, "mision_turn_cap": args.mision_turn_cap,
        "games": {},
    }  # fmt: skip
    caps = {game: args.mision_turn_cap if game == "mision" else 200 for game in args.game_names}
    tasks = [(game, a, b, args.decks, args.games, caps[game]) for game in args.game_names for a, b in pairs]
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        for (game, a, b, *_), row in zip(tasks, pool.imap(play_task, tasks), strict=True):
            table["games"].setdefault(game, []).append(row)
            print(f"{game:7} {a:>9} vs {b:<9} {row['score']:.3f} [{row['low']:.3f}, {row['high']:.3f}] "
                  f"games {row['games']} draws {row['draws']} ms {row['ms']}", flush=True)  # fmt: skip
    for game in args.game_names:
        table.setdefault("setup", {})[game] = {"decks": args.decks, "games_per_deck": args.games, "turn_cap": caps[game]}
    if args.json is not None:
        args.json.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
