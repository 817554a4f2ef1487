"""Fit the search player's Eliria leaf evaluation (engine/eliria/rollouts.py) and print its weights.

    python bench/eliria_leaf.py [--decks 40] [--games 40] [--iterations 300] [--pairs rules:rules ...]

Plays ``--games`` games on each of ``--decks`` random legal 40-card decks of the bundled catalogue
(drawn from their own seed, not bench/players.py's: the decks the strength is measured on stay unseen),
mirror matches, the ``--pairs`` of players in turn (default: the four pairings of the rule-based and
the random player; ``search:rules`` and the like add games of the search player itself, whose positions
are the ones its evaluation is asked about), the starting seat alternating. At the first decision of each turn it records the deciding seat's
:func:`engine.eliria.rollouts.features` and whether that seat went on to win (a draw ½), then fits a
logistic regression (batch gradient descent on standardized features, pure Python) and prints the
log-loss, the accuracy and the weights in the order of ``FEATURES``, ready to paste into
engine/eliria/rollouts.py (``WEIGHTS``, ``STARTED``). About a minute of one core with the compiled engine.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.players import make, random_deck  # noqa: E402
from engine import COMPILED, find_game  # noqa: E402
from engine.eliria.rollouts import FEATURES, features  # noqa: E402

PAIRS = ("rules:rules", "rules:random", "random:rules", "random:random")


class Recording:
    """A player that records the deciding seat's features at its first decision of each turn."""

    def __init__(self, policy: Any, match: Any, rows: list[tuple[int, list[float], float]], last: list[int]) -> None:
        self.policy, self.match, self.rows, self.last = policy, match, rows, last

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        if self.match.turn != self.last[0]:
            self.last[0] = self.match.turn
            seat = view.seat
            started = 1.0 if self.match.first == seat else -1.0
            self.rows.append((seat, [*features(self.match, seat), started], 0.0))
        return self.policy.choose(view, legal, rng)


def collect(decks: int, games: int, pairs: list[str]) -> tuple[list[list[float]], list[float]]:
    spec = find_game("eliria")
    rng = random.Random("eliria-leaf-fit")
    xs: list[list[float]] = []
    ys: list[float] = []
    for d in range(decks):
        deck = random_deck("eliria", rng)
        shared = spec.prepare([deck, deck])
        for i in range(games):
            a, b = pairs[i % len(pairs)].split(":")
            first = (i // len(pairs)) % 2
            match = spec.match([deck, deck], seed=77, index=d * 1000 + i, first=first, turn_cap=200, **shared)
            rows: list[tuple[int, list[float], float]] = []
            last = [-1]
            outcome = match.play_out([Recording(make("eliria", p), match, rows, last) for p in (a, b)])
            for seat, x, _ in rows:
                xs.append(x)
                ys.append(0.5 if outcome.winner is None else float(outcome.winner == seat))
        print(f"\rdeck {d + 1}/{decks}: {len(xs)} positions", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], iterations: int) -> tuple[list[float], float]:
    """Logistic regression without intercept (features are differences between the seats)."""
    k, n = len(xs[0]), len(xs)
    sd = [max(1e-6, math.sqrt(sum(x[j] ** 2 for x in xs) / n)) for j in range(k)]
    scaled = [[x[j] / sd[j] for j in range(k)] for x in xs]
    w = [0.0] * k
    loss = 0.0
    for it in range(iterations):
        grad = [0.0] * k
        loss = 0.0
        for x, y in zip(scaled, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-sum(wj * xj for wj, xj in zip(w, x, strict=True))))
            loss -= y * math.log(p + 1e-12) + (1 - y) * math.log(1 - p + 1e-12)
            for j in range(k):
                grad[j] += (p - y) * x[j]
        w = [wj - 0.5 * gj / n for wj, gj in zip(w, grad, strict=True)]
        if it % 25 == 0:
            print(f"\riteration {it}/{iterations}: log-loss {loss / n:.4f}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return [wj / sdj for wj, sdj in zip(w, sd, strict=True)], loss / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=40)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--pairs", nargs="+", default=list(PAIRS), help="a:b, players of bench/players.py")
    args = parser.parse_args()
    print(f"engine {'compiled' if COMPILED else 'pure Python'}")
    xs, ys = collect(args.decks, args.games, args.pairs)
    weights, loss = fit(xs, ys, args.iterations)
    right = sum((sum(w * f for w, f in zip(weights, x, strict=True)) > 0) == (y > 0.5) for x, y in zip(xs, ys, strict=True))
    print(f"{len(xs)} positions of {args.decks * args.games} games; log-loss {loss:.4f}, accuracy {right / len(xs):.3f}")
    for name, w in zip([*FEATURES, "started"], weights, strict=True):
        print(f"  {name:10} {w:+.4f}")
    print(f"WEIGHTS = ({', '.join(f'{w:.4f}' for w in weights[:-1])})\nSTARTED = {weights[-1]:.4f}")


if __name__ == "__main__":
    main()
