"""play.runs.simulations: a deck's goldfish simulation, kept per thread for its next run, gives the
answers a fresh one gives; it is found by the deck's cards (their identity), turns and watch, and
never shared between threads."""

from __future__ import annotations

import dataclasses
import threading

import pytest

import play.runs.simulations as simulations
from cards.validation import validate_list
from engine import InvalidSimulation
from engine.goldfish import GoldfishRun, run_goldfish
from play.runs.simulations import KEEP, shared_simulation

URL = "/api/goldfish/"
# The load bench's small deck: cards whose effects change a solitaire game, so the full rules play it.
EFFECTS = "Mazo:\n" + "\n".join(
    ["Centinela de Ámbar", "Lobo de ceniza", "Cañón del sacrificio (BASE-105)", "Organismo de fisión",
     "Defensa final", "Aprendiz de la Bruma", "Armadura errante", "Ánima del pozo"]
) + "\nTokens:\nToken de fisión\n"


@pytest.fixture(autouse=True)
def _fresh_thread_cache():  # type: ignore[no-untyped-def]
    simulations._local.__dict__.clear()
    yield
    simulations._local.__dict__.clear()


@pytest.mark.parametrize("which", ["effects", "eliria", "mision"])
def test_a_kept_simulation_answers_as_a_fresh_one(which, eliria_list, mision_list):  # type: ignore[no-untyped-def]
    game, text = {"effects": ("eliria", EFFECTS), "eliria": ("eliria", eliria_list),
                  "mision": ("mision", mision_list)}[which]
    entries = validate_list(game, text).entries
    sim = shared_simulation(game, entries, 6)
    for seed in (1, 2, 3):  # the same object plays three runs, each as a fresh simulation would
        kept = GoldfishRun(game, entries, games=60, turns=6, seed=seed, sim=shared_simulation(game, entries, 6))
        assert kept.sim is sim
        assert kept.answer() == run_goldfish(game, entries, games=60, turns=6, seed=seed)


def test_found_by_the_cards_quantities_turns_and_watch(bundled):  # type: ignore[no-untyped-def]
    entries = validate_list("eliria", EFFECTS).entries
    again = validate_list("eliria", EFFECTS + "# otra línea\n").entries  # a new list, the same cards
    first = shared_simulation("eliria", entries, 10)
    assert shared_simulation("eliria", again, 10) is first
    assert shared_simulation("eliria", entries, 9) is not first
    assert shared_simulation("eliria", entries, 10, ["BASE-105"]) is not first
    more = [dataclasses.replace(entries[0], quantity=2), *entries[1:]]
    assert shared_simulation("eliria", more, 10) is not first
    # Equal cards that are other objects (a catalogue read again after a change): not the kept one.
    copies = [dataclasses.replace(e, card=dataclasses.replace(e.card)) for e in entries]
    assert copies == list(entries) and shared_simulation("eliria", copies, 10) is not first


def test_a_thread_keeps_its_own_and_only_the_last_few(bundled):  # type: ignore[no-untyped-def]
    entries = validate_list("eliria", EFFECTS).entries
    mine = shared_simulation("eliria", entries, 10)
    theirs = []
    worker = threading.Thread(target=lambda: theirs.append(shared_simulation("eliria", entries, 10)))
    worker.start()
    worker.join()
    assert theirs and theirs[0] is not mine
    for turns in range(1, KEEP + 1):  # KEEP other decks played since: the first is built again
        shared_simulation("eliria", entries, turns)
    assert shared_simulation("eliria", entries, 10) is not mine


def test_a_run_refuses_a_simulation_of_other_turns(bundled):  # type: ignore[no-untyped-def]
    entries = validate_list("eliria", EFFECTS).entries
    with pytest.raises(InvalidSimulation):
        GoldfishRun("eliria", entries, games=10, turns=5, sim=shared_simulation("eliria", entries, 6))


def test_requests_of_the_same_deck_build_it_once(api_client, bundled, monkeypatch):  # type: ignore[no-untyped-def]
    built = []
    real = simulations.simulation

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(simulations, "simulation", counted)
    answers = [api_client.post(URL, {"game": "eliria", "list": EFFECTS + f"# {n}\n", "games": 50, "turns": 5,
                                     "seed": 11}, format="json") for n in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len(built) == 1
    first = answers[0].json()
    assert all(a.json()["per_turn"] == first["per_turn"] for a in answers)
