"""The page about the computer players: what each one is and how strong bench/players.py measured it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from common.charts import format_percent
from engine import Game
from engine.search import SEARCH_PLAYERS

TABLE = Path(settings.BASE_DIR) / "docs" / "players.json"  # written by bench/players.py --json


def player_labels() -> dict[str, str]:
    """Each player's name on the site, in the page's language."""
    return {
        "random": _("Al azar: elige una decisión legal cualquiera"),
        "rules": _("Por reglas: el jugador escrito a mano"),
        "search": _("Búsqueda: juega la partida hacia delante con las reglas del motor desde lo que ve su asiento"),
        "search-quick": _("Búsqueda rápida: menos partidas simuladas por decisión"),
        "search-deep": _("Búsqueda a fondo: más partidas simuladas por decisión (la más fuerte, la más lenta)"),
    }


def load_table(path: Path | None = None) -> dict[str, Any] | None:
    try:
        return json.loads((path or TABLE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _rows(rows: list[dict[str, Any]], labels: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {
            "a": r["a"], "b": r["b"], "a_label": labels.get(r["a"], r["a"]), "b_label": labels.get(r["b"], r["b"]),
            "score": format_percent(r["score"]), "low": format_percent(r["low"]), "high": format_percent(r["high"]),
            "games": r["games"], "draws": r["draws"],
            "ms": ", ".join(f"{name}: {ms:.0f} ms" for name, ms in sorted(r.get("ms", {}).items())),
        }
        for r in rows
    ]


@require_GET
def players_page(request: HttpRequest) -> HttpResponse:
    table = load_table()
    labels = player_labels()
    games = []
    if table is not None:
        setup = table.get("setup", {})
        labels_by_game = {game.value: game.label for game in Game}
        games = [
            {"game": labels_by_game.get(g, g), "rows": _rows(rows, labels), "setup": setup.get(g, {})}
            for g, rows in table.get("games", {}).items()
        ]
    players = [
        {"name": n, "label": labels[n], "rollouts": SEARCH_PLAYERS.get(n)}
        for n in ("random", "rules", "search-quick", "search", "search-deep")
    ]
    engines = {"compiled": _("compilado"), "pure Python": _("en Python puro")}  # bench/players.py's two values
    engine = engines.get(table.get("engine", ""), table.get("engine", "")) if table is not None else ""
    return render(request, "play/players.html", {"table": table, "games": games, "players": players, "engine": engine})
