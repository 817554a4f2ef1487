"""Card effects the data vocabulary cannot say: a registry of Python classes by card code.

Each class overrides the hooks of :class:`CardScript` it needs; the rules call
them at the matching moments. Every ruling card (PRIMERO, SEGUNDO, CUARTO,
QUINTO) is here or in :mod:`.effects`, with the ruling's name at its code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..actions import Action

if TYPE_CHECKING:
    from .board import AttackContext, EliriaBoard
    from .state import Combatant

__all__ = ["SCRIPTS", "CardScript", "register"]

Then = Callable[[], None]


class CardScript:
    """The hooks a scripted card may implement; each default does nothing."""

    # Rule 14.a: tokens may be sacrificed to this card's effect only where it says so expressly.
    sacrifice_tokens = False
    # Reactions (6.b): the moment they may activate ("attack_declared", "last_destroyed").
    when = ""
    # Attack reach beyond rule 10 (the slot in front): "any" or "adjacent".
    reach = ""

    def on_effect(self, m: EliriaBoard, p: int, k: int, then: Then) -> None:
        """A summon on support slot *k* of seat *p* takes effect (6.c)."""
        then()

    def movement_actions(self, m: EliriaBoard, p: int, slot: int) -> list[Action]:
        """Extra Movimiento actions of a face-up combatant (12.b)."""
        return []

    def movement_apply(self, m: EliriaBoard, p: int, action: Action) -> None:
        """Apply one of :meth:`movement_actions`."""

    def end_of_power(self, m: EliriaBoard, p: int, slot: int, then: Then) -> None:
        """At the end of its owner's Poder phase (12.c), face up."""
        then()

    def replace_destruction(self, m: EliriaBoard, p: int, slot: int) -> bool:
        """True when the card stays instead of being destroyed."""
        return False

    def protected(self, m: EliriaBoard, p: int, slot: int, attacker: Combatant) -> bool:
        """True when this face-up combatant may not be attacked by *attacker*."""
        return False

    def can_react(self, m: EliriaBoard, p: int, ctx: AttackContext | None) -> bool:
        return False

    def react(self, m: EliriaBoard, p: int, ctx: AttackContext | None, then: Then) -> None:
        then()


SCRIPTS: dict[str, CardScript] = {}


def register(*codes: str) -> Callable[[type[CardScript]], type[CardScript]]:
    """Class decorator: one instance of the class serves every listed card code."""

    def wrap(cls: type[CardScript]) -> type[CardScript]:
        instance = cls()
        for code in codes:
            SCRIPTS[code.upper()] = instance
        return cls

    return wrap


@register("BASE-105", "EXP-010")
class SacrificeCannon(CardScript):
    """Cañón del sacrificio. Ruling PRIMERO: its passive may sacrifice combat tokens (14.a)."""

    sacrifice_tokens = True

    def movement_actions(self, m: EliriaBoard, p: int, slot: int) -> list[Action]:
        side = m.sides[p]
        out = []
        for v, victim in enumerate(side.combat):
            if victim is None or v == slot or (victim.card.is_token and not self.sacrifice_tokens):
                continue
            out.append(
                m.act(
                    ("sacrifice", slot, v, victim.card.id if victim.up else -1),
                    f"sacrifice:slot{slot}:slot{v}",
                    f"Sacrificar {m.combatant_name(p, v)} (espacio {v + 1}) para cargar el Cañón del sacrificio",
                    "sacrifice",
                    (slot, v),
                )
            )
        return out

    def movement_apply(self, m: EliriaBoard, p: int, action: Action) -> None:
        slot, v = action.args
        side = m.sides[p]
        cannon, victim = side.combat[slot], side.combat[v]
        assert cannon is not None and victim is not None
        gained = victim.card.resistance
        m.sacrifice(p, v)
        cannon.power = min(m.potential(p, cannon), cannon.power + gained)
        cannon.charge = gained
        m.event("charge", player=p, slot=slot, power=cannon.power, charge=gained, rule="PRIMERO")


@register("BASE-150")
class AsymmetricDestruction(CardScript):
    """Destrucción asimétrica: sacrifice a combat card (never a token: 14.a, ruling PRIMERO)
    to destroy a rival combatant of greater resistance."""

    def on_effect(self, m: EliriaBoard, p: int, k: int, then: Then) -> None:
        rival = 1 - p
        if m.players < 2:
            then()
            return
        options = []
        for s, own in m.sides[p].combatants():
            if own.card.is_token and not self.sacrifice_tokens:
                continue  # rule 14.a: this effect does not allow sacrificing tokens
            res = m.resistance(p, s)
            if any(m.resistance(rival, t) > res for t, _ in m.sides[rival].combatants()):
                options.append(
                    m.act(
                        ("offer", s, m.tag(p, s)),
                        f"offer:slot{s}",
                        f"Sacrificar {m.combatant_name(p, s)}",
                        "offer",
                        (s,),
                    )
                )
        if not options:
            m.event("no_effect", player=p, card="BASE-150")
            then()
            return
        options.append(m.skip_action)
        m.ask(
            p,
            "asym_offer",
            "Destrucción asimétrica: elige la carta a sacrificar",
            options,
            lambda a: self._offer(m, p, a, then),
        )

    def _offer(self, m: EliriaBoard, p: int, action: Action, then: Then) -> None:
        if action.kind == "skip":
            then()
            return
        (s,) = action.args
        res = m.resistance(p, s)
        m.sacrifice(p, s)
        rival = 1 - p
        targets = [
            m.act(
                ("destroy", t, m.tag(rival, t)),
                f"destroy:rival:slot{t}",
                f"Destruir {m.combatant_name(rival, t)} del rival",
                "destroy",
                (t,),
            )
            for t, _ in m.sides[rival].combatants()
            if m.resistance(rival, t) > res
        ]
        m.ask(
            p,
            "destroy",
            "Destrucción asimétrica: elige la carta del rival",
            targets,
            lambda a: m.destroy(rival, a.args[0], then),
        )


@register("BASE-180")
class AlchemicalDestruction(CardScript):
    """Destrucción alquímica: trade your summons/reactions one for one with the rival's.
    Ruling QUINTO: an ephemeral summon that already took effect cannot be traded."""

    def on_effect(self, m: EliriaBoard, p: int, k: int, then: Then) -> None:
        self._pick(m, p, k, then)

    def _pick(self, m: EliriaBoard, p: int, k: int, then: Then) -> None:
        rival = 1 - p
        if m.players < 2 or all(s is None for s in m.sides[rival].support):
            then()
            return
        options = [
            m.act(
                ("alchemy", j, sup.card.id),
                f"alchemy:support{j}",
                f"Destruir tu {sup.card.name} (invocación/reacción {j + 1})",
                "alchemy",
                (j,),
            )
            for j, sup in enumerate(m.sides[p].support)
            if sup is not None and j != k and not sup.spent  # QUINTO: not a spent ephemeral
        ]
        if not options:
            then()
            return
        options.append(m.done_action)
        m.ask(
            p,
            "alchemy",
            "Destrucción alquímica: elige una carta tuya",
            options,
            lambda a: self._trade(m, p, k, a, then),
        )

    def _trade(self, m: EliriaBoard, p: int, k: int, action: Action, then: Then) -> None:
        if action.kind == "done":
            then()
            return
        m.discard_support(p, action.args[0], destroyed=True)
        rival = 1 - p
        targets = [
            m.act(
                ("destroy_support", j),
                f"destroy:rival:support{j}",
                f"Destruir la carta {j + 1} de invocación/reacción del rival",
                "destroy_support",
                (j,),
            )
            for j, sup in enumerate(m.sides[rival].support)
            if sup is not None
        ]

        def hit(a: Action) -> None:
            m.discard_support(rival, a.args[0], destroyed=True)
            self._pick(m, p, k, then)

        m.ask(p, "destroy_support", "Destrucción alquímica: elige la carta del rival", targets, hit)


@register("BASE-011")
class FinalDefence(CardScript):
    """Defensa final, ruling SEGUNDO: only when your last combatant on the field is destroyed;
    play a combat card from hand there with 3 power; afterwards no card from hand to the board."""

    when = "last_destroyed"

    def can_react(self, m: EliriaBoard, p: int, ctx: AttackContext | None) -> bool:
        side = m.sides[p]
        return not side.locked and not side.has_combatant() and any(c.playable_from_hand for c in side.hand)

    def react(self, m: EliriaBoard, p: int, ctx: AttackContext | None, then: Then) -> None:
        side = m.sides[p]
        slot = m.freed_slot if m.freed_slot >= 0 else side.free_combat()[0]
        options = [
            m.act(
                ("defend", i, c.id),
                f"defend:{i}",
                f"Jugar {c.name} con 3 de poder (Defensa final)",
                "defend",
                (i,),
            )
            for i, c in enumerate(side.hand)
            if c.playable_from_hand
        ]

        def play(a: Action) -> None:
            card = side.hand.pop(a.args[0])
            m.place(p, slot, card, up=True, power=min(3, card.potential))
            side.locked = True  # SEGUNDO: no other card from hand to the board, rule of three or not
            m.event("final_defence", player=p, slot=slot, card=card.code, rule="SEGUNDO")
            then()

        m.ask(p, "defend", "Defensa final: elige la carta de combate", options, play)


@register("BASE-102")
class GeneticBase(CardScript):
    """Base genética «Netaliseb»: its mutation (the passive). «Medidas desesperadas» (ruling
    CUARTO) is data in :mod:`.effects`."""

    def end_of_power(self, m: EliriaBoard, p: int, slot: int, then: Then) -> None:
        side = m.sides[p]
        comb = side.combat[slot]
        assert comb is not None
        forms = sorted(
            {
                c.code: c for c in side.deck if c.cross and "netaliseb" in c.name.casefold() and c.is_combat
            }.items()
        )
        if comb.power != 6 or not forms:
            then()
            return
        options = [
            m.act(("mutate", code), f"mutate:{code}", f"Mutar en {c.name}", "mutate", ()) for code, c in forms
        ]
        options.append(m.skip_action)

        def mutate(a: Action) -> None:
            if a.kind == "mutate":
                code = a.key.split(":", 1)[1]
                card = next(c for c in side.deck if c.code == code)
                side.deck.remove(card)
                m.rng.shuffle.shuffle(side.deck)  # assumption: a searched deck is shuffled
                m.remove_combatant(p, slot)
                m.place(p, slot, card, up=True, power=0)
                m.event("mutate", player=p, slot=slot, card=code)
            then()

        m.ask(p, "mutate", "Mutación de Netaliseb", options, mutate)


@register("BASE-006")
class RestlessKnight(CardScript):
    """Caballero sin sepultura: the first time it is destroyed it stays with 0 power."""

    def replace_destruction(self, m: EliriaBoard, p: int, slot: int) -> bool:
        comb = m.sides[p].combat[slot]
        if comb is None or comb.revived or not comb.up:
            return False
        comb.revived, comb.power = True, 0
        m.event("revive", player=p, slot=slot)
        return True


@register("BASE-013")
class MirageVeil(CardScript):
    """Velo de espejismo: an attack on your face-down combatant is cancelled; it stays face down."""

    when = "attack_declared"

    def can_react(self, m: EliriaBoard, p: int, ctx: AttackContext | None) -> bool:
        target = None if ctx is None else m.sides[p].combat[ctx.t]
        return target is not None and not target.up

    def react(self, m: EliriaBoard, p: int, ctx: AttackContext | None, then: Then) -> None:
        assert ctx is not None
        ctx.cancelled = True
        then()


@register("EXP-009")
class TacticalRetreat(CardScript):
    """Retirada táctica: the attacked combatant moves to an adjacent free slot; the attack is lost."""

    when = "attack_declared"

    def can_react(self, m: EliriaBoard, p: int, ctx: AttackContext | None) -> bool:
        return ctx is not None and bool(m.adjacent_free(p, ctx.t))

    def react(self, m: EliriaBoard, p: int, ctx: AttackContext | None, then: Then) -> None:
        assert ctx is not None
        side = m.sides[p]
        to = m.adjacent_free(p, ctx.t)[0]  # assumption: the leftmost free neighbour
        side.combat[to], side.combat[ctx.t] = side.combat[ctx.t], None
        ctx.cancelled = True
        m.event("retreat", player=p, slot=ctx.t, to=to)
        then()


@register("EXP-018")
class BloodOffering(CardScript):
    """Ofrenda de sangre: sacrifice a combatant or a token (allowed expressly, 14.a) to draw two."""

    sacrifice_tokens = True

    def on_effect(self, m: EliriaBoard, p: int, k: int, then: Then) -> None:
        options = [
            m.act(
                ("offer", s, m.tag(p, s)),
                f"offer:slot{s}",
                f"Sacrificar {m.combatant_name(p, s)}",
                "offer",
                (s,),
            )
            for s, c in m.sides[p].combatants()
            if self.sacrifice_tokens or not c.card.is_token
        ]
        if not options:
            then()
            return
        options.append(m.skip_action)

        def offer(a: Action) -> None:
            if a.kind == "offer":
                m.sacrifice(p, a.args[0])
                if not m.draw(p, 2):
                    return
            then()

        m.ask(p, "blood_offer", "Ofrenda de sangre: elige qué sacrificar", options, offer)


@register("BASE-022")
class StormHawk(CardScript):
    """Halcón de tormenta: may attack any rival combatant (an exception to rule 10)."""

    reach = "any"


@register("BASE-040")
class WallCrossbow(CardScript):
    """Ballestera de la muralla: may also attack the neighbours of the slot in front (rule 10 exception)."""

    reach = "adjacent"


@register("BASE-030")
class BrideGhost(CardScript):
    """Fantasma de la novia: attackers with 2 power or less may not attack it."""

    def protected(self, m: EliriaBoard, p: int, slot: int, attacker: Combatant) -> bool:
        return attacker.power <= 2


@register("BASE-004")
class WanderingArmour(CardScript):
    """Armadura errante: may not be attacked while a face-up ally stands next to it."""

    def protected(self, m: EliriaBoard, p: int, slot: int, attacker: Combatant) -> bool:
        side = m.sides[p]
        return any(
            (n := side.combat[s]) is not None and n.up
            for s in (slot - 1, slot + 1)
            if 0 <= s < len(side.combat)
        )
