"""The deck search (engine.improve, docs/contract.md §6): legal results under both games' rules,
keep and the owned pool held, the same answer for the same seed however it is sliced, nothing
changed when nothing helps, and the verification on a seed the search never used."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import DeckEntry, Game, InvalidSimulation, check_deck, compare_goldfish, parse_decklist
from engine.catalogue import load_catalogue
from engine.improve import FieldGoal, GoldfishGoal, ImproveSearch, PoolCards, improve_deck, legal_changes
from engine.text import fold

from .helpers import combat, element, entity, main, token

CATALOGUE = Path(__file__).resolve().parents[2] / "data/catalogue"


def weak_eliria() -> tuple[list[DeckEntry], list]:
    lookup = load_catalogue(CATALOGUE / "eliria.json")
    cards = sorted((c for c in lookup._codes.values() if c.type == "combat" and not c.cross),
                   key=lambda c: (c.potential or 0, c.code))
    return [DeckEntry("main", 1, c) for c in cards[:14]], list(lookup._codes.values())


def weak_mision() -> tuple[list[DeckEntry], list]:
    lookup = load_catalogue(CATALOGUE / "mision.json")
    cards = list(lookup._codes.values())
    ents = sorted((c for c in cards if c.type == "entity"), key=lambda c: (max(c.worlds), c.code))
    els = sorted((c for c in cards if c.type == "element"), key=lambda c: (c.chest or 0, c.code))
    deck = [DeckEntry("entities", 2, c) for c in ents[:4]] + [DeckEntry("elements", 2, c) for c in els[:8]]
    return deck, cards


def counts(entries) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in entries:
        out[e.card.code] = out.get(e.card.code, 0) + e.quantity
    return out


def parsed(text: str, game: str, cards) -> list[DeckEntry]:
    by_code = {c.code: c for c in cards}
    return [DeckEntry(line.section or "main", line.quantity, by_code[line.code]) for line in parse_decklist(text, game).lines]


def test_eliria_search_finds_a_legal_better_deck_verified_on_a_fresh_seed():
    deck, cards = weak_eliria()
    search = ImproveSearch("eliria", deck, goal=GoldfishGoal("eliria", "mean_power_max", 6), pool=PoolCards(cards),
                           budget=30_000, seed=5)
    result = search.run()
    best = parsed(result["best"]["list"], "eliria", cards)
    assert not [v for v in check_deck(best, "eliria") if not v.is_warning]
    assert len({fold(e.card.name) for e in best}) == len(best)  # rule 4: one card of a name
    assert all(not e.card.is_token for e in best if e.section == "main")  # rule 14
    assert result["steps"] and all(s["ci95"][0] > 0 for s in result["steps"])
    assert result["verified"]["ci95"][0] > 0
    assert result["verified"]["seed"] != result["seed"]
    assert result["best"]["value"] >= 1.1 * result["start"]["value"]
    assert result["games"] <= 30_000
    # A paired compare on other seeds agrees.
    other = compare_goldfish("eliria", deck, best, games=2000, turns=6, seed=991)
    assert other["diff"]["per_turn"][5]["mean_power_max"]["ci95"][0] > 0


def test_mision_search_keeps_its_sections_and_the_owned_copies():
    deck, cards = weak_mision()
    owned = {c.code: 1 for c in cards} | {e.card.code: e.quantity for e in deck}
    keep = [deck[0].card.code, deck[5].card.code]
    result = improve_deck("mision", deck, goal=GoldfishGoal("mision", "mean_chest", 8),
                          pool=PoolCards(cards, owned), keep=keep, budget=20_000, seed=3)
    best = parsed(result["best"]["list"], "mision", cards)
    assert not [v for v in check_deck(best, "mision") if not v.is_warning]
    assert all((e.section == "entities") == (e.card.type == "entity") for e in best)
    have, start = counts(best), counts(deck)
    assert all(have.get(code, 0) >= start[code] for code in keep)
    assert all(n <= owned[code] for code, n in have.items())
    assert result["steps"] and result["verified"]["ci95"][0] > 0


def test_the_same_seed_gives_the_same_answer_however_it_is_sliced():
    deck, cards = weak_mision()
    args = {"goal": GoldfishGoal("mision", "mean_chest", 6), "pool": PoolCards(cards), "budget": 6000, "seed": 11}
    whole = improve_deck("mision", deck, **args)
    steps: list[dict] = []
    sliced = ImproveSearch("mision", deck, on_step=steps.append, **args)
    while not sliced.finished:
        sliced.advance(37)
    assert sliced.report() == whole
    assert [s["add"] for s in steps] == [s["add"] for s in whole["steps"]]


def test_when_no_change_helps_best_is_start_and_steps_are_empty():
    # Every card plays alike (same potential, no text): no change moves any game.
    deck = main(*[combat(f"C-{i:02}", potential=3) for i in range(12)])
    pool = PoolCards([e.card for e in deck] + [combat(f"D-{i}", potential=3) for i in range(6)])
    result = improve_deck("eliria", deck, goal=GoldfishGoal("eliria", "mean_power_max", 5), pool=pool,
                          budget=5000, seed=2)
    assert result["steps"] == []
    assert result["best"] == result["start"]
    assert result["verified"]["delta"] == 0.0


def test_legal_changes_respect_rule_4_tokens_keep_and_the_pool():
    deck = main(combat("A-1", "Uno"), combat("A-2", "Dos"), combat("A-3", "Tres")) + [DeckEntry("tokens", 1, token("T-1"))]
    pool = PoolCards([combat("B-1", "Uno"), combat("B-2", "Cuatro"), token("T-2"), combat("B-3", "Cinco")],
                     owned={"B-2": 1, "B-1": 1})
    changes = legal_changes(Game.ELIRIA, deck, pool, frozenset({"A-3"}))
    assert {(c.cut.code, c.add.code) for c in changes} == {("A-1", "B-2"), ("A-2", "B-2")}


def test_mision_changes_swap_within_a_section_one_copy_or_all():
    deck = [DeckEntry("entities", 3, entity("E-1")), DeckEntry("entities", 1, entity("E-2")),
            DeckEntry("elements", 4, element("L-1"))]
    pool = PoolCards([entity("E-3"), element("L-2")])
    changes = {(c.cut.code, c.add.code, c.count) for c in legal_changes(Game.MISION, deck, pool, frozenset())}
    assert changes == {("E-1", "E-3", 1), ("E-1", "E-3", 3), ("E-2", "E-3", 1), ("L-1", "L-2", 1), ("L-1", "L-2", 4)}


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"budget": 10}, "«budget»"), ({"budget": True}, "«budget»"), ({"seed": -1}, "«seed»"),
    ({"keep": ["NOPE-1"]}, "«keep»"),
])
def test_bad_arguments_name_their_field(kwargs, word):
    deck = main(*[combat(f"C-{i:02}") for i in range(6)])
    args = {"goal": GoldfishGoal("eliria", "p_alive", 3), "pool": PoolCards([]), "budget": 2000, **kwargs}
    with pytest.raises(InvalidSimulation, match=word):
        ImproveSearch("eliria", deck, **args)


def test_an_illegal_start_is_refused():
    deck = main(combat("C-1", "Igual"), combat("C-2", "Igual"))  # rule 4
    with pytest.raises(InvalidSimulation, match="«list»"):
        ImproveSearch("eliria", deck, goal=GoldfishGoal("eliria", "p_alive", 3), pool=PoolCards([]), budget=2000)


def test_against_a_field_the_search_plays_whole_matches_within_its_budget():
    deck, cards = weak_eliria()
    goal = FieldGoal("eliria", [(deck, 2), (weak_eliria()[0][:10], 1)])
    assert goal.slots == [0, 0, 1]  # each rival as often as its weight says
    result = improve_deck("eliria", deck, goal=goal, pool=PoolCards(cards), budget=1500, seed=1)
    assert result["goal"]["field"] == "win_rate"
    assert result["games"] <= 1500 and result["verified"]["games"] > 0
    assert 0 <= result["start"]["value"] <= 1


def test_a_card_the_engine_does_not_play_is_never_added():
    from engine import CardData

    deck = main(*[combat(f"C-{i:02}", potential=1) for i in range(8)])
    mute = CardData(Game.ELIRIA, "M-1", "Muda", "combat", potential=9, passive="Hace algo que el motor no juega.")
    loud = combat("L-1", "Sonora", potential=9)
    changes = legal_changes(Game.ELIRIA, deck, PoolCards([mute, loud]), frozenset())
    assert {c.add.code for c in changes} == {"L-1"}


def test_mision_win_turn_goal_brings_the_win_earlier():
    # The weakest deck never reaches 30 (its Elementos run out first): a flat goal no single change
    # moves. Middling Elementos win now and then by turn 12.
    deck, cards = weak_mision()
    middling = sorted((c for c in cards if c.type == "element"), key=lambda c: (c.chest or 0, c.code))[20:28]
    deck = deck[:4] + [DeckEntry("elements", 2, c) for c in middling]
    result = improve_deck("mision", deck, goal=GoldfishGoal("mision", "win_turn", 12), pool=PoolCards(cards),
                          budget=12_000, seed=4)
    assert result["goal"] == {"field": "win_turn", "turn": 12}
    assert result["steps"] and all(s["ci95"][1] < 0 for s in result["steps"])  # earlier is better
    assert result["verified"]["ci95"][1] < 0
    assert 1 <= result["best"]["value"] < result["start"]["value"] <= 13  # 13: not won within 12 turns


def test_win_turn_is_misions_goal_only():
    with pytest.raises(InvalidSimulation, match="«goal.field»"):
        GoldfishGoal("eliria", "win_turn", 5)
