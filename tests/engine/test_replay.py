"""A game is its header plus its decisions: records replay exactly, and nothing else does."""

from __future__ import annotations

import json

import pytest

from engine import (
    ENGINE_VERSION,
    EliriaPlayer,
    IllegalAction,
    InvalidRecord,
    MisionPlayer,
    RandomPolicy,
    from_record,
    new_match,
    replay,
)

from .scenes import catalogue_decks, filler_deck, mision_decks


def _played(game: str, seed: int, index: int, policies: list) -> object:
    decks = catalogue_decks() if game == "eliria" else mision_decks()
    match = new_match(game, decks, seed=seed, index=index, trace=True)
    match.play_out(policies)
    return match


@pytest.mark.parametrize(
    ("game", "policies"),
    [
        ("eliria", [EliriaPlayer(), RandomPolicy()]),
        ("eliria", [RandomPolicy(), RandomPolicy()]),
        ("mision", [MisionPlayer(), RandomPolicy()]),
    ],
)
def test_a_record_replays_to_the_same_game(game, policies):
    for index in range(5):
        match = _played(game, 11, index, policies)
        record = match.to_record(events=True)
        again = from_record(json.loads(json.dumps(record)), trace=True)
        assert again.to_record(events=True) == record
        assert again.outcome() == match.outcome() and again.outcome() is not None


def test_the_header_names_engine_seed_decks_and_card_data_hash():
    match = _played("eliria", 3, 7, [EliriaPlayer(), EliriaPlayer()])
    header = match.header()
    assert header["engine"] == ENGINE_VERSION and header["game"] == "eliria"
    assert (header["seed"], header["index"]) == (3, 7)
    assert len(header["card_data_hash"]) == 64 and len(header["decks"]) == 2
    assert replay(header, match.decisions).outcome() == match.outcome()


def test_the_same_seed_and_index_give_the_same_game_and_another_index_another():
    a = _played("eliria", 5, 1, [EliriaPlayer(), EliriaPlayer()])
    b = _played("eliria", 5, 1, [EliriaPlayer(), EliriaPlayer()])
    c = _played("eliria", 5, 2, [EliriaPlayer(), EliriaPlayer()])
    assert a.decisions == b.decisions and a.log == b.log
    assert a.log != c.log


def test_changed_card_texts_refuse_to_replay():
    match = _played("eliria", 3, 0, [EliriaPlayer(), EliriaPlayer()])
    header = json.loads(json.dumps(match.header()))
    header["decks"][0][0]["card"]["resistance"] = 99
    with pytest.raises(InvalidRecord, match="hash"):
        replay(header, match.decisions)


def test_an_impossible_decision_refuses_to_replay_and_names_its_position():
    match = new_match("eliria", [filler_deck(), filler_deck()], seed=1, first=0)
    with pytest.raises(InvalidRecord, match="Decisión 2"):
        replay(match.header(), ["end", "attack:slot2:0"])


def test_a_finished_game_accepts_no_more_decisions():
    match = _played("mision", 2, 0, [MisionPlayer(), MisionPlayer()])
    assert match.is_over() and match.legal_actions() == [] and match.to_move is None
    with pytest.raises(IllegalAction, match="terminó"):
        match.push_key("pass")


def test_a_resignation_is_a_decision_of_the_record():
    match = new_match("eliria", [filler_deck(), filler_deck()], seed=1, first=0)
    match.push_key("play:0:slot0:up")
    match.push_key("resign:0")
    again = replay(match.header(), match.decisions)
    assert again.outcome() == match.outcome() and again.outcome().reason == "7.a"


def test_records_are_json_ready():
    match = _played("mision", 4, 1, [MisionPlayer(), RandomPolicy()])
    text = json.dumps(match.to_record(events=True), ensure_ascii=False)
    assert json.loads(text)["decisions"] == match.decisions
