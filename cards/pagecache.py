"""Whole-response cache for anonymous readers of the catalogue (pages and API alike).

The catalogue changes only through imports and the editors' admin; every such write calls
`catalogue_changed()`, which moves the version that every cache key carries, so a stale page is
never served. Requests with a session (logged-in players: their header, their collection counts)
are never cached. Keys: version, language, full path with query string.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

VERSION_KEY = "catalogue-version"
TIMEOUT = 600


def catalogue_changed() -> None:
    cache.set(VERSION_KEY, time.time_ns(), None)


def catalogue_version() -> int:
    version = cache.get(VERSION_KEY)
    if version is None:
        version = time.time_ns()
        cache.add(VERSION_KEY, version, None)
        version = cache.get(VERSION_KEY, version)
    return int(version)


def _cacheable(request: HttpRequest) -> bool:
    return request.method == "GET" and settings.SESSION_COOKIE_NAME not in request.COOKIES and not request.headers.get("HX-Request")


def _key(request: HttpRequest) -> str:
    raw = f"{catalogue_version()}|{get_language()}|{request.get_full_path()}|{request.headers.get('Accept', '')[:64]}"
    return "page:" + hashlib.sha256(raw.encode()).hexdigest()


def anonymous_cache(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve a cached copy of a 200 answer to requests without a session."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not _cacheable(request):
            return view(request, *args, **kwargs)
        key = _key(request)
        hit = cache.get(key)
        if hit is not None:
            content, content_type = hit
            response = HttpResponse(content, content_type=content_type)
            response["X-Cache"] = "hit"
            return response
        response = view(request, *args, **kwargs)
        if hasattr(response, "render") and callable(response.render) and not response.is_rendered:
            response.render()
        if response.status_code == 200 and not response.cookies and not getattr(response, "streaming", False):
            cache.set(key, (response.content, response["Content-Type"]), TIMEOUT)
            response["X-Cache"] = "miss"
        return response

    return wrapper


def cached_answer(namespace: str, parts: tuple[object, ...], compute: Callable[[], Any], timeout: int = TIMEOUT) -> Any:
    """Memoise a deterministic answer over the catalogue (validation, seeded goldfish) by its inputs."""
    raw = repr((namespace, catalogue_version(), parts)).encode()
    key = f"answer:{namespace}:" + hashlib.sha256(raw).hexdigest()
    hit = cache.get(key)
    if hit is not None:
        return hit
    value = compute()
    cache.set(key, value, timeout)
    return value
