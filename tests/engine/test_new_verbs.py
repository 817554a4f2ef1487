"""A verb has one home (issue 34): a new continuous verb, a new static verb and a new triggered verb,
each one file of tests/engine/new_verbs/, registered by importing it, validate, compile and play with nothing else of
the engine touched (no board, combat, match, table flag, validator table or player names them)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator

import pytest

from engine import Attack, CardData, DeckEntry, Game, run_goldfish
from engine.eliria.cardinfo import CardTable
from engine.eliria.effects import validate_effects
from engine.eliria.table import eliria_table
from engine.eliria.verbs import REGISTRY, describe
from engine.eliria.verbs.base import unregister

from .scenes import FILLER, events, info, scene

E = Game.ELIRIA


@pytest.fixture
def new_verb(request: pytest.FixtureRequest) -> Iterator[str]:
    """Import ``tests/engine/new_verbs/<name>.py`` (it registers its verb); take the verb out afterwards."""
    name: str = request.param
    module = f"tests.engine.new_verbs.{name}"
    sys.modules.pop(module, None)
    importlib.import_module(module)
    try:
        yield name
    finally:
        unregister(name)
        sys.modules.pop(module, None)


def _combat(code: str, resistance: int, *effects: dict[str, object], damage: int = 0) -> CardData:
    return CardData(E, code, code.title(), "combat", potential=6, resistance=resistance,
                    attacks=(Attack(1, "Golpe", damage),), effects=tuple(effects))  # fmt: skip


@pytest.mark.parametrize("new_verb", ["bastion"], indirect=True)
def test_a_new_continuous_verb_in_one_file_holds_in_play(new_verb: str) -> None:
    spec = {"trigger": "passive", "action": "bastion", "amount": 2}
    assert validate_effects([spec]) == [] and describe(spec) == "Los combatientes a su lado ganan 2 de resistencia"
    bastion, guarded = _combat("T-BASTION", 1, spec), _combat("T-GUARDED", 2)
    attacker = _combat("T-ATTACKER", 1, damage=3)
    # The check it needs is switched on by the deck that carries it, and only by that deck.
    assert CardTable([[DeckEntry("main", 1, bastion)]]).modifiers
    assert not CardTable([[DeckEntry("main", 1, guarded)]]).modifiers
    m = scene(boards=[{1: (attacker, True, 3)}, {0: (bastion, True, 0), 1: (guarded, True, 0)}])
    assert m.resistance(1, 1) == 4 and m.resistance(1, 0) == 1  # beside it, not itself
    m.push_key("end")
    m.push_key(next(a.key for a in m.legal_actions() if a.kind == "attack"))
    hit = events(m, "hit")[-1]
    assert hit["damage"] == 3 and hit["resistance"] == 4 and not hit["destroyed"]
    assert m.sides[1].combat[1] is not None


@pytest.mark.parametrize("new_verb", ["hardened"], indirect=True)
def test_a_new_static_verb_in_one_file_holds_in_a_match(new_verb: str) -> None:
    spec = {"trigger": "static", "action": "hardened", "amount": 3}
    assert validate_effects([spec]) == [] and describe(spec) == "Gana 3 de resistencia boca arriba"
    hard, plain, attacker = _combat("T-HARD", 1, spec), _combat("T-PLAIN", 1), _combat("T-ATTACKER", 1, damage=3)
    assert CardTable([[DeckEntry("main", 1, hard)]]).modifiers
    assert not CardTable([[DeckEntry("main", 1, plain)]]).modifiers
    m = scene(boards=[{0: (attacker, True, 3), 1: (attacker, True, 3)}, {0: (hard, True, 0), 1: (plain, True, 0)}])
    assert m.resistance(1, 0) == 4 and m.resistance(1, 1) == 1  # its own, not its neighbour's
    m.push_key("end")
    m.push_key(next(a.key for a in m.legal_actions() if a.kind == "attack" and a.args[0] == 0))
    hit = events(m, "hit")[-1]
    assert hit["damage"] == 3 and hit["resistance"] == 4 and not hit["destroyed"]
    m = scene(boards=[{0: (attacker, True, 3)}, {0: (hard, False, 0)}])
    assert m.resistance(1, 0) == 1  # face down: its effect does not hold


@pytest.mark.parametrize("new_verb", ["hardened"], indirect=True)
def test_a_new_static_verb_in_one_file_plays_in_a_goldfish_game(new_verb: str) -> None:
    spec = {"trigger": "static", "action": "hardened", "amount": 3}
    deck = [DeckEntry("main", 40, _combat("T-HARD", 2, spec))]
    table = eliria_table(deck, 5, ["play:0:slot0:up", "play:0:slot1:down"])  # the solitaire of the goldfish pages
    assert [(s["up"], s["resistance"]) for s in table["board"][:2]] == [(True, 5), (False, 2)]  # 2 printed + 3 face up
    plain = [DeckEntry("main", 40, _combat("T-HARD", 2))]
    # The goldfish measures power, potential and cards: a resistance changes none of its figures.
    assert run_goldfish("eliria", deck, games=20, turns=5, seed=3) == run_goldfish("eliria", plain, games=20, turns=5, seed=3)


@pytest.mark.parametrize("new_verb", ["rally"], indirect=True)
def test_a_new_triggered_verb_in_one_file_runs_when_its_trigger_fires(new_verb: str) -> None:
    spec = {"trigger": "on_enter", "action": "rally", "amount": 2}
    assert validate_effects([spec]) == [] and REGISTRY["rally"].run is not None
    rally, ally = _combat("T-RALLY", 3, spec), _combat("T-ALLY", 3)
    m = scene(hands=[[rally], []], boards=[{1: (ally, True, 1)}, {}])
    m.push_key("play:0:slot0:up")  # enters face up: its on_enter runs (6.a.III)
    assert [c.power for c in m.sides[0].combat if c is not None] == [0, 3] and events(m, "rally")
    m = scene(hands=[[rally], []], boards=[{1: (ally, True, 1)}, {}])
    m.push_key("play:0:slot0:down")  # face down: no effect
    assert m.sides[0].combat[1].power == 1 and not events(m, "rally")
    assert info(m, FILLER).events == {}


def test_a_verb_taken_out_of_the_registry_is_unknown_again() -> None:
    assert "rally" not in REGISTRY and "bastion" not in REGISTRY and "hardened" not in REGISTRY
    assert validate_effects([{"trigger": "on_enter", "action": "rally", "amount": 2}]) == [
        "efecto 1: acción desconocida: 'rally'"
    ]
