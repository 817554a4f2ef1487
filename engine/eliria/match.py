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

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from ..actions import Action
from ..decklist import DeckEntry
from ..match import DEFAULT_TURN_CAP, Pending
from ..rng import GameRng, card_ids
from .board import AttackContext
from .cardinfo import COMBAT, FACE_DOWN_CAP, REACTION, CardInfo, CardTable
from .fast.turns import QuietTurns
from .moves import Occasion
from .rules import HAND_SIZE, power_up
from .state import Combatant, Side, Support
from .verbs.base import runs
from .view import EliriaView

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


class EliriaMatch(QuietTurns):
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
        if not table.modifiers:
            for c in side.combat:
                if c is not None:
                    c.power = power_up(c.power, c.card.potential if c.up else FACE_DOWN_CAP)
            return
        extra, bound = self._support_bonuses(side) if table.field_powers or table.potentials else (None, None)
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

    def _support_bonuses(self, side: Side) -> tuple[list[tuple[str, int]] | None, dict[int, int] | None]:
        """What 12.c adds this phase from the support rows: the 6.c.III field summons of either seat
        that add power (class key, amount), and the potential the attached summons of *side* add
        (6.c.II), summed by ``id`` of the combatant bound; None for either when there is none."""
        extra: list[tuple[str, int]] | None = None
        bound: dict[int, int] | None = None
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
        return extra, bound

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

