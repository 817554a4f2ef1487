"""Serializer fields stricter than DRF's defaults, so the API refuses what its schema refuses."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class StrictCharField(serializers.CharField):
    """A string, and only a string: DRF's CharField would turn 12 or true into text."""

    default_error_messages = {"not_a_string": "Debe ser texto."}

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
