"""What the site's data-file formats share: the envelope check and how a refused import is told.

The catalogue (catalogue/1) and rulings (rulings/1) files are JSON objects naming their format
and, for a game's data, the game; their management commands refuse a whole file list at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.core.management.base import CommandError, OutputWrapper


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


def import_refused(stderr: OutputWrapper, errors: Iterable[object]) -> CommandError:
    """Write every error of a refused import to stderr, one a line, and return the CommandError
    that ends the command (nothing was written: the imports are all-or-nothing)."""
    count = 0
    for error in errors:
        stderr.write(str(error))
        count += 1
    return CommandError(f"{count} errores: no se ha importado nada.")
