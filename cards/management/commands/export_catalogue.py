"""export_catalogue [--game G] [--format json|csv]: the catalogue/1 document on stdout."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from cards.catalogue_csv import document_to_csv
from cards.models import Game
from cards.services import catalogue_export


class Command(BaseCommand):
    help = "Exporta el catálogo en el formato catalogue/1 (JSON) o CSV."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--game", choices=Game.values)
        parser.add_argument("--format", choices=["json", "csv"], default="json")

    def handle(self, *args: Any, **opts: Any) -> None:
        game = opts["game"]
        if game is None:
            games = [g for g in Game.values if catalogue_export(game=g)["cards"]]
            if len(games) != 1:
                raise CommandError("Indica --game eliria o --game mision (un documento es de un juego).")
            game = games[0]
        doc = catalogue_export(game=game)
        if opts["format"] == "csv":
            self.stdout.write(document_to_csv(doc), ending="")
        else:
            self.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2))
