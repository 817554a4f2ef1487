"""Card effects as validated data, a script registry for the rest, vanilla for unknown cards."""

from __future__ import annotations

import pytest

from engine import EngineError, validate_effect
from engine.eliria.effects import EFFECTS, TOKENS, validate_effects
from engine.eliria.scripts import SCRIPTS

from .scenes import catalogue_cards


def test_every_bundled_effect_is_valid():
    validate_effects(EFFECTS)
    assert all(not validate_effect(spec) for specs in EFFECTS.values() for spec in specs)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ({"trigger": "sometimes", "action": "draw"}, "disparador desconocido"),
        ({"trigger": "on_play", "action": "explode"}, "acción desconocida"),
        ({"trigger": "on_play", "action": "create_token", "token": "BASE-109"}, "no admite"),
        ({"trigger": "on_attack", "action": "draw", "amount": 1}, "necesita 'attack'"),
        ({"trigger": "on_destroyed", "action": "create_token", "token": "NOPE"}, "token desconocido"),
        ({"trigger": "on_play", "action": "draw", "amount": True}, "'amount' debe ser"),
        ({"trigger": "on_play", "action": "draw", "colour": "red"}, "campo desconocido"),
        ({"trigger": "on_play", "action": "add_power", "target": "everyone"}, "'target' desconocido"),
    ],
)
def test_invalid_effects_are_refused_with_a_reason(spec, problem):
    problems = validate_effect(spec)
    assert problems and problem in " ".join(problems)


def test_a_bad_effect_table_raises_an_engine_error():
    with pytest.raises(EngineError, match="X-1"):
        validate_effects({"X-1": ({"trigger": "on_play", "action": "nothing"},)})


def test_the_ruling_cards_have_their_effects():
    for code in ("BASE-105", "EXP-010", "BASE-150", "BASE-011", "BASE-102", "BASE-180"):
        assert code in SCRIPTS
    for code in ("BASE-102", "BASE-105", "BASE-108"):
        assert code in EFFECTS


def test_effects_name_cards_of_the_bundled_catalogue():
    codes = {c.code for c in catalogue_cards().values()}
    assert set(EFFECTS) <= codes and set(SCRIPTS) <= codes
    assert all(TOKENS[code].name == catalogue_cards()[code.casefold()].name for code in TOKENS)
