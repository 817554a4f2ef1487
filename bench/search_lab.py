"""Variants of the search player side by side, on the same games (paired): which is stronger, and at what cost.

    python bench/search_lab.py --game eliria --against random rules --decks 8 --games 20 \\
        --variant base=rollouts:32 --variant shaped=rollouts:32,shaping:0.1

A variant is ``name=key:value,...`` over :class:`LabSearch`'s knobs (``rollouts``, ``shaping``,
``rival_eps``, ``self_eps`` …) or ``name=<a player of bench/players.py>``. Each variant plays every
opponent on bench/players.py's decks and seeds (the same deals, seats and starting seats for every
variant: a paired comparison), and the script prints its score with a 95 % Wilson interval, its
median decision time (one core) and, for every pair of variants, the games where they differ.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.players import PLAYERS, SEED, Timed, make, random_deck, wilson  # noqa: E402
from engine import COMPILED, find_game  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.eliria.match import EliriaMatch  # noqa: E402
from engine.match import Match, Policy  # noqa: E402
from engine.mision.match import MisionMatch  # noqa: E402
from engine.mision.players import MisionPlayer  # noqa: E402
from engine.mision.rollouts import (  # noqa: E402
    MARGIN_WINS,
    NEW_ENTE_WINS,
    LeafModel,
    fight_chance,
    leaf_score,
)
from engine.search import (  # noqa: E402
    MISION_HORIZON,
    PLACE_FACTOR,
    SearchPlayer,
    _placing,
    _rollout_players,
    _score,
    determinize,
    rebuild,
)


class EpsilonPlayer:
    """The rule-based player that, with probability *eps*, picks a uniformly random option instead."""

    def __init__(self, rules: Any, eps: float, rng: random.Random) -> None:
        self.rules, self.eps, self.rng = rules, eps, rng

    def choose_unlisted(self, view: Any) -> Action | None:
        if self.rng.random() < self.eps:
            return None  # choose() below decides from the list
        quick = getattr(self.rules, "choose_unlisted", None)
        return quick(view) if quick is not None else None

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if self.rng.random() < self.eps:
            return legal[int(self.rng.random() * len(legal))]
        return self.rules.choose(view, legal, rng)


class LabSearch(SearchPlayer):
    """engine.search.SearchPlayer with knobs (module docstring). In Eliria its rollouts play ``horizon``
    turns (40) and are scored 1 / ½ / 0 — the search player before engine/eliria/rollouts.py's leaf
    evaluation (``--variant old=rollouts:32``; the site's player is ``--variant new=search``)."""

    def __init__(self, rollouts: int = 32, shaping: float = 0.0, rival_eps: float = 0.0, self_eps: float = 0.0,
                 horizon: int = 40, own_plenty: float = 0, own_reserve: float = 0, settled_lead: float = -1,
                 mision_horizon: float = -1, oracle: float = 0, outcome: float = 0,
                 new_mine: float = NEW_ENTE_WINS, new_theirs: float = NEW_ENTE_WINS, margin_shift: float = 0,
                 place_factor: float = PLACE_FACTOR, sure: float = 1, force_defend: float = 0,
                 sure_chest: float = 0, place_ahead: float = 1, value_free: float = 1) -> None:  # fmt: skip
        super().__init__(rollouts=rollouts, horizon=int(horizon))
        # Misión: placements searched with place_factor times the budget (1: as any decision), the attack
        # reinforcements engine.mision.rollouts.sure_reinforcement settles taken without search (sure:0 to
        # search them), and (force_defend:1) the same when defending while the attacker's deck can pay a prize.
        self.place_factor, self.sure_reinforce = int(place_factor), bool(sure)
        # Misión: rollouts as engine.search plays them (value_free:1, the default: scored by the prizes
        # taken, placements played to the end unless place_ahead:0); value_free:0 scores by the leaf
        # evaluation with the knobs below (the player of stop 42: value_free:0,place_ahead:0).
        self.place_ahead, self.value_free = bool(place_ahead), bool(value_free)
        self.force_defend = bool(force_defend)
        self.sure_chest = bool(sure_chest)  # Misión: every prize to the BAÚL, not searched
        self.shaping, self.rival_eps, self.self_eps = shaping, rival_eps, self_eps
        self.own_plenty, self.own_reserve = int(own_plenty), int(own_reserve)
        self.settled_lead = settled_lead  # the lead's weight in a draw that ended the game (-1: as cut)
        self.mision_horizon = MISION_HORIZON if mision_horizon < 0 else int(mision_horizon)
        # Misión S.O.S scored as before the leaf evaluation (engine/mision/rollouts.py): the outcome
        # played out (horizon 12), a draw nudged by the BAÚL lead.
        self.outcome = bool(outcome)
        if self.outcome and mision_horizon < 0:
            self.mision_horizon = 12
        # Misión: the leaf evaluation's figures (engine/mision/rollouts.py LeafModel; margin_shift moves its table).
        table = MARGIN_WINS
        if margin_shift:
            table = tuple(fight_chance(m - int(margin_shift)) for m in range(-3, 4))
        self.model = LeafModel(table, new_mine, new_theirs)
        self.oracle = bool(oracle)  # a bound, never a player: rollouts on the real match, hidden cards and draws included

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if self.sure_chest and getattr(view, "pending_kind", "") == "prize":
            return next(a for a in legal if a.args[0] == 1)
        if self.force_defend and getattr(view, "pending_kind", "") == "reinforce" and not view.is_active:
            m = view._m  # noqa: SLF001 - a lab knob: counts the seat sees
            if len(view.me.elementos) >= 2 and m.sides[m.active].elements_deck:
                return next(a for a in legal if a.args[0] == 1)
        return super().choose(view, legal, rng)

    def _rollout(self, match: Match, seat: int, action: Action, det_seed: int, roll_seed: int) -> float:
        mision = isinstance(match, MisionMatch)
        if mision and (self.value_free or (self.place_ahead and _placing(match))) and not (self.oracle or self.outcome):
            return super()._rollout(match, seat, action, det_seed, roll_seed)
        copy = rebuild(match) if self.oracle else determinize(match, seat, random.Random(det_seed))  # noqa: S311
        start = match.turn
        copy.push_key(action.key)
        if not copy.is_over():
            horizon = min(self.horizon, self.mision_horizon) if isinstance(copy, MisionMatch) else self.horizon
            copy.turn_cap = min(copy.turn_cap, copy.turn + horizon)
            if not self.oracle:
                copy.seed = roll_seed
            players: list[Any] = list(_rollout_players(copy))
            if isinstance(copy, MisionMatch) and (self.own_plenty or self.own_reserve):
                players[seat] = MisionPlayer(reserve=self.own_reserve or 2, plenty=self.own_plenty or 3)
            if self.rival_eps or self.self_eps:
                noise = random.Random(roll_seed)  # noqa: S311 - simulation
                players[1 - seat] = EpsilonPlayer(players[1 - seat], self.rival_eps, noise)
                players[seat] = EpsilonPlayer(players[seat], self.self_eps, noise)
            copy.play_out(players)
        if self.outcome:
            score = _outcome_score(copy, seat)
        elif isinstance(copy, MisionMatch) and copy.players == 2:
            score = leaf_score(copy, seat, self.model)
        else:
            score = _score(copy, seat)
        outcome = copy.outcome()
        assert outcome is not None
        if self.settled_lead >= 0 and outcome.winner is None and outcome.reason != "turn_cap":
            score = 0.5 + (score - 0.5) * self.settled_lead
        if self.shaping and isinstance(copy, EliriaMatch):
            outcome = copy.outcome()
            assert outcome is not None
            late = min(1.0, (outcome.turn - start) / self.horizon)
            if outcome.winner == seat:
                score -= self.shaping * late  # a win sooner is surer
            elif outcome.winner is not None:
                score += self.shaping * late  # a loss later leaves the rival time to err
        return score


def _outcome_score(copy: Match, seat: int) -> float:
    """The search's score of a Misión rollout before the leaf evaluation: a win 1, a loss 0, a draw ½
    plus the BAÚL lead / 40 (at most ±0.4)."""
    outcome = copy.outcome()
    assert outcome is not None
    if outcome.winner is not None or not isinstance(copy, MisionMatch):
        return _score(copy, seat)
    lead = (copy.sides[seat].chest_points - copy.sides[1 - seat].chest_points) / 40
    return 0.5 + max(-0.4, min(0.4, lead))


def parse_variant(spec: str) -> tuple[str, dict[str, float]]:
    name, _, knobs = spec.partition("=")
    if knobs in PLAYERS:
        return name, {"player": knobs}  # type: ignore[dict-item]
    out: dict[str, float] = {}
    for part in filter(None, knobs.split(",")):
        key, _, value = part.partition(":")
        out[key] = float(value)
    return name, out


def build(game: str, knobs: dict[str, Any]) -> Policy:
    if "player" in knobs:
        return make(game, knobs["player"])
    knobs = dict(knobs)
    rollouts = int(knobs.pop("rollouts", 32))
    return LabSearch(rollouts=rollouts, **knobs)


def play(game: str, a: Policy, b: Policy, decks: list[Any], games: int, turn_cap: int) -> list[float]:
    """The first player's score in each game (bench/players.py's deals, seats and starting seats)."""
    spec = find_game(game)
    scores = []
    for d, deck in enumerate(decks):
        shared = spec.prepare([deck, deck])
        for i in range(games):
            seat = i % 2
            seats = [a, b] if seat == 0 else [b, a]
            match: Match = spec.match([deck, deck], seed=SEED, index=d * 1000 + i, first=(i // 2) % 2,
                                      turn_cap=turn_cap, **shared)  # fmt: skip
            outcome = match.play_out(seats)
            scores.append(0.5 if outcome.winner is None else 1.0 if outcome.winner == seat else 0.0)
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="eliria")
    parser.add_argument("--against", nargs="+", default=["random", "rules"])
    parser.add_argument("--decks", type=int, default=8)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--turn-cap", type=int, default=0, help="0: 200 (Eliria), 60 (Misión, as bench/players.py)")
    parser.add_argument("--variant", action="append", required=True)
    parser.add_argument("--deck-seed", default="", help="decks from this seed (default: bench/players.py's)")
    args = parser.parse_args()
    rng = random.Random(args.deck_seed or f"{SEED}:{args.game}")
    decks = [random_deck(args.game, rng) for _ in range(args.decks)]
    cap = args.turn_cap or (200 if args.game == "eliria" else 60)
    variants = [parse_variant(v) for v in args.variant]
    print(f"engine {'compiled' if COMPILED else 'pure Python'}; {args.game}, {args.decks} decks x {args.games} games")
    for rival in args.against:
        results: dict[str, list[float]] = {}
        for name, knobs in variants:
            timed = Timed(build(args.game, knobs))
            start = time.process_time()
            scores = play(args.game, timed, make(args.game, rival), decks, args.games, cap)
            spent = time.process_time() - start
            results[name] = scores
            low, high = wilson(sum(scores), len(scores))
            ms = statistics.median(timed.times) * 1000 if timed.times else 0.0
            draws = sum(s == 0.5 for s in scores)
            print(f"{name:>14} vs {rival:<7} {sum(scores) / len(scores):.3f} [{low:.3f}, {high:.3f}] "
                  f"draws {draws:3} median {ms:6.2f} ms  ({spent:.0f} s)", flush=True)  # fmt: skip
        names = list(results)
        for x in range(len(names)):
            for y in range(x + 1, len(names)):
                a, b = results[names[x]], results[names[y]]
                better = sum(p > q for p, q in zip(a, b, strict=True))
                worse = sum(p < q for p, q in zip(a, b, strict=True))
                print(f"    {names[x]} vs {names[y]} on the same games: better in {better}, worse in {worse}")


if __name__ == "__main__":
    main()
