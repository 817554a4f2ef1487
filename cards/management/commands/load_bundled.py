"""load_bundled: the bundled sample catalogue and the official rulings (idempotent)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Carga el catálogo de ejemplo incluido y las resoluciones oficiales."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--faces", choices=("queue", "now", "off"), default=None,
                            help="caras de las cartas (como import_catalogue --faces)")

    def handle(self, *args: Any, **opts: Any) -> None:
        data = Path(settings.BASE_DIR) / "data"
        files = sorted((data / "catalogue").glob("*.json"))
        faces = ["--faces", opts["faces"]] if opts["faces"] else []
        call_command("import_catalogue", *map(str, files), *faces, stdout=self.stdout, stderr=self.stderr)
        rulings = data / "rulings" / "rulings.json"
        if apps.is_installed("rulings") and rulings.exists():
            call_command("import_rulings", str(rulings), stdout=self.stdout, stderr=self.stderr)
