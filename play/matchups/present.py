"""Matchup answers as page material: reason labels, the summary, the charts, replay links."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.charts import chart_bars, format_number, format_percent
from engine import DeckEntry
from engine.mision.rules import chest_reach, chest_reachable
from engine.stats import wilson_interval
from play.common import POLICY_CHOICES

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
        "stalemate": _("ya nada podía cambiar el resultado (empate)"),
        "repetition": _("la misma posición se repitió tres veces (empate)"),
        "agreement": _("empate de mutuo acuerdo"),
    }
    return labels.get(reason, reason)


def draw_cause(reason: str) -> str:
    """Why games were drawn, as the end of a sentence («… acabaron en empate por límite de turnos»)."""
    causes = {
        "turn_cap": _("por límite de turnos"),
        "both_no_elements": _("porque los dos jugadores se quedaron sin Elementos de juego"),
        "stalemate": _("porque ya nada podía cambiar el resultado"),
        "repetition": _("porque la misma posición se repitió tres veces"),
        "agreement": _("de mutuo acuerdo"),
    }
    return causes.get(reason, f"({reason_label(reason)})")


def headline(result: dict[str, Any]) -> dict[str, Any]:
    """What the result leads with. When draws are most of the games, that is the news: a win rate
    of A of 0 % over all games would read as a rout. The win rate is then given over the games
    that were decided, with its own interval."""
    played, draws = result["games_played"], result["draws"]
    low, high = result["win_rate_a_ci95"]
    out: dict[str, Any] = {
        "rate": format_percent(result["win_rate_a"]), "low": format_percent(low), "high": format_percent(high),
        "draws": draws, "draws_lead": played > 0 and 2 * draws > played,
    }
    if out["draws_lead"]:
        out["draw_text"] = _draw_sentence(played, draws, result["reasons"]["draw"])
        out.update(_decided(result["wins_a"], result["wins_a"] + result["wins_b"]))
    return out


def _draw_sentence(played: int, draws: int, reasons: dict[str, int]) -> str:
    """«Las 300 partidas acabaron en empate por límite de turnos»; several causes are counted."""
    if len(reasons) == 1:
        values = {"n": played, "draws": draws, "cause": draw_cause(next(iter(reasons)))}
        if draws == played:
            return ngettext("La partida acabó en empate %(cause)s.",
                            "Las %(n)s partidas acabaron en empate %(cause)s.", played) % values
        return _("%(draws)s de %(n)s partidas acabaron en empate %(cause)s.") % values
    causes = ", ".join(f"{n} {draw_cause(r)}" for r, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))
    values = {"n": played, "draws": draws, "causes": causes}
    if draws == played:
        return _("Las %(n)s partidas acabaron en empate: %(causes)s.") % values
    return _("%(draws)s de %(n)s partidas acabaron en empate: %(causes)s.") % values


def _decided(wins_a: int, decided: int) -> dict[str, Any]:
    """A's win rate over the decided games, with its 95 % Wilson interval."""
    if not decided:
        return {"decided": 0}
    low, high = wilson_interval(wins_a, decided)
    return {"decided": decided, "decided_rate": format_percent(wins_a / decided),
            "decided_low": format_percent(low), "decided_high": format_percent(high)}


def chest_warnings(game: str, entries: tuple[Sequence[DeckEntry], Sequence[DeckEntry]] | None,
                   labels: tuple[str, str]) -> list[str]:
    """Misión S.O.S: a deck whose Elementos cannot bring 30 points to the BAÚL wins only by leaving
    the rival without Elementos de juego; two such decks mostly draw once the Elementos run out."""
    if game != "mision" or entries is None:
        return []
    short = [(label, chest_reach(e)) for label, e in zip(labels, entries, strict=True) if not chest_reachable(e)]
    out = [
        _("%(deck)s: sus Elementos pueden llevar como mucho %(points)s puntos al BAÚL y hacen falta 30 "
          "(solo los premios de las luchas ganadas llegan al BAÚL; la preparación y el robo de cada turno van "
          "a los Elementos de juego); solo puede ganar dejando al rival sin Elementos de juego.")
        % {"deck": label, "points": points}
        for label, points in short
    ]
    if len(short) == 2:
        out.append(_("Ninguno de los dos mazos puede llegar a 30 en el BAÚL: espera muchos empates en cuanto se "
                     "acaben los Elementos (ya nada puede cambiar el resultado). Añade Elementos, y con más puntos "
                     "de BAÚL, para que las partidas se decidan."))
    return out


def replay_query(*, game: str, a: str, b: str, seed: int, policy_a: str, policy_b: str,
                 labels: tuple[str, str] | None = None) -> str:
    """The replay page's address without the game number (every input in the query string);
    *labels*, the decks' names, ride along as `na`/`nb` so the replay shows them (lists have no name)."""
    fields: dict[str, Any] = {"game": game, "a": a, "b": b, "seed": seed, "pa": policy_a, "pb": policy_b}
    if labels:
        fields.update(na=labels[0][:80], nb=labels[1][:80])
    query = urlencode(fields)
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
    decided = result["wins_a"] + result["wins_b"]
    rows = [
        (_("Partidas"), f"{played}" + ("" if played == result["games"] else f" / {result['games']}")),
        (_("Semilla"), str(result["seed"])),
        (_("Jugadores (A · B)"), " · ".join(policy_label(result.get("policies", {}).get(s, "rules")) for s in ("a", "b"))),
        (_("Victorias de A · de B · empates"), f"{result['wins_a']} · {result['wins_b']} · {result['draws']}"),
        (_("Porcentaje de victorias de A"), format_percent(rate)),
        (_("Intervalo de confianza del 95 % (Wilson)"), f"{format_percent(low)} – {format_percent(high)}"),
        *([(_("Porcentaje de victorias de A entre las partidas decididas"),
            format_percent(result["wins_a"] / decided) if decided else "—")] if result["draws"] else []),
        (_("A gana cuando empieza A"), _ratio(starts["a"]["wins_a"], starts["a"]["games"])),
        (_("A gana cuando empieza B"), _ratio(starts["b"]["wins_a"], starts["b"]["games"])),
        (_("Duración media (turnos)"), format_number(result["length"]["mean"], 1)),
    ]
    return rows


def policy_label(name: str) -> str:
    """A player's name as the matchup form offers it (play.common.POLICY_CHOICES)."""
    return str(dict(POLICY_CHOICES).get(name, name))


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


def matchup_context(result: dict[str, Any], *, a: str, b: str, labels: tuple[str, str],
                    entries: tuple[Sequence[DeckEntry], Sequence[DeckEntry]] | None = None) -> dict[str, Any]:
    """Everything play/_matchup_result.html shows, from the engine's answer and the two list tokens."""
    base = replay_query(
        game=result["game"], a=a, b=b, seed=result["seed"],
        policy_a=result["policies"]["a"], policy_b=result["policies"]["b"], labels=labels,
    )
    return {
        "result": result, "labels": labels, "headline": headline(result), "summary": summary(result),
        "reasons": reasons_rows(result), "chest_warnings": chest_warnings(result["game"], entries, labels),
        "charts": [outcome_chart(result), length_chart(result)], "games": games_rows(result, base),
        "replay_base": base, "replay_fields": {"game": result["game"], "a": a, "b": b, "seed": result["seed"],
                                               "pa": result["policies"]["a"], "pb": result["policies"]["b"],
                                               "na": labels[0][:80], "nb": labels[1][:80]},
    }
