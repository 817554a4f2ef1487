"""The engine's speed copies of the rules, kept apart: each one entry, each held equal to the full rules.

Every shortcut here answers exactly what the full rules answer, faster, and stays because
``bench/engine_ab.py`` measures that it pays (issue 34: the compiled engine against the same build
with that shortcut off, best of 9 interleaved runs; docs/performance.md):

- :mod:`.vanilla` :class:`VanillaRun`: the goldfish of a deck none of whose cards acts on what the
  goldfish measures (``CardInfo.goldfish_relevant``): :meth:`VanillaRun.play_range` simulates only the
  draws of a range of games, :meth:`VanillaRun.play_turns` tallies one ``EliriaGame`` (×2.5 against
  the full rules; ``tests/engine/test_goldfish_range.py``, ``test_goldfish_rules.py``).
- :mod:`.turns` :class:`QuietTurns` (the base of ``EliriaMatch``): the goldfish's fused turns,
  ``quiet_end`` (goldfish ×1.16-1.2) and ``quiet_play`` (×1.05-1.15; ``tests/engine/test_goldfish_fused*.py``).
- :mod:`.choices` :func:`goldfish_movement`: the goldfish's Movimiento choice without listing the
  options (goldfish ×1.9-2.4; ``test_goldfish_rules.py``, ``test_goldfish_fused.py``);
  :func:`quick_movement`, :func:`quick_attack`: the rule-based player's Movimiento and Ataque choices
  without the list (Eliria matchups ×1.7 and ×1.13; ``tests/engine/test_eliria_players.py``).

Three modules, not one: radon grades each A, and the three in one file C (issue 34 asks A or B of
every file; these flat hot loops are exempt from the complexity rule only, tests/engine/test_grades.py).
The package reads the board, the combat, the Movimiento options and the view; it imports neither
the match, nor the players, nor the goldfish runner (they read it): what it needs of them is a
parameter, a :class:`Picks`, or a method :class:`QuietTurns` declares and ``EliriaMatch`` defines.
"""

from __future__ import annotations

from .choices import Picks, goldfish_movement, quick_attack, quick_movement, resistance_floor
from .turns import QuietTurns
from .vanilla import RangeTally, VanillaRun

__all__ = [
    "Picks", "QuietTurns", "RangeTally", "VanillaRun", "goldfish_movement", "quick_attack", "quick_movement",
    "resistance_floor",
]  # fmt: skip
