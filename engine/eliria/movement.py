"""Rule 12.b's options: what the player to move may do in its Movimiento phase, as actions.

:class:`EliriaMovement` lists them (``movement_actions``: play from hand, rule 9 and ruling SEGUNDO;
reveal, rule 8; activate a summon, 6.c; move once, 12.b; the cards' own actions; ``end``) and builds
each one once per table (the match's action cache), so the players' quick choices
(:mod:`.fast`) and the listed options hand out the very same objects. Applying them is the rules of
a turn (:class:`~engine.eliria.match.EliriaMatch`).
"""

from __future__ import annotations

from itertools import combinations

from ..actions import Action
from .board import END
from .cardinfo import COMBAT, REACTION, SUMMON, CardInfo
from .combat import EliriaCombat
from .state import Combatant, Support

__all__ = ["EliriaMovement"]


class EliriaMovement(EliriaCombat):
    """A board that lists the Movimiento options of its player to move (12.b)."""

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
