"""Eliria game state for the goldfish: one player, no opponent, playing by rules 7, 9, 11 and 12.

The deck is the ``main`` section without tokens (rule 14). The player keeps an
opening hand holding a combat card without † (11.b), plays such cards into the
three combat slots (2) as soon as a slot is free and the rule of three (9)
allows, highest potential first, and powers them up (12.c). It plays face up: a
face-down combatant could not attack (8) and gains nothing here. With no
opponent nothing is ever destroyed, so the only ways to lose are 7.c (a draw
from an empty deck, in the mulligan or the Inicial phase) and 7.b.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..decklist import DeckEntry
from ..rng import card_ids, deal, shuffle_key
from .rules import COMBAT_SLOTS, DISCARD_RANK, HAND_SIZE, RULE_OF_THREE, playable_cards, power_up

__all__ = ["RULE_OF_THREE", "SLOTS", "EliriaDeck", "EliriaGame", "Event"]

SLOTS = COMBAT_SLOTS
NEVER = 1 << 30  # "attack cost" of a card without attacks
Event = dict[str, Any]



@dataclass(frozen=True)
class EliriaDeck:
    """A deck compiled for simulation: each distinct card is an int id."""

    codes: tuple[str, ...]
    pile: tuple[int, ...]  # one id per copy
    playable: tuple[bool, ...]  # combat card without †: played and needed by 11.b
    potential: tuple[int, ...]
    attack_cost: tuple[int, ...]  # cheapest attack (rule 6.a.IV), NEVER without one
    discard_rank: tuple[int, ...]
    attack_costs: tuple[frozenset[int], ...] = ()  # every attack cost of each card
    # Dealing by identity (engine.rng): each card's group (its code: two lines of one card are one
    # group), each group's copy identities, and the identity of each copy of ``pile``.
    group: tuple[int, ...] = ()
    group_ids: tuple[tuple[int, ...], ...] = ()
    ids: tuple[int, ...] = ()

    @classmethod
    def from_entries(cls, entries: Sequence[DeckEntry], in_place_of: Mapping[str, str] | None = None) -> EliriaDeck:
        """*in_place_of*: codes dealt with another card's identities (engine.rng.card_ids)."""
        cards = [e.card for e in playable_cards(entries)]
        pile = [i for i, e in enumerate(playable_cards(entries)) for _ in range(e.quantity)]
        groups: dict[str, int] = {}
        alias = in_place_of or {}
        group = tuple(groups.setdefault(alias.get(c.code, c.code).upper(), len(groups)) for c in cards)
        copies = [0] * len(groups)
        for i in pile:
            copies[group[i]] += 1
        codes = sorted(groups, key=groups.__getitem__)
        group_ids = tuple(tuple(card_ids([code] * n)) for code, n in zip(codes, copies, strict=True))
        return cls(
            codes=tuple(c.code for c in cards),
            pile=tuple(pile),
            playable=tuple(c.is_mulligan_combat for c in cards),
            potential=tuple(max(c.potential or 0, 0) for c in cards),
            attack_cost=tuple(min((a.cost for a in c.attacks), default=NEVER) for c in cards),
            discard_rank=tuple(DISCARD_RANK.get(c.type, 0) for c in cards),
            attack_costs=tuple(frozenset(a.cost for a in c.attacks) for c in cards),
            group=group,
            group_ids=group_ids,
            ids=tuple(pile_ids(pile, group, group_ids)),
        )

    @property
    def size(self) -> int:
        return len(self.pile)

    @property
    def combat_copies(self) -> int:
        return sum(1 for i in self.pile if self.playable[i])


def pile_ids(pile: Sequence[int], group: Sequence[int], group_ids: Sequence[Sequence[int]]) -> list[int]:
    """The identity of each copy of *pile* (card indices of an :class:`EliriaDeck`), copies of a
    card numbered as met: a pile's deal depends on which cards it holds, not on their order."""
    seen = [0] * len(group_ids)
    out: list[int] = []
    for c in pile:
        g = group[c]
        k = seen[g]
        seen[g] = k + 1
        out.append(group_ids[g][k])
    return out


class EliriaGame:
    """The state of one goldfish game; each method is one step of the rules."""

    __slots__ = (
        "base",
        "board",
        "charging",
        "deck",
        "hand",
        "lost",
        "mulligans",
        "pile",
        "played",
        "power",
        "trace",
        "turn",
    )

    def __init__(self, deck: EliriaDeck, base: int, trace: list[Event] | None = None) -> None:
        """A game whose deal seed is *base* (``GameRng.base``: the decks are dealt by identity)."""
        self.deck = deck
        self.base = base
        # 11.a: shuffled by identity (engine.rng.deal); the next card drawn is the last.
        self.pile = deal(shuffle_key(base, 0, 0, 0), list(deck.pile), deck.ids)
        self.hand: list[int] = []
        self.board: list[int] = []  # combat slots in use, left to right
        self.power: list[int] = []  # power counter of each slot (rule 3: the dice)
        self.charging = 0  # combatants still below their potential
        self.played = 0  # combat cards played from hand (rule 9)
        self.mulligans = 0
        self.lost: str | None = None
        self.turn = 0
        self.trace = trace

    def _event(self, phase: str, event: str, **data: Any) -> None:
        if self.trace is not None:
            self.trace.append({"turn": self.turn, "phase": phase, "event": event, **data})

    def _lose(self, phase: str, reason: str, rule: str) -> None:
        self.lost = reason
        if self.trace is not None:
            self._event(phase, "lost", reason=reason, rule=rule)

    def _draw_hand(self) -> None:
        pile = self.pile
        self.hand = [pile.pop() for _ in range(HAND_SIZE)]
        if self.trace is not None:
            self._event("inicio", "draw_hand", rule="11.b", cards=[self.deck.codes[c] for c in self.hand])

    def _hand_ok(self) -> bool:
        playable = self.deck.playable
        return any(playable[c] for c in self.hand)

    def opening(self) -> bool:
        """Rules 11.a–b: shuffle, draw five, mulligan until a combat card without † shows.

        Returns whether the first five cards held one. Losing by 7.c when a
        hand of five cannot be drawn; the mulligan that led there counts.
        """
        if self.trace is not None:
            self._event("inicio", "shuffle", rule="11.a", cards=len(self.pile))
        if len(self.pile) < HAND_SIZE:
            self._lose("inicio", "deck_out", "7.c")
            return False
        self._draw_hand()
        first_ok = self._hand_ok()
        while not self._hand_ok():
            self._mulligan()
            if len(self.pile) < HAND_SIZE:
                self._lose("inicio", "deck_out", "7.c")
                return first_ok
            self._draw_hand()
        return first_ok

    def _mulligan(self) -> None:
        """Rule 11.b: discard one card, return the rest to the deck, reshuffle."""
        rank = self.deck.discard_rank
        hand = self.hand
        discard = min(hand, key=rank.__getitem__)
        hand.remove(discard)
        self.mulligans += 1
        self.pile.extend(hand)
        deck = self.deck  # reshuffled (11.b): the mulligan's round keys the deal
        self.pile = deal(shuffle_key(self.base, 0, 0, self.mulligans), self.pile,
                         pile_ids(self.pile, deck.group, deck.group_ids))
        if self.trace is not None:
            codes = self.deck.codes
            self._event(
                "inicio",
                "mulligan",
                rule="11.b",
                count=self.mulligans,
                discarded=codes[discard],
                returned=[codes[c] for c in hand],
            )
        self.hand = []

    def inicial(self) -> None:
        """Rule 12.a: draw one card; an empty deck loses by 7.c (no reactions to clear)."""
        if not self.pile:
            self._lose("inicial", "deck_out", "7.c")
            return
        card = self.pile.pop()
        self.hand.append(card)
        if self.trace is not None:
            self._event("inicial", "draw", rule="12.a", card=self.deck.codes[card])

    def movimiento(self) -> None:
        """Rule 12.b: play combat cards without † into free slots, highest potential first (rule 9)."""
        if self.played >= RULE_OF_THREE:
            return
        room = min(SLOTS - len(self.board), RULE_OF_THREE - self.played)
        if room <= 0:
            return
        playable, potential = self.deck.playable, self.deck.potential
        ready = [c for c in self.hand if playable[c]]
        if not ready:
            return
        ready.sort(key=lambda c: -potential[c])  # stable: hand order breaks ties
        for card in ready[:room]:
            self.hand.remove(card)
            self.board.append(card)
            self.power.append(0)  # a combatant enters with no power
            self.charging += potential[card] > 0
            self.played += 1
            if self.trace is not None:
                self._event(
                    "movimiento",
                    "play",
                    rule="9",
                    card=self.deck.codes[card],
                    slot=len(self.board),
                    played=self.played,
                )

    def poder(self) -> None:
        """Rule 12.c: each combatant gains one power up to its potential; none on the board loses (7.b)."""
        if not self.board:
            self._lose("poder", "no_combatant", "7.b")
            return
        if self.charging:
            potential, power = self.deck.potential, self.power
            for slot, card in enumerate(self.board):
                cap = potential[card]
                if power[slot] < cap:
                    power[slot] = power_up(power[slot], cap)
                    self.charging -= power[slot] == cap
        if self.trace is not None:
            for slot, card in enumerate(self.board):
                self._event(
                    "poder",
                    "power",
                    rule="12.c",
                    card=self.deck.codes[card],
                    slot=slot + 1,
                    power=self.power[slot],
                )

    def play_turn(self, turn: int) -> None:
        """One turn; the first skips the Inicial and Ataque phases (11.d)."""
        self.turn = turn
        if turn > 1:
            self.inicial()
            if self.lost:
                return
        elif self.trace is not None:
            self._event("inicial", "skip", rule="11.d")
        if self.played < RULE_OF_THREE:
            self.movimiento()
        self.poder()
        # Rule 12.d: an attack needs an opponent's combatant; none on turn 1 (11.d).
        if self.trace is not None and not self.lost:
            self._event("ataque", "skip" if turn == 1 else "no_target", rule="11.d" if turn == 1 else "12.d")
