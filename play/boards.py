"""Small reshapes of the engine's table dicts for the templates (no rules here)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from play.events import WORLD_LABELS

GROUPS = (
    ("mulligan_discard", _("Mulligan")),
    ("first", _("Inicio")),
    ("play", _("Jugar")),
    ("reveal", _("Revelar")),
    ("move", _("Mover")),
    ("sacrifice", _("Sacrificar")),
    ("attack", _("Atacar")),
    ("place", _("Colocar")),
    ("fight", _("Luchar")),
    ("reinforce", _("Reforzar")),
    ("prize", _("Premio")),
)


def action_groups(actions: list[dict[str, str]]) -> list[dict[str, Any]]:
    """The legal actions in groups by kind (the key's first word), in the engine's order inside each."""
    known = dict(GROUPS)
    groups: dict[str, dict[str, Any]] = {}
    for action in actions:
        kind = action["key"].split(":", 1)[0]
        name = kind if kind in known else "other"
        group = groups.setdefault(name, {"kind": name, "title": known.get(name, ""), "actions": []})
        group["actions"].append(action)
    order = [k for k, _title in GROUPS] + ["other"]
    return sorted(groups.values(), key=lambda g: order.index(g["kind"]))


def mision_worlds(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The four worlds with the Entes each seat has placed there."""
    out = []
    for key, name in WORLD_LABELS.items():
        out.append({
            "key": key, "name": name,
            "seats": [
                [{**e, "strength": e["worlds"][key]} for e in seat["board"] if e["world"] == key]
                for seat in state["seats"]
            ],
        })
    return out


MISION_PHASES = {
    "place": _("Colocar el Ente robado (paso 2)"),
    "fight": _("Luchas (paso 3)"),
    "reinforce": _("Refuerzo de la lucha"),
    "prize": _("Premio: BAÚL u oculto"),
}


def mision_phase_label(state: dict[str, Any]) -> str:
    """The Spanish name of the Misión S.O.S decision pending (the engine gives only its kind)."""
    if state.get("over"):
        return str(_("Partida terminada"))
    return str(MISION_PHASES.get(state.get("phase", ""), state.get("phase", "")))
