"""What the run page says about a run beyond play.runs.services.progress(): the games line with its
percentage, an estimate of the time left, and where the lists came from."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from common.charts import format_number
from play.models import SimulationRun

MIN_SECONDS = 2.0  # before this, the rate is mostly start-up time: no estimate
MIN_SHARE = 0.02  # nor before 2 % of the games


def games_line(done: int, total: int, percent: int) -> str:
    """"3 400 de 10 000 partidas · 34 %"."""
    return _("%(done)s de %(total)s partidas · %(percent)s\u00a0%%") % {
        "done": format_number(done, 0), "total": format_number(total, 0), "percent": percent}


def seconds_left(run: SimulationRun, done: int, now: datetime | None = None) -> float | None:
    """Time left at the rate so far (games done since the run started); None until it can be told."""
    if not run.active or run.started is None or not run.total or done >= run.total:
        return None
    elapsed = ((now or timezone.now()) - run.started).total_seconds()
    if elapsed < MIN_SECONDS or done < max(1, MIN_SHARE * run.total):
        return None
    return elapsed * (run.total - done) / done


def time_left_text(seconds: float | None) -> str:
    """"quedan unos 12 s" / "quedan unos 3 min"; "" without an estimate."""
    if seconds is None:
        return ""
    if seconds < 90:
        return _("quedan unos %(n)s s") % {"n": max(1, round(seconds))}
    return _("quedan unos %(n)s min") % {"n": round(seconds / 60)}


def _first_cards(text: str, n: int = 2) -> list[str]:
    names = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "//")) or line.endswith(":"):
            continue  # blank lines, comments and section headings
        count, _sep, name = line.partition(" ")
        names.append(name.strip() if count.rstrip("x").isdigit() and name.strip() else line)
        if len(names) == n:
            break
    return names


def _pasted(text: str) -> str:
    cards = _first_cards(text or "")
    return _("lista pegada") + (": " + ", ".join(cards) + "…" if cards else "")


def run_source(run: SimulationRun) -> str:
    """The lists the run plays: the decks' names where the page that started it kept them."""
    p: dict[str, Any] = run.params or {}
    if run.kind in (SimulationRun.Kind.MATCHUP, SimulationRun.Kind.COMPARE):
        labels = [str(x) for x in p.get("labels") or ()]
        a = labels[0] if labels and labels[0] else _pasted(p.get("list_a", ""))
        b = labels[1] if len(labels) > 1 and labels[1] else _pasted(p.get("list_b", ""))
        return _("%(a)s contra %(b)s") % {"a": a, "b": b} if run.kind == SimulationRun.Kind.MATCHUP else \
            _("%(a)s frente a %(b)s") % {"a": a, "b": b}
    if run.kind == SimulationRun.Kind.MATCHUP_COMPARE:
        return ""  # its sides are references the page resolves, not names
    return str(p["label"]) if p.get("label") else _pasted(p.get("list", ""))  # a saved deck's name


def run_view(run: SimulationRun, progress: dict[str, Any]) -> dict[str, Any]:
    """The run page's words for one poll."""
    return {
        "games_line": games_line(progress["done"], run.total, progress["percent"]),
        "time_left": time_left_text(seconds_left(run, progress["done"])),
    }
