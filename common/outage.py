"""The database is down (a stopped PostgreSQL, a refused or dropped connection): answer 503 with
Retry-After, never a 500 — JSON on the API, a page that says so elsewhere (attack finding: the API
answered HTML 500s with no Retry-After). The anonymous pages the site keeps (cards.pagecache) are
served before any query, so they go on being served.

Two entry points give the same answer: the API's exception handler (common.errors), for what a DRF
view raises, and the site's ``handler500`` (eliria_site.urls), for whatever else reaches Django's
last resort — a page view, or a middleware that reads the session. Neither touches the database.
"""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults

from common.errors import (
    DATABASE_ERRORS,
    DATABASE_RETRY_AFTER,
    database_unavailable_body,
    retry_header,
    with_headers,
)

RETRY_AFTER = DATABASE_RETRY_AFTER


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: JSON for the API, the 503 page for the rest (rendered with no request,
    so nothing in it reads the session or the user)."""
    if is_api(request):
        response: HttpResponse = JsonResponse(database_unavailable_body(), status=503)
    else:
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    with_headers(response, retry_header(RETRY_AFTER))
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: Django calls it inside its handling of the uncaught exception, so sys.exc_info()
    names it. The database down is a 503; any other error is the site's 500 (JSON on the API)."""
    exc = sys.exc_info()[1]
    if isinstance(exc, DATABASE_ERRORS):
        return database_unavailable(request)
    if is_api(request):
        return JsonResponse({"detail": _("Algo ha fallado en el servidor.")}, status=500)
    return defaults.server_error(request)
