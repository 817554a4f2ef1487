"""The Eliria table as JSON-ready dicts: the solitaire of the goldfish pages and the replay viewer.

The server keeps no game in memory: a table is (deck, seed, decisions), replayed
on every request. :func:`eliria_table` is the one-seat solitaire;
:func:`eliria_state` renders any match, both seats, for the replay page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Game
from ..decklist import DeckEntry
from ..errors import IllegalAction
from ..match import DEFAULT_TURN_CAP
from .cardinfo import CardInfo
from .effects import unsimulated
from .match import EliriaMatch
from .moves import TurnMoves
from .state import Combatant, Side

__all__ = ["PHASES", "PROMPTS", "eliria_state", "eliria_table"]

# The pending decision's kind, as the phase a player sees: its slug, label and the label's code
# (engine.messages.TABLE_LABELS).
PHASES = {
    "first": ("inicio", "Inicio de partida (11.c)", "phase.start"),
    "mulligan": ("mulligan", "Mulligan (11.b)", "phase.mulligan"),
    "movement": ("movimiento", "Fase de movimiento (12.b)", "phase.movement"),
    "token": ("poder", "Fase de poder (12.c)", "phase.power"),
    "mutate": ("poder", "Fase de poder (12.c)", "phase.power"),
    "attack": ("ataque", "Fase de ataque (12.d)", "phase.attack"),
}
# The code of the pending decision's prompt, by its kind (a kind not here: the prompt has none).
PROMPTS = {"first": "prompt.first", "mulligan": "prompt.mulligan", "movement": "prompt.movement",
           "attack": "prompt.attack"}
OVER = "Partida terminada"


def eliria_table(
    entries: Sequence[DeckEntry],
    seed: int,
    decisions: Sequence[str],
    *,
    turn_cap: int = DEFAULT_TURN_CAP,
    index: int = 0,
) -> dict[str, Any]:
    """Replay *decisions* (action keys) on a one-seat game of *entries* and describe the table now.

    *index*: the game of a seeded run it is (game *i* of a goldfish run with the same seed
    deals the same cards: played with the goldfish's choices it is that game, event for event).

    An invalid key raises :class:`~engine.errors.IllegalAction` naming its position and the valid keys.
    The answer's ``actions`` are the decisions open now (``key`` and Spanish ``label``);
    a ``resign:0`` key (rule 7.a) is always accepted too.
    """
    mine = [e for e in entries if e.card.game is Game.ELIRIA]
    match = EliriaMatch([mine], seed=seed, index=index, first=0, turn_cap=turn_cap, trace=True)
    for n, key in enumerate(decisions):
        try:
            match.push_key(key)
        except IllegalAction as exc:
            raise IllegalAction(f"Decisión {n + 1} de {len(decisions)} («{key}»): {exc}") from exc
    state = eliria_state(match)
    seat = state["seats"][0]
    return {
        "game": "eliria",
        "seed": seed,
        "index": index,
        "decisions": list(decisions),
        "unsimulated": unsimulated(e.card for e in mine),
        **{k: v for k, v in state.items() if k != "seats"},
        **seat,
    }


def eliria_state(match: EliriaMatch) -> dict[str, Any]:
    """Everything on the table of *match*, both seats, face-down cards included (for the owner or a replay)."""
    pending = match.pending
    kind = "" if pending is None else pending.kind
    prompt_code = PROMPTS.get(kind, "")
    phase, phase_label, phase_code = PHASES.get(
        kind, (kind or "fin", pending.prompt, prompt_code) if pending else ("fin", OVER, "phase.over")
    )
    outcome = match.outcome()
    return {
        "turn": match.turn,
        "active": match.active,
        "to_move": match.to_move,
        "phase": phase,
        "phase_label": phase_label,
        "phase_code": phase_code,
        "prompt": None if pending is None else pending.prompt,
        "prompt_code": prompt_code,
        "prompt_params": {},
        "over": outcome is not None,
        "outcome": None if outcome is None else outcome.as_dict(),
        "seats": [_seat(match, p) for p in range(match.players)],
        "log": list(match.log or ()),
        "actions": [a.as_table_dict() for a in match.legal_actions()],
    }


def _seat(match: EliriaMatch, p: int) -> dict[str, Any]:
    side: Side = match.sides[p]
    outcome = match.outcome()
    lost = outcome is not None and outcome.loser == p
    return {
        "seat": p,
        "hand": [{"index": i, **_card(c)} for i, c in enumerate(side.hand)],
        "board": [_combatant(match, p, s, c) for s, c in enumerate(side.combat)],
        "support": [
            None
            if sup is None
            else {
                "slot": k,
                **_card(sup.card),
                "up": sup.up,
                "spent": sup.spent,
                "attached_to": _slot_of(side, sup.attached),
            }
            for k, sup in enumerate(side.support)
        ],  # fmt: skip
        "deck": side.deck_size(),
        "discard": [_card(c) for c in side.discard],
        "mulligans": side.mulligans,
        "played": side.played,
        "rule_of_three_left": max(0, 3 - side.played),
        "locked": side.locked,
        "lost": lost,
        "reason": outcome.reason if lost and outcome is not None else None,
    }


def _card(card: CardInfo) -> dict[str, Any]:
    return {
        "code": card.code,
        "name": card.name,
        "type": card.kind,
        "cross": card.cross,
        "subtype": card.subtype,
    }


def _combatant(match: EliriaMatch, p: int, slot: int, comb: Combatant | None) -> dict[str, Any]:
    if comb is None:
        return {"slot": slot, "empty": True}
    card = comb.card
    return {
        "slot": slot,
        "empty": False,
        **_card(card),
        "token": card.is_token,
        "up": comb.up,
        "power": comb.power,
        "potential": match.potential(p, comb),
        "resistance": match.resistance(p, slot),
        "attacks": [
            {
                "index": a.index,
                "name": a.name,
                "cost": a.cost,
                "damage": "x" if a.damage is None else a.damage,
                "usable": comb.up and comb.power >= a.cost,  # 8 and 6.a.IV; a target is another matter
            }
            for a in card.attacks
        ],
    }


def _slot_of(side: Side, comb: Combatant | None) -> int | None:
    if comb is None:
        return None
    for s, c in enumerate(side.combat):
        if c is comb:
            return s
    return None


def _offers_the_moves(m: EliriaMatch) -> TurnMoves:
    """Nothing at run time: mypy checks here that a match offers every move the verbs and scripts are
    typed against (engine/eliria/moves.py), so the protocols cannot drift from the board."""
    return m
