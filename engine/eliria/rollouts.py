"""What the search player (engine/search.py) needs to know of Eliria: the value of a position it stops at.

The search plays each option a short way forward with the engine's own rules (the rule-based player on
both seats, :data:`HORIZON` turns) and then scores where it stopped by :func:`leaf_value`: the chance
that the seat wins, by a logistic model over what decides Eliria — combatants on the board and still
to come (7.b: a seat with none in its Poder phase loses; rule 9: three combat cards from hand a game),
their resistance and damage, power, the hand and the deck (7.c: who runs out first). The weights are
fitted by ``python bench/eliria_leaf.py`` on games of the rule-based and random players, on random legal
decks of the bundled catalogue other than the decks bench/players.py measures with; nothing in them
names a card, so a new card's text is played by the rules and valued by what it leaves on the table.

Measured (docs/players.md): against random play, rollouts of 40 turns scored 0.844 over 320 games,
these weights after 2 turns 0.912 on the same games; against the rule-based player 0.691 → 0.747.

>>> from engine.cards import Attack, CardData, Game
>>> from engine.decklist import DeckEntry
>>> from engine.eliria.match import EliriaMatch
>>> golem = CardData(Game.ELIRIA, "T-1", "Gólem", "combat", potential=3, resistance=2,
...                  attacks=(Attack(1, "Golpe", 3),))
>>> m = EliriaMatch([[DeckEntry("main", 10, golem)]] * 2, seed=1, first=0)
>>> 0.0 < leaf_value(m, 0) < 1.0
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .rules import RULE_OF_THREE

if TYPE_CHECKING:
    from .match import EliriaMatch
    from .state import Side

__all__ = ["FEATURES", "HORIZON", "WEIGHTS", "features", "leaf_value"]

# Turns each rollout plays past the decision before leaf_value scores it (bench/players.py's decks and
# seeds, 320 games against random, a first fit of the weights: 1 turn 0.897, 2 turns 0.925, 4 turns
# 0.900, 16 turns 0.866; rollouts of 40 turns scored 1/½/0, 0.844).
HORIZON = 2

# One per feature, in this order: the seat's figure less the rival's.
FEATURES = ("alive", "in_hand", "later", "resistance", "damage", "power", "hand", "deck")
# Fitted by bench/eliria_leaf.py (logistic regression, 52,913 positions of 1,600 games; log-loss 0.572,
# the winner told right from 70.8 % of positions).
WEIGHTS = (-0.4249, 0.5446, 0.4591, 0.0914, 0.1444, -0.0357, 0.1176, 0.4941)
STARTED = 0.3443  # added for the seat that started the game (11.c, 11.d), taken off for the other


def _side(side: Side) -> list[float]:
    alive = resistance = damage = power = 0
    for c in side.combat:
        if c is None:
            continue
        card = c.card
        alive += 1
        resistance += card.resistance
        damage += card.best_damage
        power += c.power
    left = 0 if side.locked else max(0, RULE_OF_THREE - side.played)  # rule 9; ruling SEGUNDO
    in_hand = min(left, sum(1 for card in side.hand if card.playable_from_hand))
    later = 1 if left > in_hand and side.deck_size() > 0 else 0  # one more may still be drawn
    return [float(alive), float(in_hand), float(later), float(resistance), float(damage), float(power),
            float(len(side.hand)), float(side.deck_size())]  # fmt: skip


def features(match: EliriaMatch, seat: int) -> list[float]:
    """:data:`FEATURES` of *match* from *seat*'s side (its figure less the rival's)."""
    mine, theirs = _side(match.sides[seat]), _side(match.sides[1 - seat])
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def leaf_value(match: EliriaMatch, seat: int) -> float:
    """The chance that *seat* wins from here, as the fitted model tells it (0 < value < 1)."""
    z = STARTED if match.first == seat else -STARTED
    for w, f in zip(WEIGHTS, features(match, seat), strict=True):
        z += w * f
    return 1.0 / (1.0 + math.exp(-z))
