"""What the search player (engine/search.py) needs for Misión S.O.S: a leaf evaluation.

Against a player that is never left without Elementos de juego a game is won only by 30 points in
the BAÚL (OBJETIVO DEL JUEGO 1), and only prizes reach the BAÚL (PASOS PARA EL TURNO: a fight won
takes one from the external Elementos deck, and every turn's draw takes one too). Whether a seat
gets there is mostly a matter of *how many* prizes it still takes (an external deck of 12 gives 7
at most) and of their values, which nobody can see (the Elementos are face down, for their owner
too). A rollout that plays the game to its end scores the values it happened to sample: a win, a
loss or, most often, a draw, one sample of a coin whose bias is what the search wants to compare.

:func:`leaf_score` scores a position instead by each seat's *chance* to reach 30: the
distribution of the prizes it can still take (its external deck, one draw a turn, one prize per
fight its Entes win, each fight won with a chance read from the points in that world,
:data:`MARGIN_WINS`) combined with the exact chance that so many Elementos drawn from the ones it
has not seen (its list less its BAÚL and its OLVIDO: public) add up to what it still needs
(:func:`reach_chances`). The score is ``0.5 + (mine - theirs) / 2``: a win 1, a loss 0, both or
neither at 30 a draw. A seat with no Elementos de juego that may lose a contested fight before it
draws again loses the game there (OBJETIVO DEL JUEGO 2), and that chance is counted too.

The search player scores its rollouts with :func:`prizes_score`: the same chances, read from the
position before its decision, with the prizes each BAÚL took in the rollout counted and what the
sample made them worth left out; a placement's rollouts play the rest of the game (:class:`LeafPlacer`).

Everything it reads is public or the search's own sample (the determinized copy's board, BAÚLes,
OLVIDOs and pile counts), so it adds no hidden information.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from .match import MisionMatch, pick_defender
from .players import MisionPlayer
from .rules import TARGET
from .state import MisionSide, Placed
from .view import MisionView

__all__ = [
    "MARGIN_WINS", "NEW_ENTE_WINS", "PLACE_HORIZON", "LeafModel", "LeafPlacer", "Roots", "fight_chance", "leaf_score",
    "prize_chances", "prizes_score", "reach_chance", "reach_chances", "roots", "sure_reinforcement",
]  # fmt: skip

# How often the attacker wins a contested fight by its margin before reinforcements (its Ente's
# points in the world less the defender's), from -3 to +3; below always loses, above always wins.
# Measured on bench/players.py's decks (search against rules, 320 games, ~3,000 contested fights):
# the defender holds ties (fight_winner) and a reinforcement adds 1.3 points on average.
MARGIN_WINS = (0.0, 0.03, 0.03, 0.27, 0.72, 0.88, 0.97)
NEW_ENTE_WINS = 0.9  # an Ente still to be placed: it goes where it wins, most often unopposed
LOOKAHEAD = 12  # turns of each seat projected (a deck of 12 is spent in 5)
PLACE_HORIZON = 12  # turns a placement's rollouts play: past the last prize of a 6 + 16 deck (prizes_score)


class LeafModel:
    """The figures :func:`leaf_score` projects with (bench/search_lab.py varies them)."""

    def __init__(
        self,
        margin_wins: tuple[float, ...] = MARGIN_WINS,
        new_mine: float = NEW_ENTE_WINS,
        new_theirs: float = NEW_ENTE_WINS,
        lookahead: int = LOOKAHEAD,
    ) -> None:
        self.margin_wins = margin_wins  # from a margin of -3 to +3
        self.new_mine, self.new_theirs = new_mine, new_theirs  # the searching seat's new Entes, the rival's
        self.lookahead = lookahead


MODEL = LeafModel()
_REACH: dict[tuple[tuple[int, ...], int], list[float]] = {}


def fight_chance(margin: int, table: tuple[float, ...] = MARGIN_WINS) -> float:
    """The chance that an attacker *margin* points ahead (before reinforcements) wins.

    >>> fight_chance(-5), fight_chance(0), fight_chance(9)
    (0.0, 0.27, 1.0)
    """
    if margin < -3:
        return 0.0
    if margin > 3:
        return 1.0
    return table[margin + 3]


def reach_chances(pool: tuple[int, ...], need: int) -> list[float]:
    """``chances[k]``: the chance that *k* cards drawn without replacement from *pool* (BAÚL values)
    add up to at least *need* (cached: pools repeat across rollouts).

    >>> [round(p, 3) for p in reach_chances((1, 2, 3, 4), 6)]
    [0.0, 0.0, 0.333, 1.0, 1.0]
    """
    key = (pool, need)
    found = _REACH.get(key)
    if found is not None:
        return found
    n = len(pool)
    cap = max(need, 0)
    # ways[j][t]: how many j-card subsets add up to t (t capped at need)
    ways = [[0.0] * (cap + 1) for _ in range(n + 1)]
    ways[0][0] = 1.0
    for value in pool:
        for j in range(n - 1, -1, -1):
            row, above = ways[j], ways[j + 1]
            for t in range(cap, -1, -1):
                count = row[t]
                if count:
                    above[min(cap, t + max(value, 0))] += count
    chances = []
    for k in range(n + 1):
        total = sum(ways[k])
        chances.append(ways[k][cap] / total if total else 0.0)
    if len(_REACH) > 20_000:
        _REACH.clear()
    _REACH[key] = chances
    return chances


def _wins(side: MisionSide, rival: MisionSide, table: tuple[float, ...]) -> list[float]:
    """The chance each of *side*'s Entes in a world wins its next fight (unopposed: 1)."""
    out = []
    for placed in side.board:
        defender = pick_defender(rival.board, placed.world)
        if defender is None:
            out.append(1.0)
        else:
            out.append(fight_chance(placed.card.worlds[placed.world] - defender.card.worlds[placed.world], table))
    return out


def prize_chances(match: MisionMatch, seat: int, new_wins: float = NEW_ENTE_WINS, model: LeafModel = MODEL) -> list[float]:
    """``chances[k]``: the chance that *seat* takes *k* more prizes, projected from a turn's end.

    Each of its turns draws one Elemento (step 1), places an Ente while any is left (it fights from
    the next turn and wins with the chance *new_wins*) and fights with the others, each fight won taking one
    prize while the external deck lasts (step 3); the board is taken as it stands."""
    side, rival = match.sides[seat], match.sides[1 - seat]
    deck = len(side.elements_deck)
    if deck == 0:
        return [1.0]
    fighters = _wins(side, rival, model.margin_wins)
    to_place = len(side.entes) + (1 if match.drawn is not None and match.active == seat else 0)
    # by_left[d]: the chance that d cards are left in the deck (prizes taken: deck - d - draws)
    by_left = [0.0] * (deck + 1)
    by_left[deck] = 1.0
    chances = [0.0] * (deck + 1)
    draws = 0
    for _ in range(model.lookahead):
        if sum(by_left) < 1e-9:
            break
        # step 1: the draw; an emptied deck ends the prizes
        draws += 1
        if by_left[1]:
            chances[deck - draws] += by_left[1]
        by_left = [*by_left[1:], 0.0]
        by_left[0] = 0.0
        for p in fighters:
            if p <= 0.0:
                continue
            after = [0.0] * (deck + 1)
            for d in range(1, deck + 1):
                q = by_left[d]
                if q:
                    after[d - 1] += q * p
                    after[d] += q * (1.0 - p)
            chances[deck - draws] += after[0]  # the last card was a prize
            after[0] = 0.0
            by_left = after
        if to_place:
            fighters.append(new_wins)
            to_place -= 1
    for d in range(1, deck + 1):  # still cards after the lookahead: the prizes taken so far
        if by_left[d]:
            chances[deck - d - draws] += by_left[d]
    return chances


def reach_chance(match: MisionMatch, seat: int, new_wins: float = NEW_ENTE_WINS, model: LeafModel = MODEL) -> float:
    """The chance that *seat* still brings its BAÚL to 30 (OBJETIVO DEL JUEGO 1), every prize to it."""
    side = match.sides[seat]
    need = TARGET - side.chest_points
    if need <= 0:
        return 1.0
    pool = tuple(sorted((c.chest or 0) for c in match.unseen(seat).cards()))
    reach = reach_chances(pool, need)
    top = len(reach) - 1
    return sum(q * reach[min(k, top)] for k, q in enumerate(prize_chances(match, seat, new_wins, model)) if q)


def _exposed(match: MisionMatch, seat: int, next_seat: int, table: tuple[float, ...]) -> float:
    """The chance that *seat*, holding no Elementos de juego, loses a contested fight in the next
    turn (*next_seat*'s) before it draws again: OBJETIVO DEL JUEGO 2, the game lost."""
    side, rival = match.sides[seat], match.sides[1 - seat]
    if side.elementos or (next_seat == seat and side.elements_deck):
        return 0.0
    safe = 1.0
    if next_seat == seat:  # its own attacks into defended worlds
        for p in _wins(side, rival, table):
            if p < 1.0:
                safe *= p
    else:  # the rival's attacks into its worlds
        for placed in rival.board:
            defender = pick_defender(side.board, placed.world)
            if defender is not None:
                margin = placed.card.worlds[placed.world] - defender.card.worlds[placed.world]
                safe *= 1.0 - fight_chance(margin, table)
    return 1.0 - safe


def leaf_score(match: MisionMatch, seat: int, model: LeafModel = MODEL) -> float:
    """A position from *seat*'s side, between two turns or at a finished game: 1 a win, 0 a loss,
    a draw ½; otherwise ``0.5 + (mine - theirs) / 2`` of the chances to reach 30 (module docstring),
    with the chance to be left without Elementos de juego in the next turn counted as a loss."""
    outcome = match.outcome()
    if outcome is not None and outcome.reason != "turn_cap":
        return 0.5 if outcome.winner is None else 1.0 if outcome.winner == seat else 0.0
    mine = reach_chance(match, seat, model.new_mine, model)
    theirs = reach_chance(match, 1 - seat, model.new_theirs, model)
    return _with_exposure(match, seat, mine, theirs, model)


def _with_exposure(match: MisionMatch, seat: int, mine: float, theirs: float, model: LeafModel) -> float:
    """``0.5 + (mine - theirs) / 2``, and the chance that a seat without Elementos de juego loses a
    contested fight in the next turn counted as that seat's loss (OBJETIVO DEL JUEGO 2)."""
    rival = 1 - seat
    next_seat = rival if match.active == seat else seat
    table = model.margin_wins
    lose, win = _exposed(match, seat, next_seat, table), _exposed(match, rival, next_seat, table)
    score = 0.5 + (mine - theirs) / 2
    return lose * 0.0 + win * 1.0 + (1.0 - lose - win) * score


def sure_reinforcement(view: MisionView, legal: Sequence[Action]) -> Action | None:
    """``reinforce:yes`` when the seat attacks a defended world, holds two Elementos de juego or more and
    its external deck can still pay the prize; else None (the search decides).

    Reinforcing only adds points to the attacker's total, and the Elemento goes to the OLVIDO whoever
    wins (PASOS PARA EL TURNO): what it costs is one Elemento de juego, which no BAÚL counts and which
    matters only as the guard against OBJETIVO DEL JUEGO 2 — one kept is enough, and the search's
    games end with 4.6 of them unused on average (docs/players.md). Searched, the 32 rollouts of a
    decision took a fight's chance raised by 0.1 or 0.2 for noise and kept the rule-based choice;
    reinforcing measured better on 2,880 paired games (docs/players.md)."""
    if view.pending_kind != "reinforce" or not view.is_active:
        return None
    me = view.me
    if len(me.elementos) < 2 or not me.elements_deck:
        return None
    return next((a for a in legal if a.args[0] == 1), None)


# -- what the search scores: prizes, not their values; a placement played to the end -------------------
#
# Every rollout of the search player is scored by how many prizes each seat sent to its BAÚL, not by what
# they were worth (prizes_score): which Elementos became prizes is the sample's luck, which a decision
# cannot change. A placement decides where an Ente fights for the rest of the game, and the rival's
# rule-based player answers it (it places where the seat has no Ente): its rollouts play on to the end
# (PLACE_HORIZON), the seat's later placements chosen by the leaf (LeafPlacer). docs/players.md.

# Per seat, at the decision: the BAÚL values of its unseen Elementos (sorted), the points it still needs,
# and how many prizes its BAÚL held.
Roots = list[tuple[tuple[int, ...], int, int]]


def roots(match: MisionMatch) -> Roots:
    """What :func:`prizes_score` reads of the position a decision is taken from (public: the lists, the
    BAÚLes and the OLVIDOs)."""
    out = []
    for z, side in enumerate(match.sides):
        pool = tuple(sorted((c.chest or 0) for c in match.unseen(z).cards()))
        out.append((pool, TARGET - side.chest_points, len(side.chest)))
    return out


def prizes_score(match: MisionMatch, seat: int, before: Roots, model: LeafModel = MODEL) -> float:
    """A rollout from *seat*'s side, scored like :func:`leaf_score` but each seat's chance to reach 30
    read from the position *before* the decision: the prizes its BAÚL took since, and those
    it may still take (:func:`prize_chances`), drawn from the Elementos it had not seen then. The values
    the rollout happened to draw do not count: a sample in which the rival's prizes were worth 31 and
    one in which they were worth 20 score the same. A game won or lost by OBJETIVO DEL JUEGO 2 scores
    its outcome."""
    outcome = match.outcome()
    if outcome is not None and outcome.reason == "no_elements":
        return 1.0 if outcome.winner == seat else 0.0
    chances = []
    for z in (seat, 1 - seat):
        pool, need, held = before[z]
        if need <= 0:
            chances.append(1.0)
            continue
        taken = len(match.sides[z].chest) - held
        reach = reach_chances(pool, need)
        top = len(reach) - 1
        new = model.new_mine if z == seat else model.new_theirs
        chances.append(
            sum(q * reach[min(taken + k, top)] for k, q in enumerate(prize_chances(match, z, new, model)) if q)
        )
    if outcome is not None and outcome.reason != "turn_cap":
        return 0.5 + (chances[0] - chances[1]) / 2
    return _with_exposure(match, seat, chances[0], chances[1], model)


class LeafPlacer:
    """The searching seat in a placement's rollouts: each later Ente where :func:`leaf_score` is best
    with it on the board, the reinforcements :func:`sure_reinforcement` settles, every prize to the BAÚL
    (only the BAÚL reaches 30), the rest as the rule-based player. Its placements are what the rule-based
    player would not do: answer the rival's Entes where they stand (docs/players.md)."""

    def __init__(self) -> None:
        self.rules = MisionPlayer()

    def choose(self, view: MisionView, legal: Sequence[Action], rng: random.Random) -> Action:
        kind = view.pending_kind
        if kind == "place":
            match = view._m  # noqa: SLF001 - a rollout's own copy
            assert isinstance(match, MisionMatch)
            return _best_place(match, view.seat, legal)
        if kind == "prize":
            return next(a for a in legal if a.args[0] == 1)
        sure = sure_reinforcement(view, legal)
        return sure if sure is not None else self.rules.choose(view, legal, rng)


def _best_place(match: MisionMatch, seat: int, legal: Sequence[Action]) -> Action:
    """The placement whose board :func:`leaf_score` rates best (the first of equals)."""
    card = match.drawn
    assert card is not None
    board = match.sides[seat].board
    match.drawn = None  # scored as the turn's end would see it: placed, none in hand
    best, best_score = legal[0], -1.0
    for action in legal:
        board.append(Placed(card, action.args[0], match.turn))
        score = leaf_score(match, seat)
        board.pop()
        if score > best_score:
            best, best_score = action, score
    match.drawn = card
    return best
