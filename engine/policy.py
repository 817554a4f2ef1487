"""Policies: the players of a match. A policy answers ``choose(view, legal, rng) -> Action``.

The rule-based players live with their games (:class:`~engine.eliria.players.EliriaPlayer`,
:class:`~engine.mision.players.MisionPlayer`); :class:`RandomPolicy` is the baseline.
:data:`POLICIES` names them for matchups (``"rules"``, ``"random"``, ``"goldfish"``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action
from .cards import Game, as_game
from .eliria.players import EliriaGoldfishPlayer, EliriaPlayer
from .errors import InvalidSimulation
from .match import Policy
from .mision.players import MisionPlayer

__all__ = ["POLICIES", "Policy", "RandomPolicy", "make_policy"]


class RandomPolicy:
    """Any legal action, uniformly at random (the baseline)."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]


POLICIES: dict[Game, dict[str, Callable[[], Policy]]] = {
    Game.ELIRIA: {"rules": EliriaPlayer, "random": RandomPolicy, "goldfish": EliriaGoldfishPlayer},
    Game.MISION: {"rules": MisionPlayer, "random": RandomPolicy},
}


def make_policy(game: Game | str, policy: str | Policy) -> Policy:
    """A policy object from its name in :data:`POLICIES` (or the object itself)."""
    if not isinstance(policy, str):
        return policy
    known = POLICIES[as_game(game)]
    if policy not in known:
        raise InvalidSimulation(f"Política desconocida: {policy!r}; usa una de {', '.join(sorted(known))}.")
    return known[policy]()
