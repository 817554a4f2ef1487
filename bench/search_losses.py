"""Why the search player loses to random play in Eliria: each lost game classified.

    python bench/search_losses.py [--decks 8] [--games 10] [--player search] [--oracle 128]

Plays ``--player`` against ``random`` on bench/players.py's Eliria decks and seeds (the same games as
its "search vs random" row) and, for every game the player does not win, records how it ended (7.b,
7.c, the turn cap), on which turn, how many decisions with more than one option the player took
before, and its mulligans (11.b). Each such game is then played again from the same deal (the same
seed and index: the same shuffles, the same rival stream) by an *oracle* on the player's seat — a
search that reads the real hidden state (both hands, the deck order) and plays its rollouts against
a random rival, ``--oracle`` rollouts a decision — and by the rule-based player. A game that even
the oracle loses is counted as decided by the deal (as far as a strong cheating player can tell);
the rest were lost by the player's choices. Prints one line a game and the summary.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.players import SEED, make, random_deck  # noqa: E402
from engine import COMPILED, find_game  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.match import Match, Policy  # noqa: E402
from engine.policy import RandomPolicy  # noqa: E402
from engine.rng import MAX_SEED  # noqa: E402
from engine.search import rebuild  # noqa: E402


class Counting:
    """A player that counts its decisions with more than one option, and their kinds."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.kinds: dict[str, int] = {}

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        kind = view.pending_kind
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        return self.policy.choose(view, legal, rng)


class Oracle:
    """A cheating search (a bound, never a player of the site): each option is pushed on copies of
    the *real* match (hidden cards included) and played out with this seat as the rule-based player
    and the rival as random play — the rival it really faces."""

    def __init__(self, rollouts: int) -> None:
        self.rollouts = rollouts

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        match: Match = view._m  # noqa: SLF001 - the oracle reads everything on purpose
        seat = view.seat
        per = max(1, self.rollouts // len(legal))
        seeds = [rng.randrange(MAX_SEED) for _ in range(per)]
        best, best_score = legal[0], -1.0
        for action in legal:
            score = 0.0
            for s in seeds:
                copy = rebuild(match)
                copy.push_key(action.key)
                if not copy.is_over():
                    copy.seed = s  # the players' streams of the rollout (the deal stays the real one)
                    players: list[Policy] = [RandomPolicy(), RandomPolicy()]
                    players[seat] = find_game("eliria").make_policy("rules")
                    copy.play_out(players)
                out = copy.outcome()
                assert out is not None
                score += 1.0 if out.winner == seat else 0.5 if out.winner is None else 0.0
            if score > best_score:
                best, best_score = action, score
        return best


def play(deck: Any, d: int, i: int, seat_policy: Policy) -> tuple[Any, Match]:
    spec = find_game("eliria")
    seat = i % 2
    seats: list[Policy] = [seat_policy, RandomPolicy()] if seat == 0 else [RandomPolicy(), seat_policy]
    match = spec.match([deck, deck], seed=SEED, index=d * 1000 + i, first=(i // 2) % 2, turn_cap=200,
                       **spec.prepare([deck, deck]))  # fmt: skip
    return match.play_out(seats), match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--player", default="search", help="a player of bench/players.py, or oracle")
    parser.add_argument("--oracle", type=int, default=128, help="oracle rollouts a decision (0: no oracle)")
    args = parser.parse_args()
    rng = random.Random(f"{SEED}:eliria")
    decks = [random_deck("eliria", rng) for _ in range(args.decks)]
    print(f"engine {'compiled' if COMPILED else 'pure Python'}; {args.player} vs random, "
          f"{args.decks} decks x {args.games} games")  # fmt: skip
    score, lost = 0.0, []
    for d, deck in enumerate(decks):
        combat = sum(e.card.type == "combat" for e in deck)
        for i in range(args.games):
            seat = i % 2
            player = Oracle(args.oracle or 128) if args.player == "oracle" else make("eliria", args.player)
            counting = Counting(player)
            outcome, match = play(deck, d, i, counting)
            won = outcome.winner == seat
            score += 1.0 if won else 0.5 if outcome.winner is None else 0.0
            if won:
                continue
            side = match.sides[seat]
            row = {
                "deck": d, "game": i, "combat_cards": combat, "first": (i // 2) % 2 == seat,
                "reason": outcome.reason, "turn": outcome.turn, "decisions": sum(counting.kinds.values()),
                "kinds": counting.kinds, "mulligans": side.mulligans, "played": side.played,
            }  # fmt: skip
            if args.oracle and args.player != "oracle":
                row["oracle_wins"] = play(deck, d, i, Oracle(args.oracle))[0].winner == seat
                row["rules_wins"] = play(deck, d, i, make("eliria", "rules"))[0].winner == seat
            lost.append(row)
            print(row, flush=True)
    n = args.decks * args.games
    print(f"\n{args.player} vs random: {score / n:.3f} over {n} games; not won: {len(lost)}")
    for reason in sorted({r["reason"] for r in lost}):
        print(f"  ended by {reason}: {sum(r['reason'] == reason for r in lost)}")
    print(f"  with no decision of the player before the end: {sum(r['decisions'] == 0 for r in lost)}")
    print(f"  with a mulligan of the player: {sum(r['mulligans'] > 0 for r in lost)}")
    print(f"  player started: {sum(r['first'] for r in lost)}")
    if args.oracle and args.player != "oracle":
        deal = [r for r in lost if not r["oracle_wins"]]
        print(f"  lost by the oracle too (decided by the deal, as far as it can tell): {len(deal)} "
              f"(of which rules also lost: {sum(not r['rules_wins'] for r in deal)})")  # fmt: skip
        print(f"  won by the oracle (the player's choices): {len(lost) - len(deal)}")
        print(f"  ceiling if the deal-decided games are out of reach: {(n - len(deal)) / n:.3f}")


if __name__ == "__main__":
    main()
