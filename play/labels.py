"""The engine's table labels (Spanish: phases, prompts, decisions) in the reader's language, by code.

The engine stays Spanish and free of Django; each label of a table state comes with its code and
parameters (``phase_code``; ``prompt_code`` and ``prompt_params``; each action's ``code`` and
``params``; engine.messages.TABLE_LABELS lists the codes). The table page shows the message for
the code (common/messages.py); a label without a code, or with an unknown one, is shown as made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from common.messages import Messages, message_for

# engine.messages.TABLE_LABELS: every code has its message here (tests/common/test_messages.py).
LABELS: Messages = {
    "phase.start": _("Inicio de partida (11.c)"),
    "phase.mulligan": _("Mulligan (11.b)"),
    "phase.movement": _("Fase de movimiento (12.b)"),
    "phase.power": _("Fase de poder (12.c)"),
    "phase.attack": _("Fase de ataque (12.d)"),
    "phase.over": _("Partida terminada"),
    "prompt.first": _("Ganaste el dado: ¿quién empieza?"),
    "prompt.mulligan": _("Mulligan (11.b): elige la carta a descartar"),
    "prompt.movement": _("Fase de movimiento"),
    "prompt.attack": _("Fase de ataque: elige un ataque"),
    "prompt.place": _("Elige el mundo de %(name)s"),
    "prompt.fight": _("Elige qué Ente lucha ahora"),
    "prompt.reinforce": _("¿Refuerzas a tu Ente?"),
    "prompt.prize": _("Premio: ¿al BAÚL o a tus Elementos de juego?"),
    "action.first_me": _("Empezar yo"),
    "action.first_rival": _("Que empiece el rival"),
    "action.keep": _("Conservar la mano (renunciar al mulligan, 11.b)"),
    "action.discard": _("Descartar %(name)s"),
    "action.end": _("Terminar la fase de movimiento"),
    "action.play_up_slot": _("Jugar %(name)s boca arriba en el espacio de combate %(n)s"),
    "action.play_down_slot": _("Jugar %(name)s boca abajo en el espacio de combate %(n)s"),
    "action.play_up_reaction": _("Jugar %(name)s boca arriba (reacción)"),
    "action.play_down_reaction": _("Jugar %(name)s boca abajo (reacción)"),
    "action.play_up_summon": _("Jugar %(name)s boca arriba (invocación)"),
    "action.play_down_summon": _("Jugar %(name)s boca abajo (invocación)"),
    "action.enter": _("Jugar %(name)s en el espacio %(n)s"),
    "action.retreat": _("Mover la carta atacada al espacio %(n)s"),
    "action.move": _("Mover %(name)s al espacio %(n)s"),
    "action.move_attack": _("Mover %(name)s al espacio %(to)s y atacar (%(attack)s) a %(target)s (espacio %(n)s)"),
    "action.attack": _("Atacar con %(name)s (%(attack)s, coste %(cost)s) a %(target)s (espacio %(n)s)"),
    "action.place": _("Colocar %(name)s en %(world)s (%(n)s)"),
    "action.fight": _("Luchar con %(name)s en %(world)s"),
    "action.reinforce": _("Reforzar con un Elemento de juego"),
    "action.no_reinforce": _("No reforzar"),
    "action.prize_chest": _("Voltear el premio y sumarlo al BAÚL"),
    "action.prize_hidden": _("Integrar el premio sin verlo a tus Elementos de juego"),
}

# The engine names worlds by slug in its state dicts and labels' parameters: shown by name.
WORLD_SLUGS = {"water": _("Agua"), "air": _("Aire"), "fire": _("Fuego"), "earth": _("Tierra")}
# A parameter the engine fills with Spanish words rather than a name (an attack's target).
WORDS = {"la carta boca abajo": _("la carta boca abajo")}


def world_name(slug: str) -> str:
    """«water» → «Agua» (Spanish) or «Water» (English); an unknown slug is shown as given."""
    return str(WORLD_SLUGS.get(slug, slug))


def label(code: str, params: Mapping[str, Any] | None, text: str) -> str:
    """The label *code* filled with *params* in the reader's language; *text*, the engine's, otherwise."""
    return message_for(LABELS, code, shown_params(params), text)


def shown_params(params: Mapping[str, Any] | None) -> dict[str, Any]:
    """A label's parameters as the page says them: worlds by name, the engine's Spanish words translated."""
    return {k: _shown(k, v) for k, v in (params or {}).items()}


def action_label(action: Any) -> str:
    """An engine Action's label in the reader's language (the replay's last and next decision)."""
    return label(getattr(action, "code", ""), getattr(action, "params", None), str(getattr(action, "label", action)))


def _shown(key: str, value: Any) -> Any:
    if key == "world" and isinstance(value, str):
        return world_name(value)
    return str(WORDS[value]) if isinstance(value, str) and value in WORDS else value


def translate_state(state: dict[str, Any]) -> None:
    """The table state's phase, prompt and decision labels in the reader's language (in place)."""
    if isinstance(state.get("phase_label"), str):
        state["phase_label"] = label(state.get("phase_code", ""), None, state["phase_label"])
    if isinstance(state.get("prompt"), str):
        state["prompt"] = label(state.get("prompt_code", ""), state.get("prompt_params"), state["prompt"])
    for action in state.get("actions", []):
        action["label"] = label(action.get("code", ""), action.get("params"), action["label"])
    translate_worlds(state)


def translate_worlds(state: dict[str, Any]) -> None:
    """The world of the pending Misión fight by name, not slug (in place)."""
    fight = state.get("fight")
    if isinstance(fight, dict) and isinstance(fight.get("world"), str):
        fight["world"] = world_name(fight["world"])
