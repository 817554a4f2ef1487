"""A deck search's answer in words a player acts on: each step (cut, added, by how much, how sure),
the verified headline and why it is the number to trust, and the note a saved revision keeps."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.charts import format_number, format_percent
from play.compare.present import FIELDS, interval_text, measurable, signed

NOTE_LENGTH = 200  # DeckRevision.note
WIN_RATE_PHRASE = gettext_lazy("%(delta)s puntos de porcentaje de victorias contra el campo")
WIN_TURN_PHRASE = gettext_lazy("%(delta)s turnos en llegar el BAÚL a 30")
WIN_TURN_LABEL = gettext_lazy("Turno en que el BAÚL llega a 30")


def _percent(goal: dict[str, Any]) -> bool:
    return goal["field"] == "win_rate" or (goal["field"] != "win_turn" and FIELDS[goal["field"]].percent)


def _phrase(goal: dict[str, Any], delta: float) -> str:
    text = signed(delta, percent=_percent(goal))
    if goal["field"] == "win_rate":
        return str(WIN_RATE_PHRASE) % {"delta": text}
    if goal["field"] == "win_turn":
        return str(WIN_TURN_PHRASE) % {"delta": text}
    return FIELDS[goal["field"]].phrase % {"delta": text, "turn": goal["turn"]}


def goal_label(goal: dict[str, Any]) -> str:
    if goal["field"] == "win_rate":
        return _("porcentaje de victorias contra el campo")
    if goal["field"] == "win_turn":
        return _("turno en que el BAÚL llega a 30 (en %(turn)s turnos)") % {"turn": goal["turn"]}
    return str(FIELDS[goal["field"]].short % {"turn": goal["turn"]})


def value_text(goal: dict[str, Any], value: float | None) -> str:
    return format_percent(value) if _percent(goal) else format_number(value)


def _names(codes: list[str], name: str) -> str:
    return f"{len(codes)} × {name}" if len(codes) > 1 else name


def step_sentence(goal: dict[str, Any], number: int, step: dict[str, Any]) -> str:
    """"Paso 1: fuera Gólem de barro, dentro Relojero de huesos: +0,82 de poder máximo en el turno 6
    (IC 95 %: +0,71 a +0,92, en 480 partidas que no sirvieron para elegirlo)"."""
    return _("Paso %(n)s: fuera %(cut)s, dentro %(add)s: %(change)s (%(ci)s, en %(games)s partidas que no "
             "sirvieron para elegirlo).") % {
        "n": number, "cut": _names(step["cut"], step.get("cut_name") or step["cut"][0]),
        "add": _names(step["add"], step.get("add_name") or step["add"][0]),
        "change": _phrase(goal, step["delta"]), "ci": interval_text(step["ci95"], percent=_percent(goal)),
        "games": format_number(step["games"], 0)}


def verified_sentence(result: dict[str, Any]) -> str:
    """The headline: best against start on games the search never saw."""
    goal, verified = result["goal"], result["verified"] or {}
    games = format_number(verified.get("games"), 0)
    if not result["steps"]:
        return _("Ningún cambio mejora el mazo de forma medible con este presupuesto: el mejor mazo es el de "
                 "partida (%(value)s de %(what)s en %(games)s partidas).") % {
            "value": value_text(goal, result["start"]["value"]), "what": goal_label(goal), "games": games}
    cell = {"delta": verified["delta"], "ci95": verified["ci95"]}
    if not measurable(cell):
        return _("Verificado en %(games)s partidas nuevas: sin diferencia medible entre el mazo mejorado y el de "
                 "partida (%(ci)s).") % {"games": games, "ci": interval_text(verified["ci95"], percent=_percent(goal))}
    return _("Verificado en %(games)s partidas nuevas: el mazo mejorado da %(change)s frente al de partida "
             "(%(ci)s): de %(start)s a %(best)s.") % {
        "games": games, "change": _phrase(goal, verified["delta"]),
        "ci": interval_text(verified["ci95"], percent=_percent(goal)),
        "start": value_text(goal, result["start"]["value"]), "best": value_text(goal, result["best"]["value"])}


def revision_note(result: dict[str, Any]) -> str:
    """The note of the revision a search's best deck is saved as (at most NOTE_LENGTH characters):
    each step's cut and added cards and its difference, then the verified one."""
    goal = result["goal"]
    steps = "; ".join(
        _("−%(cut)s +%(add)s (%(delta)s)") % {
            "cut": _names(s["cut"], s.get("cut_name") or s["cut"][0]),
            "add": _names(s["add"], s.get("add_name") or s["add"][0]),
            "delta": signed(s["delta"], percent=_percent(goal))}
        for s in result["steps"])
    verified = result["verified"] or {}
    tail = _(" · verificado %(delta)s (%(ci)s)") % {
        "delta": signed(verified.get("delta") or 0, percent=_percent(goal)),
        "ci": interval_text(verified["ci95"], percent=_percent(goal)) if verified.get("ci95") else "—"}
    head = _("Mejorar el mazo (%(what)s): ") % {"what": goal_label(goal)}
    room = NOTE_LENGTH - len(head) - len(tail)
    if len(steps) > room:
        steps = steps[: max(0, room - 1)] + "…"
    return head + steps + tail


def result_context(result: dict[str, Any]) -> dict[str, Any]:
    goal = result["goal"]
    return {
        "result": result,
        "step_sentences": [step_sentence(goal, i, s) for i, s in enumerate(result["steps"], 1)],
        "headline": verified_sentence(result),
        "goal_label": goal_label(goal),
        "note": revision_note(result) if result["steps"] else "",
    }


def found_sentences(goal: dict[str, Any], found: list[dict[str, Any]]) -> list[str]:
    """The steps of a search still running, as they were found."""
    return [step_sentence(goal, i, s) for i, s in enumerate(found, 1)]
