"""A paired comparison (docs/contract.md §6) said in words a player reads, and drawn.

"Con Marea de vigor en lugar de Defensa final: +0,52 de poder máximo en el turno 3 (IC 95 %: +0,49 a
+0,55)": the headline names every change between the lists, then the turns where each charted number
differs clearly (its interval leaves 0 out). An interval that holds 0 says there is no measurable
difference with that many games, and how small one they could have missed (the interval's widest
end); an interval never reads "0 a 0" unless every game was the same. Numbers are in the
page's language (common.charts.format_number: "0,52" / "0.52"); shares are told in percentage
points. The charts are the site's (common.charts): both sides per turn, and the difference B − A
with its interval as a shaded band.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.charts import Series, chart_lines, format_number
from common.games import site_game

MINUS = "\u2212"


@dataclass(frozen=True)
class Field:
    key: str
    label: Any  # the number's name, for tables and the goal picker
    phrase: Any  # "%(delta)s de poder máximo en el turno %(turn)s"
    short: Any  # the history line: "poder en el turno %(turn)s"
    percent: bool = False


FIELDS = {f.key: f for f in (
    Field("mean_power_max", gettext_lazy("Poder máximo medio"),
          gettext_lazy("%(delta)s de poder máximo en el turno %(turn)s"),
          gettext_lazy("poder en el turno %(turn)s")),
    Field("p_combatant", gettext_lazy("Con combatiente tras el Poder"),
          gettext_lazy("%(delta)s puntos de probabilidad de tener combatiente en el turno %(turn)s"),
          gettext_lazy("combatiente en el turno %(turn)s"), percent=True),
    Field("p_alive", gettext_lazy("Sigue en juego"),
          gettext_lazy("%(delta)s puntos de probabilidad de seguir en juego en el turno %(turn)s"),
          gettext_lazy("sigue en juego en el turno %(turn)s"), percent=True),
    Field("mean_power_total", gettext_lazy("Poder total medio"),
          gettext_lazy("%(delta)s de poder total en el turno %(turn)s"),
          gettext_lazy("poder total en el turno %(turn)s")),
    Field("mean_combatants", gettext_lazy("Combatientes de media"),
          gettext_lazy("%(delta)s combatientes en el turno %(turn)s"),
          gettext_lazy("combatientes en el turno %(turn)s")),
    Field("p_attack_ready", gettext_lazy("Con un ataque pagable"),
          gettext_lazy("%(delta)s puntos de probabilidad de poder pagar un ataque en el turno %(turn)s"),
          gettext_lazy("ataque pagable en el turno %(turn)s"), percent=True),
    Field("mean_chest", gettext_lazy("BAÚL medio"),
          gettext_lazy("%(delta)s puntos de BAÚL en el turno %(turn)s"),
          gettext_lazy("BAÚL en el turno %(turn)s")),
    Field("p_won", gettext_lazy("BAÚL ya en 30"),
          gettext_lazy("%(delta)s puntos de probabilidad de tener el BAÚL en 30 en el turno %(turn)s"),
          gettext_lazy("BAÚL en 30 en el turno %(turn)s"), percent=True),
    Field("mean_entes_placed", gettext_lazy("Entes colocados (media)"),
          gettext_lazy("%(delta)s Entes colocados en el turno %(turn)s"),
          gettext_lazy("Entes en el turno %(turn)s")),
    Field("mean_elementos_juego", gettext_lazy("Elementos de juego (media)"),
          gettext_lazy("%(delta)s Elementos de juego en el turno %(turn)s"),
          gettext_lazy("Elementos en el turno %(turn)s")),
    Field("mean_elementos_deck", gettext_lazy("Elementos en el mazo (media)"),
          gettext_lazy("%(delta)s Elementos en el mazo en el turno %(turn)s"),
          gettext_lazy("Elementos en el mazo en el turno %(turn)s")),
)}
# The goal a comparison is told by unless the player picks another, the fields drawn and the fields
# tabulated are each game's record (common/games.py: default_goal, charted, fields).


def goal_fields(game: str) -> list[tuple[str, str]]:
    """(key, label) of the per-turn numbers a comparison of *game* can be told by."""
    return [(k, str(FIELDS[k].label)) for k in site_game(game).fields]


# ---------------------------------------------------------------- numbers
def signed(value: float, *, percent: bool = False, digits: int = 2) -> str:
    """+0,52 / −0,03 / 0 in the page's language; shares (0–1) as percentage points."""
    shown = value * 100 if percent else value
    shown = round(shown, 1 if percent else digits)
    if shown == 0:
        return "0"
    text = number_format(abs(shown), 1 if percent else digits, force_grouping=True)
    return f"+{text}" if shown > 0 else f"{MINUS}{text}"


def _digits(values: list[float], *, percent: bool = False) -> int:
    """Enough decimals that no value other than 0 reads as 0 (at most 4)."""
    digits = 1 if percent else 2
    scale = 100 if percent else 1
    while digits < 4 and any(v and round(v * scale, digits) == 0 for v in values):
        digits += 1
    return digits


def interval_text(ci: list[float], *, percent: bool = False) -> str:
    if ci[0] == 0 and ci[1] == 0:
        return _("igual en cada partida")
    digits = _digits(ci, percent=percent)
    return _("IC 95 %%: %(lo)s a %(hi)s") % {"lo": _signed(ci[0], percent, digits), "hi": _signed(ci[1], percent, digits)}


def _signed(value: float, percent: bool, digits: int) -> str:
    shown = round(value * (100 if percent else 1), digits)
    if shown == 0:
        return "0"
    text = number_format(abs(shown), digits, force_grouping=True)
    return f"+{text}" if shown > 0 else f"{MINUS}{text}"


def bound_text(ci: list[float], *, percent: bool = False) -> str:
    """"±0,03": the largest difference an interval that holds 0 leaves open."""
    bound = max(abs(ci[0]), abs(ci[1]))
    digits = _digits([bound], percent=percent)
    return "±" + number_format(round(bound * (100 if percent else 1), digits), digits, force_grouping=True)


def measurable(cell: dict[str, Any] | None) -> bool:
    """Whether the interval leaves 0 out: a difference these games can tell."""
    ci = (cell or {}).get("ci95")
    return bool(ci) and (ci[0] > 0 or ci[1] < 0)


# ---------------------------------------------------------------- words
def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else _("%(first)s y %(last)s") % {"first": ", ".join(items[:-1]),
                                                                          "last": items[-1]}


def change_words(diff: Any, label_b: str) -> str:
    """The subject of the headline, naming every change from A to B (a decks.diff.ListDiff): "Con
    Hidra en lugar de Defensa final", "Con +1 Hidra, −1 Defensa final y Gólem de 1 a 2 copias"."""
    added, removed, changed = diff.added, diff.removed, diff.changed
    if not (added or removed or changed):
        return _("Con %(list)s (la misma lista)") % {"list": label_b}
    if len(added) == 1 and len(removed) == 1 and not changed and added[0].change == removed[0].amount:
        return _("Con %(card)s en lugar de %(cut)s") % {"card": added[0].name, "cut": removed[0].name}
    if not removed and not changed and all(line.change == 1 for line in added):  # cards added, one of each
        return _("Con %(cards)s") % {"cards": _and([line.name for line in added])}
    parts = [f"+{line.change} {line.name}" for line in added]
    parts += [f"{MINUS}{line.amount} {line.name}" for line in removed]
    parts += [_("%(card)s de %(before)s a %(after)s copias") % {"card": line.name, "before": line.before,
                                                                "after": line.after} for line in changed]
    return _("Con %(changes)s") % {"changes": _and(parts)}


def _turns_text(turns: list[int]) -> str:
    """"el turno 3", "los turnos 8 a 10", "los turnos 2, 5 y 8 a 10"."""
    runs: list[list[int]] = []
    for t in turns:
        if runs and t == runs[-1][-1] + 1:
            runs[-1].append(t)
        else:
            runs.append([t])
    if len(runs) == 1 and len(runs[0]) == 1:
        return _("el turno %(turn)s") % {"turn": runs[0][0]}
    parts = [str(r[0]) if len(r) == 1 else _("%(first)s a %(last)s") % {"first": r[0], "last": r[-1]} for r in runs]
    return _("los turnos %(turns)s") % {"turns": _and(parts)}


def clear_turns_sentences(result: dict[str, Any]) -> list[str]:
    """For each charted number, the turns where the difference is clear and the largest there; or
    that no turn shows one."""
    rows, out = result["diff"]["per_turn"], []
    for key in site_game(result["game"]).charted:
        info = FIELDS[key]
        clear = [(r["turn"], r[key]) for r in rows if measurable(r.get(key))]
        what = str(info.label)
        if not clear:
            out.append(_("%(what)s: ningún turno con diferencia clara en %(games)s partidas.") % {
                "what": what, "games": format_number(result["games"], 0)})
            continue
        turn, cell = max(clear, key=lambda tc: abs(tc[1]["delta"]))
        out.append(_("%(what)s: diferencia clara en %(turns)s (la mayor, %(delta)s en el turno %(turn)s).") % {
            "what": what, "turns": _turns_text([t for t, _c in clear]),
            "delta": signed(cell["delta"], percent=info.percent) + (" " + _("puntos") if info.percent else ""),
            "turn": turn})
    return out


def goal_sentence(result: dict[str, Any], field: str, turn: int, *, subject: str) -> str:
    """The comparison told by one per-turn number on one turn."""
    row = next((r for r in result["diff"]["per_turn"] if r["turn"] == turn), None)
    return difference_sentence(subject, field, turn, row.get(field) if row else None, result["games"])


def difference_sentence(subject: str, field: str, turn: int, cell: dict[str, Any] | None, games: int) -> str:
    """"<subject>: +0,52 de poder máximo en el turno 3 (IC 95 %: +0,49 a +0,55)", or that these
    *games* cannot tell a difference."""
    info = FIELDS[field]
    what, games_text = info.short % {"turn": turn}, format_number(games, 0)
    if not cell:
        return _("%(who)s: no hay datos de %(what)s.") % {"who": subject, "what": what}
    ci = cell.get("ci95")
    if ci == [0, 0] and cell["delta"] == 0:
        return _("%(who)s: exactamente igual en %(what)s en las %(games)s partidas.") % {
            "who": subject, "what": what, "games": games_text}
    if not measurable(cell):
        if not ci:
            return _("%(who)s: sin diferencia medible en %(what)s con %(games)s partidas.") % {
                "who": subject, "what": what, "games": games_text}
        return _("%(who)s: sin diferencia medible en %(what)s con %(games)s partidas: si la hay, no pasa de "
                 "%(bound)s%(unit)s (%(ci)s); más partidas la acotarían más.") % {
            "who": subject, "what": what, "games": games_text, "bound": bound_text(ci, percent=info.percent),
            "unit": " " + _("puntos") if info.percent else "", "ci": interval_text(ci, percent=info.percent)}
    delta = signed(cell["delta"], percent=info.percent)
    return f"{subject}: {info.phrase % {'delta': delta, 'turn': turn}} ({interval_text(ci, percent=info.percent)})"


def scalar_sentence(result: dict[str, Any]) -> str:
    """Mulligans per game (Eliria) or the turn the BAÚL reaches 30 (Misión S.O.S)."""
    diff = result["diff"]
    if result["game"] == "eliria":
        cell, what = diff.get("mulligans_mean"), _("mulligans por partida")
    else:
        cell, what = diff.get("win_turn_mean"), _("turno en que el BAÚL llega a 30")
    if not cell:
        return _("Sin partidas en que las dos listas lleguen a 30.")
    if not measurable(cell):
        return _("Sin diferencia medible en %(what)s.") % {"what": what}
    return _("%(delta)s en %(what)s (%(ci)s).") % {
        "delta": signed(cell["delta"]), "what": what, "ci": interval_text(cell["ci95"])}


def history_line(result: dict[str, Any], field: str, turn: int) -> str:
    """"poder en el turno 3 +0,52 ± 0,03": the kept comparison in the deck's history."""
    info = FIELDS[field]
    row = next((r for r in result["diff"]["per_turn"] if r["turn"] == turn), {})
    cell = row.get(field)
    what = info.short % {"turn": turn}
    if not cell or not cell.get("ci95"):
        return f"{what}: —"
    half = (cell["ci95"][1] - cell["ci95"][0]) / 2
    half_text = number_format(round(half * (100 if info.percent else 1), 1 if info.percent else 2),
                              1 if info.percent else 2, force_grouping=True)
    if half == 0 and cell["delta"] == 0:
        return _("%(what)s igual en todas las partidas") % {"what": what}
    text = f"{what} {signed(cell['delta'], percent=info.percent)} ± {half_text}"
    return text if measurable(cell) else text + " " + _("(sin diferencia medible)")


# ---------------------------------------------------------------- tables and charts
def diff_table(result: dict[str, Any]) -> dict[str, Any]:
    """Every paired number per turn: B − A and its interval, in words' numbers."""
    rows = result["diff"]["per_turn"]
    keys = [k for k in (rows[0] if rows else {}) if k != "turn" and k in FIELDS]
    body = []
    for row in rows:
        cells = []
        for k in keys:
            cell = row.get(k)
            pct = FIELDS[k].percent
            if not cell:
                cells.append({"text": "—", "measurable": False})
                continue
            ci = cell.get("ci95")
            text = signed(cell["delta"], percent=pct) + (f" [{signed(ci[0], percent=pct)}; {signed(ci[1], percent=pct)}]" if ci else "")
            cells.append({"text": text, "measurable": measurable(cell)})
        body.append({"turn": row["turn"], "cells": cells})
    return {"head": [str(FIELDS[k].label) for k in keys], "rows": body}


def charts(result: dict[str, Any], labels: tuple[str, str]) -> list[Any]:
    """Per charted field: both sides per turn (B dashed), then B − A with its 95 % band."""
    out = []
    turns = [r["turn"] for r in result["diff"]["per_turn"]]
    charted = site_game(result["game"]).charted
    keys = [k for k in charted if k == charted[0] or _moves(result, k)]
    for key in keys:
        info = FIELDS[key]
        sides = [[t.get(key) for t in result[side]["per_turn"]] for side in ("a", "b")]
        if any(v is None for v in sides[0] + sides[1]):
            continue
        out.append(chart_lines(info.label, turns, [
            Series(labels[0], sides[0]), Series(labels[1], sides[1], dash=True),
        ], ymax=1 if info.percent else None, percent=info.percent, y_label=_("Partidas") if info.percent else info.label))
        out.append(_difference_chart(result, key, turns))
    return out


def _moves(result: dict[str, Any], key: str) -> bool:
    """Whether a number differs at all between the lists (a chart of zeros says nothing)."""
    return any((r.get(key) or {}).get("ci95") not in ([0, 0], None) or (r.get(key) or {}).get("delta")
               for r in result["diff"]["per_turn"])


def _difference_chart(result: dict[str, Any], key: str, turns: list[int]) -> Any:
    info = FIELDS[key]
    cells = [r.get(key) or {} for r in result["diff"]["per_turn"]]
    delta = [c.get("delta") for c in cells]
    low = [(c.get("ci95") or [None, None])[0] for c in cells]
    high = [(c.get("ci95") or [None, None])[1] for c in cells]
    values = [v for v in delta + low + high if v is not None] or [0.0]
    bottom, top = min(0.0, *values), max(0.0, *values)
    pad = (top - bottom) * 0.1 or (0.01 if info.percent else 0.1)
    return chart_lines(_("Diferencia B − A: %(what)s") % {"what": info.label}, turns, [
        Series(str(_("diferencia")), delta),
        Series(str(_("IC 95 % inferior")), low, dash=True),
        Series(str(_("IC 95 % superior")), high, dash=True),
    ], percent=info.percent, ymin=bottom - pad, ymax=top + pad, band=(1, 2), y_label=_("B − A"))
