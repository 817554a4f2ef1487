"""Eliria policies: the rule-based :class:`EliriaPlayer` and the :class:`EliriaGoldfishPlayer`.

Both answer ``choose(view, legal, rng)`` with one of *legal*, reading only
their seat's :class:`~engine.eliria.view.EliriaView`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from ..actions import Action
from .board import END, PASS
from .cardinfo import REACTION, SUMMON, AttackInfo, CardInfo
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


def _floor(target: Combatant) -> int:
    """A floor of what :meth:`EliriaView.rival_resistance` says of a rival combatant: a face-up card's printed
    resistance (every bonus to it is 0-12, never a malus: engine/eliria/effects.py bounds the amounts), so
    a damage at or below it destroys nothing and the resistance in force need not be read; -1 face down."""
    return target.card.resistance if target.up else -1


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
            return self._quick_movement(view)
        if kind == "attack":
            return self._quick_attack(view)
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

    def _quick_movement(self, view: View) -> Action | None:
        """:meth:`_movement`'s choice without the list: each pick in its order, reading the rules that
        make its actions legal (``EliriaMatch.movement_actions``: rule 9, 12.b, ruling SEGUNDO, 6.c.II)
        and building only the chosen action (the match's own object, as listed)."""
        m = view.match
        p = view.seat
        me = view.me
        combat = me.combat
        sacrifices: list[Action] = []
        scripts = m.table.movement_scripts
        reveal = -1
        for s, c in enumerate(combat):  # one pass: the cards' own actions, and _reveal's first slot
            if c is None:
                continue
            if c.up:
                if scripts and (script := c.card.script) is not None and script.has_movement:
                    for a in script.movement_actions(m, p, s):
                        if a.kind != "sacrifice":  # only a cannon's sacrifice is known here
                            return None
                        sacrifices.append(a)
            elif reveal < 0:
                ready = min(c.power, view.potential(c)) >= c.card.min_cost
                if ready and view.rival_combat(s) is not None or c.card.has_passive:
                    reveal = s
        if reveal >= 0:
            c = combat[reveal]
            assert c is not None
            return m.reveal_action(reveal, c)
        if not me.locked:  # ruling SEGUNDO: nothing from hand
            if me.played < RULE_OF_THREE and None in combat:  # rule 9
                choice = self._quick_combat(view)
                if choice is not None:
                    return choice
            if None in me.support:  # _play_support's plays, in hand order (a free slot: Side.free_support)
                choice = self._quick_support(view)
                if choice is not None:
                    return choice
        for k, sup in enumerate(me.support):  # _play_support's reveals
            if (
                sup is not None and not sup.up and sup.card.kind == SUMMON and _useful_summon(view, sup.card)
                and m.summon_playable_up(p, sup.card)
            ):  # fmt: skip
                return m.reveal_support_action(k, sup)
        if sacrifices:
            choice = self._sacrifice(view, {"sacrifice": sacrifices})
            if choice is not None:
                return choice
        if not me.moved and None in combat:  # 12.b: one move, to a free adjacent slot
            moves = [(s, to) for s, c in enumerate(combat) if c is not None for to in m.movable_to(p, s)]
            if moves:
                move = self._move_to(view, moves)
                if move is not None:
                    return m.move_action(p, *move)
        return END

    @staticmethod
    def _quick_support(view: View) -> Action | None:
        """:meth:`_play_support`'s play from the hand (a support slot is free): the first reaction, or the
        first summon that does something face up now and may be played face up (6.c.II). The hand is
        read once, :func:`_useful_summon`'s tests inlined in its order, and what they read of the board
        (a face-up combatant of mine) read once a decision."""
        m = view.match
        p = view.seat
        face_up: bool | None = None  # whether I have a face-up combatant (an on_play summon's question)
        for i, card in enumerate(view.me.hand):
            kind = card.kind
            if kind == REACTION:
                if view.has_rival:  # 6.b: face down, unless a rival's passive has them face up
                    return m.play_action(i, card, -1, 1 if m.table.reveals and m._reactions_face_up(p) else 0)
            elif kind == SUMMON:
                subtype = card.subtype
                if subtype == "field":  # summon_playable_up: any subtype but attached
                    if card.helps:
                        return m.play_action(i, card, -1, 1)
                elif subtype == "attached":
                    if card.helps and m.summon_playable_up(p, card):  # 6.c.II: a combatant to bind to
                        return m.play_action(i, card, -1, 1)
                elif card.on_play:
                    if face_up is None:
                        face_up = False
                        for c in view.me.combat:
                            if c is not None and c.up:
                                face_up = True
                                break
                    if face_up:
                        return m.play_action(i, card, -1, 1)
                elif (script := card.script) is not None and script.usable(m, p):
                    return m.play_action(i, card, -1, 1)
        return None

    def _quick_combat(self, view: View) -> Action | None:
        """:meth:`_play_combat` from the hand and the free slots instead of the ``play`` actions (callers
        check rule 9: fewer than three played, a free slot)."""
        me = view.me
        best, value, in_hand = -1, 0.0, 0
        for i, card in enumerate(me.hand):  # the highest value (card_value), the leftmost card on a tie
            if card.from_hand:  # † cards enter only through effects
                in_hand += 1
                if best < 0 or card.worth > value:
                    best, value = i, card.worth
        if best < 0:
            return None
        if in_hand <= 1 and me.played >= 2 and sum(c is not None for c in me.combat) >= 2:
            return None  # keep the third combatant of rule 9 in reserve
        card = me.hand[best]
        slot = self._slot(view, card, me.free_combat())
        up = view.rival_combat(slot) is not None or card.has_passive
        return view.match.play_action(best, card, slot, 1 if up else 0)

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
        floor = _floor(target) if res is None else res
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

    def _quick_attack(self, view: View) -> Action | None:
        """:meth:`_attack`'s choice without the list: the attacks ``EliriaMatch.attack_actions`` lists, in
        its order (slot, target, attack; rules 8, 10, 6.a.IV), and only the best one built; None when an
        attack may move first (its actions follow in the list). Each attack is scored as
        :meth:`_attack_score` scores it, what it reads (a target's resistance and thorns, the attacker's
        resistance and damage bonus) read once a decision, and only when it can change the choice
        (a resistance above its floor, :func:`_floor`; thorns of an attack that would be chosen)."""
        m = view.match
        p = view.seat
        q = 1 - p
        rival = m.sides[q].combat
        protections, turn = m.table.protections, m.turn
        best: tuple[int, AttackInfo, int] | None = None
        best_score = 0.0
        slots = len(rival)
        known: list[int | None] = [None] * slots  # each target's resistance, read once
        thorns: list[int | None] = [None] * slots  # each target's attached thorns, read when needed
        for s, c in enumerate(view.me.combat):
            if c is None or not c.up or c.blocked_turn == turn or c.power < c.card.min_cost:
                continue
            power = c.power
            attacks = c.card.attacks
            for a in attacks:
                if a.moves_first and a.cost <= power:
                    return None
            bonus: int | None = None  # what view.damage adds to this attacker's attacks, read when needed
            mine: int | None = None  # this attacker's resistance, read when needed
            for t in m._reach(c, s, slots) if c.card.own.reach else (s,):  # rule 10 unless its passive reaches
                target = rival[t]
                if target is None or (protections and m.protected(q, t, c)):
                    continue
                res = known[t]
                floor = _floor(target) if res is None else res
                for a in attacks:
                    if a.cost > power:
                        continue
                    if a.damage is None:
                        damage = view.damage(s, a.index, t)
                    else:
                        if bonus is None:
                            bonus = m.damage_bonus(p, c)
                        damage = a.damage + bonus
                    if damage > floor:  # it may destroy: the resistance in force tells
                        if res is None:
                            res = known[t] = view.rival_resistance(t)
                        destroys = damage > res
                    else:
                        destroys = False
                    # _attack_score, inlined (the same arithmetic, in the same order)
                    spends = a.spends_attacker
                    if destroys:
                        worth = target.card.worth if target.up else 5  # card_value(rival_card(t)), or 5
                        score = damage + (100 + worth) - (3 if spends else 0)
                        score += len(a.after)
                    else:
                        if spends:
                            continue
                        score = damage + len(a.after)
                        if score <= best_score:
                            continue  # not chosen, whatever the thorns say (they can only rule it out)
                        thorn = thorns[t]
                        if thorn is None:
                            thorn = thorns[t] = view.rival_thorns(t)
                        if thorn:  # zero thorns exceed no resistance (none is below 0: see _floor)
                            if mine is None:
                                mine = m.resistance(p, s)
                            if thorn > mine:
                                continue  # the attached thorns would destroy the attacker for nothing
                    if score > best_score:
                        best, best_score = (s, a, t), score
        return PASS if best is None else m.attack_action(*best)

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
            # One pass over the hand: the first summon that helps (a free support slot), and the fewest
            # tokens a card of the hand is played by sacrificing (checked only when no summon is played).
            free, sacrifices, need = None in side.support, match.table.sacrifice_plays, 0
            if free or sacrifices:
                for i, card in enumerate(hand):
                    if not card.goldfish_scan:  # neither a summon it may play nor played by sacrifice
                        continue
                    if free and card.goldfish_use and goldfish_helps(view, card):  # never true of the others
                        return match.play_action(i, card, -1, 1)
                    n = card.own.play_sacrifice
                    if n > 0 and (not need or n < need):
                        need = n
            if sacrifices and need and need <= sum(1 for c in side.combat if c is not None and c.card.is_token):
                return None  # a card played by sacrificing tokens is in the list
        tokens = False  # a sacrifice feeds a cannon only with a token to sacrifice (ruling PRIMERO, _feeds_cannon)
        if match.table.movement_scripts:
            for c in side.combat:
                if c is not None and c.card.is_token:
                    tokens = True
                    break
        if tokens:
            # A card's own movement actions, in the list's order (slot by slot): the policy takes the
            # first sacrifice that feeds a cannon (:meth:`_movement`'s ``other``), and no other of them.
            for s, c in enumerate(side.combat):
                if c is not None and c.up and c.card.script is not None and c.card.script.has_movement:
                    for a in c.card.script.movement_actions(match, p, s):
                        if a.kind == "sacrifice" and _feeds_cannon(view, a):
                            return a
        return END

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


def _goldfish_offer(view: View, legal: Sequence[Action]) -> Action:
    """Sacrifice a token (where the effect allows it, 14.a), never a real card; else skip."""
    me = view.me
    for a in legal:
        if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None and c.card.is_token:
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
    """An ``asymmetric_destruction`` sacrifice: give up the least valuable combat card."""
    me = view.me
    offers = [
        (card_value(c.card), a)
        for a in legal
        if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None
    ]
    return min(offers, key=lambda pair: pair[0])[1] if offers else legal[-1]


def _blood_offer(view: View, legal: Sequence[Action]) -> Action:
    """A ``blood_offering`` sacrifice: a token (where allowed expressly, 14.a), never a real card."""
    me = view.me
    tokens = [
        a for a in legal if a.kind == "offer" and (c := me.combat[a.args[0]]) is not None and c.card.is_token
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
