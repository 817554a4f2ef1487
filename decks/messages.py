"""The engine's deck-validation messages (Spanish) in the reader's language (common/messages.py).

Rule numbers, codes and card names stay as they are; only the sentence around them changes.
The API keeps the engine's Spanish `message` (docs/contract.md §4 says so); pages translate.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from common.messages import shape, speaks_spanish, translate
from engine import Violation

VIOLATIONS = [
    shape(r"no existe ninguna carta con el código «(?P<code>.*)»\.",
          _("no existe ninguna carta con el código «%(code)s».")),
    shape(r"no existe ninguna carta llamada «(?P<name>.*)»\.", _("no existe ninguna carta llamada «%(name)s».")),
    shape(r"«(?P<name>.*)» \((?P<code>[^)]*)\) es una carta de (?P<game>.*), no de (?P<other>.*)\.",
          _("«%(name)s» (%(code)s) es una carta de %(game)s, no de %(other)s.")),
    shape(r"«(?P<name>.*)» está en una sección desconocida \((?P<section>.*)\)\.",
          _("«%(name)s» está en una sección desconocida (%(section)s).")),
    shape(r"«(?P<name>.*)» es un token; según la regla 14 los tokens no forman parte del mazo: ponlo bajo «Tokens:»\.",
          _("«%(name)s» es un token; según la regla 14 los tokens no forman parte del mazo: ponlo bajo «Tokens:».")),
    shape(r"«(?P<name>.*)» no es un token y no puede ir bajo «Tokens:» \(regla 14\); ponlo bajo «Mazo:»\.",
          _("«%(name)s» no es un token y no puede ir bajo «Tokens:» (regla 14); ponlo bajo «Mazo:».")),
    shape(r"«(?P<name>.*)» aparece (?P<count>\d+) veces; la regla 4 permite una sola carta con el mismo nombre\.",
          _("«%(name)s» aparece %(count)s veces; la regla 4 permite una sola carta con el mismo nombre.")),
    shape(r"El mazo no tiene ninguna carta de combate sin «†»: toda partida se pierde en el mulligan "
          r"\(reglas 11\.b y 7\.c\)\.",
          _("El mazo no tiene ninguna carta de combate sin «†»: toda partida se pierde en el mulligan "
             "(reglas 11.b y 7.c).")),
    shape(r"El mazo tiene (?P<size>\d+) cartas? sin contar los tokens; hacen falta al menos (?P<need>\d+) para "
          r"robar la mano inicial \(reglas 11\.b y 7\.c\)\.",
          _("El mazo tiene %(size)s cartas sin contar los tokens; hacen falta al menos %(need)s para robar la "
             "mano inicial (reglas 11.b y 7.c).")),
    shape(r"El mazo tiene (?P<size>\d+) cartas?; hacen falta al menos (?P<need>\d+) para robar la mano inicial "
          r"\(reglas 11\.b y 7\.c\)\.",
          _("El mazo tiene %(size)s cartas; hacen falta al menos %(need)s para robar la mano inicial "
             "(reglas 11.b y 7.c).")),
    shape(r"«(?P<name>.*)» es un Ente y está bajo «Elementos:»; va bajo «Entes:»\.",
          _("«%(name)s» es un Ente y está bajo «Elementos:»; va bajo «Entes:».")),
    shape(r"«(?P<name>.*)» es un Elemento y está bajo «Entes:»; va bajo «Elementos:»\.",
          _("«%(name)s» es un Elemento y está bajo «Entes:»; va bajo «Elementos:».")),
    shape(r"«(?P<header>[^»]*)» tiene (?P<count>\d+) cartas?; la preparación \(FORMA DE JUEGO\) toma (?P<need>\d+) "
          r"al inicio de la partida\.",
          _("«%(header)s» tiene %(count)s cartas; la preparación (FORMA DE JUEGO) toma %(need)s al inicio de "
             "la partida.")),
    shape(r"«(?P<text>.*)» es un encabezado de (?P<other>.*), no de (?P<game>.*); usa (?P<expected>.*)\.",
          _("«%(text)s» es un encabezado de %(other)s, no de %(game)s; usa %(expected)s.")),
    shape(r"«(?P<text>.*)» no es un encabezado de (?P<game>.*); usa (?P<expected>.*)\.",
          _("«%(text)s» no es un encabezado de %(game)s; usa %(expected)s.")),
    shape(r"la cantidad (?P<digits>\d+) es absurda \(máximo (?P<max>\d+)\)\.",
          _("la cantidad %(digits)s es absurda (máximo %(max)s).")),
    shape(r"la cantidad debe ser al menos 1\.", _("la cantidad debe ser al menos 1.")),
    shape(r"el código entre paréntesis está vacío\.", _("el código entre paréntesis está vacío.")),
    shape(r"falta el nombre de la carta\.", _("falta el nombre de la carta.")),
]


def violation_message(violation: Violation) -> str:
    return translate(violation.message, VIOLATIONS)


# Labels of decks/models.py choices (kept Spanish there), in the reader's language.
VISIBILITY_LABELS = {
    "private": _("Privado"), "unlisted": _("Oculto (solo con el enlace)"), "public": _("Público"),
}
SECTION_LABELS = {"main": _("Mazo"), "tokens": _("Tokens"), "entities": _("Entes"), "elements": _("Elementos")}

# Revision notes are stored as written (Spanish); pages show them in the reader's language.
NOTE_PARTS = {"lista": _("lista"), "nombre": _("nombre"), "descripción": _("descripción"),
              "visibilidad": _("visibilidad"), "montado": _("montado")}
NOTES = [
    shape(r"Cambios en el constructor", _("Cambios en el constructor")),
    shape(r"Guardado sin cambios", _("Guardado sin cambios")),
    shape(r"Creado a partir de una lista", _("Creado a partir de una lista")),
    shape(r"Lista reemplazada", _("Lista reemplazada")),
    shape(r"Mazo creado", _("Mazo creado")),
    shape(r"Editado en la administración", _("Editado en la administración")),
    shape(r"Restaurada la revisión (?P<n>\d+)", _("Restaurada la revisión %(n)s")),
    shape(r"Copiado de «(?P<name>.*)» de (?P<owner>.*)", _("Copiado de «%(name)s» de %(owner)s")),
]


def revision_note(note: str) -> str:
    if note.startswith("Cambios: ") and not speaks_spanish():
        parts = [str(NOTE_PARTS.get(p, p)) for p in note.removeprefix("Cambios: ").split(", ")]
        return str(_("Cambios: %(parts)s") % {"parts": ", ".join(parts)})
    return translate(note, NOTES)
