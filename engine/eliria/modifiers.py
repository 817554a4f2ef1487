"""The record of the continuous-effects layer: what the effects of cards in play add to the rules' numbers.

A continuous effect (an ``attached``, ``field``, ``passive`` or ``static`` verb) is compiled by its
own unit (engine/eliria/verbs/, ``read``) into a :class:`Modifiers` record of the card that carries
it, one record per *relation*: whom the effect touches (:data:`RELATIONS`). The rules never ask
which verb it was: :func:`engine.eliria.layer.modifiers` adds up the records that touch one
combatant, and a card's own record (``own``) answers the questions about the card itself. A new
continuous verb adds to a quantity here through its unit and touches nothing else of the engine.

>>> mods = Modifiers()
>>> mods.put("resistance", 2); mods.put("resistance", 1); mods.resistance
3
>>> mods.put("drain", True); mods.drain
True
"""

from __future__ import annotations

from typing import Any

from ..text import fold

__all__ = ["EMPTY", "QUANTITIES", "RELATIONS", "Modifiers"]

# Whom a card's continuous effect touches: ``own`` the card itself (its passives while face up and not
# silenced, its static rules anywhere); ``bound`` the combatant an attached summon is bound to
# (6.c.II); ``beside`` its face-up owner's adjacent combatants; ``field`` every combatant and both
# seats while a field summon is face up (6.c.III); ``field_cards`` the same, tokens excepted.
RELATIONS = ("own", "bound", "beside", "field", "field_cards")

# The layer's quantities: what the rules read, never which verb raised it. Numbers add up, flags
# hold when any effect raises them, and the largest roll or draw wins; a text (``reach``, ``protect``,
# ``power_key``) is the card's own and the last effect that sets it wins.
QUANTITIES = (
    "resistance", "hidden_resistance", "damage", "potential", "thorns", "drain", "power", "power_key",
    "gain_cap", "summon_damage", "attack_roll", "draw", "draw_from", "forbid_attached", "protects_attached",
    "blocks_attach", "reactions_face_up", "reach", "protect", "protect_max_power", "play_sacrifice",
    "only_by_effect", "source",
)  # fmt: skip
_LARGEST = frozenset({"attack_roll", "draw"})


class Modifiers:
    """What continuous effects add to one combatant, one seat or the board: the layer's one record.

    ``resistance``/``damage``/``potential``: added to the combatant's numbers (6.a.V, 12.c);
    ``hidden_resistance``: only against the attack that reveals it (rule 8); ``thorns``/``drain``:
    what its attacker suffers; ``power`` (of the class ``power_key``, "" any): gained at each Poder
    phase; ``gain_cap``: the most power gained per phase; ``summon_damage``: added to a turn's
    damage per ephemeral summon played; ``attack_roll``: an attack fails on this roll or lower;
    ``draw``: cards the owner of a destroyed combatant may draw (the effect of ``draw_from``);
    the flags and texts: the card's own rules (what it protects or blocks, how far it reaches, how it
    enters play). ``source``: the name of the card whose record it is.
    """

    __slots__ = (
        "resistance", "hidden_resistance", "damage", "potential", "thorns", "drain", "power", "power_key",
        "gain_cap", "summon_damage", "attack_roll", "draw", "draw_from", "forbid_attached", "protects_attached",
        "blocks_attach", "reactions_face_up", "reach", "protect", "protect_max_power", "play_sacrifice",
        "only_by_effect", "source",
    )  # fmt: skip: QUANTITIES

    def __init__(self) -> None:
        self.resistance = self.hidden_resistance = self.damage = self.potential = self.thorns = 0
        self.power = self.gain_cap = self.summon_damage = self.attack_roll = self.draw = self.play_sacrifice = 0
        self.protect_max_power = -1
        self.drain = self.forbid_attached = self.protects_attached = self.blocks_attach = False
        self.reactions_face_up = self.only_by_effect = False
        self.power_key = self.draw_from = self.reach = self.protect = self.source = ""

    def put(self, quantity: str, value: Any) -> None:
        """Add one effect's *value* to *quantity* (a unit's compile step: engine/eliria/verbs/read.py)."""
        if quantity not in QUANTITIES:
            raise ValueError(f"cantidad desconocida de la capa de efectos: {quantity!r}")
        old = getattr(self, quantity)
        if quantity == "power_key":
            value = fold(str(value))
        if isinstance(old, bool):
            value = old or bool(value)
        elif isinstance(old, int) and quantity in _LARGEST:
            value = max(old, int(value))
        elif isinstance(old, int) and quantity != "protect_max_power":
            value = old + int(value)
        setattr(self, quantity, value)
        if quantity == "draw":  # a record read alone says whose draw it is, as a sum does (add)
            self.draw_from = self.source

    def changed(self) -> list[str]:
        """The quantities this record changes (what the layer looks for in it: CardTable.wants)."""
        blank = Modifiers()
        return [q for q in QUANTITIES if q not in ("source", "draw_from") and getattr(self, q) != getattr(blank, q)]

    def add(self, other: Modifiers) -> None:
        """Add *other*'s numbers (a record that touches the same combatant) to this one."""
        self.resistance += other.resistance
        self.hidden_resistance += other.hidden_resistance
        self.damage += other.damage
        self.potential += other.potential
        self.thorns += other.thorns
        self.drain = self.drain or other.drain
        self.forbid_attached = self.forbid_attached or other.forbid_attached
        if other.attack_roll > self.attack_roll:
            self.attack_roll = other.attack_roll
        if other.draw > self.draw:  # the first of the largest: the board's order of seats and slots
            self.draw, self.draw_from = other.draw, other.source


# The record of a card without effects of that relation: shared, never written (Modifiers.put runs on
# a card's own records only, made when its first effect of the relation compiles).
EMPTY = Modifiers()
