"""Eliria policies: the rule-based :class:`EliriaPlayer` and the :class:`EliriaGoldfishPlayer`.

Both answer ``choose(view, legal, rng)`` with one of *legal*, reading only
their seat's :class:`~engine.eliria.view.EliriaView`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from ..actions import Action
from .cardinfo import REACTION, SUMMON, CardInfo
from .fast.choices import goldfish_movement, quick_attack, quick_movement, resistance_floor
from .rules import DISCARD_RANK, RULE_OF_THREE
from .state import Combatant
from .view import EliriaView

if TYPE_CHECKING:
    from .match import EliriaMatch

    View = EliriaView[EliriaMatch]  # the view of a whole match: the players read its rules of a turn too

__all__ = ["EliriaGoldfishPlayer", "EliriaPlayer", "card_value", "goldfish_helps"]


def card_value(card: CardInfo) -> float:
    """A rough worth of a combat card: its best damage, its resistance, its potential."""
    return card.worth


def _useful_summon(view: View, card: CardInfo) -> bool:
    """Whether a summon played face up now does something."""
    me = view.me
    if card.subtype in ("field", "attached"):  # its continuous bonuses (each use says what it gains: Use.gain)
        return card.helps
    if card.on_play:
        return any(c is not None and c.up for c in me.combat)
    script = card.script  # a named script knows whether it would do anything now
    return script is not None and script.usable(view.match, view.seat)


class EliriaPlayer:
    """A rule-based player: keeps a legal hand, fills its slots, attacks in line (rule 10) to destroy,
    plays face down when it has nothing in front, uses its reactions and summons when they help."""

    # Movimiento, in order of preference: (action kinds it needs, the method that may pick one).
    _picks: ClassVar[tuple[
        tuple[tuple[str, ...], Callable[[EliriaPlayer, View, dict[str, list[Action]]], Action | None]],
        ...,
    ]]

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
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

    def choose_unlisted(self, view: View) -> Action | None:
        """The choice :meth:`choose` would make, found before the options are listed (``Match.play_out``
        asks it first), or None when only the list can tell. Movimiento (12.b) and Ataque (12.d) are
        listed lazily, nine decisions in ten of a matchup; ``tests/engine/test_eliria_players.py``
        compares both ways at every decision."""
        pending = view.match.pending
        kind = "" if pending is None else pending.kind  # view.pending_kind, read directly
        if kind == "movement":
            return quick_movement(view, self, _useful_summon)  # engine/eliria/fast/choices.py
        if kind == "attack":
            return quick_attack(view)
        return None

    # -- Movimiento ----------------------------------------------------------------------------

    def _movement(self, view: View, legal: Sequence[Action]) -> Action:
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

    def _reveal(self, view: View, by_kind: dict[str, list[Action]]) -> Action | None:
        me = view.me
        for a in by_kind.get("reveal", ()):
            c = me.combat[a.args[0]]
            assert c is not None
            ready = min(c.power, view.potential(c)) >= c.card.min_cost
            if ready and view.rival_combat(a.args[0]) is not None or c.card.has_passive:
                return a
        return None

    def _play_combat(self, view: View, by_kind: dict[str, list[Action]]) -> Action | None:
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
    def _slot(view: View, card: CardInfo, free: list[int]) -> int:
        """In front of the rival combatant it can best destroy; else the leftmost free slot."""
        best_dmg = max(
            (a.damage if a.damage is not None else card.potential for a in card.attacks), default=0
        )
        scored = []
        for s in free:
            if view.rival_combat(s) is not None:
                res = view.rival_resistance(s)  # read once a slot
                scored.append((best_dmg > res, -res, -s))
        if scored:
            return -max(scored)[2]
        return free[0]

    def _play_support(self, view: View, by_kind: dict[str, list[Action]]) -> Action | None:
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

    def _sacrifice(self, view: View, by_kind: dict[str, list[Action]]) -> Action | None:
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

    def _move(self, view: View, by_kind: dict[str, list[Action]]) -> Action | None:
        """Move (once per turn, 12.b) to face a rival it can destroy, or away from one that
        would destroy it while it cannot answer."""
        moves = by_kind.get("move", ())
        if not moves:
            return None
        move = self._move_to(view, [(a.args[0], a.args[1]) for a in moves])
        return None if move is None else next(a for a in moves if a.args == move)

    def _move_to(self, view: View, moves: list[tuple[int, int]]) -> tuple[int, int] | None:
        """:meth:`_move`'s choice among the legal moves ``(slot, to)``, in the list's order (a slot with no
        rival in front can neither destroy nor be threatened there: it is not asked). Each question
        (:meth:`_can_destroy`, a resistance) is answered once a decision, the rarer one first."""
        if not view.has_rival:
            return None  # nothing in front anywhere: no move destroys or escapes
        rival = view.match.sides[1 - view.seat].combat
        slots = len(rival)
        known: list[int | None] = [None] * slots  # the rival's resistance by slot, as I can tell it
        mine: list[int | None] = [None] * slots  # my resistance by slot
        stays: list[bool | None] = [None] * slots  # _can_destroy(s, s): my combatant destroys where it is
        can_destroy, threatened = self._can_destroy, self._threatened
        for s, to in moves:  # the first move to face a rival it can destroy (the rarer question first) ...
            if rival[to] is not None and can_destroy(view, s, to, known):
                for k, c in enumerate(view.me.combat):  # ... unless one of mine destroys where it stands
                    if c is not None and rival[k] is not None:
                        stays[k] = destroys = can_destroy(view, k, k, known)
                        if destroys:
                            break
                else:
                    return s, to
                break
        for s, to in moves:
            if rival[s] is not None and threatened(view, s, s, mine):
                stay = stays[s]
                if stay is None:
                    stay = stays[s] = can_destroy(view, s, s, known)
                if not stay and (rival[to] is None or not threatened(view, s, to, mine)):
                    return s, to
        return None

    @staticmethod
    def _threatened(view: View, s: int, t: int, mine: list[int | None]) -> bool:
        """Whether the rival in front of slot *t* could destroy my combatant of slot *s* next turn
        (*mine*: my resistances by slot, read once a decision)."""
        rival = view.rival_combat(t)
        if rival is None:
            return False
        if not rival.up:
            return rival.power >= 3
        res = mine[s]
        if res is None:
            res = mine[s] = view.resistance(s)
        power = rival.power + 1  # after its next 12.c gain
        for a in rival.card.attacks:
            if a.cost <= power and (a.damage if a.damage is not None else power) > res:
                return True
        return False

    @staticmethod
    def _can_destroy(view: View, s: int, t: int, known: list[int | None]) -> bool:
        """Whether an attack of my combatant of slot *s* would destroy the rival's card of slot *t*
        (*known*: the rival's resistances by slot, read once a decision)."""
        c = view.me.combat[s]
        target = view.rival_combat(t)
        if c is None or not c.up or target is None:
            return False
        res = known[t]
        floor = resistance_floor(target) if res is None else res
        power = c.power
        bonus: int | None = None  # what view.damage adds to this attacker's attacks, read when first needed
        for a in c.card.attacks:
            if a.cost <= power:
                if a.damage is None:
                    damage = view.damage(s, a.index, t)
                else:
                    if bonus is None:
                        bonus = view.match.damage_bonus(view.seat, c)
                    damage = a.damage + bonus
                if damage > floor:  # it may destroy: the resistance in force tells
                    if res is None:
                        res = known[t] = view.rival_resistance(t)
                    if damage > res:
                        return True
        return False

    # -- Ataque ----------------------------------------------------------------------------------

    def _attack(self, view: View, legal: Sequence[Action]) -> Action:
        best, best_score = legal[-1], 0.0
        me = view.me
        for a in legal:
            if a.kind != "attack":
                continue
            s, i, t = a.args[:3]
            c = me.combat[s]
            assert c is not None
            score = self._attack_score(view, c, s, i, t, view.rival_resistance(t), view.damage(s, i, t))
            if score is not None and score > best_score:
                best, best_score = a, score
        return best

    @staticmethod
    def _attack_score(
        view: View, c: Combatant, s: int, i: int, t: int, res: int, damage: int
    ) -> float | None:
        """What attack *i* of my combatant *c* on slot *s* against the rival's slot *t* (resistance *res*,
        the attack's damage *damage* as :meth:`EliriaView.damage` tells it) is worth; None when it is
        not worth making."""
        destroys = damage > res
        atk = c.card.attacks[i]
        spends = atk.spends_attacker  # compiled by engine/eliria/verbs/power.py (lose_power)
        if spends and not destroys:
            return None
        if not destroys and view.rival_thorns(t) > view.resistance(s):
            return None  # the attached thorns would destroy the attacker for nothing
        target = view.rival_card(t)
        score = (
            damage
            + (100 + (card_value(target) if target else 5) if destroys else 0)
            - (3 if spends else 0)
        )
        return score + len(atk.after)


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

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random | None) -> Action:
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
    def movement_choice(match: EliriaMatch, view: View) -> Action | None:
        """The choice :meth:`choose` would make in the Movimiento phase, found without listing every
        legal action, or None when only the full list can tell (engine/eliria/fast/choices.py)."""
        return goldfish_movement(match, view, goldfish_helps, _feeds_cannon)

    @staticmethod
    def _movement(view: View, legal: Sequence[Action]) -> Action:
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


def goldfish_helps(view: View, card: CardInfo) -> bool:
    """Whether the goldfish gains by playing this summon face up now (docs/contract.md §5: power,
    potential, resistance, cards drawn, tokens or combatants)."""
    if card.kind != SUMMON:
        return False
    if card.subtype == "attached":  # a bonus that grows a number of its own (Use.gain "solo")
        return card.helps_solo and view.can_attach(card)
    if card.subtype == "field":
        return card.helps_solo
    for worth, spec in card.worths:  # each verb says what it is worth (engine/eliria/verbs/)
        if worth(view, spec):
            return True
    script = card.script
    if script is not None and script.goldfish:
        return script.usable(view.match, view.seat)
    return False


def _feeds_cannon(view: View, a: Action) -> bool:
    me = view.me
    cannon, victim = me.combat[a.args[0]], me.combat[a.args[1]]
    return (
        cannon is not None and victim is not None and victim.card.is_token and cannon.power < view.potential(cannon)
    )  # ruling PRIMERO: tokens feed a ``sacrifice_cannon``


def _keeps_a_combatant(view: View, a: Action) -> bool:
    """Whether *a* is no sacrifice of the seat's last combat card: with none on its board in its
    Poder phase a player loses (7.b, 12.c), so a player never offers its last one while it may decline."""
    return a.kind != "offer" or sum(c is not None for c in view.me.combat) > 1


def _goldfish_offer(view: View, legal: Sequence[Action]) -> Action:
    """Sacrifice a token (where the effect allows it, 14.a), never a real card nor the last combat
    card (7.b); else skip."""
    me = view.me
    for a in legal:
        if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None and c.card.is_token:
            if _keeps_a_combatant(view, a):
                return a
    return next((a for a in legal if a.kind in ("skip", "done")), legal[0])


def _most_room(view: View, legal: Sequence[Action]) -> Action:
    """The own combatant with the most room below its potential (power for it counts)."""

    def room(a: Action) -> int:
        c = view.me.combat[a.args[0]] if a.args else None
        return -1 if c is None else view.potential(c) - c.power

    return max(legal, key=room)


def _scry(view: View, legal: Sequence[Action]) -> Action:
    """Keep a seen card the goldfish can play (a combatant it has room for, a helpful summon)."""
    seen = view.me.top[-1] if view.me.top else None
    me = view.me
    useful = seen is not None and (
        (seen.playable_from_hand and me.played < RULE_OF_THREE) or goldfish_helps(view, seen)
    )
    return next((a for a in legal if a.args == ((0,) if useful else (1,))), legal[0])


_GOLDFISH_CHOICES: dict[str, Callable[[View, Sequence[Action]], Action]] = {
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


def _first(view: View, legal: Sequence[Action]) -> Action:
    return next(a for a in legal if a.key == "first:me")


def _strongest_own(view: View, legal: Sequence[Action]) -> Action:
    def power(a: Action) -> int:
        c = view.me.combat[a.args[0]] if a.args else None
        return -1 if c is None else c.power

    return max(legal, key=power)


def _defend(view: View, legal: Sequence[Action]) -> Action:
    return max(legal, key=lambda a: card_value(view.me.hand[a.args[0]]))


def _asym_offer(view: View, legal: Sequence[Action]) -> Action:
    """An ``asymmetric_destruction`` sacrifice: give up the least valuable combat card, never the
    last one (7.b: the offer may be declined, so a lone combatant stays and the card is skipped)."""
    me = view.me
    offers = [
        (card_value(c.card), a)
        for a in legal
        if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None and _keeps_a_combatant(view, a)
    ]
    return min(offers, key=lambda pair: pair[0])[1] if offers else legal[-1]


def _blood_offer(view: View, legal: Sequence[Action]) -> Action:
    """A ``blood_offering`` sacrifice: a token (where allowed expressly, 14.a), never a real card
    nor the last combat card (7.b)."""
    me = view.me
    tokens = [
        a
        for a in legal
        if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None and c.card.is_token
        if _keeps_a_combatant(view, a)
    ]
    return tokens[0] if tokens else next(a for a in legal if a.kind == "skip")


def _alchemy(view: View, legal: Sequence[Action]) -> Action:
    """An ``alchemical_destruction`` trade: own reactions (they expire soon anyway) for the rival's cards."""
    me = view.me
    for a in legal:
        sup = me.support[a.args[0]] if a.kind == "alchemy" else None
        if sup is not None and sup.card.kind == REACTION:
            return a
    return next((a for a in legal if a.kind == "done"), legal[0])


def _strongest_rival(view: View, legal: Sequence[Action]) -> Action:
    def worth(a: Action) -> float:
        c = view.rival_combat(a.args[0])
        return -1.0 if c is None else c.power + (card_value(c.card) if c.up else 5)

    return max(legal, key=worth)


def _react(view: View, legal: Sequence[Action]) -> Action:
    return next((a for a in legal if a.kind == "react"), legal[0])


def _yes(view: View, legal: Sequence[Action]) -> Action:
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
