"""import_rulings FILE…: rulings/1 JSON, all-or-nothing, idempotent (by ruling number)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from common.exchange import RecordsImportCommand
from rulings.services import rulings_import


class Command(RecordsImportCommand):
    help = "Importa resoluciones (JSON rulings/1). Cualquier error y no se escribe nada."

    def import_files(self, paths: Sequence[Path], opts: dict[str, Any]) -> str:
        result = rulings_import(paths=paths)
        return f"Resoluciones nuevas: {result.created}, cambiadas: {result.updated}, sin cambios: {result.unchanged}."
