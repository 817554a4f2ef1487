"""One home per effect verb: each ``action`` of the ``effects`` vocabulary is one :class:`Verb`,
whatever triggers it.

A unit declares the triggers it answers (``uses``: under each, the parameters it takes, which the
validator of :mod:`..effects` reads, and its Spanish label, a template over them), compiles its
data into the card (``read``, what :mod:`..cardinfo` stores for the rules: a continuous effect,
or the flag that the card has an event), does its whole work when it runs (``run(m, at)``, *m*
the board as the protocols of :mod:`..moves` offer it, *at* the occasion) and tells the computer
players what it is worth (``worth``). ``TRIGGERS`` is the table of when each verb may run:
(trigger, action) -> its use. The units live in one module per theme (``power``, ``cards``,
``attack``, ``support``). A new verb is one unit plus its doc row and scenario test;
docs/effects.md lists exactly the (trigger, action) pairs registered here
(tests/engine/test_verb_registry.py).

Named scripts (``"script": …``) keep their home in :mod:`..scripts`, one class each, named after its key.

>>> REGISTRY["draw"].use("on_play").label
'Roba {amount} cartas'
>>> describe({"trigger": "on_play", "action": "draw", "amount": 2})
'Roba 2 cartas'
>>> describe({"trigger": "on_attack", "attack": 0, "action": "lose_power", "amount": "all", "target": "self"})
'Pierde todos sus puntos de poder'
"""

from __future__ import annotations

from .base import REGISTRY, SCRIPTS, TRIGGERS, Read, Spec, Use, Verb, describe, register, runs, use

__all__ = ["REGISTRY", "SCRIPTS", "TRIGGERS", "Read", "Spec", "Use", "Verb", "describe", "register", "runs", "use"]

# Every verb's module registers its units; then the named scripts fill SCRIPTS. Any import of .base
# runs this first: the registry is whole for every reader.
from . import power, cards, attack, support  # noqa: E402, F401, I001
from .. import scripts  # noqa: E402, F401
