"""The goldfish simulation of a deck, built once and kept for the next run of the same deck.

Building ``engine.goldfish.simulation`` reads every card's effects into the rules' tables (and checks
them): about 0.17 ms, 2-3 % of a 200-game goldfish request, paid again by every request and every
chunk of a queued run of the same deck. A game's result does not depend on the games played on the
same simulation before it (engine/rng.py), so a kept one gives the same answers
(``tests/play/test_shared_simulations.py``).

The key is the deck's entries by the *identity* of their cards: the catalogue index
(cards/index.py) hands out the same card objects until the catalogue changes, and a change makes new
ones, so a kept simulation never outlives the cards it was built from. The kept simulation holds
those cards, so their ids cannot be reused while it is kept. Each thread keeps its own few (a
simulation is not safe to share between threads playing at once).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from engine.decklist import DeckEntry
from engine.goldfish import Simulation, simulation

__all__ = ["KEEP", "shared_simulation"]

KEEP = 8  # simulations kept per thread: the decks one worker played last

_local = threading.local()


def shared_simulation(game: str, entries: Sequence[DeckEntry], turns: int, watch: Sequence[str] = ()) -> Simulation:
    """``simulation(game, entries, turns, watch)``, the one this thread built last for the same deck."""
    kept: OrderedDict[tuple[object, ...], Simulation] | None = getattr(_local, "kept", None)
    if kept is None:
        kept = _local.kept = OrderedDict()
    key = (game, turns, tuple(watch), tuple((e.section, e.quantity, id(e.card)) for e in entries))
    found = kept.get(key)
    if found is None:
        found = kept[key] = simulation(game, entries, turns, watch)
        if len(kept) > KEEP:
            kept.popitem(last=False)
    else:
        kept.move_to_end(key)
    return found
