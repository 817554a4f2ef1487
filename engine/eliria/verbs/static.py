"""``static``: how the card may enter play, whatever its face. Compiled into ``CardInfo`` fields
(``only_by_effect``, ``play_sacrifice``) that the playing rules read."""

from __future__ import annotations

from .base import Verb, register
from .read import fields

register(
    Verb("static", "enters_only_by_effect", frozenset(), "Solo entra en juego por un efecto",
         read=fields(only_by_effect=True)),
    Verb("static", "play_by_sacrifice", frozenset({"amount", "tokens"}), "Se juega sacrificando {amount} combatientes",
         read=fields(play_sacrifice="amount", only_by_effect=True)),
)  # fmt: skip
