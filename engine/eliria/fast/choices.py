"""The players' choices found without listing the options: the same action the full list gives.

:func:`goldfish_movement` is ``EliriaGoldfishPlayer``'s Movimiento choice; :func:`quick_movement` and
:func:`quick_attack` are ``EliriaPlayer``'s Movimiento and Ataque choices (``EliriaPlayer.choose_unlisted``).
Each reads the rules that make an action legal and builds only the chosen one (the match's own
object). Held to the listed choice by ``tests/engine/test_eliria_players.py`` (every decision of
random matchups), ``test_goldfish_rules.py`` and ``test_goldfish_fused.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ...actions import Action
from ..board import END, PASS
from ..cardinfo import REACTION, SUMMON, AttackInfo, CardInfo
from ..rules import RULE_OF_THREE
from ..state import Combatant
from ..view import EliriaView
from .turns import QuietTurns

__all__ = ["Picks", "Q", "goldfish_movement", "quick_attack", "quick_movement", "resistance_floor"]

Q = TypeVar("Q", bound=QuietTurns)  # the match a player's view looks at (``EliriaMatch``)


def goldfish_movement(
    match: Q, view: EliriaView[Q], helps: Callable[[EliriaView[Q], CardInfo], bool],
    feeds: Callable[[EliriaView[Q], Action], bool],
) -> Action | None:
    """The choice ``EliriaGoldfishPlayer.choose`` would make in the Movimiento phase, found without listing every
    legal action (the goldfish runner's fast form), or None when only the full list can tell.

    It follows the rules that make each action legal (12.b, rule 9, ruling SEGUNDO, 6.c.II),
    and ``tests/engine/test_goldfish_rules.py`` plays games both ways and compares them.
    """
    p = match.active
    side = match.sides[p]
    hand = side.hand
    if not side.locked:
        # The leftmost free slot (rule 9's limit first), then the highest potential, the
        # leftmost card on a tie: the ``(potential, -index)`` order of ``EliriaGoldfishPlayer._movement``.
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
                if free and card.goldfish_use and helps(view, card):  # never true of the others
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
        # first sacrifice that feeds a cannon (``EliriaGoldfishPlayer._movement``'s ``other``), and no other of them.
        for s, c in enumerate(side.combat):
            if c is not None and c.up and c.card.script is not None and c.card.script.has_movement:
                for a in c.card.script.movement_actions(match, p, s):
                    if a.kind == "sacrifice" and feeds(view, a):
                        return a
    return END


class Picks(Protocol):
    """What :func:`quick_movement` asks of the rule-based player (``EliriaPlayer``): its own picks."""

    def _slot(self, view: EliriaView[Any], card: CardInfo, free: list[int]) -> int: ...

    def _sacrifice(self, view: EliriaView[Any], by_kind: dict[str, list[Action]]) -> Action | None: ...

    def _move_to(self, view: EliriaView[Any], moves: list[tuple[int, int]]) -> tuple[int, int] | None: ...


def quick_movement(
    view: EliriaView[Q], picks: Picks, useful: Callable[[EliriaView[Q], CardInfo], bool]
) -> Action | None:
    """``EliriaPlayer._movement``'s choice without the list: each pick in its order, reading the rules that
    make its actions legal (``EliriaMovement.movement_actions``: rule 9, 12.b, ruling SEGUNDO, 6.c.II)
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
            choice = _quick_combat(view, picks)
            if choice is not None:
                return choice
        if None in me.support:  # _play_support's plays, in hand order (a free slot: Side.free_support)
            choice = _quick_support(view)
            if choice is not None:
                return choice
    for k, sup in enumerate(me.support):  # _play_support's reveals
        if (
            sup is not None and not sup.up and sup.card.kind == SUMMON and useful(view, sup.card)
            and m.summon_playable_up(p, sup.card)
        ):  # fmt: skip
            return m.reveal_support_action(k, sup)
    if sacrifices:
        choice = picks._sacrifice(view, {"sacrifice": sacrifices})
        if choice is not None:
            return choice
    if not me.moved and None in combat:  # 12.b: one move, to a free adjacent slot
        moves = [(s, to) for s, c in enumerate(combat) if c is not None for to in m.movable_to(p, s)]
        if moves:
            move = picks._move_to(view, moves)
            if move is not None:
                return m.move_action(p, *move)
    return END


def _quick_support(view: EliriaView[Q]) -> Action | None:
    """``EliriaPlayer._play_support``'s play from the hand (a support slot is free): the first reaction, or the
    first summon that does something face up now and may be played face up (6.c.II). The hand is
    read once, ``useful_summon``'s tests inlined in its order, and what they read of the board
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


def _quick_combat(view: EliriaView[Q], picks: Picks) -> Action | None:
    """``EliriaPlayer._play_combat`` from the hand and the free slots instead of the ``play`` actions (callers
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
    slot = picks._slot(view, card, me.free_combat())
    up = view.rival_combat(slot) is not None or card.has_passive
    return view.match.play_action(best, card, slot, 1 if up else 0)


def resistance_floor(target: Combatant) -> int:
    """A floor of what :meth:`EliriaView.rival_resistance` says of a rival combatant: a face-up card's printed
    resistance (every bonus to it is 0-12, never a malus: engine/eliria/effects.py bounds the amounts), so
    a damage at or below it destroys nothing and the resistance in force need not be read; -1 face down."""
    return target.card.resistance if target.up else -1


def quick_attack(view: EliriaView[Q]) -> Action | None:
    """``EliriaPlayer._attack``'s choice without the list: the attacks ``EliriaMatch.attack_actions`` lists, in
    its order (slot, target, attack; rules 8, 10, 6.a.IV), and only the best one built; None when an
    attack may move first (its actions follow in the list). Each attack is scored as
    ``EliriaPlayer._attack_score`` scores it, what it reads (a target's resistance and thorns, the attacker's
    resistance and damage bonus) read once a decision, and only when it can change the choice
    (a resistance above its floor, :func:`resistance_floor`; thorns of an attack that would be chosen)."""
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
            floor = resistance_floor(target) if res is None else res
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
                    if thorn:  # zero thorns exceed no resistance (none is below 0: see resistance_floor)
                        if mine is None:
                            mine = m.resistance(p, s)
                        if thorn > mine:
                            continue  # the attached thorns would destroy the attacker for nothing
                if score > best_score:
                    best, best_score = (s, a, t), score
    return PASS if best is None else m.attack_action(*best)
