"""What the site's data-file formats share: the problem a bad record is, the envelope check, reading
a file, and how the import commands refuse a file list.

Every exchange document is a JSON object naming its format ("catalogue/1", "rulings/1",
"eliria-datos/1") and, for a game's data, the game: `envelope_problems` is the one check of that
envelope. The catalogue and rulings files are read record by record into `RecordError`s
(FILE:RECORD:FIELD: message); any error and `common.errors.RecordsRejected` refuses the whole file
list, which `RecordsImportCommand` prints one problem a line before exiting non-zero
(docs/contract.md §1).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from common.errors import RecordsRejected


@dataclass(frozen=True)
class RecordError:
    """One bad record of a data file: FILE:RECORD:FIELD: message. RECORD is the record's place in
    the file (its 1-based position, `set-N`, the line of a CSV row or of a JSON syntax error, `0`
    for the document); FIELD is `-` when the whole file is unreadable."""

    file: str
    record: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.record}:{self.field}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class ErrorCollector:
    """Collects errors for one file so a whole file is reported at once (catalogue, rulings)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.items: list[RecordError] = []

    def add(self, record: object, field_name: str, message: str) -> None:
        self.items.append(RecordError(self.file, str(record), field_name, message))


def envelope_problems(
    doc: Any, *, expected_format: str, games: Sequence[str] | None = None, default_game: str | None = None
) -> list[tuple[str, str]]:
    """The (field, message) problems of a document's envelope: it must be a JSON object whose
    "format" is `expected_format` and, where `games` is given, whose "game" (or `default_game`
    when absent) is one of them. Empty when the envelope is right."""
    if not isinstance(doc, dict):
        return [("format", "el documento debe ser un objeto JSON")]
    problems = []
    if doc.get("format") != expected_format:
        problems.append(("format", f'se espera "format": "{expected_format}", no {doc.get("format")!r}'))
    if games is not None:
        game = doc.get("game", default_game)
        if game not in games:
            problems.append(("game", f"juego desconocido {game!r}; se espera {' o '.join(games)}"))
    return problems


def read_text_file(path: Path, max_bytes: int) -> tuple[str | None, list[RecordError]]:
    """An import file's text (UTF-8, BOM allowed), or the error naming why it cannot be read."""
    name = str(path)
    try:
        if path.stat().st_size > max_bytes:
            return None, [RecordError(name, "0", "-", f"el archivo supera {max_bytes // 2**20} MiB")]
        return path.read_text(encoding="utf-8-sig"), []
    except (OSError, UnicodeDecodeError) as exc:
        return None, [RecordError(name, "0", "-", f"no se puede leer: {exc}")]


def parse_json_text(text: str, file: str) -> tuple[Any, list[RecordError]]:
    try:
        return json.loads(text), []
    except json.JSONDecodeError as exc:
        message = f"JSON no válido (línea {exc.lineno}, columna {exc.colno}): {exc.msg}"
        return None, [RecordError(file, str(exc.lineno), "-", message)]
    except RecursionError:  # nested garbage: refused like any malformed document, never a crash
        return None, [RecordError(file, "0", "-", "JSON anidado demasiado hondo")]


class RecordsImportCommand(BaseCommand):
    """`import_catalogue` and `import_rulings`: FILE…, all-or-nothing. A refused import prints
    every problem on stderr, one a line (FILE:RECORD:FIELD: message), and ends with a CommandError
    (exit code 1) saying nothing was imported; an accepted one prints its summary line on stdout."""

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("files", nargs="+", type=Path)

    def import_files(self, paths: Sequence[Path], opts: dict[str, Any]) -> str:
        """Import the files (raising RecordsRejected) and return the summary line."""
        raise NotImplementedError

    def handle(self, *args: Any, **opts: Any) -> None:
        try:
            summary = self.import_files(opts["files"], opts)
        except RecordsRejected as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise CommandError(exc.message) from None
        self.stdout.write(summary)
