"""Misión S.O.S played by decisions (FORMA DE JUEGO, PASOS PARA EL TURNO, OBJETIVO DEL JUEGO)."""

from __future__ import annotations

import pytest

from engine import CardData, DeckEntry, MisionMatch
from engine.mision.match import ATTACKER, DEFENDER, Placed, fight_winner, pick_defender

from .scenes import M, events, keys

ENTE = CardData(M, "E-1", "Ente", "entity", worlds=(5, 1, 1, 1))
ELEMENT = CardData(M, "L-1", "Elemento", "element", worlds=(1, 1, 1, 1), chest=10)


def deck(entes: int = 6, elements: int = 20, element: CardData = ELEMENT) -> list[DeckEntry]:
    return [DeckEntry("entities", entes, ENTE), DeckEntry("elements", elements, element)]


def new(first: int = 0, **kw: int) -> MisionMatch:
    return MisionMatch([deck(**kw), deck(**kw)], seed=1, first=first, trace=True)


def to_contest() -> MisionMatch:
    """Both seats put an Ente in water; seat 0's turn 3: its first Ente fights seat 1's."""
    m = new()
    m.push_key("place:water")  # turn 1, seat 0
    m.push_key("place:water")  # turn 2, seat 1 (its Ente does not fight yet)
    m.push_key("place:air")  # turn 3, seat 0 places; then the water Ente fights
    return m


def test_setup_four_entes_and_four_elementos_de_juego_each():
    m = new()
    assert [len(s.entes) for s in m.sides] == [3, 4]  # seat 0 already drew one to place
    assert [len(s.elementos) for s in m.sides] == [5, 4]  # seat 0 drew its turn's Elemento (step 1)
    assert [len(s.elements_deck) for s in m.sides] == [15, 16]
    assert m.pending.kind == "place" and keys(m) == ["place:water", "place:air", "place:fire", "place:earth"]


def test_an_ente_does_not_fight_the_turn_it_is_placed():
    m = new()
    m.push_key("place:fire")
    assert m.active == 1 and not events(m, "fight")


def test_an_unopposed_ente_wins_and_takes_a_prize():
    m = new()
    m.push_key("place:water")
    m.push_key("place:air")
    m.push_key("place:fire")  # seat 0, turn 3: the water Ente fights, nobody in front
    assert events(m, "fight")[-1]["unopposed"] is True
    assert m.pending.kind == "prize" and keys(m) == ["prize:chest", "prize:hidden"]
    m.push_key("prize:chest")
    assert m.sides[0].chest_points == 10


def test_a_hidden_prize_joins_the_elementos_de_juego():
    m = new()
    m.push_key("place:water")
    m.push_key("place:air")
    m.push_key("place:fire")
    before = len(m.sides[0].elementos)
    m.push_key("prize:hidden")
    assert len(m.sides[0].elementos) == before + 1 and m.sides[0].chest_points == 0


def test_both_players_decide_reinforcement_the_active_one_first():
    m = to_contest()
    assert m.pending.kind == "reinforce" and m.to_move == 0
    m.push_key("reinforce:yes")
    assert m.pending.kind == "reinforce" and m.to_move == 1
    assert not events(m, "fight")  # nothing revealed until both decided
    m.push_key("reinforce:no")
    fight = events(m, "fight")[-1]
    assert fight["points"] == [6, 5] and fight["winner"] == "attacker"
    assert [len(s.olvido) for s in m.sides] == [1, 0]  # the reinforcement goes to the OLVIDO
    assert m.pending.kind == "prize"


def test_a_tie_is_held_by_the_defender_and_gives_no_prize():
    m = to_contest()
    m.push_key("reinforce:no")
    m.push_key("reinforce:no")
    assert events(m, "fight")[-1]["winner"] == "defender"
    assert m.active == 1 and m.sides[0].chest_points == 0


def test_fight_winner_needs_more_points():
    assert fight_winner(6, 5) == ATTACKER
    assert fight_winner(5, 5) == DEFENDER
    assert fight_winner(4, 5) == DEFENDER


def test_the_strongest_ente_in_the_world_defends():
    weak = Placed(CardData(M, "A", "A", "entity", worlds=(2, 0, 0, 0)), 0, 1)
    strong = Placed(CardData(M, "B", "B", "entity", worlds=(7, 0, 0, 0)), 0, 3)
    also = Placed(CardData(M, "C", "C", "entity", worlds=(7, 0, 0, 0)), 0, 5)
    elsewhere = Placed(CardData(M, "D", "D", "entity", worlds=(9, 0, 0, 0)), 1, 1)
    assert pick_defender([weak, strong, also, elsewhere], 0) is strong
    assert pick_defender([elsewhere], 0) is None


def test_thirty_points_in_the_baul_win():
    m = new()
    m.push_key("place:water")
    m.push_key("place:air")
    m.push_key("place:fire")
    m.sides[0].chest_points = 25
    m.push_key("prize:chest")
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (0, "chest_30")


def test_leaving_the_rival_without_elementos_de_juego_wins():
    m = to_contest()
    m.sides[0].elementos = [CardData(M, "L-9", "Fuerte", "element", worlds=(5, 1, 1, 1), chest=1)]
    m.sides[1].elementos = m.sides[1].elementos[:1]
    m.push_key("reinforce:yes")  # 5 + 5 against 5 + 1: seat 0 wins the fight
    m.push_key("reinforce:yes")  # seat 1 spends its last Elemento de juego and loses the fight
    m.push_key("prize:hidden")
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.loser, outcome.reason) == (0, 1, "no_elements")


def test_both_without_elementos_de_juego_at_once_the_loser_of_the_fight_loses():
    m = to_contest()
    m.sides[0].elementos = m.sides[0].elementos[:1]
    m.sides[1].elementos = m.sides[1].elementos[:1]
    m.sides[0].elements_deck.clear()  # no prize to refill with
    m.push_key("reinforce:yes")
    m.push_key("reinforce:yes")  # 6 against 6: the defender holds, the attacker lost the fight
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.loser, outcome.reason) == (1, 0, "no_elements")


def test_the_player_orders_its_fights():
    m = new(entes=6)
    for key in ("place:water", "place:fire", "place:air", "prize:hidden", "place:earth", "prize:hidden"):
        m.push_key(key)
    m.push_key("place:earth")  # seat 0, turn 5: its water and air Entes fight
    assert m.pending.kind == "fight" and keys(m) == ["fight:0", "fight:1"]


def test_the_turn_cap_ends_in_a_draw():
    m = MisionMatch([deck(), deck()], seed=1, first=0, turn_cap=2)
    m.push_key("place:water")
    m.push_key("place:air")
    outcome = m.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == "turn_cap"


def test_misión_needs_two_decks_or_one_for_the_goldfish_solitaire():
    with pytest.raises(ValueError):
        MisionMatch([deck(), deck(), deck()], seed=1)
    solo = MisionMatch([deck()], seed=1)
    assert solo.players == 1 and solo.to_move == 0


def test_decks_with_nothing_left_to_decide_play_to_the_turn_cap_without_nesting_calls():
    """No Ente and long Elementos decks: nobody is asked anything for thousands of turns (each draws
    its Elemento, so the game still changes); the turn loop must not nest a call per turn (it once
    hit RecursionError)."""
    m = MisionMatch([deck(entes=0, elements=1600), deck(entes=0, elements=1600)], seed=3, first=0, turn_cap=3000)
    outcome = m.outcome()
    assert outcome is not None and outcome.reason == "turn_cap" and m.turn == 3001


# ---------------------------------------------------------------- games that can no longer change (issue 35)
STRONG_ENTE = CardData(M, "E-2", "Ente fuerte", "entity", worlds=(6, 1, 1, 1))
HEAVY = CardData(M, "L-5", "Elemento pesado", "element", worlds=(5, 1, 1, 1), chest=1)


def test_stalemate_both_elementos_decks_empty_and_both_hold_elementos_de_juego():
    """Four Elementos each: the preparation empties both decks, no prize or draw can come, and
    neither player can be left without Elementos de juego unless it throws its last one away."""
    m = MisionMatch([deck(elements=4), deck(elements=4)], seed=1, first=0)
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.loser, outcome.reason, outcome.turn) == (
        None, None, "stalemate", 0)


def test_stalemate_comes_when_the_last_elemento_is_drawn_not_at_the_turn_cap():
    from engine import MisionPlayer

    m = MisionMatch([deck(elements=7), deck(elements=7)], seed=2, first=0, trace=True)
    outcome = m.play_out([MisionPlayer(), MisionPlayer()])
    assert outcome.reason == "stalemate" and outcome.winner is None and outcome.turn < 10
    assert not any(s.elements_deck for s in m.sides) and all(s.elementos for s in m.sides)
    assert events(m, "game_over")[-1]["reason"] == "stalemate"


def contested_without_elementos() -> MisionMatch:
    """Both decks empty after turn 2; seat 0 (Ente 5 in water, one Elemento of 5 in water) faces
    seat 1 (Ente 6 in water, no Elementos de juego): seat 1 loses only if seat 0 reinforces."""
    m = MisionMatch([[DeckEntry("entities", 1, ENTE), DeckEntry("elements", 5, ELEMENT)],
                     [DeckEntry("entities", 1, STRONG_ENTE), DeckEntry("elements", 5, ELEMENT)]],
                    seed=1, first=0, trace=True)  # fmt: skip
    m.push_key("place:water")  # turn 1, seat 0 draws the last Elemento of its deck
    m.sides[0].elementos = [HEAVY]
    m.sides[1].elementos = []
    m.push_key("place:water")  # turn 2, seat 1 (it drew its last Elemento): both decks are empty now
    return m


def test_a_player_without_elementos_who_can_still_lose_a_fight_is_no_stalemate():
    m = contested_without_elementos()
    assert m.outcome() is None and m.stalemate() is None
    m.push_key("reinforce:yes")  # turn 3: 5 + 5 against 6, seat 1 loses a fight with nothing left
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (0, "no_elements")


def test_the_same_position_three_times_is_a_draw_by_repetition():
    m = contested_without_elementos()
    for _ in range(4):  # turns 3 to 6: seat 0 never reinforces, seat 1 has nothing to reinforce with
        m.push_key("reinforce:no")
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.turn) == (None, "repetition", 6)


def test_without_elementos_and_no_fight_to_lose_is_a_stalemate():
    m = contested_without_elementos()
    m.sides[1].board[0].world = 1  # seat 1's Ente moves to air: nobody meets anybody any more
    assert m.stalemate() == "stalemate"
    m.sides[1].board[0].world = 0
    m.sides[0].elementos = []  # both without Elementos: 5 against 6 is lost by seat 0 whoever attacks
    assert m.stalemate() is None


def test_a_draw_by_agreement_is_recorded_and_replays():
    from engine import replay

    m = new()
    m.push_key("place:water")
    m.push_key("draw")
    outcome = m.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (None, "agreement")
    assert m.decisions == ["place:water", "draw"]
    again = replay(m.header(), m.decisions)
    assert again.outcome().as_dict() == outcome.as_dict()
