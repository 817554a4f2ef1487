"""Exact draw odds (engine.odds): the hypergeometric tail where no mulligan can happen, an exact
enumeration of small decks, and the engine's own goldfish games through the rules (11.b, 11.d)."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from functools import cache

import pytest

from engine import (
    Attack,
    CardData,
    DeckEntry,
    Game,
    InvalidSimulation,
    eliria_odds,
    eliria_odds_cards,
    hypergeometric_at_least,
    mision_odds,
    one_more_of_group,
)
from engine.eliria.goldfish import EliriaSimulation
from engine.odds import MAX_MULLIGAN_DECK, OddsCard, cards_seen, discard_blocks, mulligan_odds

E, M = Game.ELIRIA, Game.MISION


def _combat(code: str, potential: int = 3, *, cross: bool = False, resistance: int = 3) -> CardData:
    return CardData(E, code, f"C {code}", "combat", potential=potential, resistance=resistance,
                    attacks=(Attack(1, "Golpe", 2),), cross=cross)  # fmt: skip


def _reaction(code: str) -> CardData:
    return CardData(E, code, f"R {code}", "reaction", effect="…")


def _summon(code: str) -> CardData:
    return CardData(E, code, f"I {code}", "summon", subtype="field", effect="…")


def _main(cards: list[CardData]) -> list[DeckEntry]:
    return [DeckEntry("main", 1, c) for c in cards]


def test_rule_11d_the_first_player_sees_one_card_fewer_on_every_turn():
    assert [cards_seen(t, first=True) for t in (1, 2, 3)] == [5, 6, 7]
    assert [cards_seen(t, first=False) for t in (1, 2, 3)] == [6, 7, 8]
    deck = eliria_odds_cards(_main([_combat(f"C-{i}") for i in range(20)]), {"C-1"})
    first = eliria_odds(deck, turns=3, first=True).per_turn
    second = eliria_odds(deck, turns=3, first=False).per_turn
    assert [t.cards_seen for t in first] == [5, 6, 7]
    assert [t.cards_seen for t in second] == [6, 7, 8]
    assert second[0].p == first[1].p


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize("at_least", [1, 2, 3])
def test_without_a_possible_mulligan_p_is_the_hypergeometric_tail(first, at_least):
    # Every card a combat card without †: every hand is kept (11.b never applies).
    entries = _main([_combat(f"C-{i}") for i in range(33)])
    report = eliria_odds(eliria_odds_cards(entries, {f"C-{i}" for i in range(0, 33, 4)}),
                         at_least=at_least, turns=12, first=first)  # fmt: skip
    assert not report.mulligan
    assert (report.deck, report.group) == (33, 9)
    for t in report.per_turn:
        exact = hypergeometric_at_least(33, 9, t.cards_seen, at_least)
        assert abs(t.p - float(exact)) < 1e-9


def test_a_deck_without_any_combat_card_keeps_its_first_hand_and_gets_the_tail():
    entries = _main([_reaction(f"R-{i}") for i in range(10)] + [_summon(f"I-{i}") for i in range(10)])
    report = eliria_odds(eliria_odds_cards(entries, {"R-1", "R-2"}), turns=4)
    assert not report.mulligan
    assert [t.p for t in report.per_turn] == [float(hypergeometric_at_least(20, 2, n)) for n in (5, 6, 7, 8)]


def test_rule_7c_a_draw_from_an_empty_deck_holds_nothing():
    entries = _main([_combat(f"C-{i}") for i in range(7)])
    per_turn = eliria_odds(eliria_odds_cards(entries, {"C-0"}), turns=5).per_turn
    assert [t.cards_seen for t in per_turn] == [5, 6, 7, 8, 9]
    assert per_turn[2].p == 1.0  # the whole deck seen
    assert per_turn[3].p == per_turn[4].p == 0.0  # turn 4 draws from an empty deck: lost


def _brute(cards: list[tuple[bool, bool, int]], seen: int, k: int, hand: int = 5) -> Fraction:
    """Every hand of every deck reachable by mulligans, one copy at a time, with Fractions."""

    @cache
    def go(deck: tuple[int, ...]) -> Fraction:
        total, count = Fraction(0), 0
        for h in itertools.combinations(deck, hand):
            count += 1
            if any(cards[i][1] for i in h):
                rest = [i for i in deck if i not in h]
                draws, have = seen - hand, sum(cards[i][0] for i in h)
                if draws <= len(rest):
                    left = sum(cards[i][0] for i in rest)
                    total += hypergeometric_at_least(len(rest), left, draws, k - have) if k > have else 1
            else:  # 11.b: the lowest key is discarded, ties at random
                low = min(cards[i][2] for i in h)
                ties = [i for i in h if cards[i][2] == low]
                total += sum(go(tuple(j for j in deck if j != t)) for t in ties if len(deck) > hand) / len(ties)
        return total / count

    return go(tuple(range(len(cards))))


def test_rule_11b_odds_equal_an_exact_enumeration_of_every_mulligan():
    rng = random.Random(3)
    checked = 0
    while checked < 12:
        n = rng.randint(6, 9)
        cards = [(rng.random() < 0.5, s := rng.random() < 0.3, 3 if s else rng.randint(0, 2)) for _ in range(n)]
        if not any(c[1] for c in cards) or all(c[1] for c in cards):
            continue
        odds = [OddsCard(str(i), 1, g, s, (key, 0.0)) for i, (g, s, key) in enumerate(cards)]
        sg = sum(1 for g, s, _ in cards if s and g)
        starters = (sg, sum(1 for _, s, _ in cards if s) - sg)
        k = rng.randint(1, 3)
        got = mulligan_odds(starters=starters, blocks=discard_blocks(odds), seen=[5, 6, 7], at_least=k)
        for seen, p in zip([5, 6, 7], got, strict=True):
            assert abs(p - float(_brute(cards, seen, k))) < 1e-12
        checked += 1


def _mulligan_deck() -> list[DeckEntry]:
    """Two combat cards without †: most games mulligan, and the discards (reactions first, then
    summons, then † combat cards by worth) eat into the group."""
    cards = [_combat("S-0"), _combat("S-1", 5)]
    cards += [_reaction(f"R-{i}") for i in range(6)] + [_summon(f"I-{i}") for i in range(6)]
    cards += [_combat(f"X-{i}", 1 + i, resistance=1 + i, cross=True) for i in range(5)]
    return _main(cards)


GROUP = {"R-0", "R-1", "R-2", "R-3", "X-4"}


def _goldfish_share(entries: list[DeckEntry], group: set[str], k: int, turns: int, games: int) -> list[float]:
    """The share of the goldfish's games (full rules, its own mulligan choices) holding k cards
    of the group among the kept hand and the Inicial draws by each turn; a game lost holds nothing."""
    sim = EliriaSimulation(entries, turns, fast=False)
    hits = [0] * turns
    for index in range(games):
        log: list[dict] = []
        tally = sim.new_tally()
        sim.play_rules(7, index, tally, log)
        if tally.lost_in_mulligan:
            continue
        hand = [e for e in log if e["event"] == "hand"][-1]["cards"]
        draws = [(e["turn"], e["card"]) for e in log if e["event"] == "draw"]
        for t in range(1, turns + 1):
            seen = list(hand) + [code for turn, code in draws if turn <= t]
            hits[t - 1] += sum(code in group for code in seen) >= k
    return [h / games for h in hits]


def test_rule_11b_odds_follow_the_goldfish_mulligans_played_through_the_rules():
    entries, turns, k, games = _mulligan_deck(), 5, 2, 3000
    cards = eliria_odds_cards(entries, GROUP)
    report = eliria_odds(cards, at_least=k, turns=turns, first=True)
    assert report.mulligan
    simulated = _goldfish_share(entries, GROUP, k, turns, games)
    # Another discard (any card of the hand at random) gives odds the simulation tells apart.
    ng = sum(c.copies for c in cards if c.in_group and not c.starter)
    others = sum(c.copies for c in cards if not c.starter) - ng
    random_discard = mulligan_odds(starters=(0, 2), blocks=[(ng, others)], seen=[5, 6, 7, 8, 9], at_least=k)
    tolerance = [4 * math.sqrt(t.p * (1 - t.p) / games) for t in report.per_turn]
    for t, sim, tol in zip(report.per_turn, simulated, tolerance, strict=True):
        assert abs(t.p - sim) < tol, (t.turn, t.p, sim)
    assert any(abs(r - sim) > tol for r, sim, tol in zip(random_discard, simulated, tolerance, strict=True))


def test_the_policy_discards_reactions_before_summons_before_cross_combat_cards_as_the_goldfish_does():
    """The goldfish player discards by type alone, the first of a type in the (random) hand: the
    odds follow that order, not worth (issue 36)."""
    cards = eliria_odds_cards(_mulligan_deck(), GROUP)
    keys = {c.code: c.discard_key for c in cards}
    assert keys["R-0"] < keys["I-0"] < keys["X-0"] == keys["X-4"]
    assert [b for b in discard_blocks(cards)] == [(4, 2), (0, 6), (1, 4)]


def test_one_more_card_of_the_group_raises_the_odds():
    entries = _main([_combat(f"C-{i}") for i in range(20)] + [_reaction(f"R-{i}") for i in range(10)])
    cards = eliria_odds_cards(entries, {"C-0", "C-1", "R-0"})
    more = one_more_of_group(cards)
    assert more is not None
    assert sum(c.copies for c in more) == 30
    assert sum(c.copies for c in more if c.in_group) == 4
    assert sum(c.copies for c in more if c.starter) == 20  # a combat card for a combat card
    before, after = eliria_odds(cards, turns=4), eliria_odds(more, turns=4)
    assert all(b.p < a.p for b, a in zip(before.per_turn, after.per_turn, strict=True))
    assert one_more_of_group(eliria_odds_cards(entries, {c.card.code for c in entries})) is None


def test_tokens_and_other_sections_are_not_drawn():
    entries = [*_main([_combat(f"C-{i}") for i in range(10)]),
               DeckEntry("tokens", 1, CardData(E, "T-1", "Token", "token", potential=1))]  # fmt: skip
    report = eliria_odds(eliria_odds_cards(entries, {"T-1", "C-1"}), turns=1)
    assert (report.deck, report.group) == (10, 1)


def test_a_huge_deck_that_can_mulligan_is_refused_with_its_size():
    entries = _main([_combat("C-0")] + [_reaction(f"R-{i}") for i in range(MAX_MULLIGAN_DECK)])
    with pytest.raises(InvalidSimulation, match=str(MAX_MULLIGAN_DECK + 1)):
        eliria_odds(eliria_odds_cards(entries, {"R-1"}), turns=1)


def test_mision_counts_elementos_drawn_a_turn_after_four_and_entes_brought_out_one_a_turn():
    elements = [DeckEntry("elements", 1, CardData(M, f"EL-{i}", f"El {i}", "element")) for i in range(30)]
    entes = [DeckEntry("entities", 1, CardData(M, f"EN-{i}", f"En {i}", "entity")) for i in range(10)]
    out = mision_odds([*elements, *entes], {"EL-1", "EL-2", "EN-3"}, turns=6)
    assert [t.cards_seen for t in out["elements"].per_turn] == [5, 6, 7, 8, 9, 10]
    assert [t.cards_seen for t in out["entities"].per_turn] == [1, 2, 3, 4, 4, 4]
    assert out["elements"].per_turn[0].p == float(hypergeometric_at_least(30, 2, 5))
    assert out["entities"].per_turn[5].p == pytest.approx(0.4)


def _heavy_deck() -> list[OddsCard]:
    """150 cards, three combat cards among them: about a hundred mulligan states per kept hand."""
    starters = [OddsCard(f"S-{i}", 1, i == 0, True, (3, float(i))) for i in range(3)]
    others = [OddsCard(f"R-{i}", 1, i % 3 == 0, False, (i % 4, 0.0)) for i in range(147)]
    return [*starters, *others]


def test_r1_a_deadline_stops_the_mulligan_sums_and_says_what_to_ask_instead():
    """Issue 38, R1: past the CPU deadline its caller gives, the exact odds stop (TooCostly,
    a 400 that names what to ask for) instead of holding a web worker for seconds."""
    from engine.errors import TooCostly
    from engine.odds import _MEMO

    _MEMO.clear()
    with pytest.raises(TooCostly, match="menos turnos"):  # a deadline long past: no clock race
        eliria_odds(_heavy_deck(), at_least=2, turns=12, deadline=0.0)
    assert not _MEMO  # a refusal is not remembered


def test_r1_an_answer_is_remembered_so_the_same_question_again_costs_nothing():
    from engine.odds import _MEMO

    _MEMO.clear()
    first = eliria_odds(_heavy_deck(), at_least=1, turns=3)
    # The same question with a deadline long past: answered from memory, not refused.
    again = eliria_odds(_heavy_deck(), at_least=1, turns=3, deadline=0.0)
    assert again == first
    assert all(0.0 <= t.p <= 1.0 for t in first.per_turn)


def test_r1_probabilities_never_leave_0_1_through_rounding():
    cards = [OddsCard("S", 1, False, True, (3, 0.0))] + [OddsCard(f"R-{i}", 1, i % 2 == 0, False, (0, float(i)))
                                                           for i in range(60)]  # fmt: skip
    report = eliria_odds(cards, at_least=40, turns=30)
    assert all(0.0 <= t.p <= 1.0 for t in report.per_turn)
