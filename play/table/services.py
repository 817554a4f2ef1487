"""The interactive solitaire table: the state is seed + decisions, replayed per request.

Eliria is the one-seat solitaire of the engine (`engine.eliria_table`). Misión S.O.S needs two
players to fight, so the table seats the player's deck against a copy of itself played by the
engine's rule-based player: its answers are pushed right after each of the player's decisions
and kept in the same list of decisions, so the table still replays from (seed, decisions) alone.
The player may offer a draw (key ``draw``): the computer accepts when it can no longer force a win
(``MisionPlayer.accepts_draw``) and the agreed draw joins the decisions; a refusal changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from common.games import site_game
from engine import (
    DeckEntry,
    IllegalAction,
    MisionMatch,
    MisionPlayer,
    eliria_table,
    make_policy,
    mision_state,
    new_match,
)
from engine.mision.match import DRAW_KEY
from play.events import describe_log, names_of

MAX_DECISIONS = 5_000
KEY = re.compile(r"[a-z_]{1,20}(?::[A-Za-z0-9_-]{1,40}){0,4}")

RIVAL = 1  # the seat of the engine's player in the Misión S.O.S table


@dataclass(frozen=True)
class Table:
    game: str
    seed: int
    decisions: list[str]
    state: dict[str, Any]
    log: list[dict[str, Any]]
    notice: str = ""  # what the rival answered to an offer that changed nothing

    @property
    def decisions_text(self) -> str:
        return " ".join(self.decisions)


def parse_decisions(text: str) -> list[str]:
    """Action keys from the form (space-separated); a malformed one is an IllegalAction."""
    keys = (text or "").split()
    if len(keys) > MAX_DECISIONS:
        raise IllegalAction(_("Demasiadas decisiones (máximo %(n)s).") % {"n": MAX_DECISIONS})
    for key in keys:
        if not KEY.fullmatch(key):
            raise IllegalAction(_("«%(key)s» no es una decisión válida.") % {"key": key[:60]})
    return keys


def table_play(
    *, game: str, entries: Sequence[DeckEntry], seed: int, decisions: Sequence[str],
    key: str | None = None, undo: bool = False,
) -> Table:
    """The table after *decisions* (then *key*, or one decision fewer with *undo*).

    Raises IllegalAction, naming the decision, when a key is not legal where it is applied.
    """
    if key is not None:
        parse_decisions(key)
    if site_game(game).table_rival:
        return _mision(entries, seed, list(decisions), key, undo)
    keys = list(decisions)[:-1] if undo else list(decisions)
    if key is not None:
        keys.append(key)
    state = eliria_table(entries, seed, keys)
    seats = [_("El jugador")]
    return Table("eliria", seed, keys, state, describe_log(state["log"], names_of(entries), seats))


def _replay(entries: Sequence[DeckEntry], seed: int, keys: Sequence[str]) -> tuple[MisionMatch, list[int]]:
    match = new_match("mision", [entries, entries], seed=seed, first=0, trace=True)
    assert isinstance(match, MisionMatch)
    movers: list[int] = []
    for n, k in enumerate(keys):
        movers.append(match.to_move if match.to_move is not None else -1)
        try:
            match.push_key(k)
        except IllegalAction as exc:
            raise IllegalAction(f"Decisión {n + 1} de {len(keys)} («{k}»): {exc}") from exc
    return match, movers


def _mision(entries: Sequence[DeckEntry], seed: int, keys: list[str], key: str | None, undo: bool) -> Table:
    match, movers = _replay(entries, seed, keys)
    if undo:
        mine = [i for i, who in enumerate(movers) if who != RIVAL]
        match, movers = _replay(entries, seed, keys[: mine[-1]] if mine else [])
    rival = make_policy("mision", "rules")
    notice = ""
    if key is not None:
        if match.to_move == RIVAL:
            raise IllegalAction(_("Ahora decide el rival, no tú."))
        if key != DRAW_KEY:
            match.push_key(key)
        elif match.is_over():
            raise IllegalAction(_("La partida ya terminó."))
        elif MisionPlayer().accepts_draw(match.view(RIVAL)):
            match.push_key(key)
        else:
            notice = _("El rival rechaza el empate: todavía puede ganar (llegar a 30 en el BAÚL o dejarte sin "
                       "Elementos de juego).")
    rng = match.policy_rng(RIVAL)
    while match.to_move == RIVAL:  # the engine's player answers at once
        match.push(rival.choose(match.view(RIVAL), match.legal_actions(), rng))
    state = {"game": "mision", "seed": seed, "decisions": list(match.decisions), **mision_state(match)}
    log = describe_log(state["log"], names_of(entries), [_("El jugador"), _("El rival")])
    return Table("mision", seed, list(match.decisions), state, log, notice)
