"""matchup DECK_A DECK_B --game G [--games N] [--seed S] [--policy-a P] [--policy-b P] [--json]."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards.models import Game
from engine import EngineError
from play.cli import games_progress, read_list, write_bad_lines, write_result
from play.matchups.present import reason_label
from play.matchups.services import MAX_GAMES, POLICY_NAMES, matchup_run
from play.sources import SourceError, from_list


class Command(BaseCommand):
    help = "Juega un mazo contra otro con los jugadores del motor: los mismos números que la API."
    # A player's command: the site's system checks (URLs, DRF, the schema) would double its start-up.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("deck_a", type=Path, help="fichero con la lista del mazo A")
        parser.add_argument("deck_b", type=Path, help="fichero con la lista del mazo B")
        parser.add_argument("--game", required=True, choices=Game.values)
        parser.add_argument("--games", type=int, default=1000, help=f"1 a {MAX_GAMES}")
        parser.add_argument("--seed", type=int)
        parser.add_argument("--policy-a", default="rules", choices=POLICY_NAMES)
        parser.add_argument("--policy-b", default="rules", choices=POLICY_NAMES)
        parser.add_argument("--processes", type=int, default=0, help="procesos (0: todos los núcleos)")
        parser.add_argument("--json", action="store_true", help="la respuesta JSON de la API")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args: Any, **opts: Any) -> None:
        if not 1 <= opts["games"] <= MAX_GAMES:
            raise CommandError(f"--games debe estar entre 1 y {MAX_GAMES}.")
        sources = []
        for key, label in (("deck_a", "Mazo A"), ("deck_b", "Mazo B")):
            path = opts[key]
            text = read_list(path)
            try:
                sources.append(from_list(opts["game"], text, label))
            except SourceError as exc:
                write_bad_lines(self, path, exc.errors)
                raise CommandError(f"{path}: la lista tiene cartas que no se pueden identificar.") from None
        try:
            with games_progress(self, opts) as progress:
                result = matchup_run(
                    game=opts["game"], list_a=sources[0], list_b=sources[1], games=opts["games"],
                    seed=opts["seed"], policy_a=opts["policy_a"], policy_b=opts["policy_b"], progress=progress,
                    processes=opts["processes"] or settings.SIMULATION_WORKERS, unlimited=True,
                )
        except EngineError as exc:
            raise CommandError(str(exc)) from None
        write_result(self, result, opts, summary)


def summary(result: dict[str, Any]) -> str:
    low, high = result["win_rate_a_ci95"]
    rate = result["win_rate_a"]
    lines = [
        f"{result['game']}: {result['games_played']} partidas de {result['games']}, semilla {result['seed']}, "
        f"A {result['policies']['a']} contra B {result['policies']['b']}",
        f"A gana {result['wins_a']}, B gana {result['wins_b']}, empates {result['draws']}",
        f"Victorias de A: {'—' if rate is None else f'{rate:.1%}'} (IC 95 %: {low:.1%}–{high:.1%})",
    ]
    if result["stopped_early"]:
        lines.append("Se alcanzó el límite de tiempo: los números son de las partidas jugadas.")
    for side, title in (("a", "A gana por"), ("b", "B gana por"), ("draw", "Empates por")):
        for reason, n in result["reasons"][side].items():
            lines.append(f"{title} {reason_label(reason)}: {n}")
    if result["length"]["mean"] is not None:
        lines.append(f"Duración media: {result['length']['mean']:.1f} turnos")
    return "\n".join(lines)
