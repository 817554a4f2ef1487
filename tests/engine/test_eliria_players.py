"""The rule-based Eliria player chooses the same action with and without the listed options.

``EliriaPlayer.choose_unlisted`` answers the Movimiento and Ataque decisions before their options
are listed (``Match.play_out`` asks it first); it must name the very action ``choose`` picks from
the list, and ``EliriaCombat.can_attack`` must say exactly whether the Ataque phase lists an attack.
Both are checked at every decision of games between random valid effect decks (the vocabulary's
own strategy), the bench's half-catalogue decks and the golden deck, against the rule-based and
the random player.

What the player's shortcuts assume of the rules is checked at the same decisions: it reads a rival
card's resistance in force only when an attack's damage exceeds the printed resistance
(``players._floor``), because every bonus to a resistance (attached and adjacent summons, an
attack's ``add_resistance``, 6.a.V) is 0-12, never a malus: the printed figure is a floor.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.matchup import decks as bench_decks
from engine import DeckEntry, EliriaPlayer, RandomPolicy
from engine.eliria.combat import EliriaCombat
from engine.eliria.match import EliriaMatch

from .scenes import FILLER, card, end_turn, keys, scene
from .test_effects_property import decks
from .test_golden import _eliria_deck


class _Listed:
    """The rule-based player asked only with the listed options."""

    def __init__(self) -> None:
        self._player = EliriaPlayer()
        self.choose = self._player.choose


@pytest.fixture(autouse=True)
def _checked_can_attack(monkeypatch):
    can_attack = EliriaCombat.can_attack

    def checked(self: EliriaCombat) -> bool:
        found = can_attack(self)
        assert found == bool(self.attack_actions())
        return found

    monkeypatch.setattr(EliriaCombat, "can_attack", checked)


def _play_both_ways(match: EliriaMatch, policies: list, asked: Counter[str]) -> None:
    """Play *match* from the listed options, checking ``choose_unlisted`` at each unlisted decision
    (*asked* counts its answers by kind) and the resistance floor at every decision (``floor``)."""
    views = [match.view(p) for p in range(match.players)]
    rngs = [match.policy_rng(p) for p in range(match.players)]
    while (pending := match.pending) is not None:
        for p, side in enumerate(match.sides):  # the printed resistance is a floor (players._floor)
            for s, c in enumerate(side.combat):
                if c is not None:
                    assert match.resistance(p, s) >= c.card.resistance, (c.card.code, p, s)
                    asked["floor"] += 1
        seat = pending.player
        policy = policies[seat]
        quick = None
        if not pending.listed and isinstance(policy, EliriaPlayer):
            quick = policy.choose_unlisted(views[seat])
            asked[quick.kind if quick is not None else "none"] += 1
            assert not pending.listed  # it answered without the list
        options = pending.options
        choice = options[0] if len(options) == 1 else policy.choose(views[seat], options, rngs[seat])
        if quick is not None:
            assert quick is choice, (quick.key, choice.key, [a.key for a in options])
        match.push(choice)


def _games(deck_a: list[DeckEntry], deck_b: list[DeckEntry], seed: int, games: int) -> Counter[str]:
    asked: Counter[str] = Counter()
    for index in range(games):
        for policies in ([EliriaPlayer(), EliriaPlayer()], [EliriaPlayer(), RandomPolicy()],
                         [RandomPolicy(), EliriaPlayer()]):  # fmt: skip
            first = (None, 0, 1)[index % 3]
            match = EliriaMatch([deck_a, deck_b], seed=seed, index=index, first=first, turn_cap=60)
            _play_both_ways(match, policies, asked)
    return asked


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(deck_a=decks(), deck_b=decks(), seed=st.integers(0, 2**32))
def test_the_quick_choice_is_the_listed_choice_on_random_effect_decks(deck_a, deck_b, seed):
    _games(deck_a, deck_b, seed, 2)


@pytest.mark.parametrize("seed", [20260511, 3])
def test_the_quick_choice_is_the_listed_choice_on_the_bench_and_golden_decks(seed):
    a, b = bench_decks("eliria")
    asked = _games(a, b, seed, 12)
    assert min(asked[k] for k in ("end", "play", "reveal", "move", "attack", "none")) > 0, asked
    assert asked["floor"] > 100, asked
    golden = _games(_eliria_deck(), a, seed, 4)
    assert sum(golden.values()) - golden["floor"] > 50


def test_the_quick_choice_feeds_a_cannon_as_the_listed_choice():
    """Sacrifice cannons and token makers (ruling PRIMERO): the cards' own Movimiento actions."""
    codes = ("BASE-105", "EXP-010", "BASE-108", "EXP-001", "BASE-005")
    deck = [DeckEntry("main", 1, card(c)) for c in codes for _ in range(3)] + bench_decks("eliria")[0][:10]
    asked = _games(deck, deck, 11, 10)
    assert asked["sacrifice"] > 0, asked


def test_play_out_gives_the_same_games_with_and_without_the_quick_choice():
    a, b = bench_decks("eliria")
    for index in range(30):
        quick = EliriaMatch([a, b], seed=7, index=index, first=index % 2)
        listed = EliriaMatch([a, b], seed=7, index=index, first=index % 2)
        assert quick.play_out([EliriaPlayer(), EliriaPlayer()]) == listed.play_out([_Listed(), _Listed()])
        assert quick.decisions == listed.decisions


def _offer_scene(hand: str, board: dict) -> EliriaMatch:
    """Seat 0 plays *hand* (a sacrifice summon) with *board*; the rival holds a resistance-9 combatant."""
    m = scene(hands=([hand], []), boards=(board, {0: (FILLER, True, 1)}))
    m.push_key("play:0:support:up")
    return m


@pytest.mark.parametrize(
    ("hand", "board"),
    [
        ("BASE-150", {0: ("BASE-001", True, 3)}),  # Destrucción asimétrica: the last combatant
        ("EXP-018", {0: ("BASE-109", True, 1)}),  # Ofrenda de sangre: the last card is a token
    ],
)
def test_the_player_never_offers_its_last_combat_card(hand, board):
    """7.b: with no combat card on its board in its Poder phase a player loses; the offer may be
    declined, so the rule-based player declines it (issue 35: it lost a search player's game)."""
    m = _offer_scene(hand, board)
    assert m.pending is not None and m.pending.kind in ("asym_offer", "blood_offer")
    assert "offer:slot0" in keys(m) and "skip" in keys(m)
    choice = EliriaPlayer().choose(m.view(0), m.pending.options, random.Random(1))
    assert choice.key == "skip"
    m.push(choice)
    end_turn(m)  # through its own Poder phase, the combatant still there
    assert not m.is_over() and m.sides[0].combat[0] is not None


def test_the_player_still_offers_a_spare_combat_card():
    """With two combatants the least valuable one is given up, as before (and a spare token)."""
    m = _offer_scene("BASE-150", {0: ("BASE-001", True, 3), 1: ("BASE-020", True, 6)})
    choice = EliriaPlayer().choose(m.view(0), m.pending.options, random.Random(1))
    assert choice.key == "offer:slot0"
    m = _offer_scene("EXP-018", {0: ("BASE-001", True, 3), 1: ("BASE-109", True, 1)})
    choice = EliriaPlayer().choose(m.view(0), m.pending.options, random.Random(1))
    assert choice.key == "offer:slot1"
