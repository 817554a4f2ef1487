"""Policies: the players of a match. A policy answers ``choose(view, legal, rng) -> Action``.

The rule-based players live with their games (:class:`~engine.eliria.players.EliriaPlayer`,
:class:`~engine.mision.players.MisionPlayer`); :class:`RandomPolicy` is the baseline. Each
game's record names its policies for matchups (``find_game(game).policies``: ``"rules"``,
``"random"``, ``"goldfish"``) and makes one by name (``find_game(game).make_policy(name)``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .actions import Action
from .match import Policy

__all__ = ["Policy", "RandomPolicy"]


class RandomPolicy:
    """Any legal action, uniformly at random (the baseline)."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]
