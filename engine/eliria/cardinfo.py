"""Cards compiled for play: each distinct card an int id, its effects read once.

Both seats of a match share one table (:class:`CardTable`); a deck is a list of
ids. Each card's data ``effects`` (:mod:`.effects`, from its current edition) are
unpacked once, each by its verb's unit (:mod:`.verbs`, ``read``): the event triggers' effects by
trigger (``info.events``), the continuous effects into the records of the modifiers layer
(``info.own``, ``bound``, ``beside``, ``field``, ``field_cards``: :mod:`.modifiers`, read through
:func:`.layer.modifiers`); a named script (:mod:`.scripts`) hangs off ``info.script``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..cards import CardData
from ..decklist import DeckEntry
from ..errors import CardEffectError
from ..text import fold
from .effects import validate_effects
from .modifiers import EMPTY, RELATIONS, Modifiers
from .rules import FACE_DOWN_CAP, playable_cards
from .verbs.base import REGISTRY, CardScript, make_script

__all__ = ["COMBAT", "FACE_DOWN_CAP", "TABLE_FLAGS", "REACTION", "SUMMON", "TOKEN", "AttackInfo", "CardInfo", "CardTable"]

COMBAT, TOKEN, REACTION, SUMMON = "combat", "token", "reaction", "summon"
Spec = Mapping[str, Any]
MAX_POTENTIAL = 12  # rule 3: twelve-sided dice


class AttackInfo:
    """One attack (6.a.IV): ``damage`` is None for "x"; ``before``/``after`` its data effects by stage."""

    __slots__ = ("after", "before", "cost", "damage", "formula", "index", "moves_first", "name", "spends_attacker")

    def __init__(self, index: int, cost: int, name: str, damage: int | None, specs: Sequence[Spec]):
        self.index, self.cost, self.name, self.damage = index, cost, name, damage
        self.formula, self.moves_first = "power", False
        self.spends_attacker = False  # an effect takes the attacker's own power (worth it only if it destroys)
        for s in reversed(specs):  # each verb compiles itself (engine/eliria/verbs/); the first "x" formula wins
            read = REGISTRY[s["action"]].read
            if read is not None:
                read(self, s, s.get("amount", 0))
        self.before = tuple(s for s in specs if REGISTRY[s["action"]].stage == "before")  # applied before the hit
        self.after = tuple(s for s in specs if REGISTRY[s["action"]].stage == "after")


# Effects that can change what the goldfish measures (power, potential, combatants, hand and
# deck): a deck whose cards have none of them may take the fast path (engine.eliria.game).
_SOLITAIRE = frozenset(
    {"on_play", "attached", "field", "end_of_power", "start_of_movement", "on_enter", "static",
     "on_field_summon", "on_summon_discarded"}
)  # fmt: skip
_SOLITAIRE_ACTIONS = frozenset({"cap_power_gain", "play_by_sacrifice"})
# The triggers of a combat card's own events: the board fires them (``EliriaBoard.enter``, ``destroy``…,
# the phases of ``EliriaMatch``) and runs the verb of ``CardInfo.events[trigger]``; each with the
# CardTable flags a card having it raises (the phases look for the cards of the two last only then).
_EVENTS: dict[str, frozenset[str]] = {
    "on_enter": frozenset(), "on_destroyed": frozenset(), "on_ally_destroyed": frozenset(),
    "on_attacked_survived": frozenset(), "on_field_summon": frozenset(), "on_summon_discarded": frozenset(),
    "end_of_power": frozenset({"end_powers"}), "start_of_movement": frozenset({"scrys"}),
}  # fmt: skip
# The checks of a match a deck may switch on (CardInfo.flags, from its verbs and scripts).
TABLE_FLAGS = (
    "modifiers", "protections", "reveals", "sacrifice_plays", "potentials", "forbids_attached", "movement_scripts",
    "scrys", "end_powers", "field_powers",
)  # fmt: skip
_SOLITAIRE_SCRIPTS = frozenset({"sacrifice_cannon", "mutation"})


class CardInfo:
    """A card as the rules read it: its data ``effects`` unpacked into plain fields."""

    __slots__ = (
        "attach_class", "attach_key", "attacks", "beside", "best_damage", "bound", "card_class", "class_key", "code", "costs",
        "cross", "data", "end_hook", "end_power", "events", "field", "field_cards", "flags", "from_hand",
        "goldfish_relevant", "goldfish_scan", "goldfish_use", "has_passive", "helps", "helps_solo", "id",
        "is_combat", "is_token", "kind", "min_cost", "name", "on_play", "own", "potential", "reaction",
        "reaction_when", "ready", "resistance", "script", "scry", "specs", "subtype", "worth", "worths", "hears",
    )  # fmt: skip

    def __init__(self, ident: int, card: CardData) -> None:
        self.id, self.data, self.code, self.name = ident, card, card.code, card.name
        self.kind = card.type if card.type in (COMBAT, TOKEN, REACTION, SUMMON) else "other"
        self.is_combat, self.is_token = card.is_combat, card.is_token
        self.potential = min(max(card.potential or 0, 0), MAX_POTENTIAL)
        self.resistance = max(card.resistance or 0, 0)
        self.cross, self.card_class, self.subtype = card.cross, card.card_class, card.subtype
        self.class_key = fold(card.card_class)  # classes compare folded
        specs: tuple[Spec, ...] = tuple(card.effects or ())
        # Data the import would refuse (written before a bound, or edited in the database) stops
        # here, naming the card, rather than failing somewhere inside the rules.
        problems = validate_effects(specs, attacks=len(card.attacks)) if specs else []
        if problems:
            raise CardEffectError(card.code, card.name, problems)
        self.specs = specs
        self.attacks = tuple(
            AttackInfo(i, max(a.cost, 0), a.name, a.damage, [s for s in specs if s.get("attack") == i])
            for i, a in enumerate(card.attacks)
        )
        self.min_cost = min((a.cost for a in self.attacks), default=1 << 30)
        self.costs = frozenset(a.cost for a in self.attacks)
        best = max((a.damage if a.damage is not None else self.potential for a in self.attacks), default=0)
        self.best_damage = best  # its attacks' most damage (a variable one: its potential)
        self.worth = best + self.resistance + self.potential / 2  # a rough worth, for policies
        scripts = [s for s in specs if "script" in s]
        self.script: CardScript | None = make_script(scripts[0], card.name) if scripts else None
        self._read(specs)

    def _read(self, specs: Sequence[Spec]) -> None:
        self.on_play = tuple(s for s in specs if s["trigger"] == "on_play" and "action" in s)
        # What each on_play verb is worth to a computer player, compiled once: (its worth, the effect).
        self.worths = tuple(
            (worth, s) for s in self.on_play if (worth := REGISTRY[str(s["action"])].worth) is not None
        )
        self.attach_class: str | None = None
        # Its continuous effects, each compiled by its verb's unit into the record of whom it touches
        # (engine/eliria/modifiers.py RELATIONS): the layer (engine/eliria/layer.py) adds them up.
        self.own = self.bound = self.beside = self.field = self.field_cards = EMPTY
        self.end_power: Spec | None = None
        self.reaction: Spec | None = None
        self.reaction_when = ""
        # The event triggers' effects, by trigger: the board fires a trigger the card has and runs its verb.
        self.events: dict[str, Spec] = {}
        self.ready: dict[str, Callable[..., bool]] = {}  # an optional event's gate, by trigger (Use.ready)
        # The checks of the match its verbs need (CardTable's flags), and what a computer player gains by
        # its continuous bonuses played face up (each use says: ``Use.flags``, ``Use.gain``).
        flags: set[str] = set()
        hears: list[tuple[str, str]] = []  # (board event, action): its continuous verbs that act at one (Use.on)
        self.helps_solo = self.helps = False
        for s in specs:
            trigger = s["trigger"]
            if "action" not in s:
                if trigger == "reaction":
                    self.reaction_when = str(s["when"])
                continue
            if trigger == "reaction":  # a data reaction: the board activates it (6.b) and runs its verb
                self.reaction, self.reaction_when = s, s.get("when", "")
            unit = REGISTRY[s["action"]]
            row = unit.use(trigger)
            if trigger in _EVENTS:
                self.events[trigger] = s
                flags |= _EVENTS[trigger]
                if row.ready is not None:
                    self.ready[trigger] = row.ready
            flags |= row.flags
            if row.on:
                hears.append((row.on, str(s["action"])))
            if row.gain and s.get("amount", 0):
                self.helps = True
                self.helps_solo = self.helps_solo or row.gain == "solo"
            if trigger == "attached":  # 6.c.II: "ligada a una carta de combate [de la clase …]"
                self.attach_class = s.get("class", self.attach_class)
            if trigger != "on_attack" and unit.read is not None:  # an attack's verbs compile onto its AttackInfo
                unit.read(self, s, s.get("amount", 0))  # each verb compiles itself (engine/eliria/verbs/)
        if self.script is not None:
            flags |= {"movement_scripts"} if self.script.has_movement else set()
            flags |= {"end_powers"} if self.script.has_end_of_power else set()
        self.flags = frozenset(flags)
        self.hears = tuple(hears)
        self.end_power = self.events.get("end_of_power")
        self.scry = self.events.get("start_of_movement")
        self._derive(specs)

    def _derive(self, specs: Sequence[Spec]) -> None:
        self.from_hand = self.kind == COMBAT and not self.cross and not self.own.only_by_effect
        self.attach_key: str | None = None if self.attach_class is None else fold(self.attach_class)
        self.has_passive = bool(self.data.passive) or self.script is not None or self.end_power is not None
        # Whether the card has an end-of-Poder effect at all (a verb or a script): the goldfish's fused turns
        # look no further at the others (EliriaMatch.quiet_end).
        self.end_hook = self.end_power is not None or (self.script is not None and self.script.has_end_of_power)
        # Whether the goldfish's ``goldfish_helps`` can ever be true of this card (players.py): a summon
        # whose bonus, verb worth or script it reads; False lets the goldfish's choice skip the card.
        if self.kind != SUMMON:
            self.goldfish_use = False
        elif self.subtype in ("attached", "field"):
            self.goldfish_use = self.helps_solo
        else:
            self.goldfish_use = bool(self.worths) or (self.script is not None and self.script.goldfish)
        # Whether the goldfish's quick Movimiento choice reads the card in hand at all past the combat cards:
        # a summon it may play, or a card played by sacrificing tokens.
        self.goldfish_scan = self.goldfish_use or self.own.play_sacrifice > 0
        self.goldfish_relevant = any(
            s["trigger"] in _SOLITAIRE or s.get("action") in _SOLITAIRE_ACTIONS or s.get("script") in _SOLITAIRE_SCRIPTS
            for s in specs
        )

    def record(self, relation: str) -> Modifiers:
        """Its own :class:`Modifiers` record of *relation*, made on the first effect that adds to it
        (a unit's compile step: engine/eliria/verbs/read.py ``adds``)."""
        found: Modifiers = getattr(self, relation)
        if found is EMPTY:
            found = Modifiers()
            found.source = self.name
            setattr(self, relation, found)
        return found

    @property
    def is_mulligan_combat(self) -> bool:
        """A combat card without † — what an opening hand needs (11.b)."""
        return self.kind == COMBAT and not self.cross

    @property
    def playable_from_hand(self) -> bool:
        """A combat card without † (and no "enters only by an effect") may be played from hand."""
        return self.from_hand


class CardTable:
    """The cards of one match (both decks and the tokens their effects make) and each seat's pile."""

    def __init__(self, decks: Sequence[Sequence[DeckEntry]]) -> None:
        # What the cards of this match can do at all: the rules skip whole checks when nobody can
        # (TABLE_FLAGS; a card raises those its verbs need, CardInfo.flags).
        self.modifiers = self.protections = self.reveals = self.sacrifice_plays = self.potentials = False
        self.forbids_attached = self.movement_scripts = False
        # Phase hooks no card of the match has: the turn skips looking for them (engine/eliria/match.py).
        self.scrys = self.end_powers = self.field_powers = False
        self.cards: list[CardInfo] = []
        # The relations (engine/eliria/modifiers.py) some card of the match has an effect of: the
        # layer looks at no other (engine/eliria/layer.py).
        self.relations: frozenset[str] = frozenset()
        # By quantity of the layer, the relations some card's record changes it in (a reader that wants
        # a few quantities looks at no other relation), and which to look at by the tuple wanted (layer._plan).
        self.wants: dict[str, frozenset[str]] = {}
        self.plans: dict[str, tuple[bool, bool, bool, bool]] = {}
        # The board events some card's continuous verb acts at, each with those verbs' runs in the order
        # the cards came (Use.on; EliriaBoard.hear): the board runs no other.
        self.hears: dict[str, tuple[Callable[[Any, Any], bool], ...]] = {}
        self._ids: dict[CardData, int] = {}
        # The catalogue's tokens the table's cards carry (CardData.tokens): no registry per process.
        self._carried: dict[str, CardData] = {}
        self.piles: list[tuple[int, ...]] = []
        for entries in decks:
            pile = [self._id(e.card) for e in playable_cards(entries) for _ in range(e.quantity)]
            self.piles.append(tuple(pile))
        self._listed = {
            e.card.code.upper(): e.card for d in decks for e in d if e.section == "tokens" and e.card.is_token
        }
        self.tokens: dict[str, int] = {}
        for code in sorted({str(s["token"]).upper() for c in list(self.cards) for s in c.specs if "token" in s}):
            self.token(code)
        self.action_cache: dict[tuple[Any, ...], Any] = {}
        # Each pile as its cards, for a new match to copy (a goldfish run builds one match a game).
        self.pile_cards = [tuple(self.cards[i] for i in pile) for pile in self.piles]

    def token(self, code: str) -> int | None:
        """The id of the token *code* an effect creates: the deck's «Tokens:» text, else the known token."""
        key = code.strip().upper()
        found = self.tokens.get(key)
        if found is None:
            card = self._listed.get(key) or self._carried.get(key)
            if card is None:
                return None
            found = self.tokens[key] = self._id(card)
        return found

    def _id(self, card: CardData) -> int:
        found = self._ids.get(card)
        if found is None:
            found = self._ids[card] = len(self.cards)
            c = CardInfo(found, card)
            self.cards.append(c)
            for t in card.tokens:
                self._carried.setdefault(t.code.upper(), t)
            for r in RELATIONS:
                record: Modifiers = getattr(c, r)
                if record is not EMPTY:
                    self.relations |= {r}
                    for q in record.changed():
                        self.wants[q] = self.wants.get(q, frozenset()) | {r}
            self.plans.clear()
            for event, action in c.hears:
                run = REGISTRY[action].run
                if run is not None and run not in self.hears.get(event, ()):
                    self.hears[event] = (*self.hears.get(event, ()), run)
            for flag in c.flags:  # what its verbs need the rules to look at (Use.flags), never listed here
                setattr(self, flag, True)
        return found
