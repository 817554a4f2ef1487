"""The rule-based Misión S.O.S player."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from .game import TARGET
from .match import pick_defender
from .rules import prize_draws
from .view import MisionView

__all__ = ["MisionGoldfishPlayer", "MisionPlayer"]

UNOPPOSED_BONUS = 6  # an empty world wins a prize every turn until the rival answers


class MisionPlayer:
    """Places each Ente where it is strongest against what the rival shows, fights the sure wins
    first, reinforces when that turns a loss into a win or protects a narrow lead (never with its
    last Elementos de juego), and sends prizes to the BAÚL when that wins or when its Elementos
    de juego are plentiful, hiding them otherwise."""

    def __init__(self, reserve: int = 2, plenty: int = 3) -> None:
        self.reserve = reserve  # never reinforce below this many Elementos de juego
        self.plenty = plenty  # with at least this many, prizes go to the BAÚL

    def choose(self, view: MisionView, legal: Sequence[Action], rng: random.Random) -> Action:
        kind = view.pending_kind
        if kind == "place":
            return self._place(view, legal)
        if kind == "fight":
            return self._fight_order(view, legal)
        if kind == "reinforce":
            return self._reinforce(view, legal)
        if kind == "prize":
            return self._prize(view, legal)
        return legal[0]

    def _place(self, view: MisionView, legal: Sequence[Action]) -> Action:
        ente = view.drawn
        assert ente is not None
        rivals = view.rival_board()

        def score(a: Action) -> tuple[float, int]:
            w = a.args[0]
            mine = ente.worlds[w]
            defender = pick_defender(rivals, w)
            if defender is None:
                return (mine + UNOPPOSED_BONUS, mine)
            margin = mine - defender.card.worlds[w]
            return (margin + (3 if margin > 0 else 0), mine)

        return max(legal, key=score)

    def _fight_order(self, view: MisionView, legal: Sequence[Action]) -> Action:
        left = view.to_fight()
        rivals = view.rival_board()

        def margin(a: Action) -> float:
            e = left[a.args[0]]
            d = pick_defender(rivals, e.world)
            return 100.0 if d is None else e.card.worlds[e.world] - d.card.worlds[e.world]

        return max(legal, key=margin)

    def _reinforce(self, view: MisionView, legal: Sequence[Action]) -> Action:
        yes = next(a for a in legal if a.args[0] == 1)
        no = next(a for a in legal if a.args[0] == 0)
        fight = view.fight()
        if fight is None or fight[1] is None or len(view.me.elementos) < self.reserve:
            return no
        ente, defender = fight
        assert defender is not None
        w = ente.world
        attacking = view.is_active
        mine, theirs = (ente, defender) if attacking else (defender, ente)
        a, d = mine.card.worlds[w], theirs.card.worlds[w]
        gain, threat = view.expected_element(w), view.rival_expected_element(w)
        # The attacker needs more points; the defender holds on a tie (fight_winner).
        winning = a > d if attacking else a >= d
        lead = a - d
        if winning:
            protect = lead <= threat if attacking else lead < threat
            return yes if protect and len(view.me.elementos) > self.reserve else no
        needed = d - a + (1 if attacking else 0)
        return yes if gain >= needed else no

    def accepts_draw(self, view: MisionView) -> bool:
        """A draw offered by the rival (the table's button) is accepted when this player can no
        longer force a win: its BAÚL cannot reach 30 (its points plus the best of its unseen
        Elementos for every prize its external deck can still give, :func:`prize_draws`, and one for
        each Ente still to fight when the offer comes in its own turn) and the rival still holds
        Elementos de juego (it can be left without them only by spending them itself)."""
        me = view.me
        deck, placed = len(me.elements_deck), len(me.board)
        now = min(placed, deck) if view.is_active else 0
        prizes = now + prize_draws(deck - now, placed + len(me.entes), placed)
        best = sorted((c.chest or 0 for c in view.unseen_elements()), reverse=True)[:prizes]
        return me.chest_points + sum(best) < TARGET and view.rival_elementos() > 0

    def _prize(self, view: MisionView, legal: Sequence[Action]) -> Action:
        chest = next(a for a in legal if a.args[0] == 1)
        hidden = next(a for a in legal if a.args[0] == 0)
        me = view.me
        wins = me.chest_points + view.expected_chest() >= TARGET
        return chest if wins or len(me.elementos) >= self.plenty else hidden


class MisionGoldfishPlayer:
    """The Misión S.O.S goldfish of docs/contract.md §5 as a policy: each Ente in the world where it is
    strongest, fights in the order placed, never reinforces, every prize to the BAÚL."""

    def choose(self, view: MisionView, legal: Sequence[Action], rng: random.Random | None) -> Action:
        kind = view.pending_kind
        if kind == "place":
            ente = view.drawn
            assert ente is not None
            best = ente.strongest_world
            return next(a for a in legal if a.args[0] == best)
        if kind == "prize":
            return next(a for a in legal if a.args[0] == 1)
        if kind == "reinforce":
            return next(a for a in legal if a.args[0] == 0)
        return legal[0]
