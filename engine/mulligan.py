"""The exact 11.b mulligan odds: the numeric core of :mod:`engine.odds`, compiled with mypyc.

Kept apart from :mod:`engine.odds` (which reads outside input and stays pure Python, see
:mod:`engine._native`) so that the sums over mulligan runs run as C. Its cost grows with the
deck, the number of turns and ``at_least`` (a 150-card deck with few combat cards and
``at_least`` 30 over 50 turns: seconds even compiled), so a caller that answers a web request
passes a *deadline*, a value of :func:`time.thread_time` past which the computation stops with
:class:`~engine.errors.TooCostly` instead of holding a worker (issue 38, R1).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from itertools import zip_longest

from .eliria.rules import HAND_SIZE
from .errors import TooCostly

__all__ = ["PRUNE", "Block", "mulligan_odds"]

PRUNE = 1e-18  # runs of mulligans less likely than this are left out (a bound on the error)

Block = tuple[int, int]  # (group copies, other copies) of one discard class


def _check(deadline: float | None) -> None:
    """Stop once this thread has spent its CPU past *deadline* (time.thread_time)."""
    if deadline is not None and time.thread_time() > deadline:
        raise TooCostly(
            "Este cálculo exacto pide más tiempo del que una petición puede usar: "
            "pide menos turnos, un «at_least» menor o un mazo más pequeño."
        )


def mulligan_odds(
    *,
    starters: tuple[int, int],
    blocks: Sequence[Block],
    seen: Sequence[int],
    at_least: int,
    hand: int = HAND_SIZE,
    deadline: float | None = None,
) -> list[float]:
    """P(at least *at_least* group cards among the first *n* cards seen) for each *n* in *seen*,
    under rule 11.b with the policy's discards.

    *starters* is (group, other) copies of the cards that let a hand be kept; *blocks* the other
    cards by discard class, the class discarded first first. A mulligan hand holds no starter,
    so it discards its lowest card, any copy of the lowest class alike.

    >>> [round(p, 6) for p in mulligan_odds(starters=(0, 20), blocks=[], seen=[5, 6], at_least=0)]
    [1.0, 1.0]
    """
    kept = _kept_hands(starters, [b for b in blocks if b[0] or b[1]], hand, deadline)
    return [min(1.0, max(0.0, p)) for p in _after_kept(kept, seen, at_least, hand, deadline)]


def _reach(starters: int, pool: int, hand: int) -> list[float]:
    """reach[m]: the chance that the first m hands all lack a starter and the deck still holds
    a hand after their m discards (7.c otherwise). Whether a hand lacks a starter depends only
    on how many cards are left, not on which were discarded."""
    reach, w = [1.0], 1.0
    for m in range(1, pool + 1):
        size = starters + pool - (m - 1)
        w *= math.comb(pool - (m - 1), hand) / math.comb(size, hand)
        if w <= PRUNE or size - 1 < hand:
            break
        reach.append(w)
    return reach


def _kept_hands(
    starters: tuple[int, int], blocks: list[Block], hand: int, deadline: float | None = None
) -> dict[tuple[int, int, int], float]:
    """(deck size, group cards in the deck, group cards in the kept hand) -> probability, over
    every run of mulligans that ends in a kept hand (the lost ones are left out)."""
    sg, so = starters
    g0, o0 = sum(g for g, _ in blocks), sum(o for _, o in blocks)
    size0 = sg + so + g0 + o0
    reach = _reach(sg + so, g0 + o0, hand)
    removed = _discarded(blocks, len(reach) - 1, hand, deadline)
    kept: dict[tuple[int, int, int], float] = {}
    comb = math.comb
    for m, w in enumerate(reach):
        size = size0 - m
        if size < hand:
            break
        total = comb(size, hand)
        _check(deadline)
        for j, pj in enumerate(removed[m]):
            ng, no = g0 - j, o0 - (m - j)
            if pj <= 0.0 or no < 0:
                continue
            g_all = sg + ng
            for h in range(min(hand, g_all) + 1):
                # All hands with h group cards, less those without a starter (mulliganed).
                ways = comb(g_all, h) * comb(size - g_all, hand - h) - comb(ng, h) * comb(no, hand - h)
                if ways:
                    key = (size, g_all, h)
                    kept[key] = kept.get(key, 0.0) + w * pj * ways / total
    return kept


def _discarded(blocks: list[Block], steps: int, hand: int, deadline: float | None = None) -> list[list[float]]:
    """out[m][j]: the chance that the first m mulligans discard j group cards, given m happen.

    A mulligan hand is five cards at random among those that are not starters and discards the
    lowest. Take the lowest card still there, with s cards from it upwards: it is in the hand
    with chance hand/s, and then it is the one discarded; otherwise the hand is five at random
    among the cards above it, which discards as if the lowest card were not there. So, scanning
    the cards from the top of the order down, the cards above one receive every mulligan it
    receives but the one that discards it, and it is discarded within r mulligans with chance
    1 - C(s - hand, r) / C(s, r) whatever happens above it. Within a class the order is random,
    so x discards from a class of g group and o other copies hold i group cards with the
    hypergeometric chance C(g, i) C(o, x - i) / C(g + o, x)."""
    after: list[list[float]] = [[1.0]] + [[] for _ in range(steps)]  # nothing above: only r = 0
    size = 0
    for g, o in reversed(blocks):
        if g and o:  # a mixed class: count its discards x, then split them by group
            size = _mixed_class(after, g, o, size, steps, hand, deadline)
            continue
        shift = [0.0] if g else []  # a discard of a group card moves j up by one
        for _ in range(g + o):
            _check(deadline)
            size += 1
            after = [_plain_card(after, r, _taken(size, r, hand), shift) for r in range(steps + 1)]
    return after


def _mixed_class(
    after: list[list[float]], g: int, o: int, size: int, steps: int, hand: int, deadline: float | None
) -> int:
    """Put a class of g group and o other copies below *after* (in place); returns the new size.

    x discards from the class leave r - x mulligans to the cards above it, so the vector over j
    that goes with (r, x) is always ``after[r - x]``: only a scalar weight a[r][x] moves as the
    class's cards are put below one at a time (kept with chance 1 - q, discarded with q, as for a
    plain card). Then the x discards split by group hypergeometrically."""
    weights: list[list[float]] = [[1.0] for _ in range(steps + 1)]  # a[r][x]
    for _ in range(g + o):
        _check(deadline)
        size += 1
        for r in range(steps, 0, -1):  # downwards: a[r - 1] is still the previous card's
            q = _taken(size, r, hand)
            if q <= 0.0:
                continue
            row, below = weights[r], weights[r - 1]
            width = max(len(row), len(below) + 1)
            weights[r] = [
                (row[x] * (1.0 - q) if x < len(row) else 0.0) + (below[x - 1] * q if 0 < x <= len(below) else 0.0)
                for x in range(width)
            ]
    above = list(after)
    total = g + o
    widest = max(len(row) for row in weights)
    split = [  # split[x]: (i, the chance that x discards hold i group cards)
        [(i, math.comb(g, i) * math.comb(o, x - i) / math.comb(total, x)) for i in range(max(0, x - o), min(g, x) + 1)]
        for x in range(min(widest, total + 1))
    ]
    for r in range(steps + 1):
        row = weights[r]
        width = max((len(above[r - x]) + min(g, x) for x in range(min(len(row), r + 1)) if above[r - x]), default=0)
        out = [0.0] * width
        for x in range(min(len(row), r + 1, len(split))):
            a, vec = row[x], above[r - x]
            if a == 0.0 or not vec:
                continue
            for i, share in split[x]:
                w = a * share
                for k, v in enumerate(vec, i):
                    out[k] += w * v
        after[r] = out
    return size


def _plain_card(after: list[list[float]], r: int, q: float, shift: list[float]) -> list[float]:
    """Row r once one more card, wholly in or out of the group, is below the rest."""
    if not r or q <= 0.0:
        return after[r]
    taken = shift + after[r - 1]
    if q >= 1.0:
        return taken
    stay = 1.0 - q
    return [stay * a + q * b for a, b in zip_longest(after[r], taken, fillvalue=0.0)]


def _taken(size: int, r: int, hand: int) -> float:
    """The chance that the lowest of *size* cards is discarded within r mulligans."""
    if r == 0:
        return 0.0
    if size - hand < r:
        return 1.0
    return 1.0 - math.comb(size - hand, r) / math.comb(size, r)


def _axpy(into: list[float], vec: list[float], a: float) -> list[float]:
    """into + a * vec, over vectors of any lengths (missing entries are zero)."""
    return [x + a * v for x, v in zip_longest(into, vec, fillvalue=0.0)]


def _after_kept(
    kept: dict[tuple[int, int, int], float], seen: Sequence[int], k: int, hand: int, deadline: float | None = None
) -> list[float]:
    """For each n in *seen*: the sum over kept hands of the chance that the next n - hand draws
    bring the rest of k (none when they cannot all be made: 7.c)."""
    draws = [n - hand for n in seen]
    longest = max(draws, default=0)
    needs: dict[tuple[int, int], int] = {}  # (cards left, group left) -> the most still needed
    for (size, group, h), w in kept.items():
        if w > PRUNE * PRUNE:
            key = (size - hand, group - h)
            needs[key] = max(needs.get(key, 0), k - h)
    tails = {}
    for key, need in needs.items():
        _check(deadline)
        tails[key] = _tails(key[0], key[1], longest, need)
    out = []
    for d in draws:
        total = 0.0
        for (size, group, h), w in kept.items():
            if d <= size - hand and w > PRUNE * PRUNE:
                need = k - h
                total += w if need <= 0 else w * tails[(size - hand, group - h)][d][need - 1]
        out.append(total)
    return out


def _tails(size: int, group: int, longest: int, need: int) -> list[list[float]]:
    """out[d][v - 1]: P(at least v group cards in d draws from *size* holding *group*), for
    d = 0 … min(longest, size) and v = 1 … need: the draws one at a time, with the counts of
    need or more kept as one."""
    pmf = [1.0] + [0.0] * max(need, 0)  # P(i group cards so far), i = 0 … need (need: "or more")
    out = []
    for d in range(min(longest, size) + 1):
        tail, acc = [], 1.0
        for v in range(1, need + 1):
            acc -= pmf[v - 1]
            tail.append(acc)
        out.append(tail)
        left = size - d
        if left <= 0:
            break
        nxt = [0.0] * len(pmf)
        for i, p in enumerate(pmf):
            if p:
                hit = (group - i) / left if i < need else 0.0  # past `need` the count no longer matters
                nxt[i] += p * (1.0 - hit)
                if hit:
                    nxt[i + 1] += p * hit
        pmf = nxt
    return out
