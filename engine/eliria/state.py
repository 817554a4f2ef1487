"""One Eliria seat's side of the table (rule 2): three combat slots, five summon/reaction slots,
deck, hand and discard pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import COMBAT_SLOTS

if TYPE_CHECKING:  # annotations only: the compiled cards sit above the table's state at run time
    from .cardinfo import AttackInfo, CardInfo
    from .modifiers import Modifiers

__all__ = ["COMBAT_SLOTS", "SUPPORT_SLOTS", "AttackContext", "Combatant", "Side", "Support"]

SUPPORT_SLOTS = 5  # rule 2


class Combatant:
    """A combat card or token on a combat slot, with its power die (rule 3)."""

    __slots__ = (
        "blocked_turn",
        "boost",
        "bound",
        "card",
        "charge",
        "gained",
        "gained_turn",
        "power",
        "res_bonus",
        "res_until",
        "revived",
        "silenced_turn",
        "unmovable_turn",
        "up",
    )

    def __init__(self, card: CardInfo, up: bool, power: int = 0) -> None:
        self.card = card
        self.up = up  # rule 8: face up or face down
        self.power = power
        # The modifiers layer's records of the attached summons bound to it (6.c.II; their ``bound``
        # relation): kept by EliriaBoard.bind and discard_support, the only paths that bind and unbind.
        self.bound: tuple[Modifiers, ...] = ()
        self.blocked_turn = 0  # ruling CUARTO: the turn in which it may not attack
        self.boost = 0  # extra damage of its next attack this turn (an ``add_damage`` summon)
        self.charge = 0  # resistance of the last thing sacrificed to it (``sacrifice_cannon``)
        self.res_bonus = 0  # resistance added "until your next turn"
        self.res_until = 0
        self.revived = False  # came back once from a destruction (``revive_once``)
        self.gained = 0  # power gained in turn ``gained_turn`` (a cap_power_gain passive counts it)
        self.gained_turn = 0
        self.silenced_turn = 0  # its passive does not apply in this turn (silence)
        self.unmovable_turn = 0  # it may not be moved in this turn

    def as_dict(self) -> dict[str, object]:
        return {"code": self.card.code, "power": self.power, "up": self.up}


class Support:
    """A reaction or summon on a summon/reaction slot."""

    __slots__ = ("attached", "card", "placed_turn", "spent", "up")

    def __init__(self, card: CardInfo, up: bool, placed_turn: int = 0) -> None:
        self.card = card
        self.up = up
        self.placed_turn = placed_turn  # the turn it was played (rule 13.d: marked once that turn ends)
        self.spent = False  # an ephemeral summon that already took effect (ruling QUINTO)
        self.attached: Combatant | None = None  # 6.c.II: the combatant it is bound to


class Side:
    """Everything one seat owns."""

    __slots__ = (
        "attacked", "bottom", "combat", "deck", "discard", "hand", "locked", "moved", "mulligans", "played",
        "support", "top", "turn_damage", "turn_damage_at",
    )  # fmt: skip

    def __init__(self, pile: list[CardInfo]) -> None:
        self.deck = pile  # unordered: a draw takes a random card (EliriaBoard.draw_card)
        self.top: list[CardInfo] = []  # seen cards left on top (the last is drawn first)
        self.bottom: list[CardInfo] = []  # seen cards put at the bottom (the first is drawn first)
        self.turn_damage = 0  # extra damage of this seat's attacks in turn ``turn_damage_at``
        self.turn_damage_at = 0
        self.hand: list[CardInfo] = []
        self.discard: list[CardInfo] = []
        self.combat: list[Combatant | None] = [None] * COMBAT_SLOTS
        self.support: list[Support | None] = [None] * SUPPORT_SLOTS
        self.played = 0  # combat cards played from hand (rule 9)
        self.mulligans = 0  # cards discarded under 11.b
        self.moved = False  # rule 12.b: one move per turn
        self.attacked = False  # rule 12.d: one attack per turn
        self.locked = False  # ruling SEGUNDO: after a ``final_defence`` reaction, nothing more from hand

    def deck_size(self) -> int:
        return len(self.deck) + len(self.top) + len(self.bottom)

    def combatants(self) -> list[tuple[int, Combatant]]:
        return [(s, c) for s, c in enumerate(self.combat) if c is not None]

    def has_combatant(self) -> bool:
        return any(c is not None for c in self.combat)

    def free_combat(self) -> list[int]:
        return [s for s, c in enumerate(self.combat) if c is None]

    def free_support(self) -> int:
        """The leftmost free summon/reaction slot, -1 when all five are taken."""
        for k, sup in enumerate(self.support):
            if sup is None:
                return k
        return -1


class AttackContext:
    """One declared attack (12.d): attacker seat and slot, the attack, the target slot."""

    __slots__ = ("atk", "attacker", "cancelled", "damage", "destroyed", "hidden", "p", "s", "t")

    def __init__(self, p: int, s: int, t: int, atk: AttackInfo, attacker: Combatant) -> None:
        self.p, self.s, self.t, self.atk, self.attacker = p, s, t, atk, attacker
        self.cancelled = self.destroyed = False
        self.hidden = False  # the target was face down when the attack reached it (rule 8)
        self.damage = 0
