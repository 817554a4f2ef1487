"""Games as records: new games of any game (its record's match class) and replays.

>>> from engine.cards import CardData, Game
>>> from engine.decklist import DeckEntry
>>> golem = CardData(Game.ELIRIA, "T-1", "Gólem", "combat", potential=3, resistance=2)
>>> m = new_match("eliria", [[DeckEntry("main", 10, golem)]] * 2, seed=7, first=0)
>>> m.push_key("play:0:slot1:up").key
'play:0:slot1:up'
>>> again = replay(m.header(), m.decisions)
>>> again.decisions == m.decisions and again.to_record() == m.to_record()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .carddict import card_data_hash, entries_from_dicts
from .cards import Game, as_game
from .decklist import DeckEntry
from .errors import IllegalAction, InvalidRecord
from .games import find_game
from .match import DEFAULT_TURN_CAP, Match

__all__ = ["from_record", "new_match", "replay"]


def new_match(
    game: Game | str,
    decks: Sequence[Sequence[DeckEntry]],
    *,
    seed: int,
    index: int = 0,
    first: int | None = None,
    turn_cap: int = DEFAULT_TURN_CAP,
    trace: bool = False,
) -> Match:
    """A new game of *game* between *decks* (one deck: the Eliria solitaire table)."""
    the_game = as_game(game)
    mine = [[e for e in d if e.card.game is the_game] for d in decks]
    return find_game(the_game).match(mine, seed=seed, index=index, first=first, turn_cap=turn_cap, trace=trace)


def replay(header: Mapping[str, Any], decisions: Sequence[str], *, trace: bool = False) -> Match:
    """Play *decisions* again from *header*; the same game, exactly (raises InvalidRecord otherwise)."""
    try:
        game = as_game(header["game"])
        decks = [entries_from_dicts(d) for d in header["decks"]]
        seed, index = int(header["seed"]), int(header["index"])
        first = header.get("first")
        turn_cap = int(header.get("turn_cap", DEFAULT_TURN_CAP))
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRecord(f"Cabecera de partida incompleta: {exc!r}.") from exc
    if "card_data_hash" in header and header["card_data_hash"] != card_data_hash(decks):
        raise InvalidRecord("El hash de los datos de las cartas no coincide con los mazos del registro.")
    match = new_match(game, decks, seed=seed, index=index, first=first, turn_cap=turn_cap, trace=trace)
    for n, key in enumerate(decisions):
        try:
            match.push_key(key)
        except IllegalAction as exc:
            raise InvalidRecord(f"Decisión {n + 1} («{key}») no se puede reproducir: {exc}") from exc
    return match


def from_record(record: Mapping[str, Any], *, trace: bool = False) -> Match:
    """The match of a :meth:`Match.to_record` dict."""
    try:
        header, decisions = record["header"], record["decisions"]
    except (KeyError, TypeError) as exc:
        raise InvalidRecord("Un registro necesita «header» y «decisions».") from exc
    return replay(header, [str(d) for d in decisions], trace=trace)
