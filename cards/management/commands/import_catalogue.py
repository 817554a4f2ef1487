"""import_catalogue FILE…: JSON or CSV, all-or-nothing (docs/contract.md §1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from cards.services import CatalogueImportError, catalogue_import
from cards.tasks import MODES, faces_after_change
from common.exchange import import_refused
from common.progress import progress_bar


class Command(BaseCommand):
    help = "Importa catálogos (JSON catalogue/1 o CSV). Cualquier error y no se escribe nada."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("files", nargs="+", type=Path)
        parser.add_argument("--no-progress", action="store_true")
        parser.add_argument("--faces", choices=MODES, default=None,
                            help="caras de las cartas: en la cola (queue), ahora (now) o al pedirlas (off); "
                                 "por omisión CARD_FACES_AHEAD o queue")

    def handle(self, *args: Any, **opts: Any) -> None:
        bar = progress_bar(self.stderr._out, "cartas", enabled=not opts["no_progress"], min_total=1000)
        try:
            with bar as progress:
                result = catalogue_import(paths=opts["files"], progress=progress)
        except CatalogueImportError as exc:
            raise import_refused(self.stderr, exc.errors) from None
        self.stdout.write(
            f"Colecciones nuevas: {result.sets_created}, cartas nuevas: {result.cards_created}, "
            f"ediciones nuevas: {result.editions_created}, ediciones cambiadas: {result.editions_updated}."
        )
        self.faces(opts)

    def faces(self, opts: dict[str, Any]) -> None:
        """Draw the faces ahead (cards.tasks), so no player waits for one: a job on the queue, or
        here with a progress bar on stderr (stdout keeps the contract's one line)."""
        bar = progress_bar(self.stderr._out, "caras", enabled=not opts["no_progress"])
        with bar as progress:
            faces_after_change(mode=opts["faces"], progress=progress)
