"""Misión S.O.S matchups of ordinary legal decks: how many games are draws, why, and how long games last.

    python bench/mision_draws.py [--pairs 4] [--games 100] [--seed 35]

Builds pairs of random legal decks from the bundled catalogue (data/catalogue/mision.json): 5 Entes
and 10 or 11 Elementos (the ordinary size), plus one pair of 6 Entes and 16 Elementos, one copy of
each card, and plays them rule-based player against rule-based player. Prints, per matchup, the share
of draws with their reasons, the mean game length in turns, the decks' BAÚL reach
(engine.mision.rules.chest_reach) and the seconds taken. Issue 35: before games that can no longer
change ended as draws ("stalemate", "repetition"), every ordinary pair drew at the 200-turn cap.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import DeckEntry, run_matchup  # noqa: E402
from engine.catalogue import load_catalogue  # noqa: E402
from engine.mision.rules import chest_reach  # noqa: E402


def random_deck(rand: random.Random, cards: list, entes: int, elements: int) -> list[DeckEntry]:  # type: ignore[type-arg]
    ents = rand.sample([c for c in cards if c.type == "entity"], entes)
    els = rand.sample([c for c in cards if c.type == "element"], elements)
    return [DeckEntry("entities", 1, c) for c in ents] + [DeckEntry("elements", 1, c) for c in els]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    lookup = load_catalogue(ROOT / "data/catalogue/mision.json")
    cards = sorted((lookup.by_code(c) for c in lookup._codes), key=lambda c: c.code)  # noqa: SLF001
    rand = random.Random(args.seed)
    sizes = [(5, 10 + i % 2) for i in range(args.pairs)] + [(6, 16)]
    total_draws = total_games = total_turns = 0.0
    for n, (entes, elements) in enumerate(sizes):
        a, b = random_deck(rand, cards, entes, elements), random_deck(rand, cards, entes, elements)
        start = time.perf_counter()
        r = run_matchup("mision", a, b, games=args.games, seed=args.seed + n)
        seconds = time.perf_counter() - start
        played = r["games_played"]
        if elements <= 11:
            total_draws += r["draws"]
            total_games += played
            total_turns += r["length"]["mean"] * played
        print(f"{entes}+{elements} pair {n}: reach {chest_reach(a)}/{chest_reach(b)}, "
              f"draws {r['draws']}/{played} ({100 * r['draws'] / played:.0f} %) {r['reasons']['draw']}, "
              f"wins {r['wins_a']}/{r['wins_b']}, mean length {r['length']['mean']:.1f} turns, {seconds:.1f} s")
    print(f"ordinary decks: draws {100 * total_draws / total_games:.1f} %, mean length {total_turns / total_games:.1f} turns")


if __name__ == "__main__":
    main()
