"""What the simulation commands (`goldfish`, `matchup`) share: reading a deck-list file, reporting
its bad lines as `file:line: message`, the progress bar on stderr, and the answer on stdout (the
API's JSON bytes with --json, else a summary in words)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from common.progress import progress_bar


def read_list(path: Path) -> str:
    """The text of a deck-list file (a BOM is dropped); a file that cannot be read stops the command."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"{path}: no se puede leer ({exc})") from None


def write_bad_lines(command: BaseCommand, path: Path, errors: Iterable[dict[str, Any]]) -> None:
    """Each problem of a list as `file:line: message` on stderr (`-` when it has no line)."""
    for error in errors:
        line = error.get("line")
        command.stderr.write(f"{path}:{line if line is not None else '-'}: {error['message']}")


@contextmanager
def games_progress(command: BaseCommand, opts: dict[str, Any]) -> Iterator[Callable[[int, int], None]]:
    """The progress bar of the games played, on stderr unless --no-progress."""
    with progress_bar(command.stderr._out, "partidas", enabled=not opts["no_progress"]) as progress:
        yield progress


def write_result(command: BaseCommand, result: dict[str, Any], opts: dict[str, Any],
                 summary: Callable[[dict[str, Any]], str]) -> None:
    """The answer on stdout: with --json the API's bytes (DRF's JSONRenderer writes compact UTF-8
    JSON), else `summary(result)`."""
    if opts["json"]:
        command.stdout.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")))
    else:
        command.stdout.write(summary(result))
