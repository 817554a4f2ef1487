"""The Eliria table and the moves every rule and effect is made of.

:class:`EliriaBoard` holds both seats (rule 2) and offers the steps effects
use — place, sacrifice (14.a), destroy (6.a.V, 14.b), draw (7.c), the modified
resistance and potential, reactions (6.b) — so that rules and scripts share
one implementation. The turn flow lives in :mod:`.match`, attacks in
:mod:`.combat`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from ..actions import Action
from ..cards import Game
from ..decklist import DeckEntry
from ..match import Match, Pending
from ..rng import GameRng
from .cardinfo import FACE_DOWN_CAP, REACTION, SUMMON, CardInfo, CardTable
from .layer import modifiers
from .modifiers import EMPTY, Modifiers
from .moves import DONE, END, NO_REACT, PASS, SKIP, Occasion, Then
from .rules import RULE_OF_THREE
from .state import AttackContext, Combatant, Side, Support
from .verbs.base import runs

__all__ = ["DONE", "END", "LOSS_LABELS", "NO_REACT", "PASS", "SKIP", "AttackContext", "EliriaBoard", "Then"]

LOSS_LABELS = {
    "7.a": "se rindió (regla 7.a)",
    "7.b": "no tenía cartas de combate en su fase de poder (regla 7.b)",
    "7.c": "debía robar y su mazo estaba vacío (regla 7.c)",
}

# Each verb's whole behaviour, by action: the registry's units (engine/eliria/verbs/). The board fires
# the triggers (an Occasion each) and runs the verb the card's data names.
_RUN = runs()


class EliriaBoard(Match):
    """Both seats' tables and the shared steps of the rules."""

    game = Game.ELIRIA
    resign_reason = "7.a"
    skip_action = SKIP
    done_action = DONE
    no_react_action = NO_REACT

    def __init__(
        self,
        decks: Sequence[Sequence[DeckEntry]],
        *,
        seed: int,
        index: int,
        first: int | None,
        turn_cap: int,
        trace: bool,
        table: CardTable | None,
        rng: GameRng | None = None,
    ) -> None:
        super().__init__(decks, seed=seed, index=index, first=first, turn_cap=turn_cap, trace=trace, rng=rng)
        self.table = table if table is not None else CardTable(self.decks)
        self.sides = [Side(list(pile)) for pile in self.table.pile_cards]
        self.active = 0
        self.first = 0
        self.freed_slot = -1  # the slot of the last combatant destroyed (a ``last_destroyed`` reaction)
        self.moment_slot = -1  # the slot a reaction's moment concerns (moved, played, summon activated)
        # The face-up field summons' layer records in the board's order (for a combat card, for a token),
        # kept by engine/eliria/layer.py until a support is placed, turned face up or discarded (None).
        self.field_records: tuple[tuple[Modifiers, ...], tuple[Modifiers, ...]] | None = None
        self._cache = self.table.action_cache
        # Called with the match at the start of every Ataque phase, after Poder (the goldfish's tallies).
        self.observer: Callable[[EliriaBoard], None] | None = None

    # -- small helpers -----------------------------------------------------------------------

    def act(
        self, cache: tuple[Any, ...], key: str, label: str, kind: str, args: tuple[int, ...],
        code: str = "", params: dict[str, str | int] | None = None,
    ) -> Action:
        """An action, built once per match table and cache key (*code*, *params*: its label's, TABLE_LABELS)."""
        found: Action | None = self._cache.get(cache)
        if found is None:
            found = self._cache[cache] = Action(key, label, kind, args, code, params)
        return found

    def ask(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: list[Action] | Callable[[], list[Action]],
        resolve: Callable[[Action], None],
    ) -> None:
        if self._outcome is None:  # Match._ask, inlined: every decision of a game comes through here
            self.pending = Pending(player, kind, prompt, options, resolve)

    def event(self, event: str, **data: Any) -> None:
        if self.log is not None:
            self._event(event, **data)

    def lose(self, p: int, reason: str) -> None:
        """Seat *p* loses by rule *reason* (7.a, 7.b or 7.c)."""
        winner = 1 - p if self.players == 2 else None
        self._finish(winner, p, reason, f"El jugador {p + 1} {LOSS_LABELS[reason]}")

    def combatant_name(self, p: int, slot: int) -> str:
        c = self.sides[p].combat[slot]
        if c is None:
            return "nada"
        return c.card.name if c.up else "la carta boca abajo"

    def tag(self, p: int, slot: int) -> int:
        """What a label may say of a slot: the card id face up, -1 face down, -2 empty (cache keys)."""
        c = self.sides[p].combat[slot]
        return -2 if c is None else (c.card.id if c.up else -1)

    def offer_actions(self, p: int, slots: Iterable[int]) -> list[Action]:
        """``offer:slot<s>`` choices to sacrifice seat *p*'s combatants on *slots* (callers apply 14.a)."""
        return [
            self.act(("offer", s, self.tag(p, s)), f"offer:slot{s}", f"Sacrificar {self.combatant_name(p, s)}",
                     "offer", (s,))
            for s in slots
        ]  # fmt: skip

    def adjacent_free(self, p: int, slot: int) -> list[int]:
        combat = self.sides[p].combat
        return [s for s in (slot - 1, slot + 1) if 0 <= s < len(combat) and combat[s] is None]

    # -- moving (12.b and every effect that moves a combatant) -----------------------------------

    def movable_to(self, p: int, slot: int) -> list[int]:
        """The adjacent free slots seat *p*'s combatant on *slot* may move to: none while an effect
        says it "no podrá moverse" this turn. Every move, by rule or by effect, asks here."""
        combat = self.sides[p].combat
        comb = combat[slot]
        if comb is None or comb.unmovable_turn == self.turn:
            return []
        free = []
        if slot > 0 and combat[slot - 1] is None:
            free.append(slot - 1)
        if slot + 1 < len(combat) and combat[slot + 1] is None:
            free.append(slot + 1)
        return free

    def move(self, p: int, slot: int, to: int, then: Then, *, event: str = "move", **data: Any) -> None:
        """Move seat *p*'s combatant from *slot* to the free slot *to* (callers ask :meth:`movable_to`);
        then the rival of its owner may answer the move (a ``rival_moved`` reaction, 6.b)."""
        combat = self.sides[p].combat
        combat[to], combat[slot] = combat[slot], None
        self.event(event, player=p, slot=slot, to=to, **data)
        if self.players == 2:
            self.moment_slot = to
            self.offer_reactions(1 - p, "rival_moved", None, then)
        else:
            then()

    # -- cards entering and leaving --------------------------------------------------------------

    def place(self, p: int, slot: int, card: CardInfo, *, up: bool, power: int = 0) -> Combatant:
        comb = Combatant(card, up, power)
        self.sides[p].combat[slot] = comb
        return comb

    def enter(self, p: int, slot: int, card: CardInfo, *, up: bool, power: int = 0) -> Combatant:
        """A combat card enters the field, however it comes (played, by a reaction, by an effect):
        placed, and its entry effect runs when it enters face up (6.a.III). The one path in."""
        comb = self.sides[p].combat[slot] = Combatant(card, up, power)  # place(), inlined: every play comes here
        if up and "on_enter" in card.events:
            self.on_enter(p, comb)
        return comb

    def may_play_combat(self, p: int) -> bool:
        """Rule 9 and ruling SEGUNDO: whether seat *p* may still play a combat card from its hand."""
        side = self.sides[p]
        return side.played < RULE_OF_THREE and not side.locked

    def play_combat(self, p: int, i: int, slot: int, *, up: bool, power: int = 0) -> Combatant:
        """Play the combat card ``hand[i]`` of seat *p* onto *slot*: it counts towards the rule of
        three (9: an effect that plays from hand is no express exception) and enters (:meth:`enter`).
        Callers check :meth:`may_play_combat`."""
        side = self.sides[p]
        card = side.hand.pop(i)
        side.played += 1
        return self.enter(p, slot, card, up=up, power=power)

    def place_token(self, p: int, code: str, slot: int) -> None:
        """Rule 14: a token comes from outside the deck, face up with 0 power (assumption)."""
        ident = self.table.token(code)
        if ident is None:
            self.event("no_token", player=p, card=code, rule="14")
            return
        card = self.table.cards[ident]
        self.place(p, slot, card, up=True)
        self.event("token", player=p, slot=slot, card=card.code, rule="14")

    def ask_token_slot(self, p: int, code: str, free: Sequence[int], then: Then) -> None:
        """An effect places a token "en un espacio de combate libre": the player chooses which (rule 10:
        the slot decides what it faces). One free slot needs no question."""
        if len(free) == 1:
            self.place_token(p, code, free[0])
            then()
            return
        options = [
            self.act(("token_slot", f, code), f"token:slot{f}", f"Colocar el token en el espacio {f + 1}", "token", (f,))
            for f in free
        ]

        def place(a: Action) -> None:
            self.place_token(p, code, a.args[0])
            then()

        self.ask(p, "token_slot", "Elige el espacio del token", options, place)

    def fire(self, trigger: str, p: int, comb: Combatant, slot: int = -1) -> None:
        """Run the verb of *comb*'s event *trigger* (callers check it is face up and not silenced, 6.a.III)."""
        spec = comb.card.events[trigger]
        _RUN[spec["action"]](self, Occasion(trigger, p, spec, comb=comb, slot=slot))

    def on_enter(self, p: int, comb: Combatant) -> None:
        """A combat card entering face up runs its ``on_enter`` effect, when it has one (6.a.III)."""
        if "on_enter" in comb.card.events:
            self.fire("on_enter", p, comb)

    def remove_combatant(self, p: int, slot: int) -> Combatant:
        """Take a combatant off the field: attached summons go with it (6.c.II), a token vanishes (14.b)."""
        side = self.sides[p]
        comb = side.combat[slot]
        assert comb is not None
        side.combat[slot] = None
        self._discard_bound(p, comb)
        if not comb.card.is_token:
            side.discard.append(comb.card)
        return comb

    def _discard_bound(self, p: int, comb: Combatant) -> None:
        """6.c.II: the attached summons bound to *comb* go with it."""
        for k, sup in enumerate(self.sides[p].support):
            if sup is not None and sup.attached is comb:
                self.discard_support(p, k)

    def sacrifice(self, p: int, slot: int, then: Then) -> None:
        """Sacrifice a combatant (callers check 14.a: tokens only where the effect allows it expressly);
        the rival's reactions to a sacrifice may answer, then *then*."""
        comb = self.remove_combatant(p, slot)
        self.event(
            "sacrifice", player=p, slot=slot, card=comb.card.code, token=comb.card.is_token, rule="14.a"
        )
        if self.players == 2:
            self.offer_reactions(1 - p, "rival_sacrificed", None, then)
        else:
            then()

    def discard_support(self, p: int, k: int, *, destroyed: bool = False) -> None:
        side = self.sides[p]
        sup = side.support[k]
        assert sup is not None
        side.support[k] = None
        self.field_records = None
        if sup.attached is not None and sup.card.bound in sup.attached.bound:  # unbound (the layer's record)
            held = list(sup.attached.bound)
            held.remove(sup.card.bound)
            sup.attached.bound = tuple(held)
        side.discard.append(sup.card)
        if destroyed:
            self.event("support_destroyed", player=p, support=k, card=sup.card.code)
        if sup.card.kind == SUMMON:  # "cuando una de tus invocaciones pase a la pila de descarte"
            for c in side.combat:
                if c is not None and c.up and "on_summon_discarded" in c.card.events and not self.silenced(c):
                    self.fire("on_summon_discarded", p, c)

    def support_protected(self, owner: int, k: int, by: int) -> bool:
        """An attached summon bound to a face-up ``protect_attached`` combatant cannot be destroyed
        by the effects of its owner's opponent (*by* is the seat whose effect it is)."""
        sup = self.sides[owner].support[k]
        bound = None if sup is None else sup.attached
        return (
            by != owner and bound is not None and bound.up and bound.card.own.protects_attached
            and not self.silenced(bound)
        )  # fmt: skip

    def destroy_support(self, owner: int, k: int, by: int) -> bool:
        """Destroy a summon/reaction by *by*'s effect unless protected; whether it was destroyed."""
        if self.sides[owner].support[k] is None or self.support_protected(owner, k, by):
            return False
        self.discard_support(owner, k, destroyed=True)
        return True

    def destroy(self, p: int, slot: int, then: Then) -> None:
        """Destroy the combatant on *slot* of seat *p* (6.a.V): to the discard pile, or gone if a token (14.b).

        The one path of a destruction: its attached summons go with it (6.c.II) and every "when
        destroyed" listener hears it, even when a passive brings the card back to its slot
        instead of the discard pile (``replace_destruction``: it was destroyed all the same).
        """
        side = self.sides[p]
        comb = side.combat[slot]
        if comb is None:
            then()
            return
        script = comb.card.script
        stays = comb.up and script is not None and not self.silenced(comb) and script.replace_destruction(self, p, slot)
        if stays:
            self._discard_bound(p, comb)
        else:
            self.remove_combatant(p, slot)
        self.event("destroyed", player=p, slot=slot, card=comb.card.code, token=comb.card.is_token)
        if not stays and comb.up and "on_destroyed" in comb.card.events and not self.silenced(comb):
            self.fire("on_destroyed", p, comb, slot)
        for _, ally in side.combatants():
            if ally is not comb and ally.up and "on_ally_destroyed" in ally.card.events and not self.silenced(ally):
                self.fire("on_ally_destroyed", p, ally)

        def after() -> None:
            if p != self.active and not side.has_combatant() and self._outcome is None:
                self.freed_slot = slot  # ruling SEGUNDO: the last combatant on the field is gone
                self.offer_reactions(p, "last_destroyed", None, then)
                return
            then()

        self.hear("destroyed", Occasion("field", p, {}, after, comb=comb, slot=slot))

    def hear(self, event: str, at: Occasion, i: int = 0) -> None:
        """A board *event* the continuous verbs of the match may act at (``Use.on``: engine/eliria/verbs/):
        each one's run in turn, then ``at.resume``. Most matches have none: nothing runs."""
        runs = self.table.hears.get(event, ())
        while i < len(runs) - 1:  # one that asks goes on with the others (the last with at.resume itself)
            i += 1
            resume, at.resume = at.resume, partial(self.hear, event, at, i)
            took_over = runs[i - 1](self, at)
            at.resume = resume
            if took_over:
                return
        if i >= len(runs) or not runs[i](self, at):
            at.resume()

    def draw_card(self, p: int) -> CardInfo | None:
        """The next card of seat *p*'s deck, or None when it is empty.

        The deck is dealt by card identity (engine.rng.deal) and a draw takes its last card (the
        very draws of the goldfish's fast path); cards a player has seen and left on top or put
        at the bottom are drawn in their place.
        """
        side = self.sides[p]
        if side.top:
            return side.top.pop()
        if side.deck:
            return side.deck.pop()
        if side.bottom:
            return side.bottom.pop(0)
        return None

    def take_from_deck(self, p: int, card: CardInfo) -> None:
        """Take a searched card out of the deck (the others keep their order: no shuffle is needed)."""
        side = self.sides[p]
        for pile in (side.top, side.deck, side.bottom):
            if card in pile:
                pile.remove(card)
                return

    def draw(self, p: int, n: int = 1) -> bool:
        """Draw *n* cards; an empty deck loses by 7.c. Returns whether the game goes on."""
        side = self.sides[p]
        for _ in range(n):
            card = self.draw_card(p)
            if card is None:
                self.lose(p, "7.c")
                return False
            side.hand.append(card)
            if self.log is not None:
                self._event("draw", player=p, card=card.code)
        return True

    # -- numbers as modified by effects ----------------------------------------------------------

    def silenced(self, comb: Combatant) -> bool:
        """Whether *comb*'s passive is suppressed this turn (a ``silence`` effect)."""
        return comb.silenced_turn == self.turn

    def gain_power(self, p: int, comb: Combatant, amount: int) -> int:
        """Add up to *amount* power to *comb*, never above its potential (9 face down, 12.c) nor
        above a ``cap_power_gain`` passive's allowance for this turn; return what it gained."""
        cap = self.potential(p, comb) if comb.up else FACE_DOWN_CAP
        limit = comb.card.own.gain_cap
        if limit and comb.up and not self.silenced(comb):
            used = comb.gained if comb.gained_turn == self.turn else 0
            amount = min(amount, limit - used)
        new = min(cap, comb.power + max(amount, 0))
        gained = max(new - comb.power, 0)
        if gained:
            comb.power = new
            if comb.gained_turn != self.turn:
                comb.gained_turn, comb.gained = self.turn, 0
            comb.gained += gained
        return gained

    def potential(self, p: int, comb: Combatant) -> int:
        pot = comb.card.potential
        if self.table.potentials:
            pot += modifiers(self, p, comb, -1, "potential").potential
        return pot if pot < 12 else 12

    def resistance(self, p: int, slot: int) -> int:
        """Resistance with every bonus in force (6.a.V). One function: policies read it a few times a decision."""
        comb = self.sides[p].combat[slot]
        assert comb is not None
        res = comb.card.resistance
        if comb.res_until > self.turn:
            res += comb.res_bonus
        if self.table.modifiers:  # attached summons (6.c.II), passives beside it: the layer
            res += modifiers(self, p, comb, slot, "resistance").resistance
        return res

    def strike_resistance(self, ctx: AttackContext) -> int:
        """The attacked card's resistance against this attack (6.a.V). A card attacked face down is
        attacked as if face up and revealed at that moment (rule 8), so a bonus "to face-down
        cards" (a ``field`` ``all_face_down`` summon, 6.c.III, of either seat) counts against the
        attack that reveals it, and only then (docs/rules-map.md, readings)."""
        q = 1 - ctx.p
        res = self.resistance(q, ctx.t)
        if ctx.hidden and self.table.modifiers:
            res += modifiers(self, q, self.sides[q].combat[ctx.t], ctx.t, "hidden_resistance").hidden_resistance
        return res

    def damage_bonus(self, p: int, comb: Combatant) -> int:
        bonus = comb.boost
        if self.table.modifiers:
            side = self.sides[p]
            bonus += modifiers(self, p, comb, -1, "damage").damage
            if side.turn_damage_at == self.turn:  # ephemeral summons played this turn (summon_damage)
                bonus += side.turn_damage
        return bonus

    def attach_targets(self, p: int, card: CardInfo) -> list[int]:
        """The slots an attached summon may bind to (6.c.II): "una de tus cartas de combate activa",
        active being face up (12.b), of its class if it names one; not one facing a rival's
        face-up, unsilenced ``blocks_attach`` (the modifiers layer's ``own`` record)."""
        wanted = card.attach_key
        return [s for s in range(len(self.sides[p].combat)) if self._bindable(p, s, wanted)]

    def _bindable(self, p: int, s: int, wanted: str | None) -> bool:
        c = self.sides[p].combat[s]
        if c is None or not c.up or (wanted is not None and c.card.class_key != wanted):
            return False
        r = self.sides[1 - p].combat[s] if self.players == 2 else None
        return r is None or not r.up or not r.card.own.blocks_attach or self.silenced(r)

    def attached_forbidden(self) -> bool:
        """A face-up field summon says no player may play attached summons."""
        return self.table.forbids_attached and modifiers(self, self.active, None, -1, "forbid_attached").forbid_attached

    def summon_playable(self, card: CardInfo) -> bool:
        """Whether a summon may be played at all, face up or down (a field summon may forbid a subtype)."""
        return card.subtype != "attached" or not self.attached_forbidden()

    def summon_playable_up(self, p: int, card: CardInfo) -> bool:
        if card.subtype != "attached":
            return True
        return not self.attached_forbidden() and self._has_attach_target(p, card)

    def _has_attach_target(self, p: int, card: CardInfo) -> bool:
        """``bool(attach_targets(p, card))`` without the list: the goldfish asks it of every attached
        summon of its hand each turn (the same conditions, 6.c.II)."""
        wanted = card.attach_key
        for s in range(len(self.sides[p].combat)):
            if self._bindable(p, s, wanted):
                return True
        return False

    # -- reactions (6.b) ---------------------------------------------------------------------------

    def offer_reactions(self, owner: int, when: str, ctx: AttackContext | None, then: Then) -> None:
        """Ask *owner* whether to activate one face-down reaction that may answer *when* (6.b)."""
        if owner == self.active or self.players < 2 or self._outcome is not None:
            then()
            return
        support = self.sides[owner].support
        for sup in support:  # most moments find no reaction for them: one plain pass first
            if sup is not None and sup.card.reaction_when == when and sup.card.kind == REACTION:
                break
        else:
            then()
            return
        options = []
        for k, sup in enumerate(support):
            if sup is None or sup.card.kind != REACTION:
                continue
            card = sup.card
            if card.reaction_when != when:
                continue
            script = card.script
            if script.can_react(self, owner, ctx) if script is not None else self.can_react(owner, card, ctx):
                options.append(
                    self.act(
                        ("react", k, card.id), f"react:support{k}", f"Activar {card.name}", "react", (k,)
                    )
                )
        if not options:
            then()
            return
        options.append(NO_REACT)
        self.ask(
            owner, "reaction", "¿Activar una reacción?", options, lambda a: self._react(owner, a, ctx, then)
        )

    def _react(self, owner: int, action: Action, ctx: AttackContext | None, then: Then) -> None:
        if action.kind != "react":
            then()
            return
        sup = self.sides[owner].support[action.args[0]]
        assert sup is not None
        card = sup.card
        self.discard_support(owner, action.args[0])  # an activated reaction goes to the discard pile
        self.event("reaction", player=owner, card=card.code, rule="6.b")
        if card.script is not None:
            card.script.react(self, owner, ctx, then)
        else:
            self.react(owner, card, ctx, then)

    def can_react(self, owner: int, card: CardInfo, ctx: AttackContext | None) -> bool:
        """Whether the data reaction *card* can do anything now (its moment has come)."""
        return card.reaction is not None

    def react(self, owner: int, card: CardInfo, ctx: AttackContext | None, then: Then) -> None:
        """Apply a data reaction (6.b)."""
        spec = card.reaction
        assert spec is not None
        if not _RUN[spec["action"]](self, Occasion("reaction", owner, spec, then, card=card, ctx=ctx)):
            then()

    def strike_damage(self, ctx: AttackContext, target: Combatant) -> int:
        raise NotImplementedError

    def damage_attacker(self, ctx: AttackContext, amount: int, then: Then) -> None:
        """The attacker takes *amount* damage; destroyed if it exceeds its resistance (6.a.V)."""
        if self.sides[ctx.p].combat[ctx.s] is not ctx.attacker:
            then()
            return
        destroyed = amount > self.resistance(ctx.p, ctx.s)
        self.event("counter_damage", player=ctx.p, slot=ctx.s, damage=amount, destroyed=destroyed)
        if destroyed:
            self.destroy(ctx.p, ctx.s, then)
        else:
            then()

    # -- summons taking effect (6.c) ---------------------------------------------------------------

    def take_effect(self, p: int, k: int, then: Then) -> None:
        """A face-up summon on support slot *k* takes effect: the rival may answer its activation
        (6.b), then attach, run its data and script."""
        if self.players == 2:
            self.moment_slot = k
            self.offer_reactions(1 - p, "rival_summon", None, lambda: self._take_effect(p, k, then))
        else:
            self._take_effect(p, k, then)

    def _take_effect(self, p: int, k: int, then: Then) -> None:
        side = self.sides[p]
        sup = side.support[k]
        if sup is None:  # destroyed before it took effect (a reaction)
            then()
            return
        card = sup.card
        if self.log is not None:  # its arguments built only for a trace: every summon comes here
            self._event("summon", player=p, support=k, card=card.code, subtype=card.subtype)
        if card.subtype == "field":
            for c in side.combat:
                if c is not None and c.up and "on_field_summon" in c.card.events and not self.silenced(c):
                    self.fire("on_field_summon", p, c)
        if "summon" in self.table.hears:  # a continuous verb acts when a summon takes effect (Use.on)
            self.hear("summon", Occasion("field", p, {}, partial(self._summon_effect, p, sup, k, then), card=card, k=k))
        else:
            self._summon_effect(p, sup, k, then)

    def _summon_effect(self, p: int, sup: Support, k: int, then: Then) -> None:
        card = sup.card
        if card.subtype == "attached":
            self._attach(p, sup, then)
            return
        if card.subtype != "field":
            sup.spent = True  # an ephemeral summon: discarded at the end of the turn (6.c.I)
        self._on_play(p, k, card, 0, then)

    def _attach(self, p: int, sup: Support, then: Then) -> None:
        targets = self.attach_targets(p, sup.card)
        options = [
            self.act(
                ("attach", s, sup.card.id, self.tag(p, s)),
                f"attach:slot{s}",
                f"Ligar {sup.card.name} a {self.combatant_name(p, s)}",
                "attach",
                (s,),
            )
            for s in targets
        ]

        def bind(a: Action) -> None:
            self.bind(p, sup, a.args[0])
            self.event("attach", player=p, slot=a.args[0], card=sup.card.code, rule="6.c.II")
            then()

        if options:
            self.ask(p, "attach", f"Elige a quién ligar {sup.card.name}", options, bind)
        else:
            then()

    def bind(self, p: int, sup: Support, slot: int) -> None:
        """Bind the attached summon *sup* to seat *p*'s combatant on *slot* (6.c.II): what it adds
        (its ``bound`` record) joins the combatant's until :meth:`discard_support` takes it."""
        comb = self.sides[p].combat[slot]
        assert comb is not None and sup.attached is None
        sup.attached = comb
        if sup.card.bound is not EMPTY:
            comb.bound = (*comb.bound, sup.card.bound)

    def _on_play(self, p: int, k: int, card: CardInfo, i: int, then: Then) -> None:
        """Run the data effects ``card.on_play[i:]``, then the card's script."""
        while i < len(card.on_play):
            spec = card.on_play[i]
            i += 1
            at = Occasion("on_play", p, spec, partial(self._on_play, p, k, card, i, then), card=card, k=k, i=i)
            if _RUN[spec["action"]](self, at):  # engine/eliria/verbs/
                return
        if card.script is not None:
            card.script.on_effect(self, p, k, then)
        else:
            then()
