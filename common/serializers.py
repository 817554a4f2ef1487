"""Input serializers whose fields are copied cheaply for every request.

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

from rest_framework import serializers
from rest_framework.fields import Field

__all__ = ["QuickFieldsSerializer", "fresh_field"]


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

