"""The engine's speed copies of the rules, kept apart: each one entry, each held equal to the full rules.

Every shortcut here answers exactly what the full rules answer, faster, and stays only because
``bench/engine_ab.py`` measures that it pays (the figures of issue 34, compiled engine, against the
same build with the shortcut off):

- :class:`VanillaRun`: the goldfish of a deck none of whose cards acts on what the goldfish
  measures (``CardInfo.goldfish_relevant``): :meth:`VanillaRun.play_range` simulates only the draws
  of a range of games, :meth:`VanillaRun.play_turns` tallies one :class:`~engine.eliria.game.EliriaGame`
  (×2.5 against the full rules; ``tests/engine/test_goldfish_range.py``, ``test_goldfish_rules.py``).
- :class:`QuietTurns` (the base of ``EliriaMatch``): the goldfish's fused turns, ``quiet_end`` and
  ``quiet_play`` (goldfish ×1.15–1.2; ``tests/engine/test_goldfish_fused*.py``).
- :func:`goldfish_movement`: the goldfish's Movimiento choice without listing the options (goldfish
  ×2–2.4, ``tests/engine/test_goldfish_rules.py``, ``test_goldfish_fused.py``).
- :func:`quick_movement`, :func:`quick_attack`: the rule-based player's Movimiento and Ataque
  choices without the list (Eliria matchups ×1.7 and ×1.1; ``tests/engine/test_eliria_players.py``).

This module reads the board, the combat, the Movimiento options and the view; it imports neither
the match, nor the players, nor the goldfish runner (they read it): what it needs of them is a
parameter, a :class:`Picks` or a method :class:`QuietTurns` declares and ``EliriaMatch`` defines.
"""

from __future__ import annotations

from .choices import Picks, goldfish_movement, quick_attack, quick_movement, resistance_floor
from .turns import QuietTurns
from .vanilla import RangeTally, VanillaRun

__all__ = [
    "Picks", "QuietTurns", "RangeTally", "VanillaRun", "goldfish_movement", "quick_attack", "quick_movement",
    "resistance_floor",
]  # fmt: skip
