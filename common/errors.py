"""One error vocabulary: everything a player can get wrong is a SiteError (or the engine's
EngineError), raised anywhere and answered in one place.

The API answers them through `api_exception_handler` (REST_FRAMEWORK["EXCEPTION_HANDLER"]) as
`{"<field>": ["message"]}` when the error names a field, else `{"detail": "message"}`, plus the
error's `extra` keys, with the error's status. Pages catch the errors they expect and show the
message on the form; the input gate answers its own (common.gate.refusal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rest_framework.response import Response


class SiteError(Exception):
    """A request the site refuses, with the status to answer and the field it concerns."""

    status = 400

    def __init__(self, message: str, *, field: str | None = None, status: int | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.extra = extra or {}
        if status is not None:
            self.status = status

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {self.field: [self.message]} if self.field else {"detail": self.message}
        body.update(self.extra)
        return body


class BadInput(SiteError):
    """Malformed input: a NUL byte, a control character, JSON nested too deep, too many lines."""


class TooLarge(SiteError):
    status = 413


class Conflict(SiteError):
    status = 409


class QuotaExceeded(SiteError):
    status = 429


class Problem(Protocol):
    """One bad record of a refused file: printed one a line, answered as an object."""

    def as_dict(self) -> dict[str, Any]: ...


class RecordsRejected(SiteError):
    """A file or list refused as a whole, nothing written; `problems` names every bad record:
    `common.exchange.RecordError` (FILE:RECORD:FIELD) for the catalogue and rulings files,
    `collection.imports.ImportProblem` (line, field) for a player's upload. The API answers
    `{"detail": message, "errors": [problem, …]}`; the import commands print one problem a line
    (`common.exchange.RecordsImportCommand`)."""

    def __init__(self, problems: Sequence[Problem], message: str | None = None) -> None:
        self.problems = list(problems)
        n = len(self.problems)
        super().__init__(
            message or f"{n} {'error' if n == 1 else 'errores'}: no se ha importado nada.",
            extra={"errors": [p.as_dict() for p in self.problems]},
        )


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus SiteError and the engine's EngineError as 400-family answers, and the
database down as a 503 with Retry-After (common.outage)."""
    # Imported here: the commands import SiteError and should not pay for DRF at start-up.
    from rest_framework.response import Response
    from rest_framework.views import exception_handler

    from engine import EngineError

    if isinstance(exc, SiteError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, EngineError):
        code = getattr(exc, "code", None)
        return Response({"detail": str(exc), **({"code": code} if isinstance(code, str) else {})}, status=400)
    if isinstance(exc, RecursionError):
        return Response({"detail": "La entrada está anidada demasiado hondo."}, status=400)
    from common.outage import DATABASE_ERRORS, RETRY_AFTER, database_unavailable_body

    if isinstance(exc, DATABASE_ERRORS):  # the database is down: 503, try again (common.outage)
        return Response(database_unavailable_body(), status=503, headers={"Retry-After": str(RETRY_AFTER)})
    return exception_handler(exc, context)
