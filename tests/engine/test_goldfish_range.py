"""the fast path's range loop (``EliriaSimulation.play_range``, what ``run_range`` calls)
gives exactly the tallies of the game-by-game path (``EliriaGame`` through ``play``), which
``test_goldfish_rules`` proves equal to the full rules: random decks of every shape (decks too
small to draw a hand, no combat card, potentials 0 and above 9, attacks of cost 0 and above any
potential, † cards, tokens listed in the deck, watched cards) and turn counts from 1 to 50."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import Attack, CardData, DeckEntry, Game
from engine.catalogue import load_catalogue
from engine.eliria.goldfish import _PER_TURN, EliriaSimulation, EliriaTally
from engine.goldfish import GoldfishRun, run_goldfish, run_range
from engine.rng import GameRng, derive_seed, stream_seeds

E = Game.ELIRIA


def _random_deck(r: random.Random) -> list[DeckEntry]:
    combat_share = r.random()
    out = []
    for i in range(r.randint(1, 30)):
        kind = r.random()
        if kind < combat_share:
            attacks = tuple(Attack(r.choice([0, 1, 1, 2, 3, 4, 5, 9, 10]), f"A{j}", 2) for j in range(r.randint(0, 3)))
            potential = r.choice([None, 0, 1, 2, 3, 5, 9, 12])
            card = CardData(E, f"C-{i}", f"C {i}", "combat", potential=potential, attacks=attacks,
                            cross=r.random() < 0.15)  # fmt: skip
        elif kind < combat_share + 0.3:
            card = CardData(E, f"R-{i}", f"R {i}", "reaction")
        elif kind < combat_share + 0.5:
            card = CardData(E, f"S-{i}", f"S {i}", "summon")
        elif kind < combat_share + 0.6:
            card = CardData(E, f"T-{i}", f"T {i}", "token")
        else:
            card = CardData(E, f"S-{i}", f"S {i}", "summon", subtype="field")
        out.append(DeckEntry(r.choice(["main"] * 5 + ["tokens"]), r.randint(1, 4), card))
    return out


def _totals(tally: EliriaTally) -> dict[str, object]:
    """Every total of a tally (its fields by name: the compiled engine's objects have no ``__dict__``)."""
    names = ("games", "opening_hits", "mulligans", "lost_in_mulligan", "losses", "first_usable", *_PER_TURN)
    return {name: getattr(tally, name) for name in names}


def _game_by_game(sim: EliriaSimulation, seed: int, start: int, stop: int) -> EliriaTally:
    tally = sim.new_tally()
    rng = GameRng(seed, start)
    for index in range(start, stop):
        rng.start(seed, index)
        sim.play(rng, tally)
    return tally


@pytest.mark.parametrize("batch", range(4))
def test_the_range_loop_gives_the_tallies_of_the_game_by_game_path(batch):
    r = random.Random(batch)
    for _ in range(60):
        deck = _random_deck(r)
        turns = r.choice([1, 2, 3, 5, 10, 20, 50])
        watch = [r.choice(deck).card.code] if r.random() < 0.4 else ()
        sim = EliriaSimulation(deck, turns, watch, fast=True)
        seed, start, games = r.randrange(2**53), r.randrange(10**6), r.randint(1, 80)
        expected = _game_by_game(sim, seed, start, start + games)
        assert _totals(run_range(sim, seed, start, start + games)) == _totals(expected)


def test_stream_seeds_are_derive_seed():
    derive = stream_seeds(20260411, "shuffle")
    assert [derive(i) for i in (0, 1, 999, 10**9)] == [derive_seed(20260411, i, "shuffle") for i in (0, 1, 999, 10**9)]


def test_progress_is_reported_every_thousand_games_and_at_the_end():
    deck = [DeckEntry("main", 1, CardData(E, f"C-{i}", f"C {i}", "combat", potential=3)) for i in range(10)]
    sim = EliriaSimulation(deck, 5)
    calls: list[tuple[int, int]] = []
    tally = run_range(sim, 5, 10, 2510, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1000, 2500), (2000, 2500), (2500, 2500)]
    assert _totals(tally) == _totals(_game_by_game(sim, 5, 10, 2510))


@pytest.mark.parametrize("game", ["eliria", "mision"])
def test_a_goldfish_run_played_in_steps_answers_as_one_run(game):
    """``GoldfishRun`` (what engine.run_goldfish plays through) played in steps: the answer must be the
    one-go answer, whatever the steps."""
    lookup = load_catalogue(Path(__file__).resolve().parents[2] / f"data/catalogue/{game}.json")
    cards = [c for c in (lookup.by_code(code) for code in sorted(lookup._codes)) if c]  # noqa: SLF001
    if game == "eliria":
        deck = [DeckEntry("tokens" if c.type == "token" else "main", 1, c) for c in cards]
    else:
        deck = [DeckEntry({"entity": "entities", "element": "elements"}[c.type], 1, c) for c in cards]
    r = random.Random(game)
    for _ in range(6):
        games, turns, seed = r.randint(1, 60), r.randint(1, 12), r.randrange(2**31)
        whole = run_goldfish(game, deck, games=games, turns=turns, seed=seed)
        run, played = GoldfishRun(game, deck, games=games, turns=turns, seed=seed), 0
        for stop in r.sample(range(games + 2), min(3, games + 2)):  # in any order, past the end too
            run.play_to(stop)
            played = max(played, min(stop, games))
            assert run.played == played
        assert run.answer() == whole
        assert json.dumps(run.answer()) == json.dumps(whole)  # and again: nothing is played twice
    unseeded = GoldfishRun(game, deck, games=5, turns=3)
    unseeded.play_to(2)
    answer = unseeded.answer()
    assert answer == run_goldfish(game, deck, games=5, turns=3, seed=answer["seed"])
