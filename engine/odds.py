"""Exact draw odds: the chance of holding at least *k* cards of a group by a given turn.

Eliria (docs/contract.md §6, ``POST /api/odds/``): the cards seen by the end of turn *t*'s
Inicial phase are the five of the kept hand (11.b) and one a turn (12.a) from turn 2 for the
player who starts (who skips the first Inicial phase, 11.d), from turn 1 for the other.

When a deck can need the 11.b mulligan (it holds combat cards without † and other cards), the
odds follow the site's mulligan policy exactly, the one the goldfish plays
(:class:`~engine.eliria.players.EliriaGoldfishPlayer`): a hand without a combat card lacking †
is always mulliganed; the card discarded is the lowest by :func:`mulligan_discard_key` (its
type's rank in ``DISCARD_RANK``, then its worth), any of equal key at random (the first in
the hand, whose order is random). The discarded card leaves the deck; the rest go back and
five are drawn again. A mulligan that leaves fewer than five cards loses the game (7.c), and so
does a turn's draw from an empty deck: a lost game holds nothing, so it counts against *p*.

The computation is exact up to float rounding (``_discarded`` says why it holds): whether a
hand lacks a starter depends only on how many cards are left, so the chance of each number of
mulligans is a product of binomial ratios; the cards those mulligans discard are counted by a
scan of the discard order; each kept hand splits by how many group cards it holds, and the
draws after it are a plain hypergeometric tail of what is left. Runs of mulligans rarer than
``PRUNE`` are left out (their mass bounds the error). Without a possible mulligan *p* is
exactly :func:`~engine.stats.hypergeometric_at_least`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from itertools import zip_longest
from typing import Any

from .decklist import DeckEntry
from .eliria.cardinfo import CardInfo
from .eliria.players import card_value
from .eliria.rules import DISCARD_RANK, HAND_SIZE, playable_cards
from .errors import InvalidSimulation
from .stats import hypergeometric_at_least

__all__ = [
    "MAX_MULLIGAN_DECK",
    "MISION_ELEMENTS_SET_ASIDE",
    "MISION_ENTES_IN_PLAY",
    "OddsCard",
    "OddsReport",
    "TurnOdds",
    "eliria_odds",
    "eliria_odds_cards",
    "mision_odds",
    "mulligan_discard_key",
    "mulligan_odds",
    "one_more_of_group",
]

# The exact mulligan odds take about a second for a 150-card deck with few combat cards; a
# bigger deck that can need a mulligan is refused rather than left to run (a 300-card one: ~10 s).
MAX_MULLIGAN_DECK = 150
PRUNE = 1e-18  # runs of mulligans less likely than this are left out (a bound on the error)
MISION_ELEMENTS_SET_ASIDE = 4  # Misión S.O.S: four Elementos de juego set aside before turn 1
MISION_ENTES_IN_PLAY = 4  # four Entes de juego, one brought out a turn

Block = tuple[int, int]  # (group copies, other copies) of one discard class


@dataclass(frozen=True)
class OddsCard:
    """One distinct card of an Eliria deck as the odds see it."""

    code: str
    copies: int
    in_group: bool
    starter: bool  # a combat card without †: what a hand needs to be kept (11.b)
    discard_key: tuple[int, float]  # the mulligan policy's order: the lowest goes first


@dataclass(frozen=True)
class TurnOdds:
    turn: int
    cards_seen: int
    p: float


@dataclass(frozen=True)
class OddsReport:
    """``deck`` cards, ``group`` of them in the group, and *p* per turn."""

    deck: int
    group: int
    mulligan: bool  # whether a hand can need the 11.b mulligan (then p follows the policy)
    per_turn: tuple[TurnOdds, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "group": self.group,
            "mulligan": self.mulligan,
            "per_turn": [{"turn": t.turn, "cards_seen": t.cards_seen, "p": t.p} for t in self.per_turn],
        }


def mulligan_discard_key(card: CardInfo) -> tuple[int, float]:
    """Which card of a mulligan hand the goldfish policy discards (the lowest): the same key as
    ``EliriaGoldfishPlayer.choose`` for a ``mulligan`` decision (11.b)."""
    return (DISCARD_RANK.get(card.kind, 0), card_value(card))


def eliria_odds_cards(entries: Sequence[DeckEntry], group: Collection[str]) -> list[OddsCard]:
    """The deck proper (``main`` without tokens, rule 14), each card marked in the group when
    its code is one of *group* (any case)."""
    wanted = {code.upper() for code in group}
    out = []
    for i, entry in enumerate(playable_cards(entries)):
        info = CardInfo(i, entry.card)
        out.append(OddsCard(entry.card.code, entry.quantity, entry.card.code.upper() in wanted,
                            info.is_mulligan_combat, mulligan_discard_key(info)))  # fmt: skip
    return out


def cards_seen(turn: int, *, first: bool) -> int:
    """Cards drawn by the end of turn *turn*'s Inicial phase: five (11.b), then one a turn
    (12.a), the first player skipping turn 1's (11.d).

    >>> cards_seen(1, first=True), cards_seen(1, first=False), cards_seen(3, first=True)
    (5, 6, 7)
    """
    return HAND_SIZE + turn - (1 if first else 0)


def eliria_odds(
    cards: Sequence[OddsCard], *, at_least: int = 1, turns: int = 10, first: bool = True
) -> OddsReport:
    """P(at least *at_least* group cards among the cards seen) for turns 1 … *turns*."""
    size = sum(c.copies for c in cards)
    group = sum(c.copies for c in cards if c.in_group)
    seen = [cards_seen(t, first=first) for t in range(1, turns + 1)]
    starters = [c for c in cards if c.starter]
    can_mulligan = bool(starters) and len(starters) < len(cards)
    if can_mulligan and size > MAX_MULLIGAN_DECK:
        raise InvalidSimulation(
            f"Las probabilidades exactas con mulligan (11.b) admiten mazos de hasta {MAX_MULLIGAN_DECK} "
            f"cartas; este tiene {size}."
        )
    if can_mulligan:
        sg = sum(c.copies for c in starters if c.in_group)
        so = sum(c.copies for c in starters) - sg
        ps = mulligan_odds(starters=(sg, so), blocks=discard_blocks(cards), seen=seen, at_least=at_least)
    else:  # every hand is kept (or none could hold a starter): the plain hypergeometric tail
        ps = [float(hypergeometric_at_least(size, group, n, at_least)) for n in seen]
    per_turn = tuple(TurnOdds(t, n, p) for t, (n, p) in enumerate(zip(seen, ps, strict=True), 1))
    return OddsReport(size, group, can_mulligan, per_turn)


def one_more_of_group(cards: Sequence[OddsCard]) -> list[OddsCard] | None:
    """The deck with one more card of the group in place of one card outside it: a copy of the
    kind most of the group is (starter or not) replaces an outside card of that kind when there
    is one, the one the mulligan discards first, and takes its place in the discard order.
    None when every card is in the group."""
    outside = [c for c in cards if not c.in_group and c.copies]
    if not outside:
        return None
    group_starters = sum(c.copies for c in cards if c.in_group and c.starter)
    group_others = sum(c.copies for c in cards if c.in_group and not c.starter)
    starter = group_starters >= group_others
    same_kind = [c for c in outside if c.starter == starter] or outside
    cut = min(same_kind, key=lambda c: c.discard_key)
    out = [replace(c, copies=c.copies - 1) if c is cut else c for c in cards]
    out.append(replace(cut, code=f"{cut.code}+", copies=1, in_group=True))
    return [c for c in out if c.copies]


def discard_blocks(cards: Sequence[OddsCard]) -> list[Block]:
    """The cards that are not starters, as (group, other) copies per discard key, lowest first."""
    blocks: dict[tuple[int, float], list[int]] = {}
    for c in cards:
        if not c.starter:
            block = blocks.setdefault(c.discard_key, [0, 0])
            block[0 if c.in_group else 1] += c.copies
    return [(g, o) for _, (g, o) in sorted(blocks.items())]


def mulligan_odds(
    *,
    starters: tuple[int, int],
    blocks: Sequence[Block],
    seen: Sequence[int],
    at_least: int,
    hand: int = HAND_SIZE,
) -> list[float]:
    """P(at least *at_least* group cards among the first *n* cards seen) for each *n* in *seen*,
    under rule 11.b with the policy's discards.

    *starters* is (group, other) copies of the cards that let a hand be kept; *blocks* the other
    cards by discard class, the class discarded first first. A mulligan hand holds no starter,
    so it discards its lowest card, any copy of the lowest class alike.

    >>> [round(p, 6) for p in mulligan_odds(starters=(0, 20), blocks=[], seen=[5, 6], at_least=0)]
    [1.0, 1.0]
    """
    kept = _kept_hands(starters, [b for b in blocks if b[0] or b[1]], hand)
    return _after_kept(kept, seen, at_least, hand)


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
    starters: tuple[int, int], blocks: list[Block], hand: int
) -> dict[tuple[int, int, int], float]:
    """(deck size, group cards in the deck, group cards in the kept hand) -> probability, over
    every run of mulligans that ends in a kept hand (the lost ones are left out)."""
    sg, so = starters
    g0, o0 = sum(g for g, _ in blocks), sum(o for _, o in blocks)
    size0 = sg + so + g0 + o0
    reach = _reach(sg + so, g0 + o0, hand)
    removed = _discarded(blocks, len(reach) - 1, hand)
    kept: dict[tuple[int, int, int], float] = {}
    comb = math.comb
    for m, w in enumerate(reach):
        size = size0 - m
        if size < hand:
            break
        total = comb(size, hand)
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


def _discarded(blocks: list[Block], steps: int, hand: int) -> list[list[float]]:
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
            table: list[list[list[float]]] = [[after[r]] for r in range(steps + 1)]  # [r][x] -> over j
            for _ in range(g + o):
                size += 1
                table = [_one_card(table, r, _taken(size, r, hand)) for r in range(steps + 1)]
            after = [_mix_class(table[r], g, o) for r in range(steps + 1)]
            continue
        shift = [0.0] if g else []  # a discard of a group card moves j up by one
        for _ in range(g + o):
            size += 1
            after = [_plain_card(after, r, _taken(size, r, hand), shift) for r in range(steps + 1)]
    return after


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


def _one_card(table: list[list[list[float]]], r: int, q: float) -> list[list[float]]:
    """Row r once one more card (discarded within r mulligans with chance q) is below the rest."""
    kept_row = table[r]
    taken_row = table[r - 1] if r else []
    width = max(len(kept_row), len(taken_row) + 1)
    out = []
    for x in range(width):
        vec = _axpy([], kept_row[x], 1.0 - q) if x < len(kept_row) and q < 1.0 else []
        if x and x - 1 < len(taken_row) and q > 0.0:
            vec = _axpy(vec, taken_row[x - 1], q)
        out.append(vec)
    return out


def _mix_class(row: list[list[float]], g: int, o: int) -> list[float]:
    """Over j: x discards in a class of g group and o other copies, in random order, hold
    i group cards hypergeometrically; j = i + the group cards discarded above the class."""
    out: list[float] = []
    c = g + o
    for x, vec in enumerate(row):
        if not any(vec):
            continue
        for i in range(max(0, x - o), min(g, x) + 1):
            share = math.comb(g, i) * math.comb(o, x - i) / math.comb(c, x)
            out = _axpy(out, [0.0] * i + vec, share)
    return out


def _axpy(into: list[float], vec: list[float], a: float) -> list[float]:
    """into + a * vec, over vectors of any lengths (missing entries are zero)."""
    return [x + a * v for x, v in zip_longest(into, vec, fillvalue=0.0)]


def _after_kept(
    kept: dict[tuple[int, int, int], float], seen: Sequence[int], k: int, hand: int
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
    tails = {key: _tails(*key, longest, need) for key, need in needs.items()}
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


def mision_odds(
    entries: Sequence[DeckEntry], group: Collection[str], *, at_least: int = 1, turns: int = 10
) -> dict[str, OddsReport]:
    """Misión S.O.S: the group among the Elementos drawn and the Entes brought out.

    Elementos: four set aside before the game, then one at the start of every turn, either
    player (4 + t by turn t; a won fight's extra Elemento is not counted: the least a player
    sees). Entes: four taken at random, one brought out a turn (min(t, 4) seen by turn t).
    A deck with fewer cards than that shows all it has."""
    wanted = {code.upper() for code in group}
    out = {}
    for section, seen_at in (("elements", _elements_seen), ("entities", _entes_seen)):
        rows = [e for e in entries if e.section == section]
        size = sum(e.quantity for e in rows)
        hits = sum(e.quantity for e in rows if e.card.code.upper() in wanted)
        per_turn = []
        for t in range(1, turns + 1):
            n = min(seen_at(t), size)
            per_turn.append(TurnOdds(t, n, float(hypergeometric_at_least(size, hits, n, at_least))))
        out[section] = OddsReport(size, hits, False, tuple(per_turn))
    return out


def _elements_seen(turn: int) -> int:
    return MISION_ELEMENTS_SET_ASIDE + turn


def _entes_seen(turn: int) -> int:
    return min(turn, MISION_ENTES_IN_PLAY)
