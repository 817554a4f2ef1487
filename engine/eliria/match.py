"""A decision-driven game of Eliria: rules 2, 6–12 and 14, asking the players whenever they choose.

>>> from engine.cards import Attack, CardData, Game
>>> from engine.decklist import DeckEntry
>>> golem = CardData(Game.ELIRIA, "T-1", "Gólem", "combat", potential=3, resistance=2,
...                  attacks=(Attack(1, "Golpe", 3),))
>>> deck = [DeckEntry("main", 10, golem)]
>>> m = EliriaMatch([deck, deck], seed=1, first=0)
>>> [a.key for a in m.legal_actions()][:3]
['play:0:slot0:up', 'play:0:slot0:down', 'play:0:slot1:up']
>>> m.push_key("play:0:slot0:up").label
'Jugar Gólem boca arriba en el espacio de combate 1'

Flow of a turn (rule 12): Inicial (12.a, automatic: reactions to the discard
pile, draw one) → Movimiento (12.b, decisions until ``end``) → Poder (12.c,
automatic, then optional end-of-Poder effects) → Ataque (12.d, one attack or
``pass``; skipped when no attack is possible) → end of turn (ephemeral summons
that took effect go to the discard pile, 6.c.I).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..decklist import DeckEntry
from ..match import DEFAULT_TURN_CAP, Pending
from ..rng import GameRng, card_ids
from .board import END, AttackContext
from .cardinfo import COMBAT, FACE_DOWN_CAP, REACTION, SUMMON, CardInfo, CardTable
from .combat import EliriaCombat
from .moves import Occasion
from .rules import HAND_SIZE, power_up
from .state import Combatant, Side, Support
from .verbs.base import runs
from .view import EliriaView

if TYPE_CHECKING:
    from .verbs.base import CardScript

__all__ = ["KEEP", "AttackContext", "EliriaMatch"]

# Every verb by action (engine/eliria/verbs/): the phases fire end_of_power and start_of_movement with it.
_RUN = runs()

# Each pile's copy identities (engine.rng.card_ids), by the table's pile: a run's matches share one table.
_PILE_IDS: dict[int, tuple[tuple[CardInfo, ...], list[int]]] = {}


def _pile_ids(pile: tuple[CardInfo, ...]) -> list[int]:
    found = _PILE_IDS.get(id(pile))
    if found is None or found[0] is not pile:
        if len(_PILE_IDS) >= 64:
            _PILE_IDS.clear()
        found = _PILE_IDS[id(pile)] = (pile, card_ids(c.code for c in pile))
    return found[1]


KEEP = Action("mulligan_keep", "Conservar la mano (renunciar al mulligan, 11.b)", "mulligan_keep", (), "action.keep")


class EliriaMatch(EliriaCombat):
    """One game of Eliria for two seats (or one, the solitaire table: no rival, no Ataque phase)."""

    def __init__(
        self,
        decks: Sequence[Sequence[DeckEntry]],
        *,
        seed: int = 0,
        index: int = 0,
        first: int | None = None,
        turn_cap: int = DEFAULT_TURN_CAP,
        trace: bool = False,
        table: CardTable | None = None,
        rng: GameRng | None = None,
        in_place_of: Mapping[str, str] | None = None,
    ) -> None:
        if not 1 <= len(decks) <= 2:
            raise ValueError("Eliria se juega con uno (solitario) o dos mazos.")
        super().__init__(
            decks, seed=seed, index=index, first=first, turn_cap=turn_cap, trace=trace, table=table, rng=rng
        )
        # 11.a: each deck shuffled by card identity (engine.rng.deal); a draw takes the last card.
        # *in_place_of*: codes dealt with another card's identities (a swap race's candidate, engine.rng.card_ids).
        self._in_place_of = in_place_of
        for p, pile in enumerate(self.table.pile_cards):
            ids = card_ids((c.code for c in pile), in_place_of) if in_place_of else _pile_ids(pile)
            self.sides[p].deck = self.rng.deal(self.sides[p].deck, ids, p)
        if first is None and self.players == 2:
            # 11.b then 11.c, in the text's order: hands and mulligans first, so the winner of the
            # die chooses who starts knowing its hand.
            self._deal_order: tuple[int, ...] = (0, 1)
            self._open(0)
        else:
            self._opening(first or 0)

    def view(self, player: int) -> EliriaView[EliriaMatch]:
        return EliriaView(self, player)

    # -- 11: the start -------------------------------------------------------------------------

    def _roll_for_first(self) -> None:
        """11.c, after the hands of 11.b: each rolls a die (again on a tie); the higher roll decides who starts."""
        while True:
            a, b = self.rng.d12(), self.rng.d12()
            if a != b:
                break
        winner = 0 if a > b else 1
        self.event("roll_first", rolls=[a, b], winner=winner, rule="11.c")
        options = [
            Action("first:me", "Empezar yo", "first", (winner,), "action.first_me"),
            Action("first:rival", "Que empiece el rival", "first", (1 - winner,), "action.first_rival"),
        ]
        self.ask(winner, "first", "Ganaste el dado: ¿quién empieza?", options, lambda a: self._start(a.args[0]))

    def _start(self, first: int) -> None:
        self.first = self.active = first
        self.event("first", player=first, rule="11.c")
        self._begin_turn(first)

    def _opening(self, first: int) -> None:
        """A starting seat given by the caller (no die): the hands are drawn in turn order."""
        self.first = self.active = first
        self.event("first", player=first, rule="11.c")
        self._deal_order = (first, 1 - first) if self.players == 2 else (0,)
        self._open(0)

    def _open(self, i: int) -> None:
        """11.b for the i-th seat of the deal: draw five, mulligan until a combat card without †;
        after the last seat, the die of 11.c (when no starting seat was given) or the first turn."""
        order = self._deal_order
        if i == len(order):
            if self.first_arg is None and self.players == 2:
                self._roll_for_first()
            else:
                self._begin_turn(self.first)
            return
        p = order[i]
        if self.sides[p].deck_size() < HAND_SIZE:
            self.lose(p, "7.c")
            return
        self._draw_hand(p)
        self._check_hand(i, p)

    def _draw_hand(self, p: int) -> None:
        side = self.sides[p]
        deck = side.deck
        if not side.top and len(deck) >= HAND_SIZE:  # EliriaBoard.draw_card from the deck, inlined
            hand = deck[-HAND_SIZE:]
            hand.reverse()
            del deck[-HAND_SIZE:]
            side.hand = hand
        else:
            draw = self.draw_card
            side.hand = [draw(p) for _ in range(HAND_SIZE)]  # type: ignore[misc]  # checked: five are there
        if self.log is not None:
            self.event("hand", player=p, cards=[c.code for c in side.hand], rule="11.b")

    def _check_hand(self, i: int, p: int) -> None:
        """11.b: a hand without a combat card lacking † gives the *right* to a mulligan (keep or discard)."""
        hand = self.sides[p].hand
        if any(c.is_mulligan_combat for c in hand):
            self._open(i + 1)
            return
        options = [
            self.act(
                ("mulligan", j, c.id),
                f"mulligan_discard:{j}",
                f"Descartar {c.name}",
                "mulligan_discard",
                (j,),
                "action.discard",
                {"name": c.name},
            )
            for j, c in enumerate(hand)
        ]
        options.append(KEEP)
        self.ask(
            p,
            "mulligan",
            "Mulligan (11.b): elige la carta a descartar",
            options,
            lambda a: self._mulligan(i, p, a),
        )

    def _mulligan(self, i: int, p: int, action: Action) -> None:
        """11.b: the chosen card to the discard pile, the rest back, shuffle, five again (7.c if short)."""
        if action.kind == "mulligan_keep":
            self.event("keep", player=p, rule="11.b")
            self._open(i + 1)
            return
        side = self.sides[p]
        card = side.hand.pop(action.args[0])
        side.discard.append(card)
        side.mulligans += 1
        deck = side.deck
        deck.extend(side.hand)
        deck[:] = self.rng.deal(deck, card_ids((c.code for c in deck), self._in_place_of), p, 0, side.mulligans)
        side.hand = []
        self.event("mulligan", player=p, discarded=card.code, count=side.mulligans, rule="11.b")
        if side.deck_size() < HAND_SIZE:
            self.lose(p, "7.c")
            return
        self._draw_hand(p)
        self._check_hand(i, p)

    # -- 12: the turn ----------------------------------------------------------------------------

    def _begin_turn(self, p: int) -> None:
        if self._outcome is not None:
            return
        self.turn += 1
        if self.turn > self.turn_cap:
            self._finish(None, None, "turn_cap", f"Empate: se alcanzó el límite de {self.turn_cap} turnos")
            return
        self.active = p
        side = self.sides[p]
        side.moved = side.attacked = False
        if self.turn > 1:  # 11.d: the starting player skips the Inicial phase of turn 1
            support = side.support
            if support.count(None) != len(support):
                for k, sup in enumerate(support):  # 12.a and 6.b: reactions expire
                    if sup is not None and sup.card.kind == REACTION:
                        self.discard_support(p, k)
            deck = side.deck
            if deck and not side.top:  # 12.a: EliriaBoard.draw of one card from the deck, inlined
                card = deck.pop()
                side.hand.append(card)
                if self.log is not None:
                    self._event("draw", player=p, card=card.code)
            elif not self.draw(p, 1):  # 7.c
                return
        self._start_of_movement(0)

    def _start_of_movement(self, slot: int) -> None:
        """Optional effects "al inicio de tu fase de movimiento", slot by slot (face up only, 6.a.III)."""
        if not self.table.scrys:
            self._ask_movement()
            return
        p = self.active
        side = self.sides[p]
        combat = side.combat
        for s in range(slot, len(combat)):
            c = combat[s]
            if (
                c is not None and (spec := c.card.scry) is not None and c.up and not self.silenced(c)
                and side.deck_size()
            ):  # fmt: skip
                at = Occasion("start_of_movement", p, spec, partial(self._start_of_movement, s + 1), comb=c, slot=s)
                if _RUN[spec["action"]](self, at):  # engine/eliria/verbs/
                    return
        self._ask_movement()

    def _end_turn(self) -> None:
        if self._outcome is not None:
            return
        p = self.active
        side = self.sides[p]
        support = side.support
        if support.count(None) != len(support):
            for k, sup in enumerate(support):
                if sup is not None and sup.spent:  # 6.c.I: an ephemeral summon that took effect
                    self.discard_support(p, k)
        for c in side.combat:
            if c is not None:
                c.boost = 0
        self._begin_turn(p if self.players == 1 else 1 - p)

    # -- 12.b Movimiento -------------------------------------------------------------------------

    def _ask_movement(self) -> None:
        if self._outcome is None:  # EliriaBoard.ask, inlined: most decisions of a game are these
            # Listed when first read: the goldfish runner usually knows its choice without the list.
            self.pending = Pending(
                self.active, "movement", "Fase de movimiento", self.movement_actions, self._on_movement
            )

    def movement_actions(self) -> list[Action]:
        """Rule 12.b: play from hand, reveal, move once, the cards' own actions, or end the phase."""
        p = self.active
        side = self.sides[p]
        out: list[Action] = []
        if not side.locked:  # ruling SEGUNDO
            self._play_actions(p, out)
            if self.table.sacrifice_plays:
                self._sacrifice_plays(p, out)
        for s, c in enumerate(side.combat):
            if c is None:
                continue
            if not c.up:
                out.append(self.reveal_action(s, c))
            elif c.card.script is not None:
                out.extend(c.card.script.movement_actions(self, p, s))
        for k, sup in enumerate(side.support):
            if (
                sup is not None
                and not sup.up
                and sup.card.kind == SUMMON
                and self.summon_playable_up(p, sup.card)
            ):
                out.append(self.reveal_support_action(k, sup))
        if not side.moved:
            self._move_actions(p, out)
        out.append(END)
        return out

    def reveal_action(self, s: int, c: Combatant) -> Action:
        """``reveal:slot<s>``: turn the face-down combatant *c* of slot *s* face up (rule 8)."""
        return self.act(("reveal", s, c.card.id), f"reveal:slot{s}", f"Revelar {c.card.name} (espacio {s + 1})",
                        "reveal", (s,))  # fmt: skip

    def reveal_support_action(self, k: int, sup: Support) -> Action:
        """``reveal:support<k>``: activate the face-down summon of support slot *k* (rule 8, 6.c)."""
        return self.act(("reveal_support", k, sup.card.id), f"reveal:support{k}", f"Activar {sup.card.name}",
                        "reveal_support", (k,))  # fmt: skip

    def _play_actions(self, p: int, out: list[Action]) -> None:
        """The ``play`` actions of each hand card, built once per (index, card, free slots)."""
        side = self.sides[p]
        free = tuple(side.free_combat()) if self.may_play_combat(p) else ()  # rule 9
        support = side.free_support() >= 0
        cache = self._cache
        for i, card in enumerate(side.hand):
            kind = card.kind
            if kind == COMBAT:
                if not free or not card.from_hand:  # † cards enter only through effects (assumption)
                    continue
                cache_key: tuple[object, ...] = ("plays", i, card.id, free)
            elif kind == REACTION or kind == SUMMON:
                if not support:
                    continue
                if kind == SUMMON:
                    attached = card.subtype == "attached"
                    if attached and not self.summon_playable(card):  # a field summon forbids it, face down too
                        continue
                    up_ok = not attached or bool(self.attach_targets(p, card))  # 6.c.II
                else:
                    up_ok = self.table.reveals and self._reactions_face_up(p)
                cache_key = ("plays", i, card.id, up_ok)
            else:
                continue
            found: tuple[Action, ...] | None = cache.get(cache_key)
            if found is None:
                found = cache[cache_key] = self._plays(i, card, free, bool(cache_key[3]))
            out.extend(found)

    def _plays(self, i: int, card: CardInfo, free: tuple[int, ...], up_ok: bool) -> tuple[Action, ...]:
        play = self.play_action
        if card.kind == COMBAT:
            return tuple(play(i, card, s, up) for s in free for up in (1, 0))
        if card.kind == REACTION:  # 6.b: face down, unless a rival's passive has them face up
            return (play(i, card, -1, 1 if up_ok else 0),)
        return (play(i, card, -1, 1), play(i, card, -1, 0)) if up_ok else (play(i, card, -1, 0),)

    def play_action(self, i: int, card: CardInfo, s: int, up: int) -> Action:
        """``play:<hand index>:slot<s>:up|down`` (combat slot) or ``play:<i>:support:up|down``."""
        cache_key = ("play", i, s, up, card.id)
        found = self._cache.get(cache_key)
        if found is None:
            face = "up" if up else "down"
            where = f"slot{s}" if s >= 0 else "support"
            label = f"Jugar {card.name} {'boca arriba' if up else 'boca abajo'} " + (
                f"en el espacio de combate {s + 1}"
                if s >= 0
                else f"({'reacción' if card.kind == REACTION else 'invocación'})"
            )
            said = f"action.play_{face}_" + ("slot" if s >= 0 else "reaction" if card.kind == REACTION else "summon")
            params: dict[str, str | int] = {"name": card.name, "n": s + 1} if s >= 0 else {"name": card.name}
            found = self._cache[cache_key] = Action(f"play:{i}:{where}:{face}", label, "play", (i, s, up), said, params)
        return found

    def _reactions_face_up(self, p: int) -> bool:
        """A rival's face-up ``reactions_face_up`` passive: this seat plays its reactions face up."""
        if self.players < 2 or not self.table.reveals:
            return False
        return any(
            c is not None and c.up and c.card.own.reactions_face_up and not self.silenced(c)
            for c in self.sides[1 - p].combat
        )

    def _sacrifice_plays(self, p: int, out: list[Action]) -> None:
        """Cards played only by sacrificing tokens (``play_by_sacrifice``), outside the rule of three."""
        side = self.sides[p]
        for c in side.hand:
            if c.own.play_sacrifice:
                break
        else:
            return  # played outside the rule of three: only an express exception (9) adds combatants
        tokens = [s for s, c in side.combatants() if c.card.is_token]
        for i, card in enumerate(side.hand):
            n = card.own.play_sacrifice
            if not n or len(tokens) < n:
                continue
            for group in combinations(tokens, n):
                for to in group:
                    slots = ":".join(f"slot{g}" for g in group)
                    out.append(self.act(
                        ("play_sacrifice", i, card.id, group, to), f"play:{i}:sacrifice:{slots}:to{to}",
                        f"Sacrificar los tokens de los espacios {', '.join(str(g + 1) for g in group)} y jugar "
                        f"{card.name} en el espacio {to + 1}", "play_sacrifice", (i, to, *group),
                    ))  # fmt: skip

    def _play_sacrifice(self, p: int, action: Action) -> None:
        i, to, *group = action.args
        side = self.sides[p]
        card = side.hand[i]

        def enter() -> None:
            if card in side.hand:
                side.hand.remove(card)
                self.event("play", player=p, card=card.code, slot=to, up=True, played=side.played, rule="14.a")
                self.enter(p, to, card, up=True)
            self._ask_movement()

        def chain(rest: list[int]) -> None:
            if not rest or self._outcome is not None:
                enter()
                return
            self.sacrifice(p, rest[0], lambda: chain(rest[1:]))

        chain(list(group))

    def _move_actions(self, p: int, out: list[Action]) -> None:
        combat = self.sides[p].combat
        if None not in combat:
            return  # 12.b: a move needs a free adjacent slot
        cache = self._cache
        for s, c in enumerate(combat):
            if c is None:
                continue
            for to in self.movable_to(p, s):  # 12.b, "no podrá moverse": the one rule of moving
                found = cache.get(("move", s, to, c.card.id if c.up else -1))
                out.append(self.move_action(p, s, to) if found is None else found)

    def move_action(self, p: int, s: int, to: int) -> Action:
        """``move:slot<s>:slot<to>``: the 12.b move of seat *p*'s combatant on *s* (callers ask :meth:`movable_to`)."""
        c = self.sides[p].combat[s]
        assert c is not None
        cache_key = ("move", s, to, c.card.id if c.up else -1)
        found = self._cache.get(cache_key)
        if found is None:
            label = f"Mover {self.combatant_name(p, s)} al espacio {to + 1}"
            found = self._cache[cache_key] = Action(f"move:slot{s}:slot{to}", label, "move", (s, to), "action.move",
                                                    {"name": self.combatant_name(p, s), "n": to + 1})
        return found

    def _on_movement(self, action: Action) -> None:
        kind, p = action.kind, self.active
        side = self.sides[p]
        if kind == "end":
            self._power_phase()
            return
        if kind == "play":
            self._play(p, action)
            return
        if kind == "play_sacrifice":
            self._play_sacrifice(p, action)
            return
        if kind == "reveal":
            self.reveal(p, action.args[0])
        elif kind == "reveal_support":
            sup = side.support[action.args[0]]
            assert sup is not None
            sup.up = True  # rule 8: its effect now applies
            self.field_records = None
            self.take_effect(p, action.args[0], self._ask_movement)
            return
        elif kind == "move":
            side.moved = True  # 12.b: one move per turn
            s, to = action.args
            self.move(p, s, to, self._ask_movement, rule="12.b")
            return
        else:
            comb = side.combat[action.args[0]]
            assert comb is not None and comb.card.script is not None
            comb.card.script.movement_apply(self, p, action, self._ask_movement)
            return
        self._ask_movement()

    def quiet_end(self, choose: Callable[[], Action | None]) -> Action | None:
        """Apply ``end`` to the pending Movimiento decision and play on: the goldfish runner's fused
        turns (one seat, no trace). The turn's steps (12.c Poder and the end-of-Poder effects, the
        observer, the end of the turn, 12.a Inicial) run here in one call, each card's effect through
        the rules' own code, and *choose* (the player's Movimiento choice, or None when only the listed
        actions can tell) is asked at the next Movimiento phase: ``end`` again plays the next turn in
        the same loop; anything else is returned, with the Movimiento decision pending, for the runner
        to apply. Ephemeral summons that took effect (6.c.I) and expiring reactions (12.a) go to the
        discard pile here, through ``discard_support`` as the rules' steps do (it asks nothing). The
        moment a step could ask a decision or needs the rules' slower branch (an effect that asks, a
        script that does not go on at once, a draw from a seen top or an empty deck, the turn cap, a
        look at the deck, a loss), the rest of the turn is handed to the rules' own step
        (``_power_phase``, ``_end_of_power``, ``_begin_turn``, ``_start_of_movement``) and None is
        returned. The game, its draws and its decisions are the ones ``push(END)`` gives
        (``tests/engine/test_goldfish_fused.py`` plays both ways)."""
        pending = self.pending
        assert pending is not None and pending.kind == "movement"
        if self.players != 1 or self.log is not None or pending.listed:
            self._apply(pending, END)
            return None
        p = self.active
        side = self.sides[p]
        combat, support, deck, decisions, hand = side.combat, side.support, side.deck, self.decisions, side.hand
        table = self.table
        end_powers, scrys, observer = table.end_powers, table.scrys, self.observer
        slots, empty = len(combat), len(support)
        self.pending = None
        while True:
            decisions.append("end")
            # 12.c Poder, then the end of Poder: each face-up card's effect in slot order (as
            # _end_of_power); one that asks a decision, or a script (it continues by itself), takes the turn on.
            if combat.count(None) == slots:
                self._power_phase()  # 7.b
                return None
            self._power_up(p, side)
            if end_powers:
                for slot in range(slots):
                    c = combat[slot]
                    if c is None or not c.up or not c.card.end_hook:
                        continue
                    card = c.card
                    spec = card.end_power
                    if spec is not None and self._end_power(p, slot, c, spec):
                        return None
                    script = card.script
                    if script is not None and script.has_end_of_power and not self._quiet_script(script, p, slot):
                        return None
            if self._outcome is not None:
                return None
            # _attack_phase of one seat: the observer, then no Ataque phase.
            if observer is not None:
                observer(self)
            # _end_turn: an ephemeral summon that took effect goes to the discard pile (6.c.I); 12.a Inicial:
            # reactions expire (6.b, below). One pass over the support row for both.
            expiring = False
            if support.count(None) != empty:
                for k in range(empty):
                    sup = support[k]
                    if sup is not None:
                        if sup.spent:
                            self.discard_support(p, k)  # as _end_turn: it asks nothing
                        elif sup.card.kind == REACTION:
                            expiring = True
            # The start of Movimiento (after the draw, which does not touch the combat row): a face-up card
            # that looks at the deck runs them all.
            looks = False
            for c in combat:
                if c is not None:
                    c.boost = 0
                    if scrys and c.up and c.card.scry is not None:
                        looks = True
            # 12.a Inicial: a draw from the top or an empty deck, the turn cap: the rules.
            if self.turn >= self.turn_cap or not deck or side.top:
                self._begin_turn(p)
                return None
            self.turn += 1
            side.moved = side.attacked = False
            if expiring:  # as _begin_turn: reactions expire (6.b), before the draw
                for k in range(empty):
                    sup = support[k]
                    if sup is not None and sup.card.kind == REACTION:
                        self.discard_support(p, k)
            hand.append(deck.pop())  # as _begin_turn
            if looks:
                self._start_of_movement(0)
                return None
            choice = choose()
            if choice is not END:
                # The Movimiento decision pending again: the one ``end`` answered, never listed (checked above),
                # is what _ask_movement would build anew.
                self.pending = pending
                return choice

    def _quiet_script(self, script: CardScript, p: int, slot: int) -> bool:
        """A card's end-of-Poder script in the fused turns: True when it went on at once (it called its
        continuation before returning, asking nothing), and the turn goes on in the loop at the next
        slot; called later (it asked a decision), its continuation is the rules' ``_end_of_power``."""
        state = [True, False]  # [inside the call, went on at once]

        def then() -> None:
            if state[0]:
                state[1] = True
            else:
                self._end_of_power(slot + 1)

        script.end_of_power(self, p, slot, then)
        state[0] = False
        if state[1] and (self.pending is not None or self._outcome is not None):
            self._end_of_power(slot + 1)  # what the continuation would have done in the rules' own step
            return False
        return state[1]

    def quiet_play(self, pending: Pending, action: Action) -> None:
        """Apply the goldfish runner's ``play`` of a combat card from hand (rule 9) to the pending Movimiento
        decision whose options were never listed: what ``_apply`` and ``_play`` do for one seat without a
        trace, and the same decision left pending (its options, listed when read, are the new board's)
        instead of a new one built by ``_ask_movement``. Anything else goes through ``_apply``."""
        i, s, up = action.args
        p = self.active
        if (
            self.players != 1 or self.log is not None or pending.listed or s < 0
            or self.sides[p].hand[i].kind != COMBAT
        ):  # fmt: skip
            self._apply(pending, action)
            return
        self.decisions.append(action.key)
        self.pending = None
        self.play_combat(p, i, s, up=bool(up))  # rule 9; a combatant enters with 0 power
        if self._outcome is None:
            self.pending = pending

    def reveal(self, p: int, slot: int) -> None:
        """Rule 8: face up, power trimmed to the potential; its passive now applies."""
        comb = self.sides[p].combat[slot]
        assert comb is not None
        comb.up = True
        comb.power = min(comb.power, self.potential(p, comb))
        self.event("reveal", player=p, slot=slot, card=comb.card.code, power=comb.power, rule="8")

    def _play(self, p: int, action: Action) -> None:
        i, s, up = action.args
        side = self.sides[p]
        card: CardInfo = side.hand[i]
        if card.kind == COMBAT:
            self.event(
                "play",
                player=p,
                card=card.code if up else None,
                slot=s,
                up=bool(up),
                played=side.played + 1,
                rule="9",
            )
            self.play_combat(p, i, s, up=bool(up))  # rule 9; a combatant enters with 0 power
            rival = self.sides[1 - p].combat[s] if self.players == 2 else None
            if rival is not None and not rival.up:  # the moment of an ``ambush`` reaction
                self.moment_slot = s
                self.offer_reactions(1 - p, "rival_played_aligned", None, self._ask_movement)
                return
            self._ask_movement()
            return
        side.hand.pop(i)
        k = side.free_support()
        side.support[k] = Support(card, bool(up), self.turn)
        self.field_records = None
        if self.log is not None:  # its arguments built only for a trace
            self._event("play_support", player=p, card=card.code if up else None, support=k, up=bool(up))
        if up:
            self.take_effect(p, k, self._ask_movement)
        else:
            self._ask_movement()

    # -- 12.c Poder ------------------------------------------------------------------------------

    def _power_phase(self) -> None:
        """Rule 12.c: +1 power to each combatant up to its potential (9 face down); none loses (7.b)."""
        p = self.active
        side = self.sides[p]
        if side.combat.count(None) == len(side.combat):  # no combatant (Side.has_combatant, inlined)
            self.lose(p, "7.b")
            return
        self._power_up(p, side)
        if self.log is not None:
            self.event(
                "power", player=p, powers=[None if c is None else c.power for c in side.combat], rule="12.c"
            )
        self._end_of_power(0)

    def _power_up(self, p: int, side: Side) -> None:
        """12.c's gain for each combatant of seat *p*, with field and attached modifiers."""
        table = self.table
        if table.modifiers:
            # 6.c.III field summons of either seat that add power, and the potential attached summons add
            # (6.c.II) summed once per phase, by ``id`` of the combatant bound: one pass over the support rows.
            extra: list[tuple[str, int]] | None = None
            bound: dict[int, int] | None = None
            if table.field_powers or table.potentials:
                for owner in self.sides:
                    for sup in owner.support:
                        if sup is None:
                            continue
                        held = sup.card
                        if held.field.power and sup.up:
                            if extra is None:
                                extra = []
                            extra.append((held.field.power_key, held.field.power))
                        if owner is side and sup.attached is not None and held.bound.potential:
                            if bound is None:
                                bound = {}
                            key = id(sup.attached)
                            bound[key] = bound.get(key, 0) + held.bound.potential
            for c in side.combat:
                if c is None:
                    continue
                card = c.card
                gain = 1
                if extra is not None:
                    for cls, n in extra:
                        if cls == "" or card.class_key == cls:
                            gain += n
                if gain == 1 and not card.own.gain_cap:
                    if not c.up:
                        cap = FACE_DOWN_CAP
                    else:  # EliriaBoard.potential, its attached summons summed once per phase
                        cap = card.potential + bound.get(id(c), 0) if bound else card.potential
                        if cap > 12:
                            cap = 12
                    if c.power < cap:  # rules.power_up, inlined
                        c.power += 1
                else:
                    self.gain_power(p, c, gain)
        else:
            for c in side.combat:
                if c is not None:
                    c.power = power_up(c.power, c.card.potential if c.up else FACE_DOWN_CAP)

    def _end_power(self, p: int, slot: int, comb: Combatant, spec: Mapping[str, Any]) -> bool:
        """Run the card's ``end_of_power`` verb (engine/eliria/verbs/); True when it asked the player."""
        ready = comb.card.ready.get("end_of_power")
        if ready is not None and not ready(self, p, comb, spec):  # most turns: nothing to offer
            return False
        at = Occasion("end_of_power", p, spec, partial(self._end_of_power, slot + 1), comb=comb, slot=slot)
        return _RUN[spec["action"]](self, at)

    def _end_of_power(self, start: int) -> None:
        """Optional effects "at the end of your Poder phase", slot by slot (face up only, 6.a.III)."""
        if not self.table.end_powers:
            self._attack_phase()
            return
        p = self.active
        side = self.sides[p]
        for slot in range(start, len(side.combat)):
            c = side.combat[slot]
            if c is None or not c.up or not c.card.end_hook:  # CardInfo.end_hook: an effect or script below
                continue
            spec = c.card.end_power
            if spec is not None and self._end_power(p, slot, c, spec):
                return
            script = c.card.script
            if script is not None and script.has_end_of_power:
                script.end_of_power(self, p, slot, partial(self._end_of_power, slot + 1))
                return
        self._attack_phase()

