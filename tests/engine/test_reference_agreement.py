"""The engine against naive re-implementations written straight from the rule texts.

The engine shuffles lazily (a random card from the pile at each draw) and keeps
flat integer tallies; the references below shuffle whole decks with
``random.shuffle`` and keep cards as objects. Both must agree in law: with
20,000 games each, every compared mean lies well within 5 standard errors.
"""

from __future__ import annotations

import math
import random
from statistics import fmean, pstdev

from engine import CardData, DeckEntry, run_goldfish

from .helpers import combat, element, entity, reaction, seeded

GAMES = 20_000


def naive_eliria(cards: list[CardData], turns: int, rng: random.Random) -> tuple[int, list[int], list[bool]]:
    """Rules 7, 9, 11, 12 literally. Returns (mulligans, power max per turn, alive per turn)."""
    deck = cards[:]
    rng.shuffle(deck)  # 11.a
    dead = (0, [0] * turns, [False] * turns)
    if len(deck) < 5:  # 7.c
        return dead
    hand, deck = deck[:5], deck[5:]
    mulligans = 0
    while not any(c.is_mulligan_combat for c in hand):  # 11.b
        mulligans += 1
        deck += hand[1:]
        rng.shuffle(deck)
        if len(deck) < 5:
            return (mulligans, [0] * turns, [False] * turns)
        hand, deck = deck[:5], deck[5:]
    board: list[list] = []  # [card, power]
    played, best, alive = 0, [], []
    for turn in range(1, turns + 1):
        if turn > 1:  # 11.d, 12.a
            if not deck:
                best += [0] * (turns - len(best))
                alive += [False] * (turns - len(alive))
                break
            hand.append(deck.pop(0))
        for card in sorted((c for c in hand if c.is_mulligan_combat), key=lambda c: -(c.potential or 0)):
            if len(board) < 3 and played < 3:  # rules 2 and 9
                hand.remove(card)
                board.append([card, 0])
                played += 1
        for slot in board:  # 12.c
            slot[1] = min(slot[1] + 1, slot[0].potential or 0)
        best.append(max(p for _, p in board))
        alive.append(True)
    return (mulligans, best, alive)


def close(engine_mean: float, samples: list[float]) -> bool:
    se = pstdev(samples) * math.sqrt(2 / len(samples)) or 1e-9
    return abs(engine_mean - fmean(samples)) <= 5 * se + 1e-6


def test_eliria_engine_agrees_with_a_naive_reference():
    cards = [
        combat("A", potential=2),
        combat("B", potential=5),
        combat("C", potential=8),
        combat("X", potential=9, cross=True),
        combat("Y", cross=True),
        *(reaction(f"R{i}") for i in range(12)),
    ]
    turns = 14  # 17 cards: many games run out of cards (7.c) within the horizon
    result = run_goldfish("eliria", [DeckEntry("main", 1, c) for c in cards], games=GAMES, turns=turns, seed=99)
    rng = seeded(99)
    runs = [naive_eliria(cards, turns, rng) for _ in range(GAMES)]
    assert close(result["mulligans"]["mean"], [m for m, _, _ in runs])
    for t, row in enumerate(result["per_turn"]):
        assert close(row["mean_power_max"], [best[t] for _, best, _ in runs]), t
        assert close(row["p_alive"], [float(alive[t]) for _, _, alive in runs]), t
    assert any(0.1 < row["p_alive"] < 0.9 for row in result["per_turn"])  # deck-outs were compared


def naive_mision(entities: int, chests: list[int], turns: int, rng: random.Random) -> int:
    """FORMA DE JUEGO literally; the turn the BAÚL reaches 30, 0 if never."""
    elements = chests[:]
    rng.shuffle(elements)
    entes_juego = min(4, entities)
    del elements[:4]  # Elementos de juego
    placed, baul = 0, 0
    for turn in range(1, turns + 1):
        if elements:
            elements.pop()
        fighters = placed
        if placed < entes_juego:
            placed += 1
        for _ in range(fighters):
            if elements:
                baul += elements.pop()
                if baul >= 30:
                    return turn
    return 0


def test_mision_engine_agrees_with_a_naive_reference():
    chests = [1] * 6 + [4] * 6 + [9] * 6
    entries = [
        DeckEntry("entities", 5, entity("MS-1")),
        DeckEntry("elements", 6, element("E1", 1)),
        DeckEntry("elements", 6, element("E4", 4)),
        DeckEntry("elements", 6, element("E9", 9)),
    ]
    result = run_goldfish("mision", entries, games=GAMES, turns=8, seed=5)
    rng = seeded(5)
    wins = [naive_mision(5, chests, 8, rng) for _ in range(GAMES)]
    for turn in range(1, 9):
        engine_p = result["per_turn"][turn - 1]["p_won"]
        assert close(engine_p, [float(0 < w <= turn) for w in wins]), turn
    never = result["win_turn"]["never"]
    assert close(never / GAMES, [float(w == 0) for w in wins])
    assert 0 < never < GAMES
