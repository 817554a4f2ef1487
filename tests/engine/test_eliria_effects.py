"""Card behaviour as validated data: the vocabulary, named scripts, tokens and `unsimulated`."""

from __future__ import annotations

import json

import pytest

from engine import Attack, CardData, DeckEntry, Game, run_goldfish, validate_effect
from engine.eliria.effects import SCRIPT_PARAMS, VOCABULARY, unsimulated, validate_effects
from engine.eliria.scripts import SCRIPTS

from .scenes import ROOT, catalogue_cards


def _bundled() -> list[tuple[str, int, dict]]:
    doc = json.loads((ROOT / "data/catalogue/eliria.json").read_text(encoding="utf-8"))
    return [(c["code"], e["edition"], e) for c in doc["cards"] for e in c["editions"]]


def test_every_bundled_effect_is_valid():
    for code, edition, ed in _bundled():
        if "effects" in ed:
            assert validate_effects(ed["effects"], attacks=len(ed.get("attacks", []))) == [], (code, edition)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ({"trigger": "sometimes", "action": "draw"}, "disparador desconocido"),
        ({"trigger": "on_play", "action": "explode"}, "acción desconocida"),
        ({"trigger": "on_play", "action": "create_token", "token": "BASE-109"}, "no admite"),
        ({"trigger": "on_attack", "action": "draw", "amount": 1}, "necesita 'attack'"),
        ({"trigger": "on_destroyed", "action": "create_token"}, "necesita 'token'"),
        ({"trigger": "on_play", "action": "draw", "amount": True}, "'amount' debe ser"),
        ({"trigger": "on_play", "action": "draw", "colour": "red"}, "campo desconocido"),
        ({"trigger": "on_play", "action": "add_power", "target": "everyone"}, "'target' desconocido"),
        ({"trigger": "on_play", "action": "draw", "token": "BASE-109"}, "no se usa"),
        ({"trigger": "on_play", "script": "teleport"}, "script desconocido"),
        ({"trigger": "field", "script": "sacrifice_cannon"}, "no admite el disparador"),
        ({"trigger": "reaction", "action": "ambush"}, "necesita 'when'"),
        ("draw", "debe ser un objeto"),
        # Accepted values the engine would not play for this action are refused, not ignored.
        ({"trigger": "on_play", "action": "add_power", "target": "self"}, "no vale para on_play/add_power"),
        ({"trigger": "reaction", "when": "rival_moved", "action": "damage_attacker"}, "no vale para damage_attacker"),
        ({"trigger": "on_attack", "attack": 0, "action": "silence", "duration": "until_next_turn"}, "no vale"),
    ],
)
def test_invalid_effects_are_refused_with_a_reason(spec, problem):
    problems = validate_effect(spec)
    assert problems and problem in " ".join(problems)


def test_a_list_names_each_bad_effect_and_checks_attack_indexes():
    good = {"trigger": "on_play", "action": "draw", "amount": 1}
    assert validate_effects("draw") == ["'effects' debe ser una lista de efectos"]
    assert validate_effects([good, {"trigger": "nope"}]) == ["efecto 2: disparador desconocido: 'nope'"]
    problems = validate_effects([{"trigger": "on_attack", "attack": 3, "action": "draw"}], attacks=2)
    assert problems and "no existe" in problems[0]


def test_every_script_is_registered_by_name_and_no_card_code_keys_behaviour():
    assert set(SCRIPTS) == set(SCRIPT_PARAMS)
    codes = {c.code for c in catalogue_cards().values()}
    assert not set(SCRIPTS) & codes
    for trigger, actions in VOCABULARY.items():
        assert not set(actions) & codes, trigger


def _vanilla(code: str, **kw) -> CardData:
    return CardData(Game.ELIRIA, code, f"Carta {code}", "combat", potential=3, attacks=(Attack(1, "G", 1),), **kw)


def test_unsimulated_lists_cards_with_text_and_no_effects_in_list_order():
    plain = _vanilla("U-1")
    texted = _vanilla("U-2", passive="Hace algo.")
    played = _vanilla("U-3", passive="Hace algo.", effects=())
    assert unsimulated([texted, plain, played, texted]) == ["U-2"]
    deck = [DeckEntry("main", 10, plain), DeckEntry("main", 1, texted), DeckEntry("main", 1, played)]
    assert run_goldfish("eliria", deck, games=2, turns=2, seed=1)["unsimulated"] == ["U-2"]



def test_no_bundled_card_is_unsimulated():
    cards = [c for c in catalogue_cards().values() if c.game is Game.ELIRIA]
    assert unsimulated(cards) == []
    deck = [DeckEntry("tokens" if c.is_token else "main", 1, c) for c in cards]
    assert run_goldfish("eliria", deck, games=3, turns=3, seed=2)["unsimulated"] == []
