"""import_rulings FILE…: rulings/1 JSON, all-or-nothing, idempotent (by ruling number)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from common.exchange import import_refused
from rulings.services import RulingsImportError, rulings_import


class Command(BaseCommand):
    help = "Importa resoluciones (JSON rulings/1). Cualquier error y no se escribe nada."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("files", nargs="+", type=Path)

    def handle(self, *args: Any, **opts: Any) -> None:
        try:
            result = rulings_import(paths=opts["files"])
        except RulingsImportError as exc:
            raise import_refused(self.stderr, exc.errors) from None
        self.stdout.write(
            f"Resoluciones nuevas: {result.created}, cambiadas: {result.updated}, "
            f"sin cambios: {result.unchanged}."
        )
