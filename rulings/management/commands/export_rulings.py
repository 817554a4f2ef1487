"""export_rulings [--game G]: the rulings/1 document on stdout (what import_rulings reads)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand

from cards.models import Game
from rulings.services import rulings_export


class Command(BaseCommand):
    help = "Exporta las resoluciones en el formato rulings/1 (JSON)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--game", choices=Game.values, default=Game.ELIRIA)

    def handle(self, *args: Any, **opts: Any) -> None:
        doc = rulings_export(game=opts["game"])
        self.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2))
