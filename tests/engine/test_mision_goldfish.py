"""Misión S.O.S goldfish (FORMA DE JUEGO, PASOS PARA EL TURNO 2 EN ADELANTE, OBJETIVO DEL JUEGO)."""

from __future__ import annotations

from engine import DeckEntry, run_goldfish
from engine.mision.game import MisionDeck, MisionGame

from .helpers import element, entity


def deck(entities: int, elements: int, chest: int = 5, worlds=(1, 2, 3, 4)) -> list[DeckEntry]:
    return [
        DeckEntry("entities", entities, entity("MS-001", worlds)),
        DeckEntry("elements", elements, element("MS-101", chest)),
    ]


def run(entries, **kw):
    kw.setdefault("games", 100)
    kw.setdefault("turns", 8)
    kw.setdefault("seed", 11)
    return run_goldfish("mision", entries, **kw)


def chest(result):
    return [t["mean_chest"] for t in result["per_turn"]]


def test_objetivo_all_elements_worth_five_reach_30_on_turn_4():
    # Turn 1: place Ente 1. Turn 2: Ente 1 fights (+5 = 5). Turn 3: two fight (+10 = 15).
    # Turn 4: three fight (+15 = 30): won. Elements used: 4 set aside + 4 draws + 6 prizes = 14.
    result = run(deck(4, 14))
    assert result["win_turn"] == {"mean": 4.0, "histogram": {"4": 100}, "never": 0}
    assert chest(result) == [0.0, 5.0, 15.0, 30.0, 30.0, 30.0, 30.0, 30.0]
    assert [t["p_won"] for t in result["per_turn"]][:5] == [0.0, 0.0, 0.0, 1.0, 1.0]


def test_objetivo_win_turn_is_hand_computable_for_bigger_chests():
    # Chest 10: 10 after turn 2, 30 after turn 3.
    assert run(deck(4, 20, chest=10))["win_turn"] == {"mean": 3.0, "histogram": {"3": 100}, "never": 0}


def test_game_stops_at_30():
    result = run(deck(4, 40, chest=7))  # 7, 21, 42 -> won on turn 4 at the third fight (35)
    assert result["win_turn"]["histogram"] == {"4": 100}
    assert chest(result)[3:] == [35.0] * 5


def test_empty_external_deck_gives_no_prize():
    # 8 Elementos: 4 set aside, 4 external. Turn 1 draws (3 left); turn 2 draws (2), one prize (1);
    # turn 3 draws the last; no prize is left for anyone.
    result = run(deck(4, 8))
    assert chest(result) == [0.0, 5.0] + [5.0] * 6
    assert result["win_turn"] == {"mean": None, "histogram": {}, "never": 100}
    assert [t["mean_elementos_deck"] for t in result["per_turn"]][:3] == [3.0, 1.0, 0.0]


def test_forma_de_juego_four_set_aside_and_one_ente_per_turn():
    result = run(deck(6, 30))
    assert [t["mean_entes_placed"] for t in result["per_turn"]] == [1.0, 2.0, 3.0, 4.0, 4.0, 4.0, 4.0, 4.0]
    assert result["per_turn"][0]["mean_elementos_juego"] == 5.0  # four set aside + the turn-1 draw


def test_ente_placed_where_strongest_ties_in_worlds_order():
    result = run(deck(4, 14, worlds=(1, 9, 9, 0)))
    assert result["placements"] == {"water": 0, "air": 400, "fire": 0, "earth": 0}
    trace = run(deck(4, 14, worlds=(3, 1, 1, 3)), games=1, trace=True)["trace"]
    assert {e["world"] for e in trace if e["event"] == "place"} == {"water"}


def test_short_deck_plays_with_what_it_has():
    # Two Entes only: turn 2 one fights (10), turn 3 two fight (30).
    assert run(deck(2, 20, chest=10))["win_turn"]["histogram"] == {"3": 100}


def test_mixed_chests_win_between_bounds():
    entries = [
        DeckEntry("entities", 4, entity("MS-001")),
        DeckEntry("elements", 10, element("MS-101", 1)),
        DeckEntry("elements", 10, element("MS-102", 10)),
    ]
    result = run(entries, games=500, turns=10)
    turns = [int(t) for t in result["win_turn"]["histogram"]]
    assert min(turns) >= 3  # at most 1 + 2 fights by turn 3 = 30 with three 10s
    assert result["win_turn"]["never"] + sum(result["win_turn"]["histogram"].values()) == 500


def test_trace_follows_the_turn_steps():
    trace = run(deck(4, 14), games=1, turns=4, trace=True)["trace"]
    turn2 = [(e["phase"], e["event"]) for e in trace if e["turn"] == 2]
    assert turn2 == [("elemento", "draw"), ("ente", "place"), ("lucha", "win")]
    assert trace[0]["phase"] == "preparacion" and trace[-1]["event"] == "victory"


def test_game_state_step_by_step():
    game = MisionGame(MisionDeck.from_entries(deck(4, 14)), 5)
    game.setup()
    assert (len(game.entes), len(game.elementos), len(game.pile)) == (4, 4, 10)
    game.play_turn(1)
    assert (len(game.board), game.chest, len(game.pile)) == (1, 0, 9)
    game.play_turn(2)
    assert (len(game.board), game.chest, len(game.pile)) == (2, 5, 7)


def test_a_game_that_can_no_longer_change_ends_as_a_stalemate_with_unchanged_per_turn_numbers():
    # 8 Elementos, 4 Entes: the deck is empty after turn 3 and the last Ente is placed on turn 4;
    # from then on no turn changes anything, so the game ends there as a draw (issue 35).
    result = run(deck(4, 8))
    assert result["stalemate"] == {"games": 100, "mean_turn": 4.0}
    assert [t["mean_entes_placed"] for t in result["per_turn"]] == [1.0, 2.0, 3.0, 4.0, 4.0, 4.0, 4.0, 4.0]
    assert result["win_turn"]["never"] == 100
    won = run(deck(4, 14))
    assert won["stalemate"] == {"games": 0, "mean_turn": None}  # a game won at 30 is no draw


def test_the_stalemate_is_the_same_on_the_fast_path_and_through_the_match_rules():
    import json

    from engine.goldfish import run_range
    from engine.mision.goldfish import MisionSimulation

    small = [DeckEntry("entities", 2, entity("MS-001", (1, 2, 3, 4))), DeckEntry("elements", 6, element("MS-101", 3))]
    reports = []
    for entries in (small, deck(4, 4), deck(0, 4)):
        for fast in (True, False):
            sim = MisionSimulation(entries, 9, fast=fast)
            reports.append(json.dumps(sim.report(run_range(sim, 5, 0, 40)), sort_keys=True))
        assert reports[-2] == reports[-1]
        assert json.loads(reports[-1])["stalemate"]["games"] == 40
    assert json.loads(reports[-1])["stalemate"]["mean_turn"] == 0.0  # no Ente, no Elemento to draw: over at once
