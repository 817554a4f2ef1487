"""Eliria policies: the rule-based :class:`EliriaPlayer` and the :class:`EliriaGoldfishPlayer`.

Both answer ``choose(view, legal, rng)`` with one of *legal*, reading only
their seat's :class:`~engine.eliria.view.EliriaView`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..actions import Action
from .board import END
from .cardinfo import REACTION, SUMMON, CardInfo
from .rules import DISCARD_RANK, RULE_OF_THREE
from .view import EliriaView

if TYPE_CHECKING:
    from .match import EliriaMatch

__all__ = ["EliriaGoldfishPlayer", "EliriaPlayer", "card_value", "goldfish_helps"]


def card_value(card: CardInfo) -> float:
    """A rough worth of a combat card: its best damage, its resistance, its potential."""
    return card.worth


def _useful_summon(view: EliriaView, card: CardInfo) -> bool:
    """Whether a summon played face up now does something."""
    me = view.me
    if card.subtype == "field":
        return bool(card.field_res or card.field_power)
    if card.subtype == "attached":
        return bool(card.att_res or card.att_dmg or card.att_pot or card.att_thorns)
    if card.on_play:
        return any(c is not None and c.up for c in me.combat)
    script = card.script  # a named script knows whether it would do anything now
    return script is not None and script.usable(view.match, view.seat)


class EliriaPlayer:
    """A rule-based player: keeps a legal hand, fills its slots, attacks in line (rule 10) to destroy,
    plays face down when it has nothing in front, uses its reactions and summons when they help."""

    # Movimiento, in order of preference: (action kinds it needs, the method that may pick one).
    _picks: tuple[
        tuple[tuple[str, ...], Callable[[EliriaPlayer, EliriaView, dict[str, list[Action]]], Action | None]],
        ...,
    ]

    def choose(self, view: EliriaView, legal: Sequence[Action], rng: random.Random) -> Action:
        kind = view.pending_kind
        if kind == "movement":
            return self._movement(view, legal)
        if kind == "attack":
            return self._attack(view, legal)
        if kind == "mulligan":  # 11.b is a right; a hand with no combatant loses by 7.b: always take it
            hand = view.me.hand
            return min(
                (a for a in legal if a.kind == "mulligan_discard"),
                key=lambda a: (DISCARD_RANK.get(hand[a.args[0]].kind, 0), card_value(hand[a.args[0]])),
            )
        chooser = _CHOICES.get(kind)
        return chooser(view, legal) if chooser is not None else legal[0]

    # -- Movimiento ----------------------------------------------------------------------------

    def _movement(self, view: EliriaView, legal: Sequence[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            group = by_kind.get(a.kind)
            if group is None:
                by_kind[a.kind] = [a]
            else:
                group.append(a)
        for kinds, pick in self._picks:
            if any(k in by_kind for k in kinds):
                choice = pick(self, view, by_kind)
                if choice is not None:
                    return choice
        return by_kind["end"][0]

    def _reveal(self, view: EliriaView, by_kind: dict[str, list[Action]]) -> Action | None:
        me = view.me
        for a in by_kind.get("reveal", ()):
            c = me.combat[a.args[0]]
            assert c is not None
            ready = min(c.power, view.potential(c)) >= c.card.min_cost
            if ready and view.rival_combat(a.args[0]) is not None or c.card.has_passive:
                return a
        return None

    def _play_combat(self, view: EliriaView, by_kind: dict[str, list[Action]]) -> Action | None:
        plays = [a for a in by_kind.get("play", ()) if a.args[1] >= 0]
        me = view.me
        if not plays:
            return None
        on_board = sum(c is not None for c in me.combat)
        in_hand = sum(c.playable_from_hand for c in me.hand)
        if on_board >= 2 and in_hand <= 1 and me.played >= 2:
            return None  # keep the third combatant of rule 9 in reserve
        best = max(plays, key=lambda a: (card_value(me.hand[a.args[0]]), -a.args[0]))
        card = me.hand[best.args[0]]
        slot = self._slot(view, card, sorted({a.args[1] for a in plays if a.args[0] == best.args[0]}))
        up = view.rival_combat(slot) is not None or card.has_passive
        return next(a for a in plays if a.args[0] == best.args[0] and a.args[1] == slot and a.args[2] == up)

    @staticmethod
    def _slot(view: EliriaView, card: CardInfo, free: list[int]) -> int:
        """In front of the rival combatant it can best destroy; else the leftmost free slot."""
        best_dmg = max(
            (a.damage if a.damage is not None else card.potential for a in card.attacks), default=0
        )
        scored = [
            (best_dmg > view.rival_resistance(s), -view.rival_resistance(s), -s)
            for s in free
            if view.rival_combat(s) is not None
        ]
        if scored:
            return -max(scored)[2]
        return free[0]

    def _play_support(self, view: EliriaView, by_kind: dict[str, list[Action]]) -> Action | None:
        me = view.me
        for a in by_kind.get("play", ()):
            i, slot, up = a.args
            if slot >= 0:
                continue
            card = me.hand[i]
            if card.kind == REACTION and view.has_rival:
                return a
            if card.kind == SUMMON and up and _useful_summon(view, card):
                return a
        for a in by_kind.get("reveal_support", ()):
            sup = me.support[a.args[0]]
            if sup is not None and _useful_summon(view, sup.card):
                return a
        return None

    def _sacrifice(self, view: EliriaView, by_kind: dict[str, list[Action]]) -> Action | None:
        me = view.me
        for a in by_kind.get("sacrifice", ()):
            cannon, victim = me.combat[a.args[0]], me.combat[a.args[1]]
            if (
                cannon is not None
                and victim is not None
                and victim.card.is_token
                and cannon.power < view.potential(cannon)
            ):
                return a  # ruling PRIMERO: tokens feed a ``sacrifice_cannon``
        return None

    def _move(self, view: EliriaView, by_kind: dict[str, list[Action]]) -> Action | None:
        """Move (once per turn, 12.b) to face a rival it can destroy, or away from one that
        would destroy it while it cannot answer."""
        me = view.me
        moves = by_kind.get("move", ())
        if not moves:
            return None
        if not any(self._can_destroy(view, s, s) for s, _ in me.combatants()):
            for a in moves:
                if self._can_destroy(view, a.args[0], a.args[1]):
                    return a
        for a in moves:
            s, to = a.args
            if (
                self._threatened(view, s, s)
                and not self._can_destroy(view, s, s)
                and not self._threatened(view, s, to)
            ):
                return a
        return None

    @staticmethod
    def _threatened(view: EliriaView, s: int, t: int) -> bool:
        """Whether the rival in front of slot *t* could destroy my combatant of slot *s* next turn."""
        rival = view.rival_combat(t)
        if rival is None:
            return False
        if not rival.up:
            return rival.power >= 3
        mine = view.resistance(s)
        return any(
            a.cost <= rival.power + 1 and (a.damage if a.damage is not None else rival.power + 1) > mine
            for a in rival.card.attacks
        )

    @staticmethod
    def _can_destroy(view: EliriaView, s: int, t: int) -> bool:
        c = view.me.combat[s]
        if c is None or not c.up or view.rival_combat(t) is None:
            return False
        res = view.rival_resistance(t)
        return any(a.cost <= c.power and view.damage(s, a.index, t) > res for a in c.card.attacks)

    # -- Ataque ----------------------------------------------------------------------------------

    def _attack(self, view: EliriaView, legal: Sequence[Action]) -> Action:
        best, best_score = legal[-1], 0.0
        me = view.me
        for a in legal:
            if a.kind != "attack":
                continue
            s, i, t = a.args[:3]
            c = me.combat[s]
            assert c is not None
            damage = view.damage(s, i, t)
            destroys = damage > view.rival_resistance(t)
            spends = c.card.attacks[i].spends_attacker  # compiled by verbs/on_attack.py (lose_power)
            if spends and not destroys:
                continue
            if not destroys and view.rival_thorns(t) > view.resistance(s):
                continue  # the attached thorns would destroy the attacker for nothing
            target = view.rival_card(t)
            score = (
                damage
                + (100 + (card_value(target) if target else 5) if destroys else 0)
                - (3 if spends else 0)
            )
            score += len(c.card.attacks[i].after)
            if score > best_score:
                best, best_score = a, score
        return best


EliriaPlayer._picks = (
    (("reveal",), EliriaPlayer._reveal),
    (("play",), EliriaPlayer._play_combat),
    (("play", "reveal_support"), EliriaPlayer._play_support),
    (("sacrifice",), EliriaPlayer._sacrifice),
    (("move",), EliriaPlayer._move),
)


class EliriaGoldfishPlayer:
    """The goldfish of docs/contract.md §5 as a policy: always takes the 11.b mulligan, discarding by card
    type; plays combat cards without † face up, highest potential first, into the leftmost free
    slot; and plays what the cards give it when it helps (:func:`goldfish_helps`): summons and
    effects that add power, potential or resistance, draw, create tokens or bring combatants.
    It never attacks (it has no opponent)."""

    def choose(self, view: EliriaView, legal: Sequence[Action], rng: random.Random | None) -> Action:
        kind = view.pending_kind
        hand = view.me.hand
        if kind == "mulligan":
            return min(
                (a for a in legal if a.kind == "mulligan_discard"),
                key=lambda a: DISCARD_RANK.get(hand[a.args[0]].kind, 0),
            )  # always the mulligan (§5)
        if kind == "movement":
            return self._movement(view, legal)
        chooser = _GOLDFISH_CHOICES.get(kind)
        if chooser is not None:
            return chooser(view, legal)
        for quiet in ("pass", "skip", "no_react", "done"):
            for a in legal:
                if a.kind == quiet:
                    return a
        return legal[0]

    @staticmethod
    def movement_choice(match: EliriaMatch, view: EliriaView) -> Action | None:
        """The choice :meth:`choose` would make in the Movimiento phase, found without listing every
        legal action (the goldfish runner's fast form), or None when only the full list can tell.

        It follows the rules that make each action legal (12.b, rule 9, ruling SEGUNDO, 6.c.II),
        and ``tests/engine/test_goldfish_rules.py`` plays games both ways and compares them.
        """
        p = match.active
        side = match.sides[p]
        hand = side.hand
        if not side.locked:
            # The leftmost free slot (rule 9's limit first), then the highest potential, the
            # leftmost card on a tie: the ``(potential, -index)`` order of :meth:`_movement`.
            if side.played < RULE_OF_THREE and None in side.combat:
                best, high = -1, -1
                for i, card in enumerate(hand):
                    if card.from_hand and card.potential > high:
                        best, high = i, card.potential
                if best >= 0:
                    return match.play_action(best, hand[best], side.combat.index(None), 1)
            if None in side.support:
                for i, card in enumerate(hand):
                    if card.goldfish_use and goldfish_helps(view, card):  # never true of the others
                        return match.play_action(i, card, -1, 1)
            if match.table.sacrifice_plays:
                need = 0  # the fewest tokens a card of the hand is played by sacrificing
                for held in hand:
                    n = held.play_sacrifice
                    if n > 0 and (not need or n < need):
                        need = n
                if need and need <= sum(1 for c in side.combat if c is not None and c.card.is_token):
                    return None  # a card played by sacrificing tokens is in the list
        if match.table.movement_scripts:
            # A card's own movement actions, in the list's order (slot by slot): the policy takes the
            # first sacrifice that feeds a cannon (:meth:`_movement`'s ``other``), and no other of them.
            for s, c in enumerate(side.combat):
                if c is not None and c.up and c.card.script is not None and c.card.script.has_movement:
                    for a in c.card.script.movement_actions(match, p, s):
                        if a.kind == "sacrifice" and _feeds_cannon(view, a):
                            return a
        return END

    @staticmethod
    def _movement(view: EliriaView, legal: Sequence[Action]) -> Action:
        hand = view.me.hand
        best: Action | None = None
        best_key: tuple[int, int, int] = (-1, 0, 0)
        other: Action | None = None
        for a in legal:
            k = a.kind
            if k == "play":
                i, slot, up = a.args
                if slot >= 0:
                    if up:
                        key = (hand[i].potential, -i, -slot)
                        if key > best_key:
                            best, best_key = a, key
                elif other is None and up and goldfish_helps(view, hand[i]):
                    other = a
            elif other is None and (
                k == "play_sacrifice" or (k == "sacrifice" and _feeds_cannon(view, a))
            ):
                other = a
        if best is not None:
            return best
        if other is not None:
            return other
        return legal[-1]  # ``end`` is always the last option


def goldfish_helps(view: EliriaView, card: CardInfo) -> bool:
    """Whether the goldfish gains by playing this summon face up now (docs/contract.md §5: power,
    potential, resistance, cards drawn, tokens or combatants)."""
    if card.kind != SUMMON:
        return False
    if card.subtype == "attached":
        return bool(card.att_res or card.att_pot or card.att_dmg) and view.can_attach(card)
    if card.subtype == "field":
        return bool(card.field_res or card.field_power)
    for worth, spec in card.worths:  # each verb says what it is worth (engine/eliria/verbs/on_play.py)
        if worth(view, spec):
            return True
    script = card.script
    if script is not None and script.goldfish:
        return script.usable(view.match, view.seat)
    return False


def _feeds_cannon(view: EliriaView, a: Action) -> bool:
    me = view.me
    cannon, victim = me.combat[a.args[0]], me.combat[a.args[1]]
    return (
        cannon is not None and victim is not None and victim.card.is_token and cannon.power < view.potential(cannon)
    )  # ruling PRIMERO: tokens feed a ``sacrifice_cannon``


def _goldfish_offer(view: EliriaView, legal: Sequence[Action]) -> Action:
    """Sacrifice a token (where the effect allows it, 14.a), never a real card; else skip."""
    me = view.me
    for a in legal:
        if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None and c.card.is_token:
            return a
    return next((a for a in legal if a.kind in ("skip", "done")), legal[0])


def _most_room(view: EliriaView, legal: Sequence[Action]) -> Action:
    """The own combatant with the most room below its potential (power for it counts)."""

    def room(a: Action) -> int:
        c = view.me.combat[a.args[0]] if a.args else None
        return -1 if c is None else view.potential(c) - c.power

    return max(legal, key=room)


def _scry(view: EliriaView, legal: Sequence[Action]) -> Action:
    """Keep a seen card the goldfish can play (a combatant it has room for, a helpful summon)."""
    seen = view.me.top[-1] if view.me.top else None
    me = view.me
    useful = seen is not None and (
        (seen.playable_from_hand and me.played < RULE_OF_THREE) or goldfish_helps(view, seen)
    )
    return next((a for a in legal if a.args == ((0,) if useful else (1,))), legal[0])


_GOLDFISH_CHOICES: dict[str, Callable[[EliriaView, Sequence[Action]], Action]] = {
    "token": lambda view, legal: legal[0],  # a token now, in the leftmost free slot
    "mutate": lambda view, legal: legal[0],
    "attach": lambda view, legal: _most_room(view, legal),
    "sacrifice_target": lambda view, legal: _most_room(view, legal),
    "blood_offer": _goldfish_offer,
    "sacrifice_power": _goldfish_offer,
    "scry": _scry,
    "draw_on_destroyed": lambda view, legal: legal[0],
    "enter": lambda view, legal: legal[0],
}


def _first(view: EliriaView, legal: Sequence[Action]) -> Action:
    return next(a for a in legal if a.key == "first:me")


def _strongest_own(view: EliriaView, legal: Sequence[Action]) -> Action:
    def power(a: Action) -> int:
        c = view.me.combat[a.args[0]] if a.args else None
        return -1 if c is None else c.power

    return max(legal, key=power)


def _defend(view: EliriaView, legal: Sequence[Action]) -> Action:
    return max(legal, key=lambda a: card_value(view.me.hand[a.args[0]]))


def _asym_offer(view: EliriaView, legal: Sequence[Action]) -> Action:
    """An ``asymmetric_destruction`` sacrifice: give up the least valuable combat card."""
    me = view.me
    offers = [
        (card_value(c.card), a)
        for a in legal
        if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None
    ]
    return min(offers, key=lambda pair: pair[0])[1] if offers else legal[-1]


def _blood_offer(view: EliriaView, legal: Sequence[Action]) -> Action:
    """A ``blood_offering`` sacrifice: a token (where allowed expressly, 14.a), never a real card."""
    me = view.me
    tokens = [
        a for a in legal if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None and c.card.is_token
    ]
    return tokens[0] if tokens else next(a for a in legal if a.kind == "skip")


def _alchemy(view: EliriaView, legal: Sequence[Action]) -> Action:
    """An ``alchemical_destruction`` trade: own reactions (they expire soon anyway) for the rival's cards."""
    me = view.me
    for a in legal:
        sup = me.support[a.args[0]] if a.kind == "alchemy" else None
        if sup is not None and sup.card.kind == REACTION:
            return a
    return next((a for a in legal if a.kind == "done"), legal[0])


def _strongest_rival(view: EliriaView, legal: Sequence[Action]) -> Action:
    def worth(a: Action) -> float:
        c = view.rival_combat(a.args[0])
        return -1.0 if c is None else c.power + (card_value(c.card) if c.up else 5)

    return max(legal, key=worth)


def _react(view: EliriaView, legal: Sequence[Action]) -> Action:
    return next((a for a in legal if a.kind == "react"), legal[0])


def _yes(view: EliriaView, legal: Sequence[Action]) -> Action:
    return next((a for a in legal if a.kind not in ("skip", "done")), legal[0])


_CHOICES = {
    "first": _first,
    "attach": _strongest_own,
    "boost": _strongest_own,
    "defend": _defend,
    "asym_offer": _asym_offer,
    "blood_offer": _blood_offer,
    "destroy": _strongest_rival,
    "reaction": _react,
    "token": _yes,
    "mutate": _yes,
    "alchemy": _alchemy,
}
