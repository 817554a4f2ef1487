"""How much the goldfish's own choices weigh: the goldfish player against a search goldfish, same games.

    python bench/goldfish_players.py [--decks 8] [--games 300] [--turns 10] [--rollouts 32]

The Eliria goldfish (docs/contract.md §5) plays its Movimiento phase as the contract says (combat
cards as soon as a slot is free, what the cards give it when it helps); its *own* choices are the
rest: the card discarded under 11.b, which combatant a summon or effect goes to, whether to take an
optional effect. Here a search goldfish makes those choices instead (engine.search's determinized
rollouts in the one-seat match, each option played forward to the run's last turn by the goldfish
player and scored by survival, then by the highest power on the board), and the Movimiento phase
stays the goldfish's (``--combat N``: decks of N combat cards and every summon and reaction, where
the 11.b mulligan is frequent). Both play the same games (same seeds) of ``--decks`` random legal 40-card decks
of the bundled catalogue (bench/players.py's), through the full rules (no fast path). Prints, per
deck and over all, the goldfish numbers of both players — p_alive and mean_power_max on the last
turn, the mean mulligans, the games lost — and how many decisions the search made.
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

from bench.players import SEED, catalogue_cards, random_deck  # noqa: E402
from engine import COMPILED, DeckEntry  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.eliria.goldfish import _LOSSES, EliriaSimulation, EliriaTally, _Observer  # noqa: E402
from engine.eliria.match import EliriaMatch  # noqa: E402
from engine.eliria.players import EliriaGoldfishPlayer  # noqa: E402
from engine.eliria.view import EliriaView  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.rng import MAX_SEED  # noqa: E402
from engine.search import determinize  # noqa: E402


class GoldfishSearch:
    """The goldfish's own choices (all but Movimiento) by rollouts; Movimiento as the goldfish plays it."""

    def __init__(self, rollouts: int, turns: int, seed: int) -> None:
        self.rollouts, self.turns = rollouts, turns
        self.goldfish = EliriaGoldfishPlayer()
        self.rng = random.Random(seed)  # noqa: S311 - simulation (the goldfish loop gives no stream)
        self.searched = 0

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random | None) -> Action:
        if view.pending_kind == "movement" or len(legal) == 1:
            return self.goldfish.choose(view, legal, rng)
        self.searched += 1
        match: Match = view._m  # noqa: SLF001 - read through determinize only (engine.search)
        per = max(1, self.rollouts // len(legal))
        seeds = [(self.rng.randrange(MAX_SEED), self.rng.randrange(MAX_SEED)) for _ in range(per)]
        prior = self.goldfish.choose(view, legal, rng)
        best, best_score = prior, -1.0
        for action in [prior, *(a for a in legal if a is not prior)]:  # ties keep the goldfish's choice
            score = sum(self._rollout(match, action, det, roll) for det, roll in seeds)
            if score > best_score + 1e-9:
                best, best_score = action, score
        return best

    def _rollout(self, match: Match, action: Action, det_seed: int, roll_seed: int) -> float:
        copy = determinize(match, 0, random.Random(det_seed))  # noqa: S311 - simulation
        copy.push_key(action.key)
        copy.seed = roll_seed
        if not copy.is_over():
            copy.play_out([self.goldfish])
        assert isinstance(copy, EliriaMatch)
        outcome = copy.outcome()
        assert outcome is not None
        if outcome.reason in ("7.b", "7.c"):
            return 0.5 * outcome.turn / self.turns  # lost: later is better
        power = max((c.power for c in copy.sides[0].combat if c is not None), default=0)
        return 1.0 + power / 10


def play_with(sim: EliriaSimulation, player: GoldfishSearch, index: int, tally: EliriaTally) -> None:
    """EliriaSimulation.play_match's loop and tallies with another player (its policy is a compiled
    EliriaGoldfishPlayer slot: another class cannot take its place)."""
    match = sim.new_match(SEED, index)
    observer = _Observer(sim, tally)
    match.observer = observer.observe
    view = EliriaView(match, 0)
    while (pending := match.pending) is not None:
        options = pending.options
        match._apply(pending, options[0] if len(options) == 1 else player.choose(view, options, None))  # noqa: SLF001
    side, outcome = match.sides[0], match.outcome()
    assert outcome is not None
    tally.games += 1
    opened = outcome.turn > 0
    tally.opening_hits += opened and side.mulligans == 0
    tally.mulligans[side.mulligans] = tally.mulligans.get(side.mulligans, 0) + 1
    reason = _LOSSES.get(outcome.reason)
    if reason is not None:
        tally.losses[reason] += 1
        tally.lost_in_mulligan += not opened


def figures(sim: EliriaSimulation, games: int, player: GoldfishSearch | None) -> dict[str, float]:
    tally = sim.new_tally()
    for index in range(games):
        if player is None:
            sim.play_rules(SEED, index, tally)
        else:
            play_with(sim, player, index, tally)
    report = sim.report(tally)
    last = report["per_turn"][-1]
    return {
        "p_alive": last["p_alive"], "power_max": last["mean_power_max"], "mulligans": report["mulligans"]["mean"],
        "lost": sum(report["losses"].values()),
    }  # fmt: skip


def few_combat(rng: random.Random, combat: int) -> list[DeckEntry]:
    """A legal deck (rule 4: one card a name) of *combat* random combat cards and every other card."""
    by_name: dict[str, Any] = {}
    for c in catalogue_cards("eliria"):
        if not c.is_token:
            by_name.setdefault(c.name, c)
    cards = sorted(by_name.values(), key=lambda c: c.code)
    fighters = rng.sample([c for c in cards if c.type == "combat"], combat)
    return [DeckEntry("main", 1, c) for c in (*fighters, *(c for c in cards if c.type != "combat"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--rollouts", type=int, default=32)
    parser.add_argument("--combat", type=int, default=0,
                        help="decks of this many combat cards and every summon and reaction (mulligans matter)")
    args = parser.parse_args()
    rng = random.Random(f"{SEED}:eliria")
    decks = [few_combat(rng, args.combat) if args.combat else random_deck("eliria", rng) for _ in range(args.decks)]
    print(f"engine {'compiled' if COMPILED else 'pure Python'}; {args.decks} decks x {args.games} games, "
          f"{args.turns} turns; search goldfish {args.rollouts} rollouts a decision")  # fmt: skip
    totals: dict[str, dict[str, float]] = {"goldfish": {}, "search": {}}
    searched = 0
    for d, deck in enumerate(decks):
        row = {}
        for name in ("goldfish", "search"):
            sim = EliriaSimulation(deck, args.turns, fast=False)
            player = GoldfishSearch(args.rollouts, args.turns, d) if name == "search" else None
            row[name] = figures(sim, args.games, player)
            searched += player.searched if player is not None else 0
            for key, value in row[name].items():
                totals[name][key] = totals[name].get(key, 0.0) + value / args.decks
        g, s = row["goldfish"], row["search"]
        print(f"deck {d}: p_alive {g['p_alive']:.3f} -> {s['p_alive']:.3f}, power max {g['power_max']:.3f} -> "
              f"{s['power_max']:.3f}, mulligans {g['mulligans']:.3f} -> {s['mulligans']:.3f}, "
              f"lost {g['lost']:.0f} -> {s['lost']:.0f}", flush=True)  # fmt: skip
    g, s = totals["goldfish"], totals["search"]
    print(f"\nmean over decks: p_alive (turn {args.turns}) {g['p_alive']:.4f} -> {s['p_alive']:.4f}, "
          f"mean_power_max {g['power_max']:.4f} -> {s['power_max']:.4f}, mulligans {g['mulligans']:.4f} -> "
          f"{s['mulligans']:.4f}; decisions searched: {searched} in {args.decks * args.games} games")  # fmt: skip


if __name__ == "__main__":
    main()
