"""Whole-response cache for anonymous readers of the catalogue (pages and API alike), and a memo
of deterministic answers (deck validation, seeded goldfish).

The catalogue changes only through imports and the editors' admin; every such write calls
`catalogue_changed()`, which moves the version that every key carries, so a stale answer is
never served. The version lives in the cache shared by all server processes; the answers
themselves live in a bounded in-process LRU, because writing each one to the shared file cache
would make every miss list the cache folder (Django's file cache culls on every write) and a
crawl of distinct URLs would slow every request down. Requests with a session (logged-in
players: their header, their collection counts) are never cached.
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

VERSION_KEY = "catalogue-version"
MAX_ENTRIES = 512  # per server process
MAX_BYTES = 512 * 1024  # larger answers are not kept


class _LRU:
    """A small thread-safe least-recently-used map (runserver and gthread serve in threads)."""

    def __init__(self, size: int) -> None:
        self.size, self.items, self.lock = size, OrderedDict[str, Any](), threading.Lock()

    def get(self, key: str) -> Any:
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def set(self, key: str, value: Any) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


_answers = _LRU(MAX_ENTRIES)


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
    return (
        request.method == "GET"
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and not request.headers.get("HX-Request")
    )


def _key(*parts: object) -> str:
    return hashlib.sha256(repr((catalogue_version(), *parts)).encode()).hexdigest()


def anonymous_cache(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve a cached copy of a 200 answer to requests without a session."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not _cacheable(request):
            return view(request, *args, **kwargs)
        key = _key("page", get_language(), request.get_full_path(), request.headers.get("Accept", "")[:64])
        hit = _answers.get(key)
        if hit is not None:
            content, content_type = hit
            response = HttpResponse(content, content_type=content_type)
            response["X-Cache"] = "hit"
            return response
        response = view(request, *args, **kwargs)
        if hasattr(response, "render") and callable(response.render) and not response.is_rendered:
            response.render()
        if (response.status_code == 200 and not response.cookies and not getattr(response, "streaming", False)
                and len(response.content) <= MAX_BYTES):
            _answers.set(key, (response.content, response["Content-Type"]))
            response["X-Cache"] = "miss"
        return response

    return wrapper


def cached_answer(
    namespace: str, parts: tuple[object, ...], compute: Callable[[], Any],
    keep: Callable[[Any], bool] = lambda value: True,
) -> Any:
    """Memoise a deterministic answer over the catalogue (validation, seeded goldfish and
    matchups) by its inputs; `keep` may refuse to keep one (a run cut short by a time limit)."""
    key = _key("answer", namespace, parts)
    hit = _answers.get(key)
    if hit is not None:
        return hit
    value = compute()
    if keep(value):
        _answers.set(key, value)
    return value
