"""Eliria: deck rules (rules 4, 7.c, 11.b, 14) and the goldfish (rules 7, 9, 11, 12)."""

from __future__ import annotations

from .rules import check_deck

__all__ = ["check_deck"]
