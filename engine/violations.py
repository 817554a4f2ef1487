"""Violation: one broken deck rule, with its code, rule number and Spanish message."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ERROR_CODES", "WARNING_CODES", "Violation", "at_line"]

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
    code: str
    rule: str
    message: str
    line: int | None = None
    cards: tuple[str, ...] = ()

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


def at_line(line: int | None) -> str:
    """The "Línea N: " prefix of a message, or nothing when the line is unknown."""
    return f"Línea {line}: " if line is not None else ""
