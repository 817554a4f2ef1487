"""Policies: the players of a match. A policy answers ``choose(view, legal, rng) -> Action``.

The rule-based players live with their games (:class:`~engine.eliria.players.EliriaPlayer`,
:class:`~engine.mision.players.MisionPlayer`); :class:`RandomPolicy` is the baseline.
:data:`POLICIES` names them for matchups (``"rules"``, ``"random"``, ``"goldfish"``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .actions import Action
from .cards import Game, as_game
from .errors import InvalidSimulation
from .match import Policy

__all__ = ["POLICIES", "Policy", "RandomPolicy", "make_policy"]


class RandomPolicy:
    """Any legal action, uniformly at random (the baseline)."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]


class _Policies(Mapping[Game, Mapping[str, Callable[[], Policy]]]):
    """The policies of each game by name: a view of the registry (engine.games, read lazily:
    the registry imports this module)."""

    def __getitem__(self, game: Game) -> Mapping[str, Callable[[], Policy]]:
        from .games import GAMES

        return GAMES[game].policies

    def __iter__(self) -> Iterator[Game]:
        return iter(Game)

    def __len__(self) -> int:
        return len(Game)


POLICIES: Mapping[Game, Mapping[str, Callable[[], Policy]]] = _Policies()


def make_policy(game: Game | str, policy: str | Policy) -> Policy:
    """A policy object from its name in :data:`POLICIES` (or the object itself)."""
    if not isinstance(policy, str):
        return policy
    known = POLICIES[as_game(game)]
    if policy not in known:
        raise InvalidSimulation(f"Política desconocida: {policy!r}; usa una de {', '.join(sorted(known))}.")
    return known[policy]()
