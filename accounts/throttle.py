"""Login attempts limited per account name and per address (issue 7): a shared-cache counter.

After MAX_FAILURES failed attempts within WINDOW seconds, further attempts for that name or from
that address are refused, even with the right password, until the window passes.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import HttpRequest

MAX_FAILURES = 5
WINDOW = 15 * 60


def _keys(request: HttpRequest, username: str) -> list[str]:
    address = request.META.get("REMOTE_ADDR", "")
    name = hashlib.sha256(username.strip().lower().encode()).hexdigest()[:24]
    return [f"login-fail:user:{name}", f"login-fail:addr:{address}"]


def login_blocked(request: HttpRequest, username: str) -> bool:
    return any((cache.get(key) or 0) >= MAX_FAILURES for key in _keys(request, username))


def login_failed(request: HttpRequest, username: str) -> None:
    for key in _keys(request, username):
        cache.add(key, 0, WINDOW)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, WINDOW)


def login_succeeded(request: HttpRequest, username: str) -> None:
    cache.delete(_keys(request, username)[0])
