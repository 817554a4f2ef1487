"""The codes of the messages the engine makes in Spanish, with the names of their parameters.

The engine writes its messages in Spanish (the CLI and the API show them as made); each one also
carries a code from the tables below and its parameters as data, so that a user interface shows
it in another language by code, never by reading the Spanish back. A code names one sentence
(``Violation.code`` is the contract's coarser code: several sentences share ``wrong_section``).

>>> DECK_MESSAGES["deck.duplicate_name"]
('name', 'count')
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["DECK_MESSAGES", "TABLE_LABELS", "Params", "params_of"]

# A message's parameters: numbers stay numbers (a translation may pick a plural by them).
Params = Mapping[str, str | int]

# Deck lists (engine.decklist) and deck validation (engine.validation and the games' rules).
DECK_MESSAGES: dict[str, tuple[str, ...]] = {
    "list.quantity_signed": ("max",),
    "list.quantity_absurd": ("digits", "max"),
    "list.quantity_zero": (),
    "list.code_empty": (),
    "list.name_missing": (),
    "list.header_other_game": ("text", "other", "game", "expected"),
    "list.header_unknown": ("text", "game", "expected"),
    "deck.unknown_code": ("code",),
    "deck.unknown_name": ("name",),
    "deck.wrong_game": ("name", "code", "game", "other"),
    "deck.unknown_section": ("name", "section"),
    "deck.token_in_deck": ("name",),
    "deck.not_a_token": ("name",),
    "deck.duplicate_name": ("name", "count"),
    "deck.no_combat": (),
    "deck.too_small": ("size", "need"),
    "deck.too_small_tokens": ("size", "need"),
    "deck.entity_under_elements": ("name",),
    "deck.element_under_entities": ("name",),
    "deck.too_few": ("header", "count", "need"),
}

# What a table shows: its phases and the pending decision's prompt (engine.eliria.table,
# engine.mision.table, by the decision's kind) and the actions open now (``Action.code``). A label
# with no code is shown as made.
TABLE_LABELS: dict[str, tuple[str, ...]] = {
    "phase.start": (),
    "phase.mulligan": (),
    "phase.movement": (),
    "phase.power": (),
    "phase.attack": (),
    "phase.over": (),
    "prompt.first": (),
    "prompt.mulligan": (),
    "prompt.movement": (),
    "prompt.attack": (),
    "prompt.place": ("name",),
    "prompt.fight": (),
    "prompt.reinforce": (),
    "prompt.prize": (),
    "action.first_me": (),
    "action.first_rival": (),
    "action.keep": (),
    "action.discard": ("name",),
    "action.end": (),
    "action.play_up_slot": ("name", "n"),
    "action.play_down_slot": ("name", "n"),
    "action.play_up_reaction": ("name",),
    "action.play_down_reaction": ("name",),
    "action.play_up_summon": ("name",),
    "action.play_down_summon": ("name",),
    "action.enter": ("name", "n"),
    "action.retreat": ("n",),
    "action.move": ("name", "n"),
    "action.move_attack": ("name", "to", "attack", "target", "n"),
    "action.attack": ("name", "attack", "cost", "target", "n"),
    "action.place": ("name", "world", "n"),
    "action.fight": ("name", "world"),
    "action.reinforce": (),
    "action.no_reinforce": (),
    "action.prize_chest": (),
    "action.prize_hidden": (),
}



def params_of(code: str, table: Mapping[str, tuple[str, ...]], /, **params: str | int) -> Params:
    """The parameters of a message of *table*, checked against its code (a typo fails at once)."""
    names = table.get(code)
    if names is None or set(names) != set(params):
        raise ValueError(f"Mensaje {code!r}: parámetros {sorted(params)}, se esperaban {names}.")
    return params
