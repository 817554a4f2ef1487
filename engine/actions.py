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
from typing import Any, Final

__all__ = ["Action", "Outcome"]


class Action:
    """One decision; equal (and hashed) by ``key`` alone.

    ``kind`` is the key's first word and ``args`` its numbers, so policies need
    not parse keys. ``code`` names the sentence of ``label`` (engine.messages.TABLE_LABELS) and
    ``params`` fill it, for a table in another language ("" when the label has none).

    A plain class with its own ``__init__`` rather than a frozen dataclass: the dataclass's
    generated ``__init__`` is interpreted Python even in the compiled engine (mypyc), with one
    ``object.__setattr__`` per field, about 1 µs a value. Its fields are ``Final``: read-only
    to the type checker, as the dataclass's were at run time.
    """

    __slots__ = ("args", "code", "key", "kind", "label", "params")

    def __init__(
        self,
        key: str,
        label: str,
        kind: str = "",
        args: tuple[int, ...] = (),
        code: str = "",
        params: Mapping[str, str | int] | None = None,
    ) -> None:
        self.key: Final = key
        self.label: Final = label
        self.kind: Final = kind
        self.args: Final = args
        self.code: Final = code
        self.params: Final = params

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash((self.key,))

    def __repr__(self) -> str:
        return (f"Action(key={self.key!r}, label={self.label!r}, kind={self.kind!r}, args={self.args!r}, "
                f"code={self.code!r}, params={self.params!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return Action, (self.key, self.label, self.kind, self.args, self.code, self.params)

    def as_dict(self) -> dict[str, str]:
        return {"key": self.key, "label": self.label}

    def as_table_dict(self) -> dict[str, Any]:
        """What a table shows of it: ``key``, the Spanish ``label``, the label's ``code`` and ``params``."""
        return {"key": self.key, "label": self.label, "code": self.code, "params": dict(self.params or {})}


class Outcome:
    """How a game ended: the winner's seat (``None`` for a draw), why, and when.

    ``reason`` is ``"7.a"``, ``"7.b"`` or ``"7.c"`` for Eliria (the rule the
    loser broke), ``"chest_30"`` or ``"no_elements"`` for Misión S.O.S, and
    ``"turn_cap"`` (or ``"both_no_elements"``) for a draw. ``loser`` is the seat
    that lost (also in a one-seat solitaire game, which has no winner).

    One is made at the end of every game: a plain class for the reason given under :class:`Action`
    (as a frozen dataclass it was 4-5 % of a small deck's goldfish game in the compiled engine).
    """

    __slots__ = ("label", "loser", "reason", "turn", "winner")

    def __init__(self, winner: int | None, loser: int | None, reason: str, turn: int, label: str) -> None:
        self.winner: Final = winner
        self.loser: Final = loser
        self.reason: Final = reason
        self.turn: Final = turn
        self.label: Final = label

    def _fields(self) -> tuple[int | None, int | None, str, int, str]:
        return (self.winner, self.loser, self.reason, self.turn, self.label)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Outcome(winner={self.winner!r}, loser={self.loser!r}, reason={self.reason!r}, "
                f"turn={self.turn!r}, label={self.label!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return Outcome, self._fields()

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
