"""Violation: one broken deck rule, with its code, rule number and Spanish message."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .messages import DECK_MESSAGES, Params, params_of

__all__ = ["ERROR_CODES", "WARNING_CODES", "Violation", "at_line", "violation"]

ERROR_CODES = frozenset(
    {
        "parse_error",
        "unknown_card",
        "wrong_game",
        "duplicate_name",
        "token_in_deck",
        "wrong_section",
        "too_few_cards",
    }
)
# A warning does not make a deck invalid (docs/contract.md §4).
WARNING_CODES = frozenset({"no_combat", "too_small"})


@dataclass(frozen=True)
class Violation:
    """``code`` is the contract's (docs/contract.md §4); ``message_code`` names the sentence of ``message``
    (engine.messages.DECK_MESSAGES) and ``params`` fill it, for a page in another language."""

    code: str
    rule: str
    message: str
    line: int | None = None
    cards: tuple[str, ...] = ()
    message_code: str = field(default="", compare=False)
    params: Params = field(default_factory=dict, compare=False)

    @property
    def is_warning(self) -> bool:
        return self.code in WARNING_CODES

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of docs/contract.md §4."""
        return {
            "code": self.code,
            "rule": self.rule,
            "line": self.line,
            "cards": list(self.cards),
            "message": self.message,
        }


def violation(
    code: str, rule: str, message: str, line: int | None = None, cards: tuple[str, ...] = (), /, *,
    says: str, **params: str | int,
) -> Violation:
    """A violation whose sentence *says* (a code of DECK_MESSAGES) is filled by *params*."""
    return Violation(code, rule, message, line, cards, says, params_of(says, DECK_MESSAGES, **params))


def at_line(line: int | None) -> str:
    """The "Línea N: " prefix of a message, or nothing when the line is unknown."""
    return f"Línea {line}: " if line is not None else ""
