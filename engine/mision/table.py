"""The Misión S.O.S table as a JSON-ready dict, replayed from (decks, seed, decisions)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import WORLDS, CardData, Game
from ..decklist import DeckEntry
from ..eliria.effects import unsimulated
from ..errors import IllegalAction
from ..match import DEFAULT_TURN_CAP
from .match import WORLD_NAMES, MisionMatch

__all__ = ["PROMPTS", "mision_state", "mision_table"]


def mision_table(
    deck_a: Sequence[DeckEntry],
    deck_b: Sequence[DeckEntry],
    seed: int,
    decisions: Sequence[str],
    *,
    first: int = 0,
    turn_cap: int = DEFAULT_TURN_CAP,
) -> dict[str, Any]:
    """Replay *decisions* on a two-seat game and describe the table; ``actions`` are for ``to_move``.

    Both seats are shown whole (a hot-seat or replay table): the Elementos de juego
    are face down for everyone, so only their count is given.
    """
    decks = [[e for e in d if e.card.game is Game.MISION] for d in (deck_a, deck_b)]
    match = MisionMatch(decks, seed=seed, first=first, turn_cap=turn_cap, trace=True)
    for n, key in enumerate(decisions):
        try:
            match.push_key(key)
        except IllegalAction as exc:
            raise IllegalAction(f"Decisión {n + 1} de {len(decisions)} («{key}»): {exc}") from exc
    cards = [e.card for d in decks for e in d]
    return {
        "game": "mision", "seed": seed, "decisions": list(decisions),
        "unsimulated": unsimulated(cards), **mision_state(match),
    }  # fmt: skip


# The code of the pending decision's prompt, by its kind (engine.messages.TABLE_LABELS).
PROMPTS = {"place": "prompt.place", "fight": "prompt.fight", "reinforce": "prompt.reinforce", "prize": "prompt.prize"}


def mision_state(match: MisionMatch) -> dict[str, Any]:
    pending = match.pending
    outcome = match.outcome()
    fight = match.fight
    kind = "" if pending is None else pending.kind
    return {
        "turn": match.turn,
        "active": match.active,
        "to_move": match.to_move,
        "phase": kind,
        "prompt": None if pending is None else pending.prompt,
        "prompt_code": PROMPTS.get(kind, ""),
        "prompt_params": {"name": match.drawn.name} if kind == "place" and match.drawn is not None else {},
        "drawn": None if match.drawn is None else _card(match.drawn),
        "fight": None
        if fight is None
        else {
            "world": WORLDS[fight[0].world],
            "attacker": _card(fight[0].card),
            "defender": None if fight[1] is None else _card(fight[1].card),
        },  # fmt: skip
        "over": outcome is not None,
        "outcome": None if outcome is None else outcome.as_dict(),
        "seats": [
            {
                "seat": p,
                "entes_de_juego": len(side.entes),
                "elementos_de_juego": len(side.elementos),
                "elements_deck": len(side.elements_deck),
                "board": [
                    {
                        **_card(e.card),
                        "world": WORLDS[e.world],
                        "world_name": WORLD_NAMES[e.world],
                        "turn": e.turn,
                    }
                    for e in side.board
                ],
                "chest": [_card(c) for c in side.chest],
                "chest_points": side.chest_points,
                "olvido": [_card(c) for c in side.olvido],
            }
            for p, side in enumerate(match.sides)
        ],
        "log": list(match.log or ()),
        "actions": [a.as_table_dict() for a in match.legal_actions()],
    }


def _card(card: CardData) -> dict[str, Any]:
    return {
        "code": card.code,
        "name": card.name,
        "worlds": dict(zip(WORLDS, card.worlds, strict=True)),
        "chest": card.chest,
    }
