"""Rule 12.d, the Ataque phase: which attacks are legal (rules 8, 10) and how one resolves (6.a.V).

Damage "x" (6.a.IV) is the attacker's current power unless the card's data names
another formula (assumption, see docs/assumptions.md). A face-down target is revealed when
attacked, its power trimmed to its potential (8). The attacked card is destroyed
when the damage exceeds its resistance (6.a.V). Declaring an attack spends no
power (12.d).
"""

from __future__ import annotations

from functools import partial

from ..actions import Action
from ..match import Pending
from .board import PASS, AttackContext, EliriaBoard
from .cardinfo import SUMMON, AttackInfo
from .layer import modifiers
from .moves import Occasion
from .state import Combatant
from .verbs.base import runs

__all__ = ["EliriaCombat"]

# Each attack verb's execution, by action and stage: the registry's units (engine/eliria/verbs/on_attack.py).
_BEFORE = runs("before")
_AFTER = runs("after")


class EliriaCombat(EliriaBoard):
    """Attack listing and resolution; the turn flow (:mod:`.match`) provides :meth:`_end_turn`."""

    def _end_turn(self) -> None:
        raise NotImplementedError

    def attack_actions(self) -> list[Action]:
        """Rule 12.d: each face-up combatant (8) with power for the attack's cost (6.a.IV),
        against the rival combatant in front of it (rule 10) or where its passive reaches."""
        p = self.active
        rival = self.sides[1 - p].combat
        if not any(rival):
            return []
        out: list[Action] = []
        cache = self._cache
        for s, c in enumerate(self.sides[p].combat):
            if c is None or not c.up or c.blocked_turn == self.turn:  # CUARTO: blocked this turn
                continue
            attacks = [a for a in c.card.attacks if a.cost <= c.power]
            if not attacks:
                continue
            for t in self._reach(c, s, len(rival)):
                target = rival[t]
                if target is None or (self.table.protections and self.protected(1 - p, t, c)):
                    continue
                seen = target.card.id if target.up else -1
                for a in attacks:
                    cache_key = ("attack", s, a.index, t, c.card.id, seen)
                    found = cache.get(cache_key)
                    if found is None:
                        found = cache[cache_key] = self._attack_action(c, a, s, t, target)
                    out.append(found)
            for a in attacks:
                if a.moves_first:
                    out.extend(self._feint_actions(p, c, s, a))
        return out

    def can_attack(self) -> bool:
        """Whether :meth:`attack_actions` lists any attack, without building them (the same conditions)."""
        p = self.active
        rival = self.sides[1 - p].combat
        if not any(rival):
            return False
        protections, turn = self.table.protections, self.turn
        for s, c in enumerate(self.sides[p].combat):
            if c is None or not c.up or c.blocked_turn == turn or c.power < c.card.min_cost:
                continue  # 8, CUARTO, 6.a.IV: no attack it can pay
            reach = self._reach(c, s, len(rival)) if c.card.own.reach else (s,)  # rule 10 unless a passive reaches
            for t in reach:
                if rival[t] is not None and not (protections and self.protected(1 - p, t, c)):
                    return True
            for a in c.card.attacks:
                if a.moves_first and a.cost <= c.power:
                    for f in self.movable_to(p, s):
                        for t in self._reach(c, f, len(rival)):
                            if rival[t] is not None and not (protections and self.protected(1 - p, t, c)):
                                return True
        return False

    def attack_action(self, s: int, a: AttackInfo, t: int) -> Action:
        """The active seat's attack *a* from slot *s* on the rival's slot *t*: the object :meth:`attack_actions` lists."""
        p = self.active
        c, target = self.sides[p].combat[s], self.sides[1 - p].combat[t]
        assert c is not None and target is not None
        cache_key = ("attack", s, a.index, t, c.card.id, target.card.id if target.up else -1)
        found = self._cache.get(cache_key)
        if found is None:
            found = self._cache[cache_key] = self._attack_action(c, a, s, t, target)
        return found

    def _feint_actions(self, p: int, c: Combatant, s: int, a: AttackInfo) -> list[Action]:
        """An attack that may first move its attacker to an adjacent free slot (then rule 10 from there):
        a move like any other (:meth:`movable_to`: not while it "no podrá moverse")."""
        rival = self.sides[1 - p].combat
        out = []
        for f in self.movable_to(p, s):
            for t in self._reach(c, f, len(rival)):
                target = rival[t]
                if target is None or (self.table.protections and self.protected(1 - p, t, c)):
                    continue
                name = target.card.name if target.up else "la carta boca abajo"
                label = f"Mover {c.card.name} al espacio {f + 1} y atacar ({a.name}) a {name} (espacio {t + 1})"
                params: dict[str, str | int] = {"name": c.card.name, "to": f + 1, "attack": a.name, "target": name, "n": t + 1}
                out.append(Action(f"attack:slot{s}:{a.index}:from{f}:slot{t}", label, "attack", (s, a.index, t, f),
                                  "action.move_attack", params))
        return out

    @staticmethod
    def _attack_action(c: Combatant, a: AttackInfo, s: int, t: int, target: Combatant) -> Action:
        """``attack:slot<s>:<attack>`` against the slot in front, ``…:slot<t>`` elsewhere."""
        key = f"attack:slot{s}:{a.index}" if t == s else f"attack:slot{s}:{a.index}:slot{t}"
        name = target.card.name if target.up else "la carta boca abajo"
        label = f"Atacar con {c.card.name} ({a.name}, coste {a.cost}) a {name} (espacio {t + 1})"
        params: dict[str, str | int] = {"name": c.card.name, "attack": a.name, "cost": a.cost, "target": name, "n": t + 1}
        return Action(key, label, "attack", (s, a.index, t), "action.attack", params)

    def protected(self, q: int, t: int, attacker: Combatant) -> bool:
        """Whether seat *q*'s combatant on slot *t* may not be attacked by *attacker* (passives, 6.a.III)."""
        combat = self.sides[q].combat
        target = combat[t]
        assert target is not None
        if target.up:  # its own passive (most cards have none)
            kind = target.card.own.protect
            if not kind or self.silenced(target):
                return False
            if kind == "self":
                return attacker.power <= target.card.own.protect_max_power
            if kind == "self_beside_ally":
                return any(
                    (n := combat[s]) is not None and n.up for s in (t - 1, t + 1) if 0 <= s < len(combat)
                )
            return False
        for c in combat:  # face down: an ally's passive
            if (
                c is not None and c is not target and c.up and c.card.own.protect == "own_face_down"
                and not self.silenced(c)
            ):  # fmt: skip
                return True
        return False

    @staticmethod
    def _reach(c: Combatant, s: int, slots: int) -> range | tuple[int, ...]:
        reach = c.card.own.reach
        if reach == "any":
            return range(slots)
        if reach == "adjacent":
            return tuple(t for t in (s - 1, s, s + 1) if 0 <= t < slots)
        return (s,)  # rule 10: only the combatant directly in front

    def _attack_phase(self) -> None:
        if self._outcome is not None:
            return
        if self.observer is not None:  # the goldfish reads the board after the Poder phase
            self.observer(self)
        if self.players < 2 or self.turn == 1:  # 11.d: the starting player skips it in turn 1
            if self.log is not None:
                self.event("attack_skipped", player=self.active, rule="11.d" if self.turn == 1 else "12.d")
            self._end_turn()
            return
        # The highest of the face-up field summons' (max, default 0; a roll is 1-12).
        roll_at_most = modifiers(self, self.active, None, -1, "attack_roll").attack_roll
        if roll_at_most:  # a field summon: the active player rolls at the start of the Ataque phase
            roll = self.rng.d12()
            self.event("roll", player=self.active, roll=roll, hit=roll <= roll_at_most, rule="6.c.III")
            if roll <= roll_at_most:
                self._end_turn()
                return
        if not self.can_attack():
            if self.log is not None:  # its arguments built only for a trace: most turns of some games come here
                self._event("no_attack", player=self.active, rule="12.d")
            self._end_turn()
            return
        # Listed when first read: the rule-based player usually knows its choice without the list.
        # EliriaBoard.ask, inlined (the game goes on: checked above).
        self.pending = Pending(self.active, "attack", "Fase de ataque: elige un ataque", self._attack_options,
                               self._on_attack)  # fmt: skip

    def _attack_options(self) -> list[Action]:
        options = self.attack_actions()
        options.append(PASS)
        return options

    def _on_attack(self, action: Action) -> None:
        if action.kind == "pass":
            self._end_turn()
            return
        s, a, t = action.args[:3]
        p = self.active
        side = self.sides[p]
        attacker = side.combat[s]
        assert attacker is not None
        side.attacked = True
        if len(action.args) == 4:  # move_before: the attacker moves first (not the 12.b move)
            f = action.args[3]
            self.move(p, s, f, partial(self._declare, p, f, t, a, attacker), rule="efecto")
            return
        self._declare(p, s, t, a, attacker)

    def _declare(self, p: int, s: int, t: int, a: int, attacker: Combatant) -> None:
        if attacker.blocked_turn == self.turn:  # a reaction to its move: it may not attack this turn
            self.event("attack_cancelled", player=p)
            self._end_turn()
            return
        ctx = AttackContext(p, s, t, attacker.card.attacks[a], attacker)
        if self.log is not None:  # its arguments built only for a trace: every attack comes here
            self._event("attack", player=p, slot=s, attack=ctx.atk.name, target=t)
        self.offer_reactions(1 - p, "attack_declared", ctx, lambda: self._strike(ctx))

    def _strike(self, ctx: AttackContext) -> None:
        q = 1 - ctx.p
        target = self.sides[q].combat[ctx.t]
        if ctx.cancelled or target is None or self.sides[ctx.p].combat[ctx.s] is not ctx.attacker:
            self.event("attack_cancelled", player=ctx.p)
            self._end_turn()
            return
        if not target.up:  # rule 8: revealed when attacked, excess power trimmed
            target.up = ctx.hidden = True
            target.power = min(target.power, self.potential(q, target))
            self.event("reveal", player=q, slot=ctx.t, card=target.card.code, rule="8")
        for spec in ctx.atk.before:
            _BEFORE[spec["action"]](self, Occasion("on_attack", ctx.p, spec, ctx=ctx, target=target))  # verbs/attack.py
        mods = modifiers(self, q, target, ctx.t, "thorns drain")  # what its attached summons (6.c.II) do to its attacker
        drains, thorns = mods.drain, mods.thorns
        ctx.damage = self._damage(ctx, target)
        resistance = self.strike_resistance(ctx)
        ctx.destroyed = ctx.damage > resistance  # 6.a.V: equal or lower does not destroy
        if self.log is not None:  # its arguments built only for a trace: every attack comes here
            self._event(
                "hit",
                player=ctx.p,
                damage=ctx.damage,
                resistance=resistance,
                destroyed=ctx.destroyed,
                rule="6.a.V",
            )
        if not ctx.destroyed and not thorns:  # most attacks: after_hit and after_thorns' steps, not built
            if "on_attacked_survived" in target.card.events and not self.silenced(target):
                self.fire("on_attacked_survived", q, target)
            self.offer_reactions(q, "attacked_survived", ctx, lambda: self._after_attack(ctx, target))
            return

        def after_thorns() -> None:
            if ctx.destroyed:
                if drains and self.sides[ctx.p].combat[ctx.s] is ctx.attacker:  # a drain_attacker summon
                    ctx.attacker.power = 0
                    self.event("drained", player=ctx.p, slot=ctx.s)
                self._after_attack(ctx, target)
            else:
                self.offer_reactions(q, "attacked_survived", ctx, lambda: self._after_attack(ctx, target))

        def after_hit() -> None:
            if thorns:
                self.damage_attacker(ctx, thorns, after_thorns)
            else:
                after_thorns()

        if ctx.destroyed:
            self.destroy(q, ctx.t, after_hit)
        else:
            if "on_attacked_survived" in target.card.events and not self.silenced(target):
                self.fire("on_attacked_survived", q, target)
            after_hit()

    def strike_damage(self, ctx: AttackContext, target: Combatant) -> int:
        return self._damage(ctx, target)

    def _damage(self, ctx: AttackContext, target: Combatant) -> int:
        """The attack's damage: printed, or "x" by its formula (the attacker's power by default)."""
        atk, att, p = ctx.atk, ctx.attacker, ctx.p
        if atk.damage is not None:
            damage = atk.damage
        else:
            damage = self._x(ctx, target)
        damage += self.damage_bonus(p, att)
        att.boost = 0  # the bonus was for its next attack
        return max(damage, 0)

    def _x(self, ctx: AttackContext, target: Combatant) -> int:
        side, formula = self.sides[ctx.p], ctx.atk.formula
        summons = sum(1 for s in side.support if s is not None and s.card.kind == SUMMON)
        if formula == "summons_plus_1":
            return summons + 1
        if formula == "twice_summons":
            return 2 * summons
        if formula == "two_per_beast":
            return 2 * sum(1 for _, c in side.combatants() if c.card.class_key == "bestia")
        if formula == "target_resistance_plus_1":  # its resistance against this attack (rule 8)
            return self.strike_resistance(ctx) + 1
        if formula == "own_discard_max_8":
            return min(len(side.discard), 8)
        if formula == "rival_discard_max_4":
            return min(len(self.sides[1 - ctx.p].discard), 4)
        if formula == "last_sacrifice_plus_3":
            return ctx.attacker.charge + 3
        return ctx.attacker.power  # assumption: "x" is the attacker's current power

    def _after_attack(self, ctx: AttackContext, target: Combatant, i: int = 0) -> None:
        """The attack's own effects (its data), in order, then the end of the turn."""
        if self._outcome is not None:
            return
        after = ctx.atk.after
        while i < len(after):
            spec = after[i]
            i += 1
            at = Occasion("on_attack", ctx.p, spec, partial(self._after_attack, ctx, target, i), ctx=ctx, target=target, i=i)
            if _AFTER[spec["action"]](self, at):  # engine/eliria/verbs/
                return
        self._end_turn()
