"""The engine's deck-list and deck-validation messages in the reader's language, by code
(common/messages.py), and the labels and revision notes of the decks' pages.

Rule numbers, codes and card names stay as they are; only the sentence around them changes.
The API keeps the engine's Spanish `message` (docs/contract.md §4 says so); pages translate.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from common.messages import Messages, message_for, speaks_spanish

# engine.messages.DECK_MESSAGES: every code has its message here (tests/common/test_messages.py).
MESSAGES: Messages = {
    "list.quantity_signed": _("la cantidad debe ser un número de copias sin signo (1 a %(max)s)."),
    "list.quantity_absurd": _("la cantidad %(digits)s es absurda (máximo %(max)s)."),
    "list.quantity_zero": _("la cantidad debe ser al menos 1."),
    "list.code_empty": _("el código entre paréntesis está vacío."),
    "list.name_missing": _("falta el nombre de la carta."),
    "list.header_other_game": _("«%(text)s» es un encabezado de %(other)s, no de %(game)s; usa %(expected)s."),
    "list.header_unknown": _("«%(text)s» no es un encabezado de %(game)s; usa %(expected)s."),
    "deck.unknown_code": _("no existe ninguna carta con el código «%(code)s»."),
    "deck.unknown_name": _("no existe ninguna carta llamada «%(name)s»."),
    "deck.wrong_game": _("«%(name)s» (%(code)s) es una carta de %(game)s, no de %(other)s."),
    "deck.unknown_section": _("«%(name)s» está en una sección desconocida (%(section)s)."),
    "deck.token_in_deck": _(
        "«%(name)s» es un token; según la regla 14 los tokens no forman parte del mazo: ponlo bajo «Tokens:»."
    ),
    "deck.not_a_token": _("«%(name)s» no es un token y no puede ir bajo «Tokens:» (regla 14); ponlo bajo «Mazo:»."),
    "deck.duplicate_name": _(
        "«%(name)s» aparece %(count)s veces; la regla 4 permite una sola carta con el mismo nombre."
    ),
    "deck.no_combat": _(
        "El mazo no tiene ninguna carta de combate sin «†»: toda partida se pierde en el mulligan (reglas 11.b y 7.c)."
    ),
    "deck.too_small": ngettext_lazy(
        "El mazo tiene %(size)s carta; hacen falta al menos %(need)s para robar la mano inicial (reglas 11.b y 7.c).",
        "El mazo tiene %(size)s cartas; hacen falta al menos %(need)s para robar la mano inicial (reglas 11.b y 7.c).",
        "size",
    ),
    "deck.too_small_tokens": ngettext_lazy(
        "El mazo tiene %(size)s carta sin contar los tokens; hacen falta al menos %(need)s para robar la mano "
        "inicial (reglas 11.b y 7.c).",
        "El mazo tiene %(size)s cartas sin contar los tokens; hacen falta al menos %(need)s para robar la mano "
        "inicial (reglas 11.b y 7.c).",
        "size",
    ),
    "deck.entity_under_elements": _("«%(name)s» es un Ente y está bajo «Elementos:»; va bajo «Entes:»."),
    "deck.element_under_entities": _("«%(name)s» es un Elemento y está bajo «Entes:»; va bajo «Elementos:»."),
    "deck.too_few": ngettext_lazy(
        "«%(header)s» tiene %(count)s carta; la preparación (FORMA DE JUEGO) toma %(need)s al inicio de la partida.",
        "«%(header)s» tiene %(count)s cartas; la preparación (FORMA DE JUEGO) toma %(need)s al inicio de la partida.",
        "count",
    ),
}


# The deck page shows sections, not a list's text: there "ponlo bajo «Mazo:»" (a list's header)
# reads as the builder's sections instead.
DECK_PAGE_MESSAGES: Messages = {
    "deck.token_in_deck": _(
        "«%(name)s» es un token; según la regla 14 los tokens no forman parte del mazo: muévelo a la sección «Tokens»."
    ),
    "deck.not_a_token": _(
        "«%(name)s» no es un token y no puede estar en la sección «Tokens» (regla 14): muévelo a la sección «Mazo»."
    ),
}


_LINE_FIRST = re.compile(r"^(?:Línea|Line) \d+: ")


def deck_page_violation_message(problem: Any) -> str:
    """violation_message, in the deck page's words where a list's words would mislead: sections, not
    a list's headers; and no «Línea 43:» first, since the deck page shows no list (the line of the
    exported list is said apart, beside the rule, so it is not read as the pasted list's line)."""
    message = DECK_PAGE_MESSAGES.get(str(getattr(problem, "message_code", None) or getattr(problem, "code", "")))
    if message is not None:
        try:
            return str(message % dict(problem.params))
        except (KeyError, TypeError, ValueError):
            pass
    text = _LINE_FIRST.sub("", violation_message(problem))
    return text[:1].upper() + text[1:]


def violation_message(problem: Any) -> str:
    """A deck-list problem in the reader's language: an engine Violation (its ``message_code``), a
    ParseError (its ``code``), or a Violation's JSON (no code: shown as made)."""
    if isinstance(problem, dict):
        return str(problem.get("message", ""))
    code = getattr(problem, "message_code", None)
    return message_for(MESSAGES, problem.code if code is None else code, problem.params, problem.message,
                       line=problem.line)


# Labels of decks/models.py choices (kept Spanish there), in the reader's language.
VISIBILITY_LABELS = {
    "private": _("Privado"), "unlisted": _("Oculto (solo con el enlace)"), "public": _("Público"),
}
SECTION_LABELS = {"main": _("Mazo"), "tokens": _("Tokens"), "entities": _("Entes"), "elements": _("Elementos")}

# Revision notes are stored as written (Spanish, decks/services.py); pages show them in the reader's
# language. The fixed notes by their text; the two with a parameter by their Spanish opening.
NOTE_PARTS = {"lista": _("lista"), "nombre": _("nombre"), "descripción": _("descripción"),
              "visibilidad": _("visibilidad"), "montado": _("montado")}
NOTES: Messages = {
    "Cambios en el constructor": _("Cambios en el constructor"),
    "Guardado sin cambios": _("Guardado sin cambios"),
    "Creado a partir de una lista": _("Creado a partir de una lista"),
    "Lista reemplazada": _("Lista reemplazada"),
    "Mazo creado": _("Mazo creado"),
    "Editado en la administración": _("Editado en la administración"),
}


def revision_note(note: str) -> str:
    if speaks_spanish():
        return note
    if note.startswith("Cambios: "):
        parts = [str(NOTE_PARTS.get(p, p)) for p in note.removeprefix("Cambios: ").split(", ")]
        return str(_("Cambios: %(parts)s") % {"parts": ", ".join(parts)})
    number = note.removeprefix("Restaurada la revisión ")
    if number != note and number.isdigit():
        return str(_("Restaurada la revisión %(n)s") % {"n": number})
    copied = note.removeprefix("Copiado de «")
    if copied != note and "» de " in copied:
        name, owner = copied.rsplit("» de ", 1)
        return str(_("Copiado de «%(name)s» de %(owner)s") % {"name": name, "owner": owner})
    return message_for(NOTES, note, {}, note)
