"""The goldfish plays through the rules of the table and the matchups.

- The fast path gives exactly the full rules' tallies where it is allowed (decks whose cards do
  nothing to what the goldfish measures), and is used only there.
- Game *i* of a seeded run is the table's solitaire with the goldfish's choices, event for event.
- Effects change the numbers in the direction their texts say.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import Attack, CardData, DeckEntry, EliriaGoldfishPlayer, Game, eliria_table, run_goldfish
from engine.eliria.goldfish import EliriaSimulation
from engine.goldfish import run_range

from .scenes import card
from .test_golden import _eliria_deck

E = Game.ELIRIA


def _combat(code: str, potential: int, cost: int = 1, **kw) -> CardData:
    return CardData(E, code, f"C {code}", "combat", potential=potential, resistance=3,
                    attacks=(Attack(cost, "Golpe", 2),), **kw)  # fmt: skip


def _vanilla_decks() -> dict[str, list[DeckEntry]]:
    mixed = [DeckEntry("main", 1, _combat(f"V-{i}", 1 + i % 9, 1 + i % 4)) for i in range(8)]
    mixed += [DeckEntry("main", 1, CardData(E, f"R-{i}", f"R {i}", "reaction", effect="…")) for i in range(9)]
    mixed += [DeckEntry("main", 1, CardData(E, "X-1", "Cruz", "combat", potential=9, cross=True))]
    short = [DeckEntry("main", 1, _combat("S-1", 3)), DeckEntry("main", 1, CardData(E, "S-2", "R", "reaction"))]
    short += [DeckEntry("main", 1, CardData(E, f"S-{i}", f"R{i}", "summon", subtype="field")) for i in range(3, 9)]
    # Cards whose effects never touch the goldfish (attacks, reactions, protections) keep the fast path.
    texts = [DeckEntry("main", 1, card(c)) for c in ("BASE-003", "BASE-022", "BASE-030", "BASE-012", "BASE-013")]
    texts += [DeckEntry("main", 1, _combat(f"T-{i}", 4)) for i in range(5)]
    return {"golden": _eliria_deck(), "mixed": mixed, "short": short, "texts": texts}


def _report(deck: list[DeckEntry], fast: bool, *, games: int = 300, turns: int = 12, watch=()) -> str:
    sim = EliriaSimulation(deck, turns, watch, fast=fast)
    return json.dumps(sim.report(run_range(sim, 11, 0, games)), sort_keys=True)


@pytest.mark.parametrize("name", sorted(_vanilla_decks()))
def test_the_fast_path_gives_exactly_the_full_rules_tallies_where_it_is_used(name):
    deck = _vanilla_decks()[name]
    assert EliriaSimulation(deck, 5).fast  # chosen only for such decks
    watch = [deck[0].card.code]
    assert _report(deck, True, watch=watch) == _report(deck, False, watch=watch)


# A summon that draws, written in the vocabulary (no bundled card draws on being played).
PRESAGIO = CardData(E, "T-DRAW", "Presagio", "summon", subtype="ephemeral", effect="Roba dos cartas de tu mazo.",
                    effects=({"trigger": "on_play", "action": "draw", "amount": 2},))  # fmt: skip


def _effect_deck(*, tortuga: bool = True, fission: bool = False) -> list[DeckEntry]:
    """Marea de vigor, Tortuga de basalto and a card that draws (with *fission*: Organismo de fisión's
    tokens and Ofrenda de sangre, which trades one for two cards)."""
    codes = ("BASE-043", "BASE-019", "EXP-013", *(("EXP-018", "BASE-108") if fission else ()))
    deck = [DeckEntry("main", 1, card(c)) for c in codes] + [DeckEntry("main", 1, PRESAGIO)]
    if not tortuga:
        deck[1] = replace(deck[1], card=replace(deck[1].card, effects=()))
    deck += [DeckEntry("main", 1, _combat(f"F-{i}", 2 + i % 3)) for i in range(2)]
    # Cards the goldfish holds (no effect): room on the board for the fission tokens.
    return deck + [DeckEntry("main", 1, CardData(E, f"R-{i}", f"Reacción {i}", "reaction")) for i in range(15)]


def _vanilla_copy(deck: list[DeckEntry]) -> list[DeckEntry]:
    return [replace(e, card=replace(e.card, effects=())) for e in deck]


def test_a_deck_with_effects_takes_the_full_rules_and_the_fast_path_would_differ():
    deck = _effect_deck()
    assert not EliriaSimulation(deck, 5).fast
    assert _report(deck, True, games=200) != _report(deck, False, games=200)


def test_effects_move_the_numbers_in_the_direction_their_texts_say():
    turns, games = 10, 1500
    played = run_goldfish("eliria", _effect_deck(), games=games, turns=turns, seed=5)
    vanilla = run_goldfish("eliria", _vanilla_copy(_effect_deck()), games=games, turns=turns, seed=5)
    assert played["unsimulated"] == [] and vanilla["unsimulated"] == []
    p, v = played["per_turn"], vanilla["per_turn"]
    # Marea de vigor adds power: the highest power is higher from the turn it can be played.
    assert all(p[t]["mean_power_max"] >= v[t]["mean_power_max"] for t in range(1, turns))
    assert any(p[t]["mean_power_max"] > v[t]["mean_power_max"] + 0.05 for t in range(turns))
    # Presagio draws two: fewer cards left in the deck.
    assert all(p[t]["mean_deck"] < v[t]["mean_deck"] for t in range(turns))
    # Tortuga de basalto caps its own gain: with its passive the deck's total power is lower.
    free = run_goldfish("eliria", _effect_deck(tortuga=False), games=games, turns=turns, seed=5)["per_turn"]
    assert all(p[t]["mean_power_total"] <= free[t]["mean_power_total"] for t in range(turns))
    assert any(p[t]["mean_power_total"] < free[t]["mean_power_total"] for t in range(turns))


def test_fission_tokens_bring_combatants_and_ofrenda_trades_one_for_two_cards():
    turns, games = 10, 800
    deck = _effect_deck(fission=True)
    p = run_goldfish("eliria", deck, games=games, turns=turns, seed=6)["per_turn"]
    v = run_goldfish("eliria", _vanilla_copy(deck), games=games, turns=turns, seed=6)["per_turn"]
    assert all(p[t]["mean_combatants"] >= v[t]["mean_combatants"] for t in range(turns))
    assert p[-1]["mean_combatants"] > v[-1]["mean_combatants"] and p[-1]["mean_deck"] < v[-1]["mean_deck"]


def test_tortuga_de_basalto_never_gains_more_than_one_power_a_turn():
    deck = _effect_deck()
    sim = EliriaSimulation(deck, 10)
    for index in range(60):
        m = sim.new_match(3, index, trace=True)
        m.play_out([EliriaGoldfishPlayer()])
        last: dict[int, tuple[int, int]] = {}
        for e in m.log or ():
            if e["event"] == "power":
                for slot, power in enumerate(e["powers"]):
                    c = m.sides[0].combat[slot]
                    if c is not None and c.card.code == "BASE-019" and power is not None:
                        turn, before = last.get(slot, (e["turn"] - 1, 0))
                        assert power - before <= e["turn"] - turn
                        last[slot] = (e["turn"], power)


def test_the_goldfish_numbers_are_the_full_engine_tallies():
    """run_goldfish() on a deck with effects equals the tallies of EliriaMatch + the goldfish policy."""
    deck = _effect_deck()
    result = run_goldfish("eliria", deck, games=200, turns=8, seed=9)
    sim = EliriaSimulation(deck, 8, fast=False)
    tally = sim.new_tally()
    for index in range(200):
        sim.play_rules(9, index, tally)
    expected = {"game": "eliria", "games": 200, "turns": 8, "seed": 9, **sim.report(tally), "unsimulated": []}
    assert result == expected


@pytest.mark.parametrize("index", [0, 3, 17])
def test_the_table_with_the_goldfish_choices_is_game_i_of_the_run_event_for_event(index):
    deck = _effect_deck(fission=True)
    turns, seed = 8, 2026
    sim = EliriaSimulation(deck, turns)
    events: list[dict] = []
    run_range(sim, seed, index, index + 1, trace=events)
    match = sim.new_match(seed, index, trace=True)
    match.play_out([EliriaGoldfishPlayer()])
    table = eliria_table(deck, seed, match.decisions, turn_cap=turns, index=index)
    assert table["log"] == events and table["over"]
    assert any(e["event"] in ("summon", "token", "charge", "mutate") for e in events) or index


@pytest.mark.parametrize("which", ["golden", "catalogue"])
def test_mision_goldfish_fast_path_equals_the_match_rules_with_the_goldfish_policy(which):
    from engine.mision.goldfish import MisionSimulation

    from .scenes import mision_decks
    from .test_golden import _mision_deck

    deck = _mision_deck() if which == "golden" else mision_decks()[0]
    reports = []
    for fast in (True, False):
        sim = MisionSimulation(deck, 14, fast=fast)
        reports.append(json.dumps(sim.report(run_range(sim, 3, 0, 300)), sort_keys=True))
    assert reports[0] == reports[1]
    assert json.loads(reports[0])["win_turn"]["histogram"]  # some games reach the BAÚL's 30


@pytest.mark.parametrize("deck_name", ["effects", "fission", "catalogue"])
def test_the_quick_movement_choice_is_the_policys_choice_from_the_full_list(deck_name):
    """The runner's fast Movimiento choice (no legal list) makes the very decisions of the policy."""
    from .scenes import catalogue_decks

    deck = {
        "effects": _effect_deck(),
        "fission": _effect_deck(fission=True),
        "catalogue": catalogue_decks()[0],
    }[deck_name]
    runs = []
    for quick in (True, False):
        sim = EliriaSimulation(deck, 12, fast=False)
        sim.quick = quick
        tally = sim.new_tally()
        decisions = [sim.play_rules(21, i, tally).decisions for i in range(120)]
        runs.append((decisions, json.dumps(sim.report(tally), sort_keys=True)))
    assert runs[0] == runs[1]
