"""The API's input serializers: fields stricter than DRF's (``StrictCharField``, ``StrictBooleanField``:
the API refuses what its schema refuses), and a serializer whose fields are copied cheaply for every
request.

DRF gives each serializer instance its own fields by ``copy.deepcopy`` of the class's declared
fields, and a field's ``__deepcopy__`` builds it again from its arguments: every field's
``__init__`` runs on every request (its error messages gathered along the class's MRO, its
validators made again). For the goldfish request that was about 0.2 ms of a 7.7 ms request
(``bench/requests_profile.py --only goldfish``), the same on every input serializer.

:class:`QuickFieldsSerializer` builds those fields once per class (DRF's own deep copy, kept as
unbound prototypes) and gives each instance shallow copies of them: the same state a fresh field
has before DRF binds it, with its own validator list and its own copy of a list's or dict's
``child``. Nested serializers are still deep-copied by DRF's rule. ``tests/common/test_serializers.py``
checks that answers and errors are those of DRF's copy, and that two instances share no bound state.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ValidationError as DRFValidationError
from rest_framework.fields import Field
from rest_framework.validators import ProhibitSurrogateCharactersValidator

__all__ = ["QuickFieldsSerializer", "StrictBooleanField", "StrictCharField", "fresh_field"]


def fresh_field(field: Field) -> Field:
    """A copy of the unbound *field* for one serializer instance to bind."""
    if isinstance(field, serializers.BaseSerializer):
        return copy.deepcopy(field)
    new = object.__new__(type(field))
    state = field.__dict__
    new.__dict__.update(state)
    validators = state.get("_validators")
    if validators is not None:  # a list DRF may extend on an instance: never the prototype's
        new._validators = list(validators)
    child = state.get("child")
    if isinstance(child, Field):  # ListField, DictField: the child is bound to its own parent
        own = fresh_field(child)
        own.parent = new
        new.child = own
    return new


class QuickFieldsSerializer(serializers.Serializer):
    """A plain serializer (no model) whose declared fields are built once per class."""

    def get_fields(self) -> dict[str, Field]:
        cls = type(self)
        prototypes: dict[str, Field] | None = cls.__dict__.get("_prototype_fields")
        if prototypes is None:  # each subclass its own: its declared fields differ
            prototypes = copy.deepcopy(self._declared_fields)
            cls._prototype_fields = prototypes
        return {name: fresh_field(field) for name, field in prototypes.items()}


_SURROGATE = re.compile("[\ud800-\udfff]")


class _NoSurrogates(ProhibitSurrogateCharactersValidator):
    """DRF's refusal of lone surrogates (same message and code), by one regular expression rather
    than a Python loop over every character: 0.5 ms of a 200-line deck list's validation."""

    def __call__(self, value: Any) -> None:
        found = _SURROGATE.search(str(value))
        if found is not None:
            raise DRFValidationError(self.message.format(code_point=ord(found.group())), code=self.code)


class StrictCharField(serializers.CharField):
    """A string, and only a string: DRF's CharField would turn 12 or true into text."""

    default_error_messages = {"not_a_string": "Debe ser texto."}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators = [
            _NoSurrogates() if type(v) is ProhibitSurrogateCharactersValidator else v for v in self.validators
        ]

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """true or false, and only those: DRF's BooleanField would also take "yes", 1 or "on"."""

    default_error_messages = {"not_a_boolean": "Debe ser true o false."}

    def to_internal_value(self, data: Any) -> bool:
        if isinstance(data, bool):
            return data
        if isinstance(data, str) and data in ("true", "false"):  # form-encoded bodies
            return data == "true"
        self.fail("not_a_boolean")
