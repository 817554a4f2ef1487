"""How often can a Misión S.O.S player win at all against a player who never runs out of Elementos?

    python bench/mision_ceiling.py [--decks 6] [--games 8] [--play]

Against the rule-based player the only way to win is 30 points in the BAÚL (OBJETIVO DEL JUEGO 1):
it never reinforces with its last Elementos de juego (engine/mision/players.py, ``reserve``), and
Elementos de juego leave only by reinforcing, so it can never be left without them (OBJETIVO 2).
For every game of bench/players.py's Misión decks and seeds (6 Entes + 16 Elementos), this reads
the real deal — the order of each seat's external Elementos deck — and finds the most BAÚL points
that seat could reach if it won every fight it chose to win and sent every prize to the BAÚL
(PASOS PARA EL TURNO: each turn draws one Elemento first, then each Ente placed on an earlier turn,
four Entes in play, may win one prize). A game whose seats both fall short of 30 cannot be won by
either against that player: a draw whatever the search does. Prints the share of games each seat
can still win and the score a player could reach at most if it won every such game and lost none.
With ``--play``, also plays search against rules in those games and prints each one's outcome next
to its ceiling.
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.players import SEED, make, random_deck  # noqa: E402
from engine import find_game  # noqa: E402
from engine.mision.game import TARGET  # noqa: E402
from engine.mision.rules import SETUP_CARDS  # noqa: E402


def best_chest(chests: tuple[int, ...], entes: int) -> int:
    """The most BAÚL points from an external deck drawn from the end (*chests*: its cards' values in
    draw order), choosing each turn how many fights to win (at most one per Ente placed earlier)."""

    @cache
    def best(turn: int, i: int) -> int:
        if i >= len(chests):
            return 0
        i += 1  # step 1: the draw into the Elementos de juego
        fights = min(turn - 1, entes)
        top = 0
        for won in range(fights + 1):
            if i + won > len(chests):
                break
            top = max(top, sum(chests[i : i + won]) + best(turn + 1, i + won))
        return top

    return best(1, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=6)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--turn-cap", type=int, default=60)
    parser.add_argument("--play", action="store_true")
    args = parser.parse_args()
    spec = find_game("mision")
    rng = random.Random(f"{SEED}:mision")
    decks = [random_deck("mision", rng) for _ in range(args.decks)]
    n = winnable = 0
    score = 0.0
    for d, deck in enumerate(decks):
        for i in range(args.games):
            seat = i % 2
            match = spec.match([deck, deck], seed=SEED, index=d * 1000 + i, first=(i // 2) % 2, turn_cap=args.turn_cap)
            reach = []
            for side in match.sides:
                order = tuple(max(c.chest or 0, 0) for c in reversed(side.elements_deck))
                reach.append(best_chest(order, min(SETUP_CARDS, len(side.entes) + len(side.entes_deck))))
            n += 1
            can = reach[seat] >= TARGET
            winnable += can
            line = f"deck {d} game {i}: search seat {seat}, BAÚL reach {reach[seat]} (rival {reach[1 - seat]})"
            if args.play:
                search, rules = make("mision", "search"), make("mision", "rules")
                outcome = match.play_out([search, rules] if seat == 0 else [rules, search])
                result = "draw" if outcome.winner is None else "win" if outcome.winner == seat else "loss"
                score += 0.5 if outcome.winner is None else 1.0 if outcome.winner == seat else 0.0
                chest = [s.chest_points for s in match.sides]
                line += f" -> {result} ({outcome.reason}, turn {outcome.turn}, BAÚL {chest[seat]} vs {chest[1 - seat]})"
            print(line, flush=True)
    print(f"\ngames {n}; the search's seat can reach {TARGET} in the BAÚL in {winnable} ({winnable / n:.3f})")
    print(f"most a player can score against one that is never left without Elementos: "
          f"{(winnable + (n - winnable) / 2) / n:.3f} (every reachable game won, none lost)")  # fmt: skip
    if args.play:
        print(f"search vs rules in these games: {score / n:.3f}")


if __name__ == "__main__":
    main()
