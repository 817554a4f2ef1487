"""The goldfish's fused turns: ``end`` and the quiet steps of the turns after it in one loop.

:class:`QuietTurns` is the base of ``EliriaMatch`` (engine/eliria/match.py): ``quiet_end`` and
``quiet_play`` play what ``push(END)`` and a ``play`` would, handing the turn to the rules' own steps
the moment one could ask a decision. Held equal to the rules by ``tests/engine/test_goldfish_fused.py``
and ``test_goldfish_fused_expiry.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...actions import Action
from ...match import Pending
from ..board import END
from ..cardinfo import COMBAT, REACTION
from ..movement import EliriaMovement
from ..state import Combatant, Side

if TYPE_CHECKING:
    from ..verbs.base import CardScript

__all__ = ["QuietTurns"]


class QuietTurns(EliriaMovement):
    """A match that plays the goldfish's quiet steps of a turn in one loop (``EliriaMatch`` is one).

    The rules of a turn it hands over to are ``EliriaMatch``'s (engine/eliria/match.py); they are
    declared here so that this module reads no module above it."""

    def _power_phase(self) -> None:
        """Rule 12.c, then the end-of-Poder effects and the Ataque phase (the rules' own step)."""
        raise NotImplementedError

    def _power_up(self, p: int, side: Side) -> None:
        """12.c's gain for each combatant of seat *p*."""
        raise NotImplementedError

    def _end_power(self, p: int, slot: int, comb: Combatant, spec: Mapping[str, Any]) -> bool:
        """Run the card's ``end_of_power`` verb; True when it asked the player."""
        raise NotImplementedError

    def _end_of_power(self, start: int) -> None:
        """The end-of-Poder effects from slot *start* on, then the Ataque phase."""
        raise NotImplementedError

    def _begin_turn(self, p: int) -> None:
        """12.a: the next turn of seat *p* (reactions expire, the draw)."""
        raise NotImplementedError

    def _start_of_movement(self, slot: int) -> None:
        """The start-of-Movimiento effects from slot *slot* on, then the Movimiento decision."""
        raise NotImplementedError

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
