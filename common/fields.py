"""Field validators for what players write (the API's stricter serializer fields are in
common.serializers: the models import this module, and a command that only plays need not load DRF).

`validate_name` and `validate_text` go on model fields (tier 1 of STYLE.md): the services'
`full_clean()`, the admin and model forms all apply them, whichever way a name arrives. A name is
one line shown beside other players' text, so it refuses every control character and every
invisible bidirectional formatting character (U+061C, U+200E, U+200F, U+202A–U+202E,
U+2066–U+2069): an override such as U+202E shows what follows it backwards, so a name could pass
for another one or turn the text after it around. Longer text (a description) may hold tabs, line
breaks and the two direction marks (U+200E, U+200F), which only steer the neutral characters next
to them, but no other control character and no embedding, override or isolate (they reorder
everything up to the end of the paragraph).

A name also refuses every other invisible formatting character (Unicode's category Cf: U+200B zero
width space, U+2060 word joiner, U+FEFF byte order mark, U+00AD soft hyphen, tag characters…): two
names that look the same would differ by one of them (attack finding: U+200B and U+FEFF were stored
in deck names). The zero-width joiner and non-joiner (U+200D, U+200C) stay: emoji sequences and
several scripts need them.
"""

from __future__ import annotations

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_NAME_REFUSED = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}]")
_TEXT_REFUSED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u202a-\u202e\u2066-\u2069]")

_CONTROL_MESSAGE = _("Contiene un carácter de control (U+%(code)04X) en la posición %(position)d.")
_INVISIBLE_MESSAGE = _("Contiene un carácter invisible (U+%(code)04X) en la posición %(position)d.")
_JOINERS = frozenset("\u200c\u200d")  # needed by emoji sequences and some scripts
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
    """A name: no control character at all (not even a tab or a line break), no bidi formatting,
    no other invisible formatting character (category Cf but the two joiners)."""
    _refuse(_NAME_REFUSED, value)
    for position, char in enumerate(value, 1):
        if unicodedata.category(char) == "Cf" and char not in _JOINERS:
            raise ValidationError(_INVISIBLE_MESSAGE, code="invisible_character",
                                  params={"code": ord(char), "position": position})


def validate_text(value: str) -> None:
    """Free text: tabs and line breaks allowed; no other control, no bidi embedding/override/isolate."""
    _refuse(_TEXT_REFUSED, value)
