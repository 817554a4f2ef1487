"""Whole-response cache for anonymous readers of the catalogue (pages and API alike), and a memo
of deterministic answers (deck validation, seeded goldfish).

The catalogue changes only through imports and the editors' admin; every such write calls
`catalogue_changed()`, which moves the version that every key carries, so a stale answer is
never served.

Only answers that depend on nothing but the URL are shared: a request that carries anything that
could identify a person (a session or any other cookie but the language and CSRF ones, an
`Authorization` header of any scheme) is answered fresh and never stored, and an answer produced
for an authenticated user is never stored either. Keys carry the scheme, host and port the request
named, so a forged Host header can only poison its own entry.

Where the answers live: with REDIS_URL, in the shared cache (every app server agrees); without it,
in a per-process LRU bounded in bytes (PAGE_CACHE_BYTES), because writing each answer to the file
cache would make every miss list the cache folder. A cache that fails (full disk, Redis gone) turns
into no cache, never into an error.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import pickle
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from common.breaker import ServerUnavailable
from common.http import is_htmx

log = logging.getLogger(__name__)

VERSION_KEY = "catalogue-version"
TIMEOUT = 24 * 3600  # shared-cache entries also expire, whatever the version does
# Cookies that do not identify anyone: the answer does not depend on them (the language is keyed).
NEUTRAL_COOKIES = frozenset({"csrftoken", "django_language"})


V = TypeVar("V")


class SizedLRU(Generic[V]):
    """A thread-safe least-recently-used map bounded by the total *size* of its values (a value
    larger than the bound is not kept)."""

    def __init__(self, max_size: int, size: Callable[[V], int]) -> None:
        self.max_size, self.size, self.used = max_size, size, 0
        self.items: OrderedDict[str, V] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> V | None:
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def set(self, key: str, value: V) -> None:
        size = self.size(value)
        if size > self.max_size:
            return
        with self.lock:
            old = self.items.pop(key, None)
            if old is not None:
                self.used -= self.size(old)
            self.items[key] = value
            self.used += size
            while self.used > self.max_size:
                _, dropped = self.items.popitem(last=False)
                self.used -= self.size(dropped)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.used = 0


class ByteLRU(SizedLRU[bytes]):
    """Bounded by the total size of its values in bytes."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(max_bytes, len)


_local = ByteLRU(settings.PAGE_CACHE_BYTES)


def _shared() -> bool:
    return bool(getattr(settings, "REDIS_URL", ""))


def _store_get(key: str) -> bytes | None:
    if not _shared():
        return _local.get(key)
    try:
        value = cache.get(key)
    except ServerUnavailable:  # Redis skipped for a while (common.breaker logged it once)
        return None
    except Exception:  # noqa: BLE001 - a failing cache is a miss
        log.warning("page cache unavailable", exc_info=True)
        return None
    return value if isinstance(value, bytes) else None


def _store_set(key: str, value: bytes) -> None:
    if len(value) > settings.PAGE_CACHE_MAX_ANSWER:
        return
    if not _shared():
        _local.set(key, value)
        return
    try:
        cache.set(key, value, TIMEOUT)
    except ServerUnavailable:
        pass
    except Exception:  # noqa: BLE001
        log.warning("page cache unavailable", exc_info=True)


def catalogue_changed() -> None:
    _local.clear()
    _slotted.clear()
    cache.set(VERSION_KEY, time.time_ns(), None)


def catalogue_version() -> int | None:
    """The catalogue's version from the shared cache; None when the cache cannot be read or written
    (then nothing is cached: an answer keyed on a guessed version could outlive a change)."""
    try:
        version = cache.get(VERSION_KEY)
        if version is None:
            cache.add(VERSION_KEY, time.time_ns(), None)
            version = cache.get(VERSION_KEY)
    except ServerUnavailable:
        return None
    except Exception:  # noqa: BLE001
        log.warning("catalogue version unavailable; answers not cached", exc_info=True)
        return None
    return None if version is None else int(version)


def fragment(parts: tuple[Any, ...], build: Callable[[], str]) -> str:
    """A piece of a page that depends on the catalogue, the language and `parts` alone: rendered by
    `build` once, then kept where whole answers are (bounded, versioned, failing open). `parts` must
    name everything else the piece shows; it is for pages whose access the view has already checked
    (the key is a digest, and nothing outside the view can ask for it)."""
    return _fragment_text(_fragment_key(parts), build)


def _fragment_key(parts: tuple[Any, ...]) -> str | None:
    """The fragment's key for this catalogue version and language; None when nothing can be kept."""
    version = catalogue_version()
    if version is None:
        return None
    return "fragment:" + hashlib.sha256(repr((version, get_language(), parts)).encode()).hexdigest()


def _fragment_text(key: str | None, build: Callable[[], str]) -> str:
    if key is None:
        return build()
    kept = _store_get(key)
    if kept is not None:
        return kept.decode()
    text = build()
    _store_set(key, text.encode())
    return text


_SLOT = re.compile("\x00([a-z0-9_]+)\x00")


class Slotted:
    """A kept piece split once at its slots ("\\x00name\\x00", never in a request: the input gate
    refuses NUL), filled per answer in one join. Filling a 190 KB deck body's 380 CSRF and query
    slots with str.replace cost 0.7 ms an answer; a join costs a few hundredths of that."""

    __slots__ = ("names", "parts", "size")

    def __init__(self, text: str) -> None:
        self.parts = _SLOT.split(text)  # text, slot name, text, …, text
        self.names = frozenset(self.parts[1::2])
        self.size = len(text)

    def fill(self, values: dict[str, str]) -> str:
        """The text with each slot named in *values* replaced by its value (values are not read
        again); a slot not named stays as it was."""
        parts = self.parts[:]
        for i in range(1, len(parts), 2):
            name = parts[i]
            parts[i] = values[name] if name in values else f"\x00{name}\x00"
        return "".join(parts)


# This process's split fragments by key, bounded in characters (a key names one version of a
# fragment, so a kept split is never stale).
_slotted: SizedLRU[Slotted] = SizedLRU(settings.PAGE_CACHE_BYTES // 4, lambda piece: piece.size)


def slotted_fragment(parts: tuple[Any, ...], build: Callable[[], str]) -> Slotted:
    """:func:`fragment`, split at its slots, and the split kept in this process by the fragment's key."""
    key = _fragment_key(parts)
    found = None if key is None else _slotted.get(key)
    if found is None:
        found = Slotted(_fragment_text(key, build))
        if key is not None:
            _slotted.set(key, found)
    return found


def identifies_someone(request: HttpRequest) -> bool:
    """Whether the request carries anything that may make its answer personal."""
    if "HTTP_AUTHORIZATION" in request.META:
        return True
    return any(name not in NEUTRAL_COOKIES for name in request.COOKIES)


def _cacheable(request: HttpRequest) -> bool:
    return request.method == "GET" and not is_htmx(request) and not identifies_someone(request)


def _key(version: int, *parts: object) -> str:
    return "answer:" + hashlib.sha256(repr((version, *parts)).encode()).hexdigest()


def _authenticated(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)


def anonymous_cache(
    view: Callable[..., HttpResponse], shareable: Callable[[HttpRequest], bool] | None = None
) -> Callable[..., HttpResponse]:
    """Serve a cached copy of a 200 answer to requests that identify nobody, and to those for which
    *shareable(request)* says the answer cannot depend on who asks. Only an answer to a request that
    identifies nobody is stored, as before: a shared one is computed fresh on a miss and not kept."""

    def served_from_cache(request: HttpRequest) -> bool:
        if _cacheable(request):
            return True
        return (shareable is not None and request.method == "GET" and not is_htmx(request)
                and shareable(request))

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        version = catalogue_version() if served_from_cache(request) else None
        if version is None:
            return view(request, *args, **kwargs)
        key = _key(version, "page", get_language(), request.build_absolute_uri(),
                   request.headers.get("Accept", "")[:64])
        hit = _store_get(key)
        if hit is not None:
            content_type, _, content = hit.partition(b"\n")
            response = HttpResponse(content, content_type=content_type.decode())
            response["X-Cache"] = "hit"
            return response
        response = view(request, *args, **kwargs)
        if hasattr(response, "render") and callable(response.render) and not response.is_rendered:
            response.render()
        if (response.status_code == 200 and not response.cookies and not getattr(response, "streaming", False)
                and not _authenticated(request) and _cacheable(request) and "\n" not in response["Content-Type"]):
            _store_set(key, response["Content-Type"].encode() + b"\n" + response.content)
            response["X-Cache"] = "miss"
        return response

    return wrapper


def cached_answer(
    namespace: str, parts: tuple[object, ...], compute: Callable[[], Any],
    keep: Callable[[Any], bool] = lambda value: True,
) -> Any:
    """Memoise a deterministic answer over the catalogue (validation, seeded goldfish and
    matchups) by its inputs; `keep` may refuse to keep one (a run cut short by a time limit).
    Answers larger than PAGE_CACHE_MAX_ANSWER once pickled are not kept."""
    version = catalogue_version()
    if version is None:
        return compute()
    key = _key(version, "memo", namespace, parts)
    hit = _store_get(key)
    if hit is not None:
        return pickle.loads(hit)  # noqa: S301 - written by this module only
    value = compute()
    if keep(value):
        _store_set(key, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value
