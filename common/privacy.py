"""Answers that depend on who asks are never kept by a shared cache (a proxy or a CDN in front).

Every answer says it varies with `Authorization` and `Cookie`, so a cache never hands an answer made
for one set of credentials to another. An answer to a request that may identify someone (an
`Authorization` header of any scheme, a cookie other than the CSRF and language ones, a signed-in
user) or that sets a cookie is also `Cache-Control: private, no-store`: nobody but the asker keeps
it, not even the asker's browser on disk. Static files (WhiteNoise) keep their own long-lived
public caching: they are the same for everyone.

The anonymous catalogue answers that `cards.pagecache` keeps inside the site are untouched: that
cache lives behind this middleware and already refuses the same requests.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers


def _neutral_cookies() -> frozenset[str]:
    """Cookies that identify nobody: the answer does not depend on who holds them."""
    return frozenset({settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME})


def is_personal(request: HttpRequest, response: HttpResponse) -> bool:
    """Whether the answer may depend on who asked, or hands the asker something of their own."""
    if "HTTP_AUTHORIZATION" in request.META or response.cookies:
        return True
    if any(name not in _neutral_cookies() for name in request.COOKIES):
        return True
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)


class PrivateAnswersMiddleware:
    """Placed before sessions and authentication, so it sees the answer they produced."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path.startswith(settings.STATIC_URL):
            return response
        patch_vary_headers(response, ("Authorization", "Cookie"))
        if is_personal(request, response):
            patch_cache_control(response, private=True, no_store=True)
        return response
