"""One home per effect verb (issue 22): each verb of docs/effects.md is one unit of the registry.

The publisher's guide and the engine cannot drift apart: the verbs the guide documents (each
table row's JSON example) are exactly the registry's units, each unit's parameters are what the
validator accepts, and each unit names itself in Spanish from its example's parameters.
"""

from __future__ import annotations

import json
import re

import pytest

from engine.eliria.effects import VOCABULARY, validate_effect, verb_params
from engine.eliria.verbs import REGISTRY, describe, runs

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
    assert set(documented_examples()) == set(REGISTRY)


def test_the_validator_reads_each_units_parameters():
    for (trigger, action), unit in REGISTRY.items():
        assert VOCABULARY[trigger][action] == unit.params
        params, required = verb_params(trigger, action)
        assert set(params) == set(unit.params) and unit.required <= required, (trigger, action)
        if unit.targets:
            assert params["target"].choices == unit.targets


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_each_documented_example_is_valid_and_named_in_spanish_by_its_unit(key):
    spec = documented_examples()[key]
    assert validate_effect(spec) == []
    label = describe(spec)
    assert label and "{" not in label and "—" not in label, label


EXECUTED = ["on_play", "reaction", "on_enter", "on_destroyed", "on_ally_destroyed", "on_attacked_survived",
            "on_field_summon", "on_summon_discarded", "end_of_power", "start_of_movement"]


@pytest.mark.parametrize("trigger", EXECUTED)
def test_every_verb_of_a_dispatched_family_executes_in_its_unit(trigger):
    actions = {a for t, a in REGISTRY if t == trigger}
    assert set(runs(trigger)) == actions


def test_every_attack_verb_runs_before_or_after_the_hit_or_is_the_formula_of_x():
    for (trigger, action), unit in REGISTRY.items():
        if trigger == "on_attack":
            assert unit.stage in ("before", "after", "formula"), action
            assert (unit.run is None) == (unit.stage == "formula"), action


def test_every_verb_the_rules_read_as_card_data_compiles_itself():
    for (trigger, action), unit in REGISTRY.items():
        if trigger not in ("on_play", "on_attack"):
            assert unit.read is not None, (trigger, action)


def test_a_verb_is_registered_once():
    from engine.eliria.verbs import register

    with pytest.raises(ValueError, match="dos veces"):
        register(REGISTRY[("on_play", "draw")])


def test_every_bundled_cards_action_is_a_registered_unit_that_names_itself():
    seen = set()
    for data in catalogue_cards().values():
        for spec in data.effects or ():
            if "action" in spec:
                seen.add((spec["trigger"], spec["action"]))
                assert describe(spec), spec
    assert seen <= set(REGISTRY) and len(seen) > 30
