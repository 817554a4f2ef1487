"""What the goldfish page and a finished goldfish run's page show of an answer: the charts, the
summary in sentences and the per-turn table (no request here: play/goldfish/jobs.py reads it at
start-up, below the API's layer)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from common.charts import Series, chart_bars, chart_lines, format_number
from engine.decklist import DeckEntry
from play.goldfish.reading import card_names, cost_cards, sentences, share_percent


def charts(result: dict[str, Any]) -> list:
    """The curves as charts; a histogram of one bar is a sentence of the summary instead."""
    turns = [t["turn"] for t in result["per_turn"]]
    if result["game"] != "eliria":
        return [
            chart_lines(_("BAÚL medio por turno"), turns, [Series(str(_("BAÚL")), [t["mean_chest"] for t in result["per_turn"]])],
                        y_label=_("Puntos en el BAÚL")),
            *_histogram(_("Turno en que el BAÚL llega a 30"), result["win_turn"]["histogram"], x_label=_("Turno")),
        ]
    alive = [
        Series(str(_("sigue en juego")), [t["p_alive"] for t in result["per_turn"]]),
        Series(str(_("con combatiente")), [t["p_combatant"] for t in result["per_turn"]], dash=True),
    ]
    out = [
        # Lines flat from the first turn to the last (every game alive and with a combatant) say
        # nothing the sentences do not: no chart.
        *([chart_lines(_("Probabilidad por turno"), turns, alive, ymax=1, percent=True, y_label=_("Partidas"))]
          if not _flat(alive) else []),
        chart_lines(_("Poder máximo medio en el tablero"), turns, [
            Series(str(_("poder máximo")), [t["mean_power_max"] for t in result["per_turn"]]),
        ], y_label=_("Poder")),
        *_histogram(_("Mulligans por partida"), result["mulligans"]["histogram"],
                    x_label=_("Cartas descartadas en el mulligan")),
    ]
    # A cost never paid is a flat line at 0: the summary says so in one sentence instead.
    paid = [(k, first) for k, first in sorted(result.get("attack_costs", {}).items(), key=lambda kv: int(kv[0]))
            if first["never"] < result["games"]]
    if paid:
        out.append(chart_lines(_("Ataques pagables por coste (acumulado)"), turns, [
            Series(str(_("coste %(k)s") % {"k": k}), _cumulative(first["histogram"], turns, result["games"]))
            for k, first in paid
        ], ymax=1, percent=True, y_label=_("Partidas")))
    if "watch" in result:
        rows = result["watch"]["per_turn"]
        names = ", ".join(card_names(result["game"], result["watch"]["cards"]))
        out.append(chart_lines(_("Probabilidad de haber robado: %(cards)s") % {"cards": names}, turns, [
            Series(str(_("simulada")), [r["p_simulated"] for r in rows]),
            Series(str(_("exacta, sin mulligan")), [r["p_exact_without_mulligan"] for r in rows], dash=True),
        ], ymax=1, percent=True, y_label=_("Probabilidad")))
    return out


# A histogram whose tallest bar holds this share of the games (1 999 against 1) is a sentence.
ONE_BAR_SHARE = 0.99


def _flat(series: list[Series]) -> bool:
    """Whether every series stays at one value over every turn."""
    return all(len(set(s.values)) <= 1 for s in series)


def _histogram(title: str, histogram: dict[str, int], *, x_label: str) -> list:
    """A bar chart of a histogram when it has two bars or more that can be seen: one bar (or one
    that dwarfs the rest, 1 999 against 1) says nothing a sentence cannot."""
    keys = sorted(histogram, key=int)
    total = sum(histogram.values())
    if len(keys) < 2 or (total and max(histogram.values()) >= ONE_BAR_SHARE * total):
        return []
    return [chart_bars(title, keys, [histogram[k] for k in keys], x_label=x_label, y_label=_("Partidas"))]


def _cumulative(histogram: dict[str, int], turns: list[int], games: int) -> list[float]:
    """Share of games in which a target was reached by each turn, from first-turn counts."""
    total, out = 0, []
    for t in turns:
        total += histogram.get(str(t), 0)
        out.append(total / games if games else 0.0)
    return out


@dataclass(frozen=True)
class Summary:
    """What the result leads with: sentences in a player's words, then the run's settings."""

    sentences: list[str]
    rows: list[tuple[str, str]]


def summary_rows(result: dict[str, Any], entries: Sequence[DeckEntry] = ()) -> Summary:
    """*entries*: the deck's resolved lines, when known, so each attack cost names its cards."""
    rows = [
        (str(_("Partidas simuladas")), format_number(result["games"])),
        (str(_("Turnos por partida")), format_number(result["turns"])),
        (str(_("Semilla")), str(result["seed"])),
    ]
    return Summary(sentences=sentences(result, cost_cards(result["game"], entries)), rows=rows)


# The per-turn table: headers in words, numbers in the page's language.
PER_TURN_COLUMNS = {
    "turn": (_("Turno"), "int"),
    "p_alive": (_("Sigue en juego"), "pct"),
    "p_combatant": (_("Con combatiente tras el Poder"), "pct"),
    "mean_power_max": (_("Poder máximo medio"), "num"),
    "mean_power_total": (_("Poder total medio"), "num"),
    "mean_combatants": (_("Combatientes de media"), "num"),
    "p_attack_ready": (_("Con un ataque pagable"), "pct"),
    "mean_hand": (_("Cartas en la mano (media)"), "num"),
    "mean_deck": (_("Cartas en el mazo (media)"), "num"),
    "mean_chest": (_("BAÚL medio"), "num"),
    "p_won": (_("BAÚL ya en 30"), "pct"),
    "mean_entes_placed": (_("Entes colocados (media)"), "num"),
    "mean_elementos_juego": (_("Elementos de juego (media)"), "num"),
    "mean_elementos_deck": (_("Elementos en el mazo (media)"), "num"),
}


def per_turn_table(result: dict[str, Any]) -> dict[str, Any]:
    rows = result.get("per_turn") or []
    keys = list(rows[0].keys()) if rows else []
    head = [str(PER_TURN_COLUMNS.get(k, (k.replace("_", " "), "num"))[0]) for k in keys]
    body = []
    for row in rows:
        cells = []
        for k in keys:
            kind = PER_TURN_COLUMNS.get(k, ("", "num"))[1]
            value = row[k]
            cells.append(share_percent(value, 2) if kind == "pct" else format_number(value, 2))
        body.append(cells)
    return {"head": head, "rows": body}
