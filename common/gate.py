"""One input gate, before any view parses anything.

Refused here, with a 400 (413 for size, 411 for a body of unknown length) that names the problem and
where it is: NUL bytes and other control characters (C0 but tab and line breaks, DEL, C1) in the
path, the query string, form fields and JSON bodies; JSON nested deeper than MAX_JSON_DEPTH; bodies
over MAX_REQUEST_BODY (multipart uploads included, before Django spools them to disk). Uploaded files
are checked where they are read (`check_text`). HEAD is answered wherever GET is, without a body.

The gate reads a body as JSON or as a form exactly when something behind it would parse it so: the
API picks a parser only for a media type named exactly (`common.negotiation.ExactContentNegotiation`, DRF's default
negotiation would hand `*/*`, `application/*` or `*/json` to its JSON parser), and forms are read
for their two exact types only, whatever the method (Django parses them for POST alone, DRF for
PUT and PATCH too). Anything else is a 415 from the API, never an unread body.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.utils.html import escape

from common.errors import BadInput, SiteError, TooLarge

# C0 controls but tab, line feed and carriage return; DEL; C1 controls (never text: mostly
# Windows-1252 read as Latin-1, and U+0085 would split a line where Python's splitlines() does).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# A JSON escape of the same characters (\u0000 … \u001f but \t \n \r, \u007f … \u009f) …
_JSON_CONTROL = re.compile(rb"\\u00(?:0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF]|[89][0-9a-fA-F])")
# … and the same characters unescaped: JSON allows a raw DEL or C1 character inside a string (in
# UTF-8, C1 is C2 80 … C2 9F), and a raw C0 control is invalid JSON anywhere but as white space.
_JSON_RAW_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]")
_JSON_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
ADMIN_BODY = 80 * 1024 * 1024  # catalogue files (64 MiB) through the admin


def check_text(value: str, where: str) -> None:
    """Raise BadInput when `value` holds a NUL byte or another control character."""
    found = _CONTROL.search(value)
    if found:
        char = found.group()
        what = "un carácter nulo (NUL)" if char == "\x00" else f"un carácter de control (U+{ord(char):04X})"
        raise BadInput(f"{where} contiene {what} en la posición {found.start() + 1}.")


def check_json_depth(body: bytes, limit: int | None = None) -> None:
    """Raise BadInput when JSON arrays/objects nest deeper than `limit` (json would recurse)."""
    limit = limit or settings.MAX_JSON_DEPTH
    depth = 0
    for token in _JSON_TOKENS.finditer(body):
        char = token.group()
        if char in (b"[", b"{"):
            depth += 1
            if depth > limit:
                raise BadInput(f"El JSON está anidado más de {limit} niveles (byte {token.start() + 1}).")
        elif char in (b"]", b"}"):
            depth -= 1


def check_json_body(body: bytes, where: str = "El cuerpo JSON") -> None:
    raw = _JSON_RAW_CONTROL.search(body)
    if raw:
        char = raw.group().decode("utf-8", "replace")
        what = "un carácter nulo (NUL)" if char == "\x00" else f"un carácter de control (U+{ord(char):04X})"
        raise BadInput(f"{where} contiene {what} en el byte {raw.start() + 1}.")
    found = _JSON_CONTROL.search(body)
    if found:
        escape_text = found.group().decode()
        what = "un carácter nulo (NUL)" if escape_text == "\\u0000" else f"un carácter de control ({escape_text})"
        raise BadInput(f"{where} contiene {what} en el byte {found.start() + 1}.")
    check_json_depth(body)


def _check_pairs(pairs: Iterable[tuple[str, list[str]]], kind: str) -> None:
    for key, values in pairs:
        check_text(key, f"El nombre de {kind} «{escape(key[:40])}»")
        for value in values:
            check_text(value, f"El {kind} «{key[:40]}»")


def _body_limit(request: HttpRequest) -> int:
    return ADMIN_BODY if request.path.startswith("/admin/") else settings.MAX_REQUEST_BODY


def _form(request: HttpRequest) -> QueryDict:
    """The form fields of the body whatever the method: Django parses a form only for POST, but the
    API's parsers read PUT, PATCH and DELETE bodies too. Parsed once here, the same way as for POST
    (request.POST and request.FILES), which is also where DRF then takes them from."""
    if request.method != "POST" and not hasattr(request, "_post"):
        method, request.method = request.method, "POST"
        try:
            request._load_post_and_files()  # type: ignore[attr-defined]
        finally:
            request.method = method
    return request.POST


def inspect(request: HttpRequest) -> None:
    """Raise a SiteError for the first problem found in the request, or return."""
    check_text(request.path, "La dirección")
    _check_pairs(request.GET.lists(), "parámetro")
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    length = request.META.get("CONTENT_LENGTH") or ""
    if "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower() and not length:
        raise SiteError("Hace falta Content-Length: no se aceptan cuerpos troceados.", status=411)
    try:
        size = int(length or 0)
    except ValueError:
        raise BadInput("Content-Length no es un número.") from None
    limit = _body_limit(request)
    if size > limit:
        raise TooLarge(f"El cuerpo ocupa {size:,} bytes; el máximo es {limit:,}.".replace(",", "."))
    content_type = request.content_type or ""
    if content_type == "application/json" or content_type.endswith("+json"):
        if size > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            raise TooLarge(
                f"El cuerpo JSON ocupa {size:,} bytes; el máximo es "
                f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,}.".replace(",", ".")
            )
        check_json_body(request.body)
    elif content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        _check_pairs(_form(request).lists(), "campo")
        for name, upload in request.FILES.items():
            check_text(upload.name or "", f"El nombre del archivo «{name}»")


def refusal(request: HttpRequest, error: SiteError) -> HttpResponse:
    """The answer to a refused request: JSON for the API, a short page elsewhere."""
    if request.path.startswith("/api/") or "json" in request.META.get("HTTP_ACCEPT", ""):
        return JsonResponse(error.as_dict(), status=error.status)
    body = (
        '<!doctype html><html lang="es"><meta charset="utf-8"><title>Solicitud no válida</title>'
        f"<h1>Solicitud no válida</h1><p>{escape(error.message)}</p><p><a href=\"/\">Volver al inicio</a></p></html>"
    )
    return HttpResponse(body, status=error.status, content_type="text/html; charset=utf-8")


class InputGateMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            inspect(request)
        except SiteError as error:
            return refusal(request, error)
        except json.JSONDecodeError:  # pragma: no cover - inspect never decodes
            return refusal(request, BadInput("JSON no válido."))
        head = request.method == "HEAD"
        if head:  # answered as GET, without the body (RFC 9110 9.3.2)
            request.method = "GET"
        response = self.get_response(request)
        if head:
            request.method = "HEAD"
            if getattr(response, "streaming", False):
                response.streaming_content = []  # type: ignore[attr-defined]
            else:
                length = len(response.content)
                response.content = b""
                response["Content-Length"] = str(length)
        return response
