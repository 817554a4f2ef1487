"""The ``"search"`` player (docs/contract.md §7): decides by playing the game forward with the engine's
own rules, from what its seat can see.

At each decision with more than one option it *determinizes* (Cowling, Powley and Whitehouse 2012):
it builds a copy of the match from the public record (the decks, the decisions so far) and then
replaces everything its seat cannot see with a sample drawn from what it knows — its own unseen
cards and the rival's unseen cards (hand, deck, face-down cards) dealt again in random order from
the multiset that the lists and the open zones leave, and the match's random streams reseeded from
the player's own generator. Nothing of the real hidden order survives the sample: every hidden zone
is refilled from a canonically sorted pool, so the same view gives the same copies whatever the real
hidden state (tests/engine/test_search.py checks it). Each candidate action is then pushed on such
copies and the game is played forward by the rule-based player on both seats (the rollouts): in
Eliria two turns, then scored by the chance of winning that engine/eliria/rollouts.py's fitted leaf
evaluation gives the position (a rollout that ends sooner scores its outcome: a win 1, a draw ½); in
Misión S.O.S to the end of the decision's turn, then scored by each seat's chance to reach 30 in the
BAÚL from the prizes each took and may still take, not from what the sample made them worth
(engine/mision/rollouts.py :func:`~engine.mision.rollouts.prizes_score`). The action with the best
mean score is chosen. In Misión S.O.S a placement is searched with ``PLACE_FACTOR`` times the budget
and its rollouts play the rest of the game, the seat's later Entes placed by the leaf evaluation
(:class:`~engine.mision.rollouts.LeafPlacer`); an attack reinforcement that costs nothing (Elementos
de juego to spare, a prize to win: :func:`~engine.mision.rollouts.sure_reinforcement`) is taken
without search (docs/players.md). The candidates are narrowed by *sequential
halving* (Karnin, Koren and Somekh 2013: a fixed budget split into rounds, each dropping the worse
half), every candidate of a round played on the same copies and rollout seeds (common random
numbers), so differences come from the actions rather than from the luck of the draw.

The budget is a count of rollouts per decision (never wall-clock time: the same seed gives the same
games); a decision with a single option costs nothing (``Match.play_out`` does not ask).

>>> from engine.cards import Attack, CardData, Game
>>> from engine.decklist import DeckEntry
>>> from engine.eliria.match import EliriaMatch
>>> from engine.policy import RandomPolicy
>>> golem = CardData(Game.ELIRIA, "T-1", "Gólem", "combat", potential=3, resistance=2,
...                  attacks=(Attack(1, "Golpe", 3),))
>>> deck = [DeckEntry("main", 10, golem)]
>>> m = EliriaMatch([deck, deck], seed=1, first=0)
>>> m.play_out([SearchPlayer(rollouts=8), RandomPolicy()]).reason in ("7.b", "7.c")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from .actions import Action
from .eliria.cardinfo import REACTION, SUMMON
from .eliria.match import EliriaMatch
from .eliria.players import EliriaPlayer
from .eliria.rollouts import HORIZON as ELIRIA_HORIZON
from .eliria.rollouts import leaf_value
from .eliria.state import Side
from .match import Match, Policy
from .mision.match import MisionMatch
from .mision.players import MisionPlayer
from .mision.rollouts import PLACE_HORIZON, LeafPlacer, prizes_score, roots, sure_reinforcement
from .rng import MAX_SEED, GameRng

__all__ = [
    "DEEP_ROLLOUTS", "DEFAULT_ROLLOUTS", "HORIZON", "PLACE_FACTOR", "QUICK_ROLLOUTS", "SEARCH_PLAYERS", "SearchPlayer", "determinize",
    "rebuild", "search_players",
]

# Rollouts per decision of the players named "search", "search-quick" and "search-deep" (find_game(...)
# .policies). The default's median decision, measured by bench/players.py: Eliria 7.7 ms of one core with
# the compiled engine and 32 ms in pure Python (ENGINE_PURE=1, --decks 2 --games 2), Misión S.O.S 4.3 and 8.1 ms.
DEFAULT_ROLLOUTS = 32
QUICK_ROLLOUTS = 8
DEEP_ROLLOUTS = 128
SEARCH_PLAYERS = {"search": DEFAULT_ROLLOUTS, "search-quick": QUICK_ROLLOUTS, "search-deep": DEEP_ROLLOUTS}
# Turns a rollout plays past the decision before it is scored where it stopped (_score): in Eliria by
# the fitted leaf evaluation of engine/eliria/rollouts.py after two turns; in Misión S.O.S the rest of
# the decision's turn (a placement: the rest of the game, PLACE_HORIZON), then each seat's chance to
# reach 30 (engine/mision/rollouts.py, docs/players.md).
HORIZON = ELIRIA_HORIZON
MISION_HORIZON = 0
# A Misión S.O.S placement shapes the rest of the game (four a game, four options each): searched with this
# many times the budget (the median decision unchanged; docs/players.md).
PLACE_FACTOR = 4


# -- a copy of the match from what one seat can see ------------------------------------------------


def rebuild(match: Match) -> Match:
    """A new match of the same game, replayed from the public record (decks and decisions).

    The replay runs on the match's own streams, so its hidden zones are the real ones until
    :func:`determinize` replaces them; the Eliria copy shares the compiled card table."""
    extra: dict[str, Any] = {"table": match.table} if isinstance(match, EliriaMatch) else {}
    copy = type(match)(
        match.decks, seed=match.seed, index=match.index, first=match.first_arg, turn_cap=match.turn_cap, **extra
    )
    push = copy.push_key
    for key in match.decisions:
        push(key)
    return copy


def determinize(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of *match* in which everything *seat* cannot see is sampled with *rng*.

    The result depends only on what *seat* sees (its view) and on *rng*: the hidden zones are
    pooled, sorted by card and dealt again, and the copy's random streams are reseeded."""
    copy = rebuild(match)
    if isinstance(copy, EliriaMatch):
        _hide_eliria(copy, seat, rng)
    elif isinstance(copy, MisionMatch):
        _hide_mision(copy, seat, rng)
    else:  # pragma: no cover - a third game brings its own hiding
        raise TypeError(f"no determinization for {type(match).__name__}")
    # The future draws and dice come from the sample, not from the match's seed.
    copy.seed, copy.index = rng.randrange(MAX_SEED), 0
    copy.rng = GameRng(copy.seed, 0)
    return copy


def _canonical(cards: list[Any]) -> list[Any]:
    return sorted(cards, key=lambda c: (c.code, getattr(c, "id", 0)))


def _hide_eliria(m: EliriaMatch, seat: int, rng: random.Random) -> None:
    """Rule 13: a seat sees its own hand, its own board and the top/bottom cards it was shown, both
    discard piles and the rival's face-up cards. Its own deck is unordered (draws are random: its
    order lies in the streams, reseeded). The rival's hand, deck and face-down cards are pooled and
    dealt again: hand, top and bottom by count, face-down combatants from the pool's combat cards,
    face-down summon/reaction cards from its reactions and summons."""
    me = m.sides[seat]
    me.deck = _canonical(me.deck)
    if m.players < 2:
        return
    rival: Side = m.sides[1 - seat]
    hidden_combat = [c for c in rival.combat if c is not None and not c.up]
    hidden_support = [s for s in rival.support if s is not None and not s.up and s.attached is None]
    pool = _canonical(
        [*rival.hand, *rival.deck, *rival.top, *rival.bottom, *(c.card for c in hidden_combat)]
        + [s.card for s in hidden_support]
    )
    rng.shuffle(pool)
    for comb in hidden_combat:
        comb.card = _take(pool, _combat_like(comb.card.kind))
    for sup in hidden_support:
        sup.card = _take(pool, _is_support)
    hand, top, bottom = len(rival.hand), len(rival.top), len(rival.bottom)
    rival.hand = pool[:hand]
    rival.top = pool[hand : hand + top]
    rival.bottom = pool[hand + top : hand + top + bottom]
    rival.deck = _canonical(pool[hand + top + bottom :])


def _combat_like(kind: str) -> Callable[[Any], bool]:
    return lambda c: c.kind == kind and c.is_combat


def _is_support(card: Any) -> bool:
    """Any reaction or summon, whatever a face-down support slot really holds (its subtype is hidden
    too). Keeping an attached summon for its own slot leaked it into the sample, and could leave a
    slot with no card to take (two face-down cards, the other's card dealt to the attached one's slot)."""
    return bool(card.kind == REACTION or card.kind == SUMMON)


def _take(pool: list[Any], fits: Callable[[Any], bool]) -> Any:
    """The first card of *pool* that fits (the pool is shuffled), removed from it."""
    for i, card in enumerate(pool):
        if fits(card):
            return pool.pop(i)
    raise AssertionError("the pool holds at least the card it replaces")  # pragma: no cover


def _hide_mision(m: MisionMatch, seat: int, rng: random.Random) -> None:
    """Misión S.O.S: the Entes de juego and both Elementos piles are face down for everyone (only the
    Ente being placed is seen, by its owner); each side's unseen Entes and unseen Elementos are
    pooled and split again by count. A rival's choice to reinforce, made before this seat's own
    (hidden from it, PASOS PARA EL TURNO), is sampled as the rule-based player would make it."""
    for side in m.sides:
        entes = _canonical([*side.entes, *side.entes_deck])
        rng.shuffle(entes)
        side.entes, side.entes_deck = entes[: len(side.entes)], entes[len(side.entes) :]
        elements = _canonical([*side.elementos, *side.elements_deck])
        rng.shuffle(elements)
        side.elementos, side.elements_deck = elements[: len(side.elementos)], elements[len(side.elementos) :]
    pending = m.pending
    if pending is not None and pending.kind == "reinforce" and m.players == 2 and m.active != seat:
        rival = m.active  # the attacker decided first
        if m.sides[rival].elementos:
            choice = MisionPlayer().choose(m.view(rival), pending.options, rng)
            m._reinforce[rival] = bool(choice.args[0])  # noqa: SLF001 - the sample replaces the real choice
        else:
            m._reinforce[rival] = False  # noqa: SLF001


def search_players() -> dict[str, Callable[[], Policy]]:
    """The search players by name, for a game's record (engine.games)."""
    return {name: partial(SearchPlayer, rollouts) for name, rollouts in SEARCH_PLAYERS.items()}


# -- the player ---------------------------------------------------------------------------------------


def _rollout_players(match: Match) -> list[Policy]:
    player: Policy = EliriaPlayer() if isinstance(match, EliriaMatch) else MisionPlayer()
    return [player] * match.players


def _score(copy: Match, seat: int, cut: bool = False) -> float:
    """A finished rollout from *seat*'s side: a win 1, a loss 0, a draw ½. A rollout *cut* at its
    horizon in Eliria is worth the leaf evaluation's chance of winning (engine/eliria/rollouts.py). (A
    two-seat Misión S.O.S rollout is scored by :func:`_mision_rollout`.)"""
    outcome = copy.outcome()
    assert outcome is not None
    if outcome.winner is not None:
        return 1.0 if outcome.winner == seat else 0.0
    if cut and outcome.reason == "turn_cap" and isinstance(copy, EliriaMatch) and copy.players == 2:
        return leaf_value(copy, seat)
    return 0.5


def _placing(match: MisionMatch) -> bool:
    """Whether *match* waits for a placement (the decisions played to the end)."""
    pending = match.pending
    return pending is not None and pending.kind == "place" and match.players == 2


def _mision_rollout(copy: MisionMatch, seat: int, action: Action, roll_seed: int, ahead: bool) -> float:
    """A Misión S.O.S rollout (engine/mision/rollouts.py): the rest of the decision's turn played by the
    rule-based player on both seats or, for a placement (*ahead*), the rest of the game, *seat*'s later
    Entes placed by the leaf evaluation (:class:`~engine.mision.rollouts.LeafPlacer`); scored by the
    prizes each BAÚL took and may still take rather than by their values
    (:func:`~engine.mision.rollouts.prizes_score`)."""
    before = roots(copy)
    copy.push_key(action.key)
    if not copy.is_over():
        copy.turn_cap = min(copy.turn_cap, copy.turn + (PLACE_HORIZON if ahead else MISION_HORIZON))
        copy.seed = roll_seed
        players = _rollout_players(copy)
        if ahead:
            players[seat] = LeafPlacer()
        copy.play_out(players)
    return prizes_score(copy, seat, before)


class SearchPlayer:
    """Determinized Monte Carlo with sequential halving over the legal actions (module docstring).

    *rollouts* is the budget per decision: about that many games played forward, whatever the
    number of options (a round gives each surviving option at least one); a Misión S.O.S placement gets
    *place_factor* times as many, played to the end (``place_ahead``), and an attack reinforcement that
    :func:`sure_reinforcement` settles is taken without search (``sure_reinforce``; bench/search_lab.py
    turns them off to compare)."""

    place_factor: int = PLACE_FACTOR
    sure_reinforce: bool = True
    place_ahead: bool = True

    def __init__(self, rollouts: int = DEFAULT_ROLLOUTS, horizon: int = HORIZON) -> None:
        if rollouts < 1:
            raise ValueError("rollouts must be at least 1")
        self.rollouts = rollouts
        self.horizon = horizon

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        match: Match = view._m  # noqa: SLF001 - read through rebuild/determinize only (module docstring)
        seat: int = view.seat
        budget = self.rollouts
        if isinstance(match, MisionMatch):
            sure = sure_reinforcement(view, legal) if self.sure_reinforce else None
            if sure is not None:
                return sure
            if view.pending_kind == "place":
                budget *= self.place_factor
        prior = _rollout_players(match)[0].choose(view, legal, rng)
        arms = list(legal)
        totals = {a.key: 0.0 for a in arms}
        rounds = max(1, (len(arms) - 1).bit_length())
        per_round = max(1, budget // rounds)
        while len(arms) > 1:
            samples = max(1, per_round // len(arms))
            for _ in range(samples):
                det_seed, roll_seed = rng.randrange(MAX_SEED), rng.randrange(MAX_SEED)
                for arm in arms:
                    totals[arm.key] += self._rollout(match, seat, arm, det_seed, roll_seed)
            # Ties keep the rule-based choice, then the listed order (stable sort).
            arms.sort(key=lambda a: (-totals[a.key], a.key != prior.key))
            arms = arms[: (len(arms) + 1) // 2]
        return arms[0]

    def _rollout(self, match: Match, seat: int, action: Action, det_seed: int, roll_seed: int) -> float:
        copy = determinize(match, seat, random.Random(det_seed))  # noqa: S311 - simulation
        if isinstance(copy, MisionMatch) and copy.players == 2:
            return _mision_rollout(copy, seat, action, roll_seed, self.place_ahead and _placing(copy))
        copy.push_key(action.key)
        if copy.is_over():
            return _score(copy, seat)
        horizon = MISION_HORIZON if isinstance(copy, MisionMatch) else self.horizon
        cap = copy.turn_cap
        copy.turn_cap = min(cap, copy.turn + horizon)
        copy.seed = roll_seed
        copy.play_out(_rollout_players(copy))
        return _score(copy, seat, cut=copy.turn_cap < cap)
