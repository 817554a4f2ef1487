"""The search parser's messages in the reader's language, by the code each SearchError carries
(common/messages.py). The API answers the Spanish message as made.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from cards.search import SearchError
from common.messages import Messages, message_for

# Every code cards/search.py (and a field registered from another app) raises has its message here.
MESSAGES: Messages = {
    "search.too_long": _("La búsqueda es demasiado larga (máximo %(n)s caracteres)."),
    "search.unreadable": _("No se entiende la búsqueda a partir de «%(text)s»."),
    "search.too_many_terms": _("Demasiados términos (máximo %(n)s)."),
    "search.extra_close": _("Sobra un paréntesis de cierre «)»."),
    "search.or_sides": _("«OR» necesita un término a cada lado."),
    "search.missing_close": _("Falta un paréntesis de cierre «)»."),
    "search.empty_parens": _("Los paréntesis están vacíos."),
    "search.minus": _("Usa «-» delante de un término."),
    "search.missing_value": _("Falta el valor de «%(term)s»."),
    "search.dir": _("«dir:» admite asc o desc."),
    "search.operator": _("«%(name)s» no admite «%(op)s»; usa «:»."),
    "search.unknown_field": _("Campo desconocido «%(name)s». Campos: %(fields)s."),
    "search.unknown_order": _("Valor de orden desconocido «%(value)s». Valores: %(options)s."),
    "search.unknown_type": _("Valor de tipo desconocido «%(value)s». Valores: %(options)s."),
    "search.unknown_game": _("Valor de juego desconocido «%(value)s». Valores: %(options)s."),
    "search.unknown_subtype": _("Valor de subtipo desconocido «%(value)s». Valores: %(options)s."),
    "search.integer": _("«%(name)s» necesita un número entero, no «%(value)s»."),
    "search.date": _("Fecha no válida «%(value)s» (AAAA-MM-DD)."),
    "search.unknown_flag": _("Valor desconocido «%(value)s» para is:/has:. Valores: %(options)s."),
    # collection/search.py's `missing:` field
    "search.missing_usage": _("«missing» se usa así: missing:<número de tu mazo>."),
    "search.no_such_deck": _("No tienes ningún mazo con el número %(n)s (missing:%(n)s)."),
}


def search_error(error: SearchError | str) -> str:
    """A search error's message in the reader's language (a plain string is shown as given)."""
    if isinstance(error, str):
        return error
    return message_for(MESSAGES, error.message_code, error.params, error.message)
