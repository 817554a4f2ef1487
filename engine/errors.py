"""The engine's exceptions, as one tree.

    EngineError (ValueError)
    ├── UnknownGame        a game slug that is neither ``eliria`` nor ``mision``
    ├── InvalidDeck        entries that cannot be formatted or simulated
    └── InvalidSimulation  goldfish arguments out of bounds
        └── TraceNotAllowed  ``trace=True`` with more than one game

Every engine error is a ``ValueError``: callers that only care about "bad input"
can catch that, the API can map ``EngineError`` to a 400 answer.
"""

from __future__ import annotations

__all__ = [
    "EngineError",
    "InvalidDeck",
    "InvalidSimulation",
    "TraceNotAllowed",
    "UnknownGame",
]


class EngineError(ValueError):
    """Base class of every error raised by the engine."""


class UnknownGame(EngineError):
    """The game is not one the engine knows."""


class InvalidDeck(EngineError):
    """Deck entries that the engine cannot work with."""


class InvalidSimulation(EngineError):
    """Goldfish arguments out of their bounds."""


class TraceNotAllowed(InvalidSimulation):
    """A trace was asked for a run of more than one game."""
