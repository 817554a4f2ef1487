"""Site-wide small views."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.views.decorators.http import require_GET

from common.http import safe_next


@require_GET
def switch_language(request: HttpRequest, code: str) -> HttpResponseRedirect:
    """A plain link switches the language (a preference cookie), so pages need no CSRF token and
    anonymous pages can be cached whole (cards.pagecache)."""
    if code not in dict(settings.LANGUAGES):
        raise Http404("Idioma desconocido.")
    response = HttpResponseRedirect(safe_next(request, request.GET.get("next", "/")))
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, code, max_age=365 * 24 * 3600, samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response
