"""The engine's own view of a card: small enums and frozen dataclasses.

The site turns its catalogue rows (the *current* edition of each card, ruling
TERCERO) into :class:`CardData`; the engine never sees editions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from .errors import UnknownGame
from .text import fold

__all__ = [
    "WORLDS",
    "Attack",
    "CardData",
    "CardLookup",
    "Game",
    "MemoryLookup",
    "as_game",
]


class Game(str, Enum):  # noqa: UP042 - the contract's str mix-in, str() unchanged
    """The two games, by slug."""

    ELIRIA = "eliria"
    MISION = "mision"

    @property
    def label(self) -> str:
        """The game's name as players write it."""
        return "Eliria" if self is Game.ELIRIA else "Misión S.O.S"


# Misión S.O.S worlds, in the order of CardData.worlds and of tie-breaks.
WORLDS = ("water", "air", "fire", "earth")


def as_game(value: Game | str) -> Game:
    """Return the :class:`Game` for a slug (case-insensitive) or a Game.

    >>> as_game("ELIRIA")
    <Game.ELIRIA: 'eliria'>
    """
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        slug = fold(value).replace(" ", "")
        for game in Game:
            if slug == game.value:
                return game
    raise UnknownGame(f"Juego desconocido: {value!r}; usa 'eliria' o 'mision'.")


@dataclass(frozen=True, slots=True)
class Attack:
    """An active ability of a combat card (rule 6.a.IV): the power it needs and its damage."""

    cost: int
    name: str
    damage: int | None  # None is the variable damage "x"
    effect: str = ""


@dataclass(frozen=True, slots=True)
class CardData:
    """One card, with the text of its current edition.

    ``type`` is ``combat``, ``token``, ``reaction`` or ``summon`` for Eliria and
    ``entity`` or ``element`` for Misión S.O.S.
    """

    game: Game
    code: str
    name: str
    type: str
    potential: int | None = None
    card_class: str = ""
    cross: bool = False  # the † mark
    resistance: int | None = None
    attacks: tuple[Attack, ...] = ()
    passive: str = ""
    effect: str = ""
    subtype: str = ""  # summon: ephemeral | attached | field
    worlds: tuple[int, int, int, int] = (0, 0, 0, 0)  # in WORLDS order, Misión only
    chest: int | None = None  # Misión element only: points in the BAÚL
    # The card's behaviour as data (engine.eliria.effects); None: the catalogue gives none.
    # Not hashed (dicts are not hashable); equality still compares it.
    effects: tuple[Mapping[str, Any], ...] | None = field(default=None, hash=False)
    # The token cards its effects create (rule 14: they need not be in the deck), every one reachable
    # through tokens that create tokens, as the catalogue that gave this card has them
    # (engine.catalogue.attach_tokens). Data that travels with the card, not part of its identity.
    tokens: tuple[CardData, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        effects: Any = self.effects  # typed as a tuple, but a list from JSON
        if effects is not None and not isinstance(effects, tuple):
            object.__setattr__(self, "effects", tuple(effects))

    @property
    def has_text(self) -> bool:
        """Whether the card prints a text that could do something in play."""
        return bool(self.passive or self.effect or any(a.effect for a in self.attacks))

    @property
    def is_simulated(self) -> bool:
        """False for a card that prints a text the engine does not play (no ``effects``)."""
        return self.effects is not None or not self.has_text

    @property
    def is_combat(self) -> bool:
        """A combat card or a combat token (rule 14 treats tokens like combat cards)."""
        return self.type in ("combat", "token")

    @property
    def is_token(self) -> bool:
        return self.type == "token"

    @property
    def is_mulligan_combat(self) -> bool:
        """A combat card without † — what an opening hand needs (rule 11.b)."""
        return self.type == "combat" and not self.cross

    @property
    def strongest_world(self) -> int:
        """Index in WORLDS of the highest value (ties: the first in WORLDS order)."""
        worlds = self.worlds
        return max(range(len(worlds)), key=lambda i: (worlds[i], -i))


class CardLookup(Protocol):
    """What the engine needs from a catalogue (the site implements it over its database)."""

    def by_code(self, code: str) -> CardData | None:
        """The card with this code in any game; codes compare case-insensitively."""
        ...

    def by_name(self, name: str) -> list[CardData]:
        """Every card, of any game, whose name folds (engine.text.fold) to ``fold(name)``."""
        ...


class MemoryLookup:
    """A :class:`CardLookup` over an in-memory list of cards (tests, bench, scripts).

    When two games share a code, ``by_code`` answers the first card given.
    """

    def __init__(self, cards: Iterable[CardData]) -> None:
        self._codes: dict[str, CardData] = {}
        self._names: dict[str, list[CardData]] = {}
        for card in cards:
            self._codes.setdefault(card.code.strip().casefold(), card)
            self._names.setdefault(fold(card.name), []).append(card)

    def by_code(self, code: str) -> CardData | None:
        return self._codes.get(code.strip().casefold())

    def by_name(self, name: str) -> list[CardData]:
        return list(self._names.get(fold(name), ()))

    def __len__(self) -> int:
        return len(self._codes)
