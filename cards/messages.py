"""The search parser's messages (Spanish) in the reader's language, through the shapes of
common/messages.py.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from common.messages import shape, translate

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
