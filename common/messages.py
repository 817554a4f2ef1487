"""Messages made in Spanish below the site (the engine, the search parser), translated at the
site's boundary.

The engine stays free of Django and speaks Spanish; the site shows its messages in the reader's
language. Each known message shape is a regular expression over the Spanish text with named
groups, paired with a gettext message (a Spanish msgid with the same named placeholders, so
`makemessages` collects it and locale/en translates it). In Spanish the text is shown as made;
a message of an unknown shape is shown as made too (never lost). Each app keeps its own table of
shapes as data (cards/messages.py, decks/messages.py, play/labels.py); this module is the one
mechanism they share.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

__all__ = ["Shape", "shape", "speaks_spanish", "translate"]

# A deck-list problem carries its line: "Línea 3: …"; the prefix is translated apart from the rest.
LINE = re.compile(r"Línea (?P<line>\d+): ")


@dataclass(frozen=True)
class Shape:
    """One known message: the Spanish text as a regular expression, and its gettext message."""

    pattern: re.Pattern[str]
    message: str | Promise


def shape(regex: str, message: str | Promise) -> Shape:
    """A table entry: `regex` must match the whole Spanish text; its named groups fill `message`."""
    return Shape(re.compile(regex + r"$", re.DOTALL), message)


def speaks_spanish() -> bool:
    """Whether the active language is Spanish, the language the messages are made in."""
    return (get_language() or "es").startswith("es")


def translate(text: str, shapes: Sequence[Shape]) -> str:
    """`text` in the active language: unchanged in Spanish or when no shape matches."""
    if not text or speaks_spanish():
        return text
    prefix = ""
    match = LINE.match(text)
    if match:
        prefix = _("Línea %(line)s: ") % {"line": match.group("line")}
        text = text[match.end():]
    for item in shapes:
        found = item.pattern.match(text)
        if found:
            return prefix + str(item.message) % found.groupdict()
    return prefix + text
