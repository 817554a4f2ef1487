"""Cards compiled for play: each distinct card an int id, its effects read once.

Both seats of a match share one table (:class:`CardTable`); a deck is a list of
ids. Data effects (:mod:`.effects`) are unpacked into plain fields here so the
rules read ``info.att_res`` instead of walking dicts in the hot loop; scripted
effects (:mod:`.scripts`) hang off ``info.script``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import CardData
from ..decklist import DeckEntry
from ..text import fold
from .effects import TOKENS, effects_of
from .rules import playable_cards
from .scripts import SCRIPTS, CardScript

__all__ = ["COMBAT", "REACTION", "SUMMON", "TOKEN", "AttackInfo", "CardInfo", "CardTable"]

COMBAT, TOKEN, REACTION, SUMMON = "combat", "token", "reaction", "summon"
FACE_DOWN_CAP = 9  # rule 12.c: face down, power grows up to 9 whatever the potential
MAX_POTENTIAL = 12  # rule 3: twelve-sided dice


class AttackInfo:
    """One attack (6.a.IV): ``damage`` is None for "x"; ``after`` its data effects."""

    __slots__ = ("after", "cost", "damage", "formula", "index", "name")

    def __init__(self, index: int, cost: int, name: str, damage: int | None, specs: Sequence[dict[str, Any]]):
        self.index, self.cost, self.name, self.damage = index, cost, name, damage
        self.formula = next((s["formula"] for s in specs if s["action"] == "damage_x"), "power")
        self.after = tuple(s for s in specs if s["action"] != "damage_x")


class CardInfo:
    """A card as the rules read it."""

    __slots__ = (
        "adjacent_res", "ally_power", "att_dmg", "attach_key", "class_key", "att_pot", "att_res", "att_thorns", "attach_class",
        "attacks", "card_class", "code", "cross", "data", "destroyed_token", "end_power", "field_power",
        "field_power_class", "field_power_key", "field_res", "has_passive", "field_res_tokens", "id", "is_combat", "is_token", "kind",
        "min_cost", "name", "on_play", "potential", "reaction_damage", "reaction_when", "resistance",
        "script", "subtype", "survived_power", "worth",
    )  # fmt: skip

    def __init__(self, ident: int, card: CardData) -> None:
        self.id, self.data, self.code, self.name = ident, card, card.code, card.name
        self.kind = card.type if card.type in (COMBAT, TOKEN, REACTION, SUMMON) else "other"
        self.is_combat, self.is_token = card.is_combat, card.is_token
        self.potential = min(max(card.potential or 0, 0), MAX_POTENTIAL)
        self.resistance = max(card.resistance or 0, 0)
        self.cross, self.card_class, self.subtype = card.cross, card.card_class, card.subtype
        self.class_key = fold(card.card_class)  # classes compare folded
        specs = effects_of(card.code)
        self.attacks = tuple(
            AttackInfo(i, max(a.cost, 0), a.name, a.damage, [s for s in specs if s.get("attack") == i])
            for i, a in enumerate(card.attacks)
        )
        self.min_cost = min((a.cost for a in self.attacks), default=1 << 30)
        best = max((a.damage if a.damage is not None else self.potential for a in self.attacks), default=0)
        self.worth = best + self.resistance + self.potential / 2  # a rough worth, for policies
        self.script: CardScript | None = SCRIPTS.get(card.code.strip().upper())
        self._read(specs)

    def _read(self, specs: Sequence[dict[str, Any]]) -> None:
        self.on_play = tuple(s for s in specs if s["trigger"] == "on_play")
        self.attach_class: str | None = None
        self.att_res = self.att_dmg = self.att_pot = self.att_thorns = 0
        self.field_res = self.field_power = self.adjacent_res = 0
        self.field_res_tokens, self.field_power_class = True, ""
        self.destroyed_token: str | None = None
        self.ally_power = self.survived_power = self.reaction_damage = 0
        self.end_power: dict[str, Any] | None = None
        self.reaction_when = ""
        for s in specs:
            self._read_one(s["trigger"], s["action"], s)
        self.attach_key = None if self.attach_class is None else fold(self.attach_class)
        self.field_power_key = fold(self.field_power_class)
        self.has_passive = bool(self.data.passive) or self.script is not None or self.end_power is not None

    def _read_one(self, trigger: str, action: str, s: dict[str, Any]) -> None:
        amount = s.get("amount", 0)
        if trigger == "attached":
            self.attach_class = s.get("class", self.attach_class)
            setattr(self, _ATTACHED[action], amount)
        elif trigger == "field" and action == "add_resistance":
            self.field_res, self.field_res_tokens = amount, not s.get("exclude_tokens", False)
        elif trigger == "field":
            self.field_power, self.field_power_class = amount, s.get("class", "")
        elif trigger == "passive":
            self.adjacent_res = amount
        elif trigger == "on_destroyed":
            self.destroyed_token = s["token"]
        elif trigger == "on_ally_destroyed":
            self.ally_power = amount
        elif trigger == "on_attacked_survived":
            self.survived_power = amount
        elif trigger == "end_of_power":
            self.end_power = s
        elif trigger == "reaction":
            self.reaction_when, self.reaction_damage = s["when"], amount

    @property
    def playable_from_hand(self) -> bool:
        """Combat cards with † enter only through the effects that name them (assumption, see README)."""
        return self.kind == COMBAT and not self.cross


_ATTACHED = {
    "add_resistance": "att_res",
    "add_damage": "att_dmg",
    "add_potential": "att_pot",
    "damage_attacker": "att_thorns",
}


class CardTable:
    """The cards of one match (both decks and the tokens their effects make) and each seat's pile."""

    def __init__(self, decks: Sequence[Sequence[DeckEntry]]) -> None:
        self.cards: list[CardInfo] = []
        self._ids: dict[CardData, int] = {}
        self.piles: list[tuple[int, ...]] = []
        for entries in decks:
            pile = [self._id(e.card) for e in playable_cards(entries) for _ in range(e.quantity)]
            self.piles.append(tuple(pile))
        listed = {
            e.card.code.upper(): e.card for d in decks for e in d if e.section == "tokens" and e.card.is_token
        }
        self.tokens: dict[str, int] = {}
        for code, default in TOKENS.items():
            self.tokens[code] = self._id(listed.get(code, default))
        self.modifiers = any(
            c.att_res
            or c.att_dmg
            or c.att_pot
            or c.att_thorns
            or c.field_res
            or c.field_power
            or c.adjacent_res
            for c in self.cards
        )
        self.action_cache: dict[tuple[Any, ...], Any] = {}

    def _id(self, card: CardData) -> int:
        found = self._ids.get(card)
        if found is None:
            found = self._ids[card] = len(self.cards)
            self.cards.append(CardInfo(found, card))
        return found
