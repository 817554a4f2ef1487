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


FACES = {"up": _("boca arriba"), "down": _("boca abajo")}


def hand_choices(actions: list[dict[str, str]]) -> dict[int, dict[str, Any]]:
    """The engine's "play" actions per hand card, as a chooser: combat slots × faces in a grid, any
    other target as its own button (the engine's label), instead of one button per card×slot×face."""
    out: dict[int, dict[str, Any]] = {}
    for action in actions:
        parts = action["key"].split(":")
        if parts[0] != "play" or len(parts) < 3 or not parts[1].isdigit():
            continue
        card = out.setdefault(int(parts[1]), {"slots": [], "faces": [], "grid": {}, "other": []})
        target, face = parts[2], parts[3] if len(parts) > 3 else ""
        if target.startswith("slot") and target[4:].isdigit() and face in FACES:
            slot = int(target[4:])
            if slot not in card["slots"]:
                card["slots"].append(slot)
            if face not in card["faces"]:
                card["faces"].append(face)
            card["grid"][(face, slot)] = action
        else:
            card["other"].append(action)
    for card in out.values():
        card["slots"].sort()
        card["faces"].sort(key=lambda f: list(FACES).index(f))
        card["rows"] = [
            {"face": face, "label": FACES[face],
             "cells": [{"slot": s + 1, "action": card["grid"].get((face, s))} for s in card["slots"]]}
            for face in card["faces"]
        ]
        card["columns"] = [s + 1 for s in card["slots"]]
    return out


def attack_ready(state: dict[str, Any]) -> None:
    """Mark an attack "available" only when the engine offers it now (an attack action for that
    slot); power alone is not enough (no Ataque phase on turn 1, no opponent at the solitaire table)."""
    keys = [a["key"] for a in state.get("actions", []) if a["key"].startswith("attack")]
    for slot in state.get("board", []):
        if slot.get("empty"):
            continue
        n = slot["slot"]
        here = [k for k in keys if k.split(":")[1:2] == [f"slot{n}"]]  # attack:slot<s>:<attack>:…
        attacks = slot.get("attacks", [])
        for attack in attacks:
            index = str(attack.get("index"))
            attack["available"] = any(k.split(":")[2:3] == [index] for k in here)
