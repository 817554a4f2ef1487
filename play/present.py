"""Matchup answers as page material: reason labels, the summary, the charts, replay links."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from decks.charts import chart_bars, format_number, format_percent

GAMES_LISTED = 100  # rows of the games table on the page (any game opens from the form below it)
MAX_BARS = 12


def reason_label(reason: str) -> str:
    labels = {
        "7.a": _("el perdedor abandonó (regla 7.a)"),
        "7.b": _("el perdedor se quedó sin combatientes en su fase de poder (regla 7.b)"),
        "7.c": _("el perdedor debía robar con el mazo vacío (regla 7.c)"),
        "resign": _("el perdedor abandonó"),
        "chest_30": _("el ganador reunió 30 puntos en el BAÚL"),
        "no_elements": _("el perdedor se quedó sin Elementos de juego"),
        "both_no_elements": _("los dos sin Elementos de juego (empate)"),
        "turn_cap": _("límite de turnos (empate)"),
    }
    return labels.get(reason, reason)


def replay_query(*, game: str, a: str, b: str, seed: int, policy_a: str, policy_b: str) -> str:
    """The replay page's address without the game number (every input in the query string)."""
    query = urlencode({"game": game, "a": a, "b": b, "seed": seed, "pa": policy_a, "pb": policy_b})
    return f"{reverse('play:replay')}?{query}"


def reasons_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    reasons = result["reasons"]
    keys = sorted({k for side in reasons.values() for k in side})
    return [
        {"reason": k, "label": reason_label(k), "a": reasons["a"].get(k, 0), "b": reasons["b"].get(k, 0),
         "draw": reasons["draw"].get(k, 0)}
        for k in keys
    ]


def length_chart(result: dict[str, Any]) -> Any:
    """The game-length histogram, in ranges of turns when there are many distinct lengths."""
    hist = {int(k): v for k, v in result["length"]["histogram"].items()}
    if not hist:
        return chart_bars(_("Duración de las partidas (turnos)"), [], [])
    low, high = min(hist), max(hist)
    width = max(1, -(-(high - low + 1) // MAX_BARS))
    labels, values = [], []
    for start in range(low, high + 1, width):
        end = min(high, start + width - 1)
        labels.append(str(start) if start == end else f"{start}–{end}")
        values.append(sum(n for t, n in hist.items() if start <= t <= end))
    return chart_bars(_("Duración de las partidas (turnos)"), labels, values, x_label=_("Turnos"),
                      y_label=_("Partidas"))


def outcome_chart(result: dict[str, Any]) -> Any:
    return chart_bars(
        _("Resultado"), [_("gana A"), _("gana B"), _("empate")],
        [result["wins_a"], result["wins_b"], result["draws"]], y_label=_("Partidas"),
    )


def summary(result: dict[str, Any]) -> list[tuple[str, str]]:
    played = result["games_played"]
    rate = result["win_rate_a"]
    low, high = result["win_rate_a_ci95"]
    starts = result["starts"]
    rows = [
        (_("Partidas"), f"{played}" + ("" if played == result["games"] else f" / {result['games']}")),
        (_("Semilla"), str(result["seed"])),
        (_("Victorias de A · de B · empates"), f"{result['wins_a']} · {result['wins_b']} · {result['draws']}"),
        (_("Porcentaje de victorias de A"), format_percent(rate)),
        (_("Intervalo de confianza del 95 % (Wilson)"), f"{format_percent(low)} – {format_percent(high)}"),
        (_("A gana cuando empieza A"), _ratio(starts["a"]["wins_a"], starts["a"]["games"])),
        (_("A gana cuando empieza B"), _ratio(starts["b"]["wins_a"], starts["b"]["games"])),
        (_("Duración media (turnos)"), format_number(result["length"]["mean"], 1)),
    ]
    return rows


def _ratio(n: int, d: int) -> str:
    return f"{n} / {d}" + (f" ({format_percent(n / d, 0)})" if d else "")


def games_rows(result: dict[str, Any], base: str) -> list[dict[str, Any]]:
    rows = []
    for index, winner, reason, turns in (result.get("per_game") or [])[:GAMES_LISTED]:
        rows.append({
            "index": index, "number": index + 1, "first": "A" if index % 2 == 0 else "B",
            "winner": {"a": "A", "b": "B"}.get(winner or "", _("empate")), "reason": reason_label(reason),
            "turns": turns, "url": f"{base}&index={index}",
        })
    return rows


def matchup_context(result: dict[str, Any], *, a: str, b: str, labels: tuple[str, str]) -> dict[str, Any]:
    """Everything play/_matchup_result.html shows, from the engine's answer and the two list tokens."""
    base = replay_query(
        game=result["game"], a=a, b=b, seed=result["seed"],
        policy_a=result["policies"]["a"], policy_b=result["policies"]["b"],
    )
    low, high = result["win_rate_a_ci95"]
    rate = result["win_rate_a"]
    headline = {"rate": format_percent(rate), "low": format_percent(low), "high": format_percent(high)}
    return {
        "result": result, "labels": labels, "headline": headline, "summary": summary(result), "reasons": reasons_rows(result),
        "charts": [outcome_chart(result), length_chart(result)], "games": games_rows(result, base),
        "replay_base": base, "replay_fields": {"game": result["game"], "a": a, "b": b, "seed": result["seed"],
                                               "pa": result["policies"]["a"], "pb": result["policies"]["b"]},
    }
