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

from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .decklist import DeckEntry
from .eliria.cardinfo import CardInfo
from .eliria.rules import DISCARD_RANK, HAND_SIZE, playable_cards
from .errors import InvalidSimulation
from .mulligan import PRUNE, Block, mulligan_odds
from .stats import hypergeometric_at_least

__all__ = [
    "MAX_MULLIGAN_DECK",
    "MISION_ELEMENTS_SET_ASIDE",
    "MISION_ENTES_IN_PLAY",
    "OddsCard",
    "PRUNE",
    "OddsReport",
    "TurnOdds",
    "eliria_odds",
    "eliria_odds_answer",
    "eliria_odds_cards",
    "mision_odds",
    "mision_odds_answer",
    "mulligan_discard_key",
    "mulligan_odds",
    "one_more_of_group",
]

# The exact mulligan odds take about a second for a 150-card deck with few combat cards; a
# bigger deck that can need a mulligan is refused rather than left to run (a 300-card one: ~10 s).
MAX_MULLIGAN_DECK = 150
MISION_ELEMENTS_SET_ASIDE = 4  # Misión S.O.S: four Elementos de juego set aside before turn 1
MISION_ENTES_IN_PLAY = 4  # four Entes de juego, one brought out a turn


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
    ``EliriaGoldfishPlayer.choose`` for a ``mulligan`` decision (11.b), its type's rank alone;
    among cards of one rank the first in the hand goes, and the hand's order is random, so each
    of them alike (issue 36: the odds used to break ties by worth, which the player never did).
    The second member stays for callers that order by it; it is always 0."""
    return (DISCARD_RANK.get(card.kind, 0), 0.0)


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
    cards: Sequence[OddsCard],
    *,
    at_least: int = 1,
    turns: int = 10,
    first: bool = True,
    deadline: float | None = None,
) -> OddsReport:
    """P(at least *at_least* group cards among the cards seen) for turns 1 … *turns*.

    *deadline* (a :func:`time.thread_time` value) bounds the mulligan sums: past it they stop with
    :class:`~engine.errors.TooCostly`. The last answers are remembered (:func:`_mulligan_memo`),
    so a page asked again costs nothing."""
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
        ps = _mulligan_memo((sg, so), tuple(discard_blocks(cards)), tuple(seen), at_least, deadline)
    else:  # every hand is kept (or none could hold a starter): the plain hypergeometric tail
        ps = [float(hypergeometric_at_least(size, group, n, at_least)) for n in seen]
    per_turn = tuple(TurnOdds(t, n, p) for t, (n, p) in enumerate(zip(seen, ps, strict=True), 1))
    return OddsReport(size, group, can_mulligan, per_turn)


_MEMO: OrderedDict[tuple[tuple[int, int], tuple[Block, ...], tuple[int, ...], int], list[float]] = OrderedDict()
MEMO_SIZE = 128  # answers kept per process (a few kB each)


def _mulligan_memo(
    starters: tuple[int, int], blocks: tuple[Block, ...], seen: tuple[int, ...], at_least: int, deadline: float | None
) -> list[float]:
    """mulligan_odds, remembered for the last MEMO_SIZE questions (a refusal is not remembered)."""
    key = (starters, blocks, seen, at_least)
    found = _MEMO.get(key)
    if found is not None:
        try:
            _MEMO.move_to_end(key)
        except KeyError:  # another thread let it go meanwhile: the answer in hand is still right
            pass
        return found
    found = mulligan_odds(starters=starters, blocks=blocks, seen=seen, at_least=at_least, deadline=deadline)
    _MEMO[key] = found
    while len(_MEMO) > MEMO_SIZE:
        try:
            _MEMO.popitem(last=False)
        except KeyError:  # emptied by another thread meanwhile
            break
    return found


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


def eliria_odds_answer(
    entries: Sequence[DeckEntry], group: Collection[str], *, at_least: int, turns: int, first: bool,
    deadline: float | None = None,
) -> dict[str, Any]:
    """Eliria's numbers of ``POST /api/odds/`` (docs/contract.md §6): the group's odds, the same with one
    more copy of the group (``one_more``, None when there is none to add), whether any hand can be
    kept, and with a possible mulligan what *p* counts as "not held": games already lost by 7.c (a
    mulligan left fewer than five cards, or a draw from an empty deck), ``lost``. Every computation
    stops at *deadline* together."""
    cards = eliria_odds_cards(entries, group)
    answer = eliria_odds(cards, at_least=at_least, turns=turns, first=first, deadline=deadline).as_dict()
    more = one_more_of_group(cards)
    if more is not None:
        one_more = eliria_odds(more, at_least=at_least, turns=turns, first=first, deadline=deadline).as_dict()
        answer["one_more"] = {"group": one_more["group"], "per_turn": one_more["per_turn"]}
    else:
        answer["one_more"] = None
    answer["keepable"] = any(c.starter for c in cards)
    if answer["mulligan"]:
        alive = eliria_odds(cards, at_least=0, turns=turns, first=first, deadline=deadline).per_turn
        answer["lost"] = [{"turn": t.turn, "p": max(0.0, 1.0 - t.p)} for t in alive]
    return answer


def mision_odds_answer(
    entries: Sequence[DeckEntry], group: Collection[str], *, at_least: int, turns: int, first: bool,
    deadline: float | None = None,
) -> dict[str, Any]:
    """Misión S.O.S's numbers of ``POST /api/odds/``: the Elementos' odds, the Entes' under
    ``entities`` (:func:`mision_odds`; who starts changes nothing, no mulligan to bound)."""
    both = mision_odds(entries, group, at_least=at_least, turns=turns)
    return {**both["elements"].as_dict(), "entities": both["entities"].as_dict()}


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
