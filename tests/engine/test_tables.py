"""The interactive tables: state = seed + decisions, replayed on every request."""

from __future__ import annotations

import json

import pytest

from engine import DeckEntry, EngineError, IllegalAction, eliria_table, mision_table

from .scenes import FILLER, catalogue_decks, mision_decks
from .test_eliria_match import REACTION

DECK = [DeckEntry("main", 10, FILLER)]


def test_a_table_shows_hand_board_counts_and_the_actions_now():
    table = eliria_table(DECK, 1, [])
    assert (table["phase"], table["turn"], table["deck"]) == ("movimiento", 1, 5)
    assert [c["index"] for c in table["hand"]] == [0, 1, 2, 3, 4]
    assert table["hand"][0] | {"code": "F-1", "name": "Relleno"} == table["hand"][0]
    assert [s["empty"] for s in table["board"]] == [True, True, True] and table["support"] == [None] * 5
    assert table["mulligans"] == 0 and table["lost"] is False and table["discard"] == []
    assert {
        "key": "play:0:slot0:up",
        "label": "Jugar Relleno boca arriba en el espacio de combate 1",
        "code": "action.play_up_slot",
        "params": {"name": "Relleno", "n": 1},
    } in table["actions"]
    assert table["actions"][-1]["key"] == "end"
    json.dumps(table)


def test_a_combatant_played_and_powered_up_over_two_turns():
    table = eliria_table(DECK, 1, ["play:0:slot1:up", "end", "end"])
    slot = table["board"][1]
    assert (slot["code"], slot["up"], slot["power"], slot["potential"]) == ("F-1", True, 2, 3)
    assert table["turn"] == 3 and table["played"] == 1 and table["rule_of_three_left"] == 2
    assert table["deck"] == 3  # two Inicial draws (turn 1 skipped, 11.d)
    assert slot["attacks"][0]["usable"] is True
    assert [e["event"] for e in table["log"]].count("power") == 2


def test_the_mulligan_discard_is_the_players_choice():
    deck = [DeckEntry("main", 1, FILLER), DeckEntry("main", 12, REACTION)]
    seed = next(s for s in range(100) if eliria_table(deck, s, [])["phase"] == "mulligan")
    table = eliria_table(deck, seed, [])
    assert [a["key"] for a in table["actions"]] == [f"mulligan_discard:{i}" for i in range(5)] + ["mulligan_keep"]
    after = eliria_table(deck, seed, ["mulligan_discard:3"])
    assert after["mulligans"] == 1 and after["discard"][0]["code"] == table["hand"][3]["code"]


def test_an_invalid_decision_raises_a_clear_engine_error():
    with pytest.raises(IllegalAction, match="Decisión 2 de 2") as info:
        eliria_table(DECK, 1, ["play:0:slot0:up", "dance"])
    assert isinstance(info.value, EngineError) and "válidas" in str(info.value)


def test_losing_shows_the_reason():
    table = eliria_table(DECK, 1, ["end"])  # no combatant in the Poder phase
    assert table["lost"] is True and table["reason"] == "7.b" and table["actions"] == []
    assert table["outcome"]["reason"] == "7.b"


def test_a_resignation_is_accepted_as_a_key():
    table = eliria_table(DECK, 1, ["resign:0"])
    assert table["reason"] == "7.a"


def test_the_solitaire_has_no_ataque_phase():
    a, _ = catalogue_decks()
    table = eliria_table(a, 2, [])
    assert table["phase"] in ("movimiento", "mulligan")
    assert all(not k["key"].startswith("attack") for k in table["actions"])


def test_the_mision_table_replays_and_shows_both_seats():
    a, b = mision_decks()
    table = mision_table(a, b, 3, [])
    assert table["phase"] == "place" and table["to_move"] == 0 and table["drawn"] is not None
    assert [s["elementos_de_juego"] for s in table["seats"]] == [5, 4]
    table = mision_table(a, b, 3, ["place:water", "place:air"])
    assert table["seats"][0]["board"][0]["world"] == "water" and table["turn"] == 3
    with pytest.raises(IllegalAction):
        mision_table(a, b, 3, ["place:moon"])
    json.dumps(table)
