"""The engine's exceptions, as one tree.

    EngineError (ValueError)
    ├── UnknownGame        a game slug that is neither ``eliria`` nor ``mision``
    ├── InvalidDeck        entries that cannot be formatted or simulated
    │   └── CardEffectError  a card whose ``effects`` the engine cannot play (names the card)
    ├── InvalidSimulation  goldfish and matchup arguments out of bounds
    │   ├── TraceNotAllowed  ``trace=True`` with more than one game
    │   └── TooCostly        a computation that ran past the CPU deadline its caller gave
    ├── IllegalAction      a decision that is not legal now (or the game is over)
    └── InvalidRecord      a game record that cannot be replayed

Every engine error is a ``ValueError``: callers that only care about "bad input"
can catch that, the API can map ``EngineError`` to a 400 answer.
"""

from __future__ import annotations

__all__ = [
    "CardEffectError",
    "EngineError",
    "IllegalAction",
    "InvalidDeck",
    "InvalidRecord",
    "InvalidSimulation",
    "TooCostly",
    "TraceNotAllowed",
    "UnknownGame",
]


class EngineError(ValueError):
    """Base class of every error raised by the engine.

    ``field`` names the argument the error concerns (``"cut"``, ``"candidates"``, ``"budget"``…)
    when the engine knows it, so a caller answers with it instead of reading the message."""

    field: str | None = None

    def __init__(self, *args: object, field: str | None = None) -> None:
        super().__init__(*args)
        if field is not None:
            self.field = field


class UnknownGame(EngineError):
    """The game is not one the engine knows."""


class InvalidDeck(EngineError):
    """Deck entries that the engine cannot work with."""


class CardEffectError(InvalidDeck):
    """A card of the deck carries ``effects`` outside the engine's vocabulary (docs/effects.md).

    The import refuses such data; this is the defence behind it (data written before a bound
    existed, or edited in the database): the simulation stops before its first game and says
    which card and which effect, instead of failing somewhere inside the rules.
    """

    code = "card_effect"

    def __init__(self, card: str, name: str, problems: list[str]) -> None:
        self.card, self.name, self.problems = card, name, list(problems)
        shown = "; ".join(problems[:3]) + (f"; y {len(problems) - 3} problemas más" if len(problems) > 3 else "")
        self.message = f"La carta {card} ({name}) tiene efectos que el motor no puede jugar: {shown}."
        super().__init__(self.message)


class InvalidSimulation(EngineError):
    """Goldfish arguments out of their bounds."""


class TraceNotAllowed(InvalidSimulation):
    """A trace was asked for a run of more than one game."""


class TooCostly(InvalidSimulation):
    """A computation stopped at the CPU deadline its caller set (a web request's budget)."""

    code = "too_costly"


class IllegalAction(EngineError):
    """A decision that the rules do not allow now (or the game is already over)."""


class InvalidRecord(EngineError):
    """A game record whose header or decisions cannot be replayed."""
