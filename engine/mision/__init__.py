"""Misión S.O.S: deck rules (FORMA DE JUEGO) and the goldfish."""

from __future__ import annotations

from .rules import check_deck

__all__ = ["check_deck"]
