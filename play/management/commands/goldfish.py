"""goldfish DECKFILE --game G [--games N] [--turns T] [--seed S] [--json] (docs/contract.md §1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards.models import Game
from cards.validation import ListTooLarge
from engine import EngineError
from play.cli import games_progress, read_list, write_bad_lines, write_result
from play.goldfish.services import GoldfishInputError, goldfish_answer


class Command(BaseCommand):
    help = "Simula partidas en solitario (goldfish) de un mazo: los mismos números que la API."
    # A player's command: the site's system checks (URLs, DRF, the schema) would double its start-up.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("deckfile", type=Path)
        parser.add_argument("--game", required=True, choices=Game.values)
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--turns", type=int, default=10)
        parser.add_argument("--seed", type=int)
        parser.add_argument("--json", action="store_true", help="la respuesta JSON de la API")
        parser.add_argument("--watch", nargs="+", default=[], metavar="CARTA",
                            help="Eliria: códigos o nombres cuya probabilidad de haberse robado por turno se informa")
        parser.add_argument("--no-progress", action="store_true")
        parser.add_argument("--processes", type=int, default=0,
                            help="procesos (0: todos los núcleos); una tirada corta se juega en uno")

    def handle(self, *args: Any, **opts: Any) -> None:
        text = read_list(opts["deckfile"])
        try:
            with games_progress(self, opts) as progress:
                result = goldfish_answer(
                    game=opts["game"], text=text, games=opts["games"], turns=opts["turns"],
                    seed=opts["seed"], progress=progress, watch=opts["watch"],
                    processes=opts["processes"] or settings.SIMULATION_WORKERS,
                )
        except GoldfishInputError as exc:
            write_bad_lines(self, opts["deckfile"], exc.report["errors"])
            raise CommandError("La lista tiene cartas que no se pueden identificar.") from None
        except (ListTooLarge, EngineError) as exc:
            raise CommandError(str(exc)) from None
        write_result(self, result, opts, summary)


def summary(result: dict[str, Any]) -> str:
    lines = [f"{result['game']}: {result['games']} partidas, {result['turns']} turnos, semilla {result['seed']}"]
    if "mulligans" in result:
        oh = result["opening_hand"]
        lines.append(f"Mulligans por partida: {result['mulligans']['mean']:.3f}")
        lines.append(f"Mano inicial con combate sin †: exacta {oh['p_combat_exact']:.4f}, simulada {oh['p_combat_simulated']:.4f}")
        lines.append(f"Derrotas: sin cartas (7.c) {result['losses']['deck_out']}, sin combatientes (7.b) {result['losses']['no_combatant']}")
        lines.append("turno  vivo   combatiente  poder máx.")
        for t in result["per_turn"]:
            lines.append(f"{t['turn']:>5}  {t['p_alive']:.3f}  {t['p_combatant']:.3f}        {t['mean_power_max']:.2f}")
        for cost, first in result.get("attack_costs", {}).items():
            mean = "—" if first["mean"] is None else f"{first['mean']:.2f}"
            lines.append(f"Ataque de coste {cost}: primer turno usable, media {mean}; nunca: {first['never']}")
        if "watch" in result:
            seen = ", ".join(f"t{r['turn']} {r['p_simulated']:.3f}" for r in result["watch"]["per_turn"])
            lines.append(f"Robadas ({', '.join(result['watch']['cards'])}): {seen}")
    else:
        wt = result["win_turn"]
        mean = "—" if wt["mean"] is None else f"{wt['mean']:.2f}"
        lines.append(f"Turno en que el BAÚL llega a 30: media {mean}; nunca: {wt['never']}")
        stalled = result.get("stalemate") or {}
        if stalled.get("games"):
            lines.append(f"Empates porque ya nada podía cambiar: {stalled['games']} (turno medio {stalled['mean_turn']:.2f})")
        lines.append("turno  BAÚL medio")
        for t in result["per_turn"]:
            lines.append(f"{t['turn']:>5}  {t['mean_chest']:.2f}")
    return "\n".join(lines)
