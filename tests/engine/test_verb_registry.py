"""One home per effect verb (issues 22, 34): each verb is one unit of the registry, whatever triggers it.

The publisher's guide and the engine cannot drift apart: the (trigger, action) pairs the guide
documents (each table row's JSON example) are exactly the registry's table of triggers, each use's
parameters are what the validator accepts, and each unit names itself in Spanish from its
example's parameters.
"""

from __future__ import annotations

import json
import re

import pytest

from engine.eliria.effects import VOCABULARY, validate_effect, verb_params
from engine.eliria.verbs import REGISTRY, TRIGGERS, Verb, describe, register, runs, use

from .scenes import ROOT, catalogue_cards

DOC = ROOT / "docs" / "effects.md"
EXAMPLE = re.compile(r"`(\{[^`]*\})`")


def documented_examples() -> dict[tuple[str, str], dict]:
    """The first full JSON example of each (trigger, action) in the guide's verb tables."""
    found: dict[tuple[str, str], dict] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `"):
            continue
        for text in EXAMPLE.findall(line):
            spec = json.loads(text)
            if "action" in spec:
                found.setdefault((spec["trigger"], spec["action"]), spec)
    return found


def test_the_guide_documents_exactly_the_registered_verbs():
    assert set(documented_examples()) == set(TRIGGERS)


def test_a_verb_is_one_unit_whatever_triggers_it():
    """The registry is keyed by the action alone; the table of triggers is derived from the units."""
    assert set(REGISTRY) == {action for _, action in TRIGGERS}
    assert TRIGGERS == {(u.trigger, v.action): u for v in REGISTRY.values() for u in v.uses}
    shared = {action for action, unit in REGISTRY.items() if len(unit.uses) > 1}
    assert {"add_power", "add_resistance", "create_token", "draw", "cannot_attack", "damage_attacker"} <= shared


def test_the_validator_reads_each_units_parameters():
    for (trigger, action), row in TRIGGERS.items():
        assert VOCABULARY[trigger][action] == row.params
        params, required = verb_params(trigger, action)
        assert set(params) == set(row.params) and row.required <= required, (trigger, action)
        if row.targets:
            assert params["target"].choices == row.targets


@pytest.mark.parametrize("key", sorted(TRIGGERS))
def test_each_documented_example_is_valid_and_named_in_spanish_by_its_unit(key):
    spec = documented_examples()[key]
    assert validate_effect(spec) == []
    label = describe(spec)
    assert label and "{" not in label and "—" not in label, label


EXECUTED = ["on_play", "reaction", "on_enter", "on_destroyed", "on_ally_destroyed", "on_attacked_survived",
            "on_field_summon", "on_summon_discarded", "end_of_power", "start_of_movement", "on_attack"]


@pytest.mark.parametrize("trigger", EXECUTED)
def test_every_verb_of_a_fired_trigger_runs_in_its_unit(trigger):
    actions = {a for t, a in TRIGGERS if t == trigger}
    assert actions <= set(runs()) | {a for a in actions if REGISTRY[a].stage == "formula"}


def test_every_attack_verb_runs_before_or_after_the_hit_or_is_the_formula_of_x():
    for (trigger, action), _row in TRIGGERS.items():
        if trigger == "on_attack":
            unit = REGISTRY[action]
            assert unit.stage in ("before", "after", "formula"), action
            assert (unit.run is None) == (unit.stage == "formula"), action


CARD_DATA = ["attached", "field", "passive", "static"]


@pytest.mark.parametrize("trigger", CARD_DATA)
def test_every_continuous_verb_compiles_itself_onto_the_card(trigger):
    """A card-data trigger's verb holds while the card is in play: its read puts something on the card."""
    from engine.cards import CardData, Game
    from engine.eliria.cardinfo import CardInfo

    examples = documented_examples()
    for (t, action), _row in TRIGGERS.items():
        if t != trigger:
            continue
        kind = {"attached": "summon", "field": "summon"}.get(trigger, "combat")
        card = CardData(game=Game.ELIRIA, code="T-1", name="t", type=kind, subtype=trigger if kind == "summon" else "",
                        effects=(examples[(t, action)],))
        plain = CardData(game=Game.ELIRIA, code="T-2", name="t", type=kind, subtype=trigger if kind == "summon" else "", effects=())
        compiled, bare = CardInfo(0, card), CardInfo(0, plain)
        names = [k for k in dir(bare) if not k.startswith("_") and k not in ("id", "data", "code", "specs")]
        changed = [k for k in names if getattr(compiled, k, None) != getattr(bare, k, None)]
        assert REGISTRY[action].read is not None and changed, (trigger, action)


def test_a_verb_is_registered_once():
    with pytest.raises(ValueError, match="dos veces"):
        register(REGISTRY["draw"])
    with pytest.raises(ValueError, match="disparadores desconocidos"):
        register(Verb("explode", (use("on_lunch", set(), "Explota"),)))
    assert "explode" not in REGISTRY


def test_every_bundled_cards_action_is_a_registered_unit_that_names_itself():
    seen = set()
    for data in catalogue_cards().values():
        for spec in data.effects or ():
            if "action" in spec:
                seen.add((spec["trigger"], spec["action"]))
                assert describe(spec), spec
    assert seen <= set(TRIGGERS) and len(seen) > 30
