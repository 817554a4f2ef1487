"""Pairing follows the cards, not the lines (docs/contract.md §6): the decks are dealt by card
identity (engine.rng.deal), so the same cards in any order give the same answer for the same seed
(goldfish, compare, swaps and matchups of both games), and when B is A with a card replaced, every
card the two share comes in the same order in game i of both."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine import DeckEntry, compare_goldfish, run_goldfish, run_matchup, swap_ranking
from engine.catalogue import load_catalogue
from engine.eliria.match import EliriaMatch
from engine.mision.match import MisionMatch
from engine.rng import card_ids, deal, mix64, shuffle_key

from .helpers import combat, element, entity, main, reaction, summon

CATALOGUE = Path(__file__).resolve().parents[2] / "data/catalogue"


def vanilla() -> list[DeckEntry]:
    cards = [combat(f"C-{i:02}", potential=1 + i % 7, cost=1 + i % 3) for i in range(14)]
    return main(*cards, *(reaction(f"R-{i:02}") for i in range(13)), *(summon(f"S-{i:02}") for i in range(13)))


def effects() -> list[DeckEntry]:
    """Bundled cards with effects the goldfish and the rule-based players play: the full rules."""
    lookup = load_catalogue(CATALOGUE / "eliria.json")
    codes = ["BASE-001", "BASE-003", "BASE-005", "BASE-007", "BASE-008", "BASE-009", "BASE-010", "BASE-016",
             "BASE-017", "BASE-019", "BASE-022", "BASE-025", "BASE-043", "BASE-044", "BASE-045", "BASE-011"]
    return [DeckEntry("main", 1, lookup.by_code(code)) for code in codes]


def mision() -> list[DeckEntry]:
    entes = [DeckEntry("entities", 1, entity(f"E-{i}", (1 + i % 4, 2, 3 - i % 3, 4))) for i in range(8)]
    return entes + [DeckEntry("elements", 9, element("L-1", 5)), DeckEntry("elements", 4, element("L-2", 10)),
                    DeckEntry("elements", 3, element("L-3", 2))]


def reordered(entries: list[DeckEntry], seed: int) -> list[DeckEntry]:
    """The same cards in another order, a line of several copies split in two."""
    out = list(entries)
    random.Random(seed).shuffle(out)  # noqa: S311 - a test's order
    split = next((k for k, e in enumerate(out) if e.quantity > 1), None)
    if split is not None:
        e = out.pop(split)
        out += [DeckEntry(e.section, e.quantity - 1, e.card), DeckEntry(e.section, 1, e.card)]
    return out


def same(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer, but `unsimulated` as a set (§5 lists it in the list's order). The decks'
    `card_data_hash` follows the cards, not the lines, so it stays in the comparison."""
    return {**answer, "unsimulated": sorted(answer.get("unsimulated", []))}


@pytest.mark.parametrize("game, deck, turns", [
    ("eliria", vanilla, 10), ("eliria", effects, 6), ("mision", mision, 10),
])
def test_the_same_cards_in_any_order_give_the_same_goldfish_and_compare(game, deck, turns):
    a = deck()
    plain = run_goldfish(game, a, games=300, turns=turns, seed=11)
    paired = compare_goldfish(game, a, a[1:] + a[:1], games=200, turns=turns, seed=4)
    for order in (1, 2):
        b = reordered(a, order)
        assert same(run_goldfish(game, b, games=300, turns=turns, seed=11)) == same(plain)
        assert compare_goldfish(game, b, reordered(a[1:] + a[:1], order + 5), games=200, turns=turns,
                                seed=4)["diff"] == paired["diff"]
    # A list against itself in another order: nothing differs, game for game.
    itself = compare_goldfish(game, a, reordered(a, 3), games=200, turns=turns, seed=4)["diff"]["per_turn"]
    assert all(v["ci95"] == [0.0, 0.0] for row in itself for k, v in row.items() if k != "turn")


def test_a_swap_race_is_the_same_for_the_list_in_any_order_and_deals_a_candidate_in_the_cut_cards_place():
    kw: dict[str, Any] = dict(cut="R-00", candidates=[combat("K-9", potential=9), reaction("K-R")],
                              goal_field="mean_power_max", goal_turn=6, games=400, turns=6, seed=8)
    first = swap_ranking("eliria", vanilla(), **kw)
    assert swap_ranking("eliria", reordered(vanilla(), 7), **kw) == first
    # A reaction for a reaction: dealt where the cut card was, every game is the same.
    same_games = next(r for r in first["ranking"] if r["card"] == "K-R")
    assert same_games["delta"] == 0.0 and same_games["ci95"] == [0.0, 0.0]
    kw = dict(cut="L-3", candidates=[element("L-9", 2)], goal_field="mean_chest", goal_turn=6, games=200, turns=6,
              seed=3)
    assert swap_ranking("mision", reordered(mision(), 4), **kw)["ranking"][0]["ci95"] == [0.0, 0.0]


@pytest.mark.parametrize("game, deck", [("eliria", effects), ("mision", mision)])
def test_a_matchup_is_the_same_for_the_lists_in_any_order(game, deck):
    a, b = deck(), deck()[2:] + deck()[:2]
    first = run_matchup(game, a, b, games=30, seed=6, policy_a="rules", policy_b="rules")
    again = run_matchup(game, reordered(a, 1), reordered(b, 2), games=30, seed=6, policy_a="rules", policy_b="rules")
    assert same(again) == same(first)


def test_the_deal_keeps_the_order_of_the_cards_two_piles_share():
    codes = [f"C-{i}" for i in range(40)]
    swapped = [*codes[:17], "Y-1", *codes[18:]]  # C-17 replaced
    for game in range(200):
        key = shuffle_key(game * 7919, 0, 0, 0)
        a, b = deal(key, list(codes), card_ids(codes)), deal(key, list(swapped), card_ids(swapped))
        assert [c for c in a if c != "C-17"] == [c for c in b if c != "Y-1"]
        assert deal(key, codes[::-1], card_ids(codes[::-1])) == a  # the order of the lines never shows


def test_the_deal_is_the_sort_by_mixed_identity_it_is_defined_as():
    """deal's 128-bit lanes give the list of the plain definition: sorted by mix64(key ^ id), largest
    first, equal identities in their order (the golden files rest on these very lists)."""
    draw = random.Random(3)  # noqa: S311
    for n in (0, 1, 2, 5, 40, 64, 65, 120, 300):
        ids = [draw.getrandbits(64) for _ in range(n)]
        if n > 3:
            ids[1] = ids[3]  # equal identities keep their order
        key = draw.getrandbits(64)
        plain = sorted(range(n), key=lambda k: mix64(key ^ ids[k]), reverse=True)  # noqa: B023
        assert deal(key, list(range(n)), ids) == plain
        assert deal(key, list(range(n)), tuple(ids)) == plain


def _order(match_deck: list[Any], hand: list[Any]) -> list[str]:
    """A seat's cards in the order they are drawn: the hand as drawn, then the deck from its end."""
    return [c.code for c in hand] + [c.code for c in reversed(match_deck)]


def test_a_swapped_card_leaves_every_other_card_in_its_order_in_the_games_of_both_lists():
    a = vanilla()
    b = [DeckEntry("main", 1, combat("X-9", potential=9)) if e.card.code == "S-05" else e for e in a]
    for index in range(30):
        ma, mb = EliriaMatch([a], seed=2, index=index, first=0), EliriaMatch([b], seed=2, index=index, first=0)
        if ma.sides[0].mulligans or mb.sides[0].mulligans:
            continue  # a mulligan shuffles again: what is compared is one deal
        oa = [c for c in _order(ma.sides[0].deck, ma.sides[0].hand) if c != "S-05"]
        ob = [c for c in _order(mb.sides[0].deck, mb.sides[0].hand) if c != "X-9"]
        assert oa == ob
    ea = [e for e in mision() if e.card.code != "E-3"]
    eb = [*ea, DeckEntry("entities", 1, entity("E-9", (4, 4, 4, 4)))]
    ea = [*ea, DeckEntry("entities", 1, entity("E-3", (1, 1, 1, 1)))]
    for index in range(30):
        ma, mb = MisionMatch([ea], seed=2, index=index, first=0), MisionMatch([eb], seed=2, index=index, first=0)
        assert [c.code for c in ma.sides[0].elements_deck] == [c.code for c in mb.sides[0].elements_deck]
        orders = []
        for m, swapped in ((ma, "E-3"), (mb, "E-9")):  # set aside, the one drawn to place, then the deck
            side = m.sides[0]
            orders.append([c.code for c in [*side.entes, m.drawn, *reversed(side.entes_deck)] if c.code != swapped])
        assert orders[0] == orders[1]
