"""One error vocabulary: everything a player can get wrong is a SiteError (or the engine's
EngineError), raised anywhere and answered in one place.

The API answers them through `api_exception_handler` (REST_FRAMEWORK["EXCEPTION_HANDLER"]) as
`{"<field>": ["message"]}` when the error names a field, else `{"detail": "message"}`, plus its
`code` when it has one and the error's `extra` keys, with the error's status and `headers` (Zulip's
JsonableError with extra_headers): a refusal to wait, such as a full simulation queue, carries its
`Retry-After` (`QuotaExceeded.retry_after`, written by `retry_header`) and every endpoint answers it the same way. An engine error is a 400
`{"detail", "code"?, "card"?}` (`engine_error_body`: a CardEffectError names its card). So a view
catches nothing the handler can answer. Pages catch the errors they expect, show the message on the
form and copy the error's `headers` onto their answer; the input gate answers its own
(common.gate.refusal).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from django.db import InterfaceError, OperationalError

if TYPE_CHECKING:
    from django.http import HttpResponseBase
    from rest_framework.response import Response

_R = TypeVar("_R", bound="HttpResponseBase")


def retry_header(seconds: float) -> dict[str, str]:
    """The header that tells a client when to try again: the one place the site writes it."""
    return {"Retry-After": str(int(seconds))}


def with_headers(response: _R, headers: Mapping[str, str]) -> _R:
    """*response* with *headers* set (a page answering a SiteError copies its `headers` so)."""
    for name, value in headers.items():
        response[name] = value
    return response


class SiteError(Exception):
    """A request the site refuses, with the status to answer, the field it concerns, a `code` for
    programs (answered only when set) and the `headers` to answer with (e.g. `retry_header(30)`)."""

    status = 400
    code: str | None = None

    def __init__(self, message: str, *, field: str | None = None, status: int | None = None,
                 extra: dict[str, Any] | None = None, code: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.extra = extra or {}
        self.headers = dict(headers or {})
        if status is not None:
            self.status = status
        if code is not None:
            self.code = code

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {self.field: [self.message]} if self.field else {"detail": self.message}
        if self.code is not None:
            body["code"] = self.code
        body.update(self.extra)
        return body


class BadInput(SiteError):
    """Malformed input: a NUL byte, a control character, JSON nested too deep, too many lines."""


class TooLarge(SiteError):
    status = 413


class Conflict(SiteError):
    status = 409


class QuotaExceeded(SiteError):
    """Too much at once (429, or the `status` given): answered with Retry-After, `retry_after` seconds."""

    status = 429
    retry_after = 30

    def __init__(self, message: str, *, retry_after: int | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        if retry_after is not None:
            self.retry_after = retry_after
        self.headers.update(retry_header(self.retry_after))


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


def engine_error_body(exc: Exception) -> dict[str, Any]:
    """An engine error as the API answers it: its message, its `code` when it has one (e.g.
    ``card_effect``, ``too_costly``) and, for a card whose effects cannot be played, the `card`."""
    body: dict[str, Any] = {"detail": str(exc)}
    code = getattr(exc, "code", None)
    if isinstance(code, str):
        body["code"] = code
    card = getattr(exc, "card", None)
    if isinstance(card, str):
        body["card"] = card
    return body


# The database is down (common.outage answers the pages; the handler below the API).
DATABASE_ERRORS = (OperationalError, InterfaceError)
DATABASE_RETRY_AFTER = 15  # seconds: a restart of the database, or a failover


def database_unavailable_body() -> dict[str, str]:
    from django.utils.translation import gettext as _

    return {"detail": _("La base de datos no responde ahora mismo: inténtalo dentro de unos segundos."),
            "code": "database_unavailable"}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus SiteError (its status, body and headers) and the engine's EngineError as
400 answers, and the database down as a 503 with Retry-After (common.outage)."""
    # Imported here: the commands import SiteError and should not pay for DRF at start-up.
    from rest_framework.response import Response
    from rest_framework.views import exception_handler

    from engine import EngineError

    if isinstance(exc, SiteError):
        return Response(exc.as_dict(), status=exc.status, headers=exc.headers or None)
    if isinstance(exc, EngineError):
        return Response(engine_error_body(exc), status=400)
    if isinstance(exc, RecursionError):
        return Response({"detail": "La entrada está anidada demasiado hondo."}, status=400)
    if isinstance(exc, DATABASE_ERRORS):  # the database is down: 503, try again (common.outage)
        return Response(database_unavailable_body(), status=503, headers=retry_header(DATABASE_RETRY_AFTER))
    return exception_handler(exc, context)
