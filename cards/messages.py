"""Messages made in Spanish below the site (the engine, the search parser), translated at the
site's boundary.

The engine stays free of Django and speaks Spanish; the site shows its messages in the reader's
language. Each known message shape is a regular expression over the Spanish text with named
groups, paired with a gettext message (a Spanish msgid with the same named placeholders, so
`makemessages` collects it and locale/en translates it). In Spanish the text is shown as made;
a message of an unknown shape is shown as made too (never lost).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Shape:
    pattern: re.Pattern[str]
    message: str | Promise


def shape(regex: str, message: str | Promise) -> Shape:
    return Shape(re.compile(regex + r"$", re.DOTALL), message)


def translate(text: str, shapes: Sequence[Shape]) -> str:
    """`text` in the active language: unchanged in Spanish or when no shape matches."""
    if not text or (get_language() or "es").startswith("es"):
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


LINE = re.compile(r"Línea (?P<line>\d+): ")

SEARCH = [
    shape(r"La búsqueda es demasiado larga \(máximo (?P<n>\d+) caracteres\)\.",
          _("La búsqueda es demasiado larga (máximo %(n)s caracteres).")),
    shape(r"No se entiende la búsqueda a partir de «(?P<text>.*)»\.",
          _("No se entiende la búsqueda a partir de «%(text)s».")),
    shape(r"Demasiados términos \(máximo (?P<n>\d+)\)\.", _("Demasiados términos (máximo %(n)s).")),
    shape(r"Sobra un paréntesis de cierre «\)»\.", _("Sobra un paréntesis de cierre «)».")),
    shape(r"«OR» necesita un término a cada lado\.", _("«OR» necesita un término a cada lado.")),
    shape(r"Falta un paréntesis de cierre «\)»\.", _("Falta un paréntesis de cierre «)».")),
    shape(r"Los paréntesis están vacíos\.", _("Los paréntesis están vacíos.")),
    shape(r"Usa «-» delante de un término\.", _("Usa «-» delante de un término.")),
    shape(r"Falta el valor de «(?P<term>.*)»\.", _("Falta el valor de «%(term)s».")),
    shape(r"«dir:» admite asc o desc\.", _("«dir:» admite asc o desc.")),
    shape(r"«(?P<name>[^»]*)» no admite «(?P<op>[^»]*)»; usa «:»\.", _("«%(name)s» no admite «%(op)s»; usa «:».")),
    shape(r"Campo desconocido «(?P<name>[^»]*)»\. Campos: (?P<fields>.*)\.",
          _("Campo desconocido «%(name)s». Campos: %(fields)s.")),
    shape(r"Valor de (?P<what>.*) desconocido «(?P<value>[^»]*)»\. Valores: (?P<options>.*)\.",
          _("Valor de %(what)s desconocido «%(value)s». Valores: %(options)s.")),
    shape(r"«(?P<name>[^»]*)» necesita un número entero, no «(?P<value>.*)»\.",
          _("«%(name)s» necesita un número entero, no «%(value)s».")),
    shape(r"Fecha no válida «(?P<value>.*)» \(AAAA-MM-DD\)\.", _("Fecha no válida «%(value)s» (AAAA-MM-DD).")),
    shape(r"Valor desconocido «(?P<value>[^»]*)» para is:/has:\. Valores: (?P<options>.*)\.",
          _("Valor desconocido «%(value)s» para is:/has:. Valores: %(options)s.")),
]


def search_error(text: str) -> str:
    return translate(text, SEARCH)
