"""import_catalogue FILE…: JSON or CSV, all-or-nothing (docs/contract.md §1)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cards.services import catalogue_import
from cards.tasks import MODES, faces_after_change
from common.exchange import RecordsImportCommand
from common.progress import progress_bar


class Command(RecordsImportCommand):
    help = "Importa catálogos (JSON catalogue/1 o CSV). Cualquier error y no se escribe nada."

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        parser.add_argument("--no-progress", action="store_true")
        parser.add_argument("--faces", choices=MODES, default=None,
                            help="caras de las cartas: en la cola (queue), ahora (now) o al pedirlas (off); "
                                 "por omisión CARD_FACES_AHEAD o queue")

    def import_files(self, paths: Sequence[Path], opts: dict[str, Any]) -> str:
        bar = progress_bar(self.stderr._out, "cartas", enabled=not opts["no_progress"], min_total=1000)
        with bar as progress:
            result = catalogue_import(paths=paths, progress=progress)
        return (
            f"Colecciones nuevas: {result.sets_created}, cartas nuevas: {result.cards_created}, "
            f"ediciones nuevas: {result.editions_created}, ediciones cambiadas: {result.editions_updated}."
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        super().handle(*args, **opts)  # a refused import ends here (CommandError)
        self.faces(opts)

    def faces(self, opts: dict[str, Any]) -> None:
        """Draw the faces ahead (cards.tasks), so no player waits for one: a job on the queue, or
        here with a progress bar on stderr (stdout keeps the contract's one line)."""
        bar = progress_bar(self.stderr._out, "caras", enabled=not opts["no_progress"])
        with bar as progress:
            faces_after_change(mode=opts["faces"], progress=progress)
