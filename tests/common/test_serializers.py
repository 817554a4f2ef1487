"""common.serializers.QuickFieldsSerializer: the same answers and errors as DRF's deep copy of the
declared fields, and no bound state shared between two instances (or left on the prototypes)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rest_framework import serializers

from common.serializers import QuickFieldsSerializer
from decks.api_odds import OddsInput
from play.goldfish.api import GoldfishInput

LIST = "Mazo:\n3 Lobo de ceniza\n"

# Valid, defaulted, and every kind of refusal the goldfish and odds inputs have: a wrong type, out of
# range, a missing field, an unknown choice, a bad list item, too long a list, a cross-field rule.
CASES: list[dict[str, Any]] = [
    {"game": "eliria", "list": LIST},
    {"game": "eliria", "list": LIST, "games": 200, "turns": 5, "seed": 7, "watch": ["BASE-105", "Lobo"]},
    {"game": "mision", "list": "", "games": "12"},
    {"game": "ajedrez", "list": LIST},
    {"list": LIST},
    {"game": "eliria"},
    {"game": "eliria", "list": 5},
    {"game": "eliria", "list": LIST, "games": 0, "turns": 51, "seed": -1},
    {"game": "eliria", "list": LIST, "games": True, "trace": "yes"},
    {"game": "eliria", "list": LIST, "trace": True, "games": 2},
    {"game": "eliria", "list": LIST, "watch": [1, "x" * 121]},
    {"game": "eliria", "list": LIST, "watch": ["a"] * 21},
    {"game": "eliria", "list": LIST, "watch": "BASE-105"},
    {"game": "eliria", "list": "x" * 200_001},
    {"game": "eliria", "list": LIST, "query": "t:combat pot>=5", "at_least": 2, "first": False, "deck": 3},
    {"game": "eliria", "list": LIST, "query": "", "at_least": 61, "deck": 0},
    ["not", "a", "dict"],
]


def _with_drf_copy(cls: type[serializers.Serializer]) -> type[serializers.Serializer]:
    """The same serializer with DRF's own fields: a deep copy of the declared fields per instance."""

    def get_fields(self: serializers.Serializer) -> dict[str, Any]:
        return copy.deepcopy(self._declared_fields)

    return type(f"Drf{cls.__name__}", (cls,), {"get_fields": get_fields})


def _outcome(cls: type[serializers.Serializer], data: Any) -> tuple[bool, Any]:
    s = cls(data=data)
    ok = s.is_valid()
    return ok, (dict(s.validated_data) if ok else s.errors)


@pytest.mark.parametrize("cls", [GoldfishInput, OddsInput])
@pytest.mark.parametrize("index", range(len(CASES)))
def test_answers_and_errors_are_drfs(cls: type[serializers.Serializer], index: int) -> None:
    data = CASES[index]
    quick = _outcome(cls, data)
    assert quick == _outcome(_with_drf_copy(cls), data)
    assert quick == _outcome(cls, data)  # and again, from the same prototypes


def test_two_instances_share_no_bound_state() -> None:
    a, b = GoldfishInput(data=CASES[1]), GoldfishInput(data=CASES[10])
    assert a.is_valid() and not b.is_valid()
    for name in a.fields:
        fa, fb = a.fields[name], b.fields[name]
        assert fa is not fb and fa.parent is a and fb.parent is b and fa.field_name == name
        assert fa.validators is not fb.validators
    watch_a, watch_b = a.fields["watch"], b.fields["watch"]
    assert watch_a.child is not watch_b.child
    assert watch_a.child.parent is watch_a and watch_b.child.parent is watch_b
    # The prototypes stay unbound, for the next instance to bind.
    for field in GoldfishInput._prototype_fields.values():
        assert field.parent is None and field.field_name is None
    # Each subclass has its own prototypes (its declared fields differ).
    OddsInput(data=CASES[0]).is_valid()
    assert "query" in OddsInput._prototype_fields and "query" not in GoldfishInput._prototype_fields


def test_a_nested_serializer_is_deep_copied() -> None:
    class Inner(serializers.Serializer):
        n = serializers.IntegerField(min_value=1)

    class Outer(QuickFieldsSerializer):
        inner = Inner(many=True)
        tags = serializers.DictField(child=serializers.IntegerField(max_value=3))

    one, two = Outer(data={"inner": [{"n": 2}], "tags": {"a": 1}}), Outer(data={"inner": [{"n": 0}], "tags": {"a": 4}})
    assert one.is_valid(), one.errors
    assert not two.is_valid()
    assert set(two.errors) == {"inner", "tags"}
    assert one.fields["inner"] is not two.fields["inner"]
    assert one.fields["tags"].child.parent is one.fields["tags"]
