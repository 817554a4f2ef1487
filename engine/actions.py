"""Decisions and results of a played game: small frozen value objects (python-chess Move, Outcome).

An :class:`Action` is one decision a player may take now. Its ``key`` is stable
(the same decision in the same position always has the same key), so a game is
its header plus the list of keys taken; ``label`` is the Spanish text for a UI.

>>> a = Action("end", "Terminar la fase de movimiento", "end")
>>> a == Action("end", "otro texto", "end"), a.as_dict()
(True, {'key': 'end', 'label': 'Terminar la fase de movimiento'})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Action", "Outcome"]


@dataclass(frozen=True, slots=True)
class Action:
    """One decision; equal (and hashed) by ``key`` alone.

    ``kind`` is the key's first word and ``args`` its numbers, so policies need
    not parse keys. ``code`` names the sentence of ``label`` (engine.messages.TABLE_LABELS) and
    ``params`` fill it, for a table in another language ("" when the label has none).
    """

    key: str
    label: str = field(compare=False)
    kind: str = field(default="", compare=False)
    args: tuple[int, ...] = field(default=(), compare=False)
    code: str = field(default="", compare=False)
    params: Mapping[str, str | int] | None = field(default=None, compare=False)

    def as_dict(self) -> dict[str, str]:
        return {"key": self.key, "label": self.label}

    def as_table_dict(self) -> dict[str, Any]:
        """What a table shows of it: ``key``, the Spanish ``label``, the label's ``code`` and ``params``."""
        return {"key": self.key, "label": self.label, "code": self.code, "params": dict(self.params or {})}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner's seat (``None`` for a draw), why, and when.

    ``reason`` is ``"7.a"``, ``"7.b"`` or ``"7.c"`` for Eliria (the rule the
    loser broke), ``"chest_30"`` or ``"no_elements"`` for Misión S.O.S, and
    ``"turn_cap"`` (or ``"both_no_elements"``) for a draw. ``loser`` is the seat
    that lost (also in a one-seat solitaire game, which has no winner).
    """

    winner: int | None
    loser: int | None
    reason: str
    turn: int
    label: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def as_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "loser": self.loser,
            "reason": self.reason,
            "turn": self.turn,
            "label": self.label,
        }
