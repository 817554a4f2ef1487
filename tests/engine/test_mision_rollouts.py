"""The Misión S.O.S leaf evaluation of the search player (engine/mision/rollouts.py): each seat's
chance to reach 30 in the BAÚL (OBJETIVO DEL JUEGO 1) from the prizes it can still take (PASOS PARA
EL TURNO) and, without Elementos de juego, its chance to lose a contested fight (OBJETIVO 2)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bench.players import random_deck
from engine import CardData, DeckEntry, MisionMatch, search
from engine.mision.players import MisionPlayer
from engine.mision.rollouts import (
    LeafPlacer,
    leaf_score,
    prize_chances,
    prizes_score,
    reach_chance,
    reach_chances,
    roots,
    sure_reinforcement,
)
from engine.mision.rules import prize_draws
from engine.mision.state import Placed
from engine.search import PLACE_FACTOR, SearchPlayer, rebuild

from .scenes import M
from .test_search import _scramble

STRONG = CardData(M, "E-7", "Ente fuerte", "entity", worlds=(7, 1, 1, 1))
WEAK = CardData(M, "E-5", "Ente débil", "entity", worlds=(5, 1, 1, 1))
ELEMENT = CardData(M, "L-1", "Elemento", "element", worlds=(1, 1, 1, 1), chest=3)


def _deck(ente: CardData, elements: int) -> list[DeckEntry]:
    return [DeckEntry("entities", 6, ente), DeckEntry("elements", elements, ELEMENT)]


def test_reach_chances_count_every_subset_of_the_unseen_elementos():
    pool = (1, 2, 2, 4, 5, 7, 8)
    need = 12
    chances = reach_chances(pool, need)
    for k in range(len(pool) + 1):
        subsets = list(itertools.combinations(pool, k))
        assert chances[k] == pytest.approx(sum(sum(s) >= need for s in subsets) / len(subsets))


@pytest.mark.parametrize("elements", [4, 8, 10, 11, 16, 20, 30])
def test_a_seat_that_wins_every_fight_takes_the_most_prizes_its_deck_allows(elements: int):
    """From the start (seat 1 has not played: four Entes de juego, the external deck untouched), with
    every fight won the projection is certain of rules.prize_draws's count."""
    m = MisionMatch([_deck(WEAK, elements), _deck(WEAK, elements)], seed=1, first=0)
    chances = prize_chances(m, 1, new_wins=1.0)
    expected = prize_draws(elements - 4, 4)
    assert chances[expected] == pytest.approx(1.0)


def test_fewer_fights_won_means_fewer_prizes_expected():
    m = MisionMatch([_deck(WEAK, 16), _deck(WEAK, 16)], seed=1, first=0)

    def mean(p: float) -> float:
        return sum(k * q for k, q in enumerate(prize_chances(m, 1, new_wins=p)))

    assert mean(1.0) == pytest.approx(7.0)
    assert mean(1.0) > mean(0.9) > mean(0.5) > mean(0.0) == pytest.approx(0.0)


def _cut(turns: int, seed: int) -> MisionMatch:
    """Two random legal decks played by the rule-based player until the turn cap cuts the game."""
    deck_a, deck_b = (random_deck("mision", random.Random(f"{seed}:{k}")) for k in (0, 1))
    m = MisionMatch([deck_a, deck_b], seed=seed, first=seed % 2, turn_cap=turns)
    m.play_out([MisionPlayer(), MisionPlayer()])
    return m


@pytest.mark.parametrize(("turns", "seed"), [(1, 1), (2, 2), (4, 3), (5, 4), (7, 5), (9, 6)])
def test_the_two_seats_scores_add_up_to_one(turns: int, seed: int):
    m = _cut(turns, seed)
    assert 0.0 <= leaf_score(m, 0) <= 1.0
    assert leaf_score(m, 0) + leaf_score(m, 1) == pytest.approx(1.0)


def test_a_finished_game_scores_its_outcome():
    m = _cut(200, 8)
    outcome = m.outcome()
    assert outcome is not None and outcome.reason != "turn_cap"
    if outcome.winner is None:
        assert leaf_score(m, 0) == leaf_score(m, 1) == 0.5
    else:
        assert leaf_score(m, outcome.winner) == 1.0 and leaf_score(m, 1 - outcome.winner) == 0.0


def test_points_in_the_baul_raise_the_chance_to_reach_30_and_the_score():
    m = _cut(4, 3)
    before, score = reach_chance(m, 0), leaf_score(m, 0)
    m.sides[0].chest_points += 12
    assert reach_chance(m, 0) > before
    assert leaf_score(m, 0) > score


def _water_face_off() -> MisionMatch:
    """Seat 0's 7 and seat 1's 5 in water, cut before seat 0's second turn: seat 0 attacks next."""
    m = MisionMatch([_deck(STRONG, 16), _deck(WEAK, 16)], seed=1, first=0, turn_cap=2)
    m.push_key("place:water")
    m.push_key("place:water")
    assert m.is_over() and m.active == 1
    return m


def test_a_seat_without_elementos_de_juego_facing_a_stronger_attacker_is_nearly_lost():
    """OBJETIVO DEL JUEGO 2: seat 1 holds no Elementos de juego and seat 0's stronger Ente attacks it
    next turn; losing that contested fight loses the game."""
    m = _water_face_off()
    holding = leaf_score(m, 1)
    m.sides[1].elementos.clear()
    assert leaf_score(m, 1) < 0.15 < holding
    assert leaf_score(m, 0) == pytest.approx(1.0 - leaf_score(m, 1))


def test_the_score_reads_no_hidden_card():
    """Reordering both seats' face-down piles (Elementos de juego and external decks, Entes de juego)
    leaves the score unchanged: it reads counts, the board and the open BAÚL and OLVIDO only."""
    m = _cut(5, 4)
    score = leaf_score(m, 0)
    rng = random.Random(3)
    for side in m.sides:
        pool = [*side.elementos, *side.elements_deck]
        rng.shuffle(pool)
        side.elementos, side.elements_deck = pool[: len(side.elementos)], pool[len(side.elementos) :]
        entes = [*side.entes, *side.entes_deck]
        rng.shuffle(entes)
        side.entes, side.entes_deck = entes[: len(side.entes)], entes[len(side.entes) :]
    assert leaf_score(m, 0) == score


class _Counted(SearchPlayer):
    """The search player, counting the rollouts it plays."""

    def __init__(self, rollouts: int) -> None:
        super().__init__(rollouts=rollouts)
        self.played = 0

    def _rollout(self, *args: Any) -> float:
        self.played += 1
        return super()._rollout(*args)


def _attack_on_water() -> MisionMatch:
    """Seat 0's 7 attacks seat 1's 5 in water on its second turn: seat 0 decides whether to reinforce."""
    m = MisionMatch([_deck(STRONG, 16), _deck(WEAK, 16)], seed=1, first=0)
    for key in ("place:water", "place:water", "place:air"):
        m.push_key(key)
    assert m.pending is not None and m.pending.kind == "reinforce" and m.pending.player == 0
    return m


def _decide(m: MisionMatch, rollouts: int = 8) -> tuple[str, int]:
    """The search's choice at *m*'s pending decision and how many rollouts it played."""
    assert m.pending is not None
    player = _Counted(rollouts)
    choice = player.choose(m.view(m.pending.player), m.pending.options, random.Random(5))
    return choice.key, player.played


def test_an_attacker_with_elementos_to_spare_and_a_prize_to_win_reinforces_without_searching():
    m = _attack_on_water()
    assert len(m.sides[0].elementos) >= 2 and m.sides[0].elements_deck
    assert sure_reinforcement(m.view(0), m.pending.options) is not None
    assert _decide(m) == ("reinforce:yes", 0)


@pytest.mark.parametrize("case", ["last elemento", "no prize left", "defending"])
def test_otherwise_the_reinforcement_is_searched(case: str):
    m = _attack_on_water()
    if case == "last elemento":  # spending it would leave the seat open to OBJETIVO DEL JUEGO 2
        del m.sides[0].elementos[1:]
    elif case == "no prize left":  # a win takes no prize: reinforcing buys nothing sure
        m.sides[0].elements_deck.clear()
    else:  # the defender decides after the attacker, not seeing its choice
        m.push_key("reinforce:yes")
        assert m.pending is not None and m.pending.player == 1
    assert sure_reinforcement(m.view(m.pending.player), m.pending.options) is None
    key, played = _decide(m)
    assert key.startswith("reinforce:") and played == 8  # two options, the whole budget


def test_a_placement_is_searched_with_place_factor_times_the_budget():
    m = MisionMatch([_deck(STRONG, 16), _deck(WEAK, 16)], seed=1, first=0)
    assert m.pending is not None and m.pending.kind == "place" and len(m.pending.options) == 4
    key, played = _decide(m)
    assert key.startswith("place:") and played == 8 * PLACE_FACTOR


# -- a placement played to the end, scored by prizes (engine/mision/rollouts.py prizes_score) ----------


def _prize_to_baul(m: MisionMatch, seat: int, value: int) -> None:
    """Seat *seat*'s next prize, sent to its BAÚL, worth *value* whatever the card."""
    card = m.sides[seat].elements_deck.pop()
    m.sides[seat].chest.append(card)
    m.sides[seat].chest_points += value


def test_a_placement_rollout_counts_prizes_not_what_they_were_worth():
    """Which Elementos became prizes is the sample's luck: a rollout whose prize was worth 9 and one
    whose prize was worth 1 score the same; one more prize in the BAÚL scores higher, one more for the
    rival lower, and the two seats' scores add up to one. (Each external deck is cut to its last card,
    which the next turn's draw would take: a prize now is one more in the end, not one taken sooner; and
    both BAÚLes are a few points from 30.)"""
    m = _cut(4, 3)
    for side in m.sides:
        side.chest_points = 26
        side.elementos.extend(side.elements_deck[1:])
        del side.elements_deck[1:]
    before = roots(m)
    base = prizes_score(m, 0, before)
    worth = []
    for value in (9, 1):
        copy = _copy(m)
        _prize_to_baul(copy, 0, value)
        worth.append(prizes_score(copy, 0, before))
        assert prizes_score(copy, 0, before) + prizes_score(copy, 1, before) == pytest.approx(1.0)
    assert worth[0] == worth[1] > base
    copy = _copy(m)
    _prize_to_baul(copy, 1, 5)
    assert prizes_score(copy, 0, before) < base


def _copy(m: MisionMatch) -> MisionMatch:
    """*m* with its piles as they stand (rebuild replays the decisions, and the test moved cards)."""
    copy = rebuild(m)
    for mine, theirs in zip(copy.sides, m.sides, strict=True):
        mine.elementos, mine.elements_deck = list(theirs.elementos), list(theirs.elements_deck)
    return copy


def test_a_rollout_lost_by_objetivo_2_scores_its_outcome():
    """Seat 1 defends water without Elementos de juego and loses the fight: the game is lost there
    (OBJETIVO DEL JUEGO 2), whatever the prizes."""
    m = _attack_on_water()
    before = roots(m)
    m.sides[1].elementos.clear()
    m.push_key("reinforce:no")
    while m.pending is not None:
        m.push(m.pending.options[0])
    outcome = m.outcome()
    assert outcome is not None and outcome.reason == "no_elements" and outcome.winner == 0
    assert prizes_score(m, 0, before) == 1.0 and prizes_score(m, 1, before) == 0.0


def _placement(seed: int) -> MisionMatch:
    """Two random legal decks played by the rule-based player until seat 0 places an Ente with one of
    its own and one of the rival's already in a world."""
    deck_a, deck_b = (random_deck("mision", random.Random(f"place:{seed}:{k}")) for k in (0, 1))
    m = MisionMatch([deck_a, deck_b], seed=seed, first=0)
    rules, rng = MisionPlayer(), random.Random(seed)
    while m.pending is not None:
        pending = m.pending
        if pending.kind == "place" and pending.player == 0 and m.sides[0].board and m.sides[1].board:
            return m
        m.push(rules.choose(m.view(pending.player), pending.options, rng))
    raise AssertionError("no such placement")  # pragma: no cover


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_leaf_placer_puts_the_ente_where_the_leaf_is_best_and_leaves_the_match_as_it_was(seed: int):
    """The searching seat's later placements in a placement's rollouts: the option whose board (the Ente
    placed, none in hand) the leaf evaluation rates best, the match unchanged by the looking."""
    m = _placement(seed)
    assert m.pending is not None
    legal, drawn = m.pending.options, m.drawn
    board = list(m.sides[0].board)
    assert drawn is not None
    choice = LeafPlacer().choose(m.view(0), legal, random.Random(1))
    assert m.drawn is drawn and m.sides[0].board == board
    scores = {}
    for action in legal:
        copy = rebuild(m)
        copy.sides[0].board.append(Placed(drawn, action.args[0], copy.turn))
        copy.drawn = None
        scores[action.key] = leaf_score(copy, 0)
    assert scores[choice.key] == max(scores.values())
    assert choice.key == next(k for k, v in scores.items() if v == max(scores.values()))


def test_a_placement_is_decided_the_same_over_different_hidden_states(monkeypatch: pytest.MonkeyPatch):
    """Its rollouts to the end read no hidden card: every copy rebuilt over a scrambled hidden state
    (tests/engine/test_search.py's: both seats' face-down Entes and Elementos reordered, the streams
    reseeded) gives the same placement."""
    m = _placement(2)
    view, legal = m.view(0), m.pending.options  # type: ignore[union-attr]
    honest = SearchPlayer(rollouts=8).choose(view, legal, random.Random(5))
    hostile = random.Random(99)

    def scrambled(match: Any) -> Any:
        copy = rebuild(match)
        _scramble(copy, 0, hostile)
        return copy

    monkeypatch.setattr(search, "rebuild", scrambled)
    assert SearchPlayer(rollouts=8).choose(view, legal, random.Random(5)).key == honest.key
