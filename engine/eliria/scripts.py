"""Named, parameterised scripts: what the plain actions of :mod:`.effects` cannot say.

A card's data refers to a script by name (``{"trigger": "passive", "script":
"sacrifice_cannon", "tokens": true}``), never the other way round: any card may
reuse a script with its own parameters, and no card code or card name appears here:
what a prompt names (the card itself, the card it brings) comes from the card's data. Each class
overrides the hooks of :class:`CardScript` it needs; the rules call them at the
matching moments. The rulings they carry (PRIMERO, SEGUNDO, QUINTO) are cited where applied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..actions import Action
from .verbs.base import SCRIPTS, CardScript, Then, make_script

if TYPE_CHECKING:
    from .cardinfo import CardInfo
    from .moves import Moves
    from .state import AttackContext

__all__ = ["SCRIPTS", "CardScript", "make_script"]


class SacrificeCannon(CardScript):
    """Sacrifice another of your combatants to gain power equal to its printed resistance (the
    charge its "x" reads). Ruling PRIMERO: with ``tokens`` it may sacrifice combat tokens (14.a)."""

    def movement_actions(self, m: Moves, p: int, slot: int) -> list[Action]:
        side = m.sides[p]
        out = []
        for v, victim in enumerate(side.combat):
            if victim is None or v == slot or (victim.card.is_token and not self.sacrifice_tokens):
                continue
            out.append(
                m.act(
                    ("sacrifice", slot, v, victim.card.id if victim.up else -1),
                    f"sacrifice:slot{slot}:slot{v}",
                    f"Sacrificar {m.combatant_name(p, v)} (espacio {v + 1}) para cargar {self.name}",
                    "sacrifice",
                    (slot, v),
                )
            )
        return out

    def movement_apply(self, m: Moves, p: int, action: Action, then: Then) -> None:
        slot, v = action.args
        side = m.sides[p]
        cannon, victim = side.combat[slot], side.combat[v]
        assert cannon is not None and victim is not None
        gained = victim.card.resistance
        m.gain_power(p, cannon, gained)
        cannon.charge = gained
        m.event("charge", player=p, slot=slot, power=cannon.power, charge=gained, rule="PRIMERO")
        m.sacrifice(p, v, then)


class AsymmetricDestruction(CardScript):
    """Sacrifice a combat card (a token only with ``tokens``: 14.a, ruling PRIMERO) to destroy a
    rival combatant of greater resistance."""

    def _offers(self, m: Moves, p: int) -> list[int]:
        """Own slots whose sacrifice would leave a rival combatant of greater resistance to destroy."""
        if m.players < 2:
            return []
        stronger = [m.resistance(1 - p, t) for t, _ in m.sides[1 - p].combatants()]
        return [
            s for s, own in m.sides[p].combatants()
            # rule 14.a: tokens only where the effect allows it expressly
            if (self.sacrifice_tokens or not own.card.is_token) and any(r > m.resistance(p, s) for r in stronger)
        ]  # fmt: skip

    def usable(self, m: Moves, p: int) -> bool:
        return bool(self._offers(m, p))

    def on_effect(self, m: Moves, p: int, k: int, then: Then) -> None:
        if m.players < 2:
            then()
            return
        options = m.offer_actions(p, self._offers(m, p))
        if not options:
            m.event("no_effect", player=p, script="asymmetric_destruction")
            then()
            return
        options.append(m.skip_action)
        m.ask(
            p,
            "asym_offer",
            f"{self.name}: elige la carta a sacrificar",
            options,
            lambda a: self._offer(m, p, a, then),
        )

    def _offer(self, m: Moves, p: int, action: Action, then: Then) -> None:
        if action.kind == "skip":
            then()
            return
        (s,) = action.args
        res = m.resistance(p, s)
        m.sacrifice(p, s, lambda: self._destroy(m, p, res, then))

    def _destroy(self, m: Moves, p: int, res: int, then: Then) -> None:
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
        if not targets:
            then()
            return
        m.ask(
            p,
            "destroy",
            f"{self.name}: elige la carta del rival",
            targets,
            lambda a: m.destroy(rival, a.args[0], then),
        )


class AlchemicalDestruction(CardScript):
    """Trade your summons/reactions one for one with the rival's, each destroyed by the one path
    (:meth:`EliriaBoard.destroy_support`: a protected card cannot be chosen). Ruling QUINTO: an
    ephemeral summon that already took effect cannot be traded."""

    def on_effect(self, m: Moves, p: int, k: int, then: Then) -> None:
        self._pick(m, p, k, then)

    @staticmethod
    def _targets(m: Moves, p: int) -> list[int]:
        """The rival's summon/reaction slots this player's effect may destroy."""
        rival = 1 - p
        return [j for j, sup in enumerate(m.sides[rival].support) if sup is not None and not m.support_protected(rival, j, p)]

    def usable(self, m: Moves, p: int) -> bool:
        own = any(sup is not None and not sup.spent for sup in m.sides[p].support)
        return m.players == 2 and own and bool(self._targets(m, p))

    def _pick(self, m: Moves, p: int, k: int, then: Then) -> None:
        if m.players < 2 or not self._targets(m, p):
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
            f"{self.name}: elige una carta tuya",
            options,
            lambda a: self._trade(m, p, k, a, then),
        )

    def _trade(self, m: Moves, p: int, k: int, action: Action, then: Then) -> None:
        if action.kind == "done":
            then()
            return
        m.destroy_support(p, action.args[0], p)
        rival = 1 - p
        targets = [
            m.act(
                ("destroy_support", j),
                f"destroy:rival:support{j}",
                f"Destruir la carta {j + 1} de invocación/reacción del rival",
                "destroy_support",
                (j,),
            )
            for j in self._targets(m, p)
        ]

        def hit(a: Action) -> None:
            m.destroy_support(rival, a.args[0], p)
            self._pick(m, p, k, then)

        m.ask(p, "destroy_support", f"{self.name}: elige la carta del rival", targets, hit)


class FinalDefence(CardScript):
    """Ruling SEGUNDO: only when your last combatant on the field is destroyed, play a combat card
    from hand there with ``power`` power; afterwards no card from hand to the board. The play counts
    towards the rule of three (9: the card makes no express exception), so it needs one left."""

    default_when: ClassVar[str] = "last_destroyed"

    def can_react(self, m: Moves, p: int, ctx: AttackContext | None) -> bool:
        side = m.sides[p]
        return (
            m.may_play_combat(p) and not side.has_combatant() and any(c.playable_from_hand for c in side.hand)
        )

    def react(self, m: Moves, p: int, ctx: AttackContext | None, then: Then) -> None:
        side = m.sides[p]
        slot = m.freed_slot if m.freed_slot >= 0 else side.free_combat()[0]
        options = [
            m.act(
                ("defend", i, c.id),
                f"defend:{i}",
                f"Jugar {c.name} con {self._power(c)} de poder ({self.name})",
                "defend",
                (i,),
            )
            for i, c in enumerate(side.hand)
            if c.playable_from_hand
        ]

        def play(a: Action) -> None:
            card = side.hand[a.args[0]]
            side.locked = True  # SEGUNDO: no other card from hand to the board, rule of three or not
            m.event("final_defence", player=p, slot=slot, card=card.code, rule="SEGUNDO")
            m.play_combat(p, a.args[0], slot, up=True, power=self._power(card))
            then()

        m.ask(p, "defend", f"{self.name}: elige la carta de combate", options, play)

    def _power(self, card: CardInfo) -> int:
        return min(int(self.spec.get("power", 3)), card.potential)


class Mutation(CardScript):
    """A mutation (a passive): at exactly ``power`` power at the end of Poder, replace this card by a
    † combat card of the deck whose name contains ``name``. Ruling CUARTO's attack is data in
    :mod:`.effects`."""

    @property
    def _form_name(self) -> str:
        return str(self.spec.get("name", "")).casefold()

    def end_of_power(self, m: Moves, p: int, slot: int, then: Then) -> None:
        side = m.sides[p]
        comb = side.combat[slot]
        assert comb is not None
        if comb.power != int(self.spec.get("power", 6)):  # most turns: no need to look through the deck
            then()
            return
        forms = sorted(
            {
                c.code: c for c in side.deck if c.cross and self._form_name in c.name.casefold() and c.is_combat
            }.items()
        )
        if comb.power != int(self.spec.get("power", 6)) or not forms:
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
                m.take_from_deck(p, card)
                m.remove_combatant(p, slot)
                m.enter(p, slot, card, up=True)
                m.event("mutate", player=p, slot=slot, card=code)
            then()

        m.ask(p, "mutate", f"Mutación de {comb.card.name}", options, mutate)


class ReviveOnce(CardScript):
    """The first time it is destroyed it comes back to its slot with 0 power instead of going to
    the discard pile: a destruction all the same (:meth:`EliriaBoard.destroy`)."""

    def replace_destruction(self, m: Moves, p: int, slot: int) -> bool:
        comb = m.sides[p].combat[slot]
        if comb is None or comb.revived or not comb.up:
            return False
        comb.revived, comb.power = True, 0
        m.event("revive", player=p, slot=slot)
        return True


class MirageVeil(CardScript):
    """An attack declared on your face-down combatant is cancelled; it stays face down."""

    default_when: ClassVar[str] = "attack_declared"

    def can_react(self, m: Moves, p: int, ctx: AttackContext | None) -> bool:
        target = None if ctx is None else m.sides[p].combat[ctx.t]
        return target is not None and not target.up

    def react(self, m: Moves, p: int, ctx: AttackContext | None, then: Then) -> None:
        assert ctx is not None
        ctx.cancelled = True
        then()


class TacticalRetreat(CardScript):
    """The attacked combatant moves to an adjacent free slot (a move: not while it "no podrá
    moverse"); the attack is lost."""

    default_when: ClassVar[str] = "attack_declared"

    def can_react(self, m: Moves, p: int, ctx: AttackContext | None) -> bool:
        return ctx is not None and bool(m.movable_to(p, ctx.t))

    def react(self, m: Moves, p: int, ctx: AttackContext | None, then: Then) -> None:
        assert ctx is not None
        free = m.movable_to(p, ctx.t)

        def move(a: Action) -> None:
            ctx.cancelled = True
            m.move(p, ctx.t, a.args[0], then, event="retreat")

        options = [
            m.act(("retreat", ctx.t, f), f"retreat:slot{f}", f"Mover la carta atacada al espacio {f + 1}", "retreat", (f,),
                  "action.retreat", {"n": f + 1})
            for f in free
        ]  # the player chooses the free neighbour ("a un espacio adyacente libre")
        if len(options) == 1:
            move(options[0])
        else:
            m.ask(p, "retreat", f"{self.name}: elige el espacio", options, move)


class BloodOffering(CardScript):
    """Sacrifice a combatant or a token (only with ``tokens``, 14.a) to draw ``amount`` cards."""

    goldfish: ClassVar[bool] = True  # two cards for a token

    def usable(self, m: Moves, p: int) -> bool:
        side = m.sides[p]
        if not self.sacrifice_tokens:
            return False
        for c in side.combat:  # a token to sacrifice first: the goldfish asks every turn, and most have none
            if c is not None and c.card.is_token:
                return side.deck_size() > int(self.spec.get("amount", 2))
        return False

    def on_effect(self, m: Moves, p: int, k: int, then: Then) -> None:
        options = m.offer_actions(p, (s for s, c in m.sides[p].combatants() if self.sacrifice_tokens or not c.card.is_token))
        if not options:
            then()
            return
        options.append(m.skip_action)

        def drawn() -> None:
            if m.draw(p, int(self.spec.get("amount", 2))):
                then()

        def offer(a: Action) -> None:
            if a.kind == "offer":
                m.sacrifice(p, a.args[0], drawn)
            else:
                then()

        m.ask(p, "blood_offer", f"{self.name}: elige qué sacrificar", options, offer)


class Awaken(CardScript):
    """Sacrifice ``amount`` of your combatants (tokens only with ``tokens``, 14.a) to play the card
    ``card`` from your hand (or else your deck) in one of the freed slots, with 0 power, outside
    the rule of three (the card enters by this effect)."""

    _known: tuple[int, frozenset[int]] = (-1, frozenset())  # (cards in the table, ids of ``card``)

    def _wanted(self, m: Moves, p: int) -> CardInfo | None:
        cards = m.table.cards
        if self._known[0] != len(cards):  # the ids of the wanted code, read again when the table grows
            code = str(self.spec.get("card", "")).upper()
            self._known = (len(cards), frozenset(c.id for c in cards if c.code.upper() == code))
        ids = self._known[1]
        if not ids:
            return None
        side = m.sides[p]
        return next((c for c in side.hand if c.id in ids), None) or next((c for c in side.deck if c.id in ids), None)

    def _victims(self, m: Moves, p: int) -> list[int]:
        return [s for s, c in m.sides[p].combatants() if self.sacrifice_tokens or not c.card.is_token]

    def usable(self, m: Moves, p: int) -> bool:
        return self._wanted(m, p) is not None and len(self._victims(m, p)) >= int(self.spec.get("amount", 2))

    def on_effect(self, m: Moves, p: int, k: int, then: Then) -> None:
        if not self.usable(m, p):
            m.event("no_effect", player=p, script="awaken")
            then()
            return
        self._offer(m, p, int(self.spec.get("amount", 2)), [], then, optional=True)

    def _offer(self, m: Moves, p: int, left: int, freed: list[int], then: Then, *, optional: bool) -> None:
        if left == 0:
            self._enter(m, p, freed, then)
            return
        options = m.offer_actions(p, self._victims(m, p))
        if optional:
            options.append(m.skip_action)

        def offer(a: Action) -> None:
            if a.kind == "skip":
                then()
                return
            s = a.args[0]
            m.sacrifice(p, s, lambda: self._offer(m, p, left - 1, [*freed, s], then, optional=False))

        m.ask(p, "awaken_offer", "Elige qué sacrificar", options, offer)

    def _enter(self, m: Moves, p: int, freed: list[int], then: Then) -> None:
        card = self._wanted(m, p)
        if card is None:
            then()
            return
        side = m.sides[p]
        options = [
            m.act(("enter", f, card.id), f"enter:slot{f}", f"Jugar {card.name} en el espacio {f + 1}", "enter", (f,),
                  "action.enter", {"name": card.name, "n": f + 1})
            for f in sorted(freed)
            if side.combat[f] is None
        ]

        def enter(a: Action) -> None:
            if card in side.hand:
                side.hand.remove(card)
            else:
                m.take_from_deck(p, card)
            m.enter(p, a.args[0], card, up=True)
            m.event("enter", player=p, slot=a.args[0], card=card.code)
            then()

        if options:
            m.ask(p, "enter", f"Elige el espacio de {card.name}", options, enter)
        else:
            then()


# The script each name in the data means (see effects.SCRIPT_PARAMS), each class named after its key.
SCRIPTS.update({
    "sacrifice_cannon": SacrificeCannon,
    "asymmetric_destruction": AsymmetricDestruction,
    "alchemical_destruction": AlchemicalDestruction,
    "final_defence": FinalDefence,
    "mutation": Mutation,
    "revive_once": ReviveOnce,
    "mirage_veil": MirageVeil,
    "tactical_retreat": TacticalRetreat,
    "blood_offering": BloodOffering,
    "awaken": Awaken,
})
