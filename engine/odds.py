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

The computation is exact up to float rounding: which card a mulligan discards depends only on
the hand's lowest discard class, so the state is the count of each class still in the deck
(adjacent classes wholly in or wholly out of the group merge into one); each state's kept
hands then split by how many group cards they hold, and the draws after the kept hand are a
plain hypergeometric tail of what is left. States rarer than ``PRUNE`` are dropped (their
mass bounds the error). Without a possible mulligan *p* is exactly
:func:`~engine.stats.hypergeometric_at_least`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .decklist import DeckEntry
from .eliria.cardinfo import CardInfo
from .eliria.players import card_value
from .eliria.rules import DISCARD_RANK, HAND_SIZE, playable_cards
from .stats import hypergeometric_at_least

__all__ = [
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

PRUNE = 1e-18  # mulligan states less likely than this are dropped (a bound on the error)
MISION_ELEMENTS_SET_ASIDE = 4  # Misión S.O.S: four Elementos de juego set aside before turn 1
MISION_ENTES_IN_PLAY = 4  # four Entes de juego, one brought out a turn

Block = tuple[int, int]  # (group copies, other copies) of one discard class still in the deck


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


def eliria_odds(cards: Sequence[OddsCard], *, at_least: int = 1, turns: int = 10, first: bool = True) -> OddsReport:
    """P(at least *at_least* group cards among the cards seen) for turns 1 … *turns*."""
    size = sum(c.copies for c in cards)
    group = sum(c.copies for c in cards if c.in_group)
    seen = [cards_seen(t, first=first) for t in range(1, turns + 1)]
    starters = [c for c in cards if c.starter]
    can_mulligan = bool(starters) and len(starters) < len(cards)
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
    *, starters: tuple[int, int], blocks: Sequence[Block], seen: Sequence[int], at_least: int, hand: int = HAND_SIZE
) -> list[float]:
    """P(at least *at_least* group cards among the first *n* cards seen) for each *n* in *seen*,
    under rule 11.b with the policy's discards.

    *starters* is (group, other) copies of the cards that let a hand be kept; *blocks* the other
    cards by discard class, the class discarded first first. A mulligan hand holds no starter,
    so it discards from its lowest class, any copy of that class alike.

    >>> [round(p, 6) for p in mulligan_odds(starters=(0, 20), blocks=[(0, 0)], seen=[5, 6], at_least=0)]
    [1.0, 1.0]
    """
    sg, so = starters
    kept = _kept_hands(sg, sg + so, _normal(list(blocks)), hand)
    return [_after_kept(kept, n, at_least, hand) for n in seen]


def _kept_hands(sg: int, s: int, start: tuple[Block, ...], hand: int) -> dict[tuple[int, int, int], float]:
    """(deck size, group cards in the deck, group cards in the kept hand) -> probability, over
    every run of mulligans that ends in a kept hand (the lost ones are left out)."""
    comb = math.comb
    kept: dict[tuple[int, int, int], float] = {}
    level = {start: 1.0}
    size = s + sum(g + o for g, o in start)
    while level and size >= hand:
        total = comb(size, hand)
        after: dict[tuple[Block, ...], float] = {}
        for state, w in level.items():
            ng, no = sum(g for g, _ in state), sum(o for _, o in state)
            g_all = sg + ng
            for h in range(min(hand, g_all) + 1):
                # All hands with h group cards, less those without a starter.
                ways = comb(g_all, h) * comb(size - g_all, hand - h) - comb(ng, h) * comb(no, hand - h)
                if ways:
                    key = (size, g_all, h)
                    kept[key] = kept.get(key, 0.0) + w * ways / total
            if size - 1 >= hand:  # else the mulligan loses by 7.c: the game holds nothing
                _mulligan(state, w, ng + no, total, hand, after)
        level = {state: w for state, w in after.items() if w > PRUNE}
        size -= 1
    return kept


def _mulligan(state: tuple[Block, ...], w: float, pool: int, total: int, hand: int,
              after: dict[tuple[Block, ...], float]) -> None:
    """Spread *w* over the states one discard leads to: the hand's lowest class is b with the
    chance that all five come from classes b and above but not all from above b."""
    above = pool
    for b, (g, o) in enumerate(state):
        rest = above - g - o
        chance = (math.comb(above, hand) - math.comb(rest, hand)) / total
        above = rest
        if chance <= 0.0:
            if above < hand:
                break
            continue
        for in_group, count in ((True, g), (False, o)):
            if count:
                nxt = _normal([*state[:b], (g - 1, o) if in_group else (g, o - 1), *state[b + 1:]])
                after[nxt] = after.get(nxt, 0.0) + w * chance * count / (g + o)


def _normal(blocks: list[Block]) -> tuple[Block, ...]:
    """Drop empty classes and merge neighbours wholly in (or wholly out of) the group: a
    discard from either is then the same event for the odds."""
    out: list[Block] = []
    for g, o in blocks:
        if not g and not o:
            continue
        if out and ((g == 0 and out[-1][0] == 0) or (o == 0 and out[-1][1] == 0)):
            pg, po = out[-1]
            out[-1] = (pg + g, po + o)
        else:
            out.append((g, o))
    return tuple(out)


def _after_kept(kept: dict[tuple[int, int, int], float], n: int, k: int, hand: int) -> float:
    """Sum over kept hands of the chance that the next n - hand draws bring the rest of k."""
    return sum(w * _tail(size - hand, group - h, n - hand, k - h) for (size, group, h), w in kept.items())


@lru_cache(maxsize=65536)
def _tail(size: int, group: int, draws: int, k: int) -> float:
    """P(at least k group cards in *draws* from *size* holding *group*); 0 when the draws
    cannot all be made (7.c)."""
    if draws > size:
        return 0.0
    if k <= 0:
        return 1.0
    hits = sum(math.comb(group, i) * math.comb(size - group, draws - i) for i in range(k, min(group, draws) + 1))
    return hits / math.comb(size, draws)


def mision_odds(entries: Sequence[DeckEntry], group: Collection[str], *, at_least: int = 1,
                turns: int = 10) -> dict[str, OddsReport]:
    """Misión S.O.S: the group among the Elementos drawn and the Entes brought out.

    Elementos: four set aside before the game, then one at the start of every turn, either
    player (4 + t by turn t; a won fight's extra Elemento is not counted: the least a player
    sees). Entes: four taken at random, one brought out a turn (min(t, 4) seen by turn t).
    A deck with fewer cards than that shows all it has."""
    wanted = {code.upper() for code in group}
    out = {}
    for section, seen_at in (("elements", lambda t: MISION_ELEMENTS_SET_ASIDE + t),
                             ("entities", lambda t: min(t, MISION_ENTES_IN_PLAY))):  # fmt: skip
        rows = [e for e in entries if e.section == section]
        size = sum(e.quantity for e in rows)
        hits = sum(e.quantity for e in rows if e.card.code.upper() in wanted)
        per_turn = []
        for t in range(1, turns + 1):
            n = min(seen_at(t), size)
            per_turn.append(TurnOdds(t, n, float(hypergeometric_at_least(size, hits, n, at_least))))
        out[section] = OddsReport(size, hits, False, tuple(per_turn))
    return out
