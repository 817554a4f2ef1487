"""Field validators for what players write, and serializer fields stricter than DRF's defaults, so
the API refuses what its schema refuses.

`validate_name` and `validate_text` go on model fields (tier 1 of STYLE.md): the services'
`full_clean()`, the admin and model forms all apply them, whichever way a name arrives. A name is
one line shown beside other players' text, so it refuses every control character and every
invisible bidirectional formatting character (U+061C, U+200E, U+200F, U+202A–U+202E,
U+2066–U+2069): an override such as U+202E shows what follows it backwards, so a name could pass
for another one or turn the text after it around. Longer text (a description) may hold tabs, line
breaks and the two direction marks (U+200E, U+200F), which only steer the neutral characters next
to them, but no other control character and no embedding, override or isolate (they reorder
everything up to the end of the paragraph).
"""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError as DRFValidationError
from rest_framework.validators import ProhibitSurrogateCharactersValidator

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_NAME_REFUSED = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}]")
_TEXT_REFUSED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u202a-\u202e\u2066-\u2069]")

_CONTROL_MESSAGE = _("Contiene un carácter de control (U+%(code)04X) en la posición %(position)d.")
_BIDI_MESSAGE = _(
    "Contiene un carácter invisible de dirección del texto (U+%(code)04X) en la posición %(position)d."
)


def _refuse(pattern: re.Pattern[str], value: str) -> None:
    found = pattern.search(value)
    if found is None:
        return
    char = found.group()
    message = _CONTROL_MESSAGE if char < "\u061c" else _BIDI_MESSAGE
    raise ValidationError(message, code="invisible_character",
                          params={"code": ord(char), "position": found.start() + 1})


def validate_name(value: str) -> None:
    """A name: no control character at all (not even a tab or a line break), no bidi formatting."""
    _refuse(_NAME_REFUSED, value)


def validate_text(value: str) -> None:
    """Free text: tabs and line breaks allowed; no other control, no bidi embedding/override/isolate."""
    _refuse(_TEXT_REFUSED, value)


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
