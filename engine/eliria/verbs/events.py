"""The event triggers of combat cards: entering, being destroyed, an ally destroyed, surviving an
attack, a field summon played, a summon discarded, the end of the Poder phase (12.c) and the
start of the Movimiento phase (12.b). Compiled into ``CardInfo`` fields that the board's single
paths read when the event happens (``EliriaBoard.enter``, ``destroy``…)."""

from __future__ import annotations

from . import Verb, register
from .read import fields

_SELF = frozenset({"self"})
_GAIN = frozenset({"amount", "target"})

register(
    Verb("on_enter", "discard_reaction", frozenset({"target"}), "Al entrar, cada jugador descarta una reacción",
         read=fields(enter_discard=True), targets=frozenset({"each_player"})),
    Verb("on_destroyed", "create_token", frozenset({"token", "target"}), "Al ser destruida, deja un token {token}",
         read=fields(destroyed_token=("token", None)), targets=_SELF, required=frozenset({"token"})),
    Verb("on_ally_destroyed", "add_power", _GAIN, "Gana {amount} de poder cuando destruyen a un aliado",
         read=fields(ally_power="amount"), targets=_SELF),
    Verb("on_attacked_survived", "add_power", _GAIN, "Gana {amount} de poder al sobrevivir a un ataque",
         read=fields(survived_power="amount"), targets=_SELF),
    Verb("on_field_summon", "add_power", _GAIN, "Gana {amount} de poder cuando se juega un campo",
         read=fields(field_summon_power="amount"), targets=_SELF),
    Verb("on_summon_discarded", "add_power", _GAIN, "Gana {amount} de poder cuando se descarta una invocación",
         read=fields(summon_discard_power="amount"), targets=_SELF),
    Verb("end_of_power", "create_token", frozenset({"token", "min_power", "exact_power", "cost_power"}),
         "Al final de tu fase de poder, puede crear un token {token}", read=fields(end_power="spec"),
         required=frozenset({"token"})),
    Verb("start_of_movement", "scry", frozenset({"amount"}), "Al empezar tu fase de movimiento, mira {amount} cartas",
         read=fields(scry=True)),
)  # fmt: skip
