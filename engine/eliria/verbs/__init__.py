"""One home per effect verb: each ``(trigger, action)`` of the ``effects`` vocabulary is one :class:`Verb`.

A unit declares the parameters it takes (the validator of :mod:`..effects` reads them), compiles its
data into the card (``read``, what :mod:`..cardinfo` stores for the rules), executes it (``run``,
called by the board's dispatch, through the board's single destroy/move/enter paths), tells the
computer players what it is worth (``worth``) and names itself in Spanish (``label``, a template
over its parameters). The units live in one module per family of verbs (``on_play``, ``attached``,
``field``, ``passive``, ``static``, ``events``, ``on_attack``, ``reaction``): a newcomer finds a
verb by its trigger and name. A new verb is one unit plus its scenario test; docs/effects.md lists
exactly the verbs registered here (tests/engine/test_verb_registry.py).

Named scripts (``"script": …``) keep their home in :mod:`..scripts`, one class each.

>>> REGISTRY[("on_play", "draw")].label
'Roba {amount} cartas'
>>> describe({"trigger": "on_play", "action": "draw", "amount": 2})
'Roba 2 cartas'
>>> describe({"trigger": "on_attack", "attack": 0, "action": "lose_power", "amount": "all", "target": "self"})
'Pierde todos sus puntos de poder'
"""

from __future__ import annotations

from .base import REGISTRY, Read, Spec, Verb, describe, register, runs

__all__ = ["REGISTRY", "Read", "Spec", "Verb", "describe", "register", "runs"]

# The families register in the vocabulary's order (REGISTRY keeps it), not alphabetically; then the
# named scripts fill SCRIPTS. Any import of .base runs this first: the registry is whole for every reader.
from . import on_play, attached, field, passive, static, events, on_attack, reaction  # noqa: E402, F401, I001
from .. import scripts  # noqa: E402, F401
