"""The engine's table labels (Spanish: phases, prompts, decisions) in the reader's language.

The engine stays Spanish and free of Django; the table page translates what it shows at this
boundary with the shapes of common/messages.py. A label of an unknown shape is shown as made.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from common.messages import shape, translate

LABELS = [
    shape(r"Inicio de partida \(11\.c\)", _("Inicio de partida (11.c)")),
    shape(r"Mulligan \(11\.b\)", _("Mulligan (11.b)")),
    shape(r"Fase de movimiento \(12\.b\)", _("Fase de movimiento (12.b)")),
    shape(r"Fase de poder \(12\.c\)", _("Fase de poder (12.c)")),
    shape(r"Fase de ataque \(12\.d\)", _("Fase de ataque (12.d)")),
    shape(r"Fase de movimiento", _("Fase de movimiento")),
    shape(r"Fase de ataque: elige un ataque", _("Fase de ataque: elige un ataque")),
    shape(r"Partida terminada", _("Partida terminada")),
    shape(r"Terminar la fase de movimiento", _("Terminar la fase de movimiento")),
    shape(r"Conservar la mano \(renunciar al mulligan, 11\.b\)", _("Conservar la mano (renunciar al mulligan, 11.b)")),
    shape(r"Empezar yo", _("Empezar yo")),
    shape(r"Que empiece el rival", _("Que empiece el rival")),
    shape(r"Descartar (?P<name>.+)", _("Descartar %(name)s")),
    shape(r"Jugar (?P<name>.+) boca arriba en el espacio de combate (?P<n>\d+)",
          _("Jugar %(name)s boca arriba en el espacio de combate %(n)s")),
    shape(r"Jugar (?P<name>.+) boca abajo en el espacio de combate (?P<n>\d+)",
          _("Jugar %(name)s boca abajo en el espacio de combate %(n)s")),
    shape(r"Jugar (?P<name>.+) boca arriba \(reacción\)", _("Jugar %(name)s boca arriba (reacción)")),
    shape(r"Jugar (?P<name>.+) boca abajo \(reacción\)", _("Jugar %(name)s boca abajo (reacción)")),
    shape(r"Jugar (?P<name>.+) boca arriba \(invocación\)", _("Jugar %(name)s boca arriba (invocación)")),
    shape(r"Jugar (?P<name>.+) boca abajo \(invocación\)", _("Jugar %(name)s boca abajo (invocación)")),
    shape(r"Jugar (?P<name>.+) en el espacio (?P<n>\d+)", _("Jugar %(name)s en el espacio %(n)s")),
    shape(r"Mover la carta atacada al espacio (?P<n>\d+)", _("Mover la carta atacada al espacio %(n)s")),
    shape(r"Mover (?P<name>.+) al espacio (?P<to>\d+) y atacar \((?P<attack>.+)\) a (?P<target>.+) \(espacio (?P<n>\d+)\)",
          _("Mover %(name)s al espacio %(to)s y atacar (%(attack)s) a %(target)s (espacio %(n)s)")),
    shape(r"Mover (?P<name>.+) al espacio (?P<n>\d+)", _("Mover %(name)s al espacio %(n)s")),
    shape(r"Atacar con (?P<name>.+) \((?P<attack>.+), coste (?P<cost>\d+)\) a (?P<target>.+) \(espacio (?P<n>\d+)\)",
          _("Atacar con %(name)s (%(attack)s, coste %(cost)s) a %(target)s (espacio %(n)s)")),
    shape(r"Elige el mundo de (?P<name>.+)", _("Elige el mundo de %(name)s")),
    shape(r"Colocar (?P<name>.+) en (?P<world>Agua|Aire|Fuego|Tierra) \((?P<n>\d+)\)",
          _("Colocar %(name)s en %(world)s (%(n)s)")),
    shape(r"Luchar con (?P<name>.+) en (?P<world>Agua|Aire|Fuego|Tierra)", _("Luchar con %(name)s en %(world)s")),
    shape(r"Reforzar con un Elemento de juego", _("Reforzar con un Elemento de juego")),
    shape(r"No reforzar", _("No reforzar")),
    shape(r"Voltear el premio y sumarlo al BAÚL", _("Voltear el premio y sumarlo al BAÚL")),
    shape(r"Integrar el premio sin verlo a tus Elementos de juego", _("Integrar el premio sin verlo a tus Elementos de juego")),
    shape(r"Premio: ¿al BAÚL o a tus Elementos de juego\?", _("Premio: ¿al BAÚL o a tus Elementos de juego?")),
]
WORLDS = {"Agua": _("Agua"), "Aire": _("Aire"), "Fuego": _("Fuego"), "Tierra": _("Tierra")}


def label(text: str) -> str:
    out = translate(text, LABELS)
    for spanish, word in WORLDS.items():  # world names inside a translated Misión label
        if out is not text and f" {spanish}" in out:
            out = out.replace(f" {spanish}", f" {word}")
    return out


def translate_state(state: dict[str, Any]) -> None:
    """The table state's phase, prompt and decision labels in the reader's language (in place)."""
    for key in ("phase_label", "prompt"):
        if isinstance(state.get(key), str):
            state[key] = label(state[key])
    for action in state.get("actions", []):
        action["label"] = label(action["label"])
    translate_worlds(state)


# The engine names worlds by slug in its state dicts (``fight.world``): shown in the reader's language.
WORLD_SLUGS = {"water": _("Agua"), "air": _("Aire"), "fire": _("Fuego"), "earth": _("Tierra")}


def world_name(slug: str) -> str:
    """«water» → «Agua» (Spanish) or «Water» (English); an unknown slug is shown as given."""
    return str(WORLD_SLUGS.get(slug, slug))


def translate_worlds(state: dict[str, Any]) -> None:
    """The world of the pending Misión fight by name, not slug (in place)."""
    fight = state.get("fight")
    if isinstance(fight, dict) and isinstance(fight.get("world"), str):
        fight["world"] = world_name(fight["world"])
