"""API throttles that read the client's address one way (common.net), count with atomic increments
whatever the rate, and never turn a cache failure into an error page: a full disk or an unreachable
Redis lets requests through (and says so in the log and in /healthz) instead of answering 500 to
every reader.

DRF's own throttles keep each client's history, one timestamp per request in the window, and
rewrite it whole on every request: a read and a write that grow with the rate (1,200 floats for a
player at the user rate; a throttle was 0.32 ms of an 8-line validation's 1.2 ms under load,
bench/load.py), and two parallel requests that read the same history both pass where one should
not. Here a window is counted in ``SLOTS`` slots (a sixtieth of it each: a second of a minute's
rate). A request adds itself to its slot's counter with one atomic ``incr``, so parallel requests
each see a different count; the slots already closed are kept summed in one small value per client
(their ``fold``, rewritten once a slot by the first request of the next one). The limit holds in
every window of its length: the oldest slot still overlapping the window counts whole, so a client
at the limit may wait up to one slot longer than an exact clock would make it. A refused request
takes itself back off its slot, as DRF counts only the requests it lets through.

`throttle_view(scope)` applies the same counters to plain Django views (sign-up, password reset)."""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from rest_framework import throttling

from common.breaker import ServerUnavailable
from common.errors import retry_header, with_headers
from common.net import client_ip

log = logging.getLogger(__name__)

SLOTS = 60  # slots a throttle's window is counted in


class _FailOpen:
    """Mixin for SimpleRateThrottle: the client is common.net.client_ip; the window is counted in
    slots (see the module's docstring); cache errors allow."""

    # set by allow_request for wait(): the counts by slot, the slot's width and the time
    counts: dict[int, int]
    width: float
    now: float

    def get_ident(self, request: Any) -> str:
        return client_ip(request)

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return self._allow(request, view)
        except ServerUnavailable:  # Redis skipped for a while (common.breaker logged it once)
            return True
        except Exception:  # noqa: BLE001 - a broken cache must not take the site down
            log.warning("throttle cache unavailable; request allowed", exc_info=True)
            return True

    def _allow(self, request: Any, view: Any) -> bool:
        throttle: Any = self
        self.counts = {}
        if throttle.rate is None:
            return True
        key = throttle.get_cache_key(request, view)
        if key is None:
            return True
        cache, limit, duration = throttle.cache, throttle.num_requests, throttle.duration
        self.now = throttle.timer()
        self.width = duration / SLOTS
        slot = int(self.now // self.width)
        keep = math.ceil(duration + 2 * self.width) + 1  # seconds a slot's counter or the fold may matter
        mine = f"{key}:{slot}"
        count = _increment(cache, mine, keep)
        self.counts = _closed(cache, key, slot, keep)
        self.counts[slot] = count
        if sum(self.counts.values()) <= limit:
            return True
        try:
            cache.decr(mine)  # refused: not counted (DRF counts only what it lets through)
            self.counts[slot] = count - 1
        except ValueError:  # the counter expired meanwhile: nothing to take back
            pass
        return False

    def wait(self) -> float | None:
        """Seconds until one more request fits: until enough of the oldest slots leave the window."""
        counts = getattr(self, "counts", None)
        if not counts:
            return None
        excess = sum(counts.values()) - self.num_requests + 1  # type: ignore[attr-defined]
        for slot in sorted(counts):
            excess -= counts[slot]
            if excess <= 0:  # a slot counts until the window no longer overlaps it
                return max(0.0, (slot + SLOTS + 1) * self.width - self.now)
        return None


def _increment(cache: Any, key: str, keep: int) -> int:
    """Add one to the counter at *key* (created for *keep* seconds) and return it: atomic on
    diskcache and on Redis, so parallel requests each get their own count."""
    try:
        return int(cache.incr(key))
    except ValueError:  # the slot's first request (or its counter expired)
        if cache.add(key, 1, keep):
            return 1
        return int(cache.incr(key))  # another request created it between the two


def _closed(cache: Any, key: str, slot: int, keep: int) -> dict[int, int]:
    """The counts of the slots before *slot* still in the window, by slot, from the client's fold
    (``(last folded slot, slot, count, slot, count, …)``), folding in the slots closed since.

    Only two slots can be closed and not yet folded: the one after the fold's last (the requests of
    the slot that wrote the fold) and the one just before *slot*; any request in a slot between
    them would have folded them already. A client with no fold (new, or idle for a window) has at
    most the slot just before."""
    oldest = slot - SLOTS
    stored = cache.get(key)
    if isinstance(stored, tuple) and stored:
        upto, pairs = int(stored[0]), stored[1:]
    else:
        upto, pairs = slot - 2, ()
    counts = {int(s): int(n) for s, n in zip(pairs[::2], pairs[1::2], strict=False) if s >= oldest}
    if upto >= slot - 1:
        return counts
    unfolded = sorted({s for s in (upto + 1, slot - 1) if oldest <= s < slot})
    found = cache.get_many([f"{key}:{s}" for s in unfolded]) if unfolded else {}
    for s in unfolded:
        n = found.get(f"{key}:{s}")
        if n:
            counts[s] = int(n)
    fold: list[int] = [slot - 1]
    for s in sorted(counts):
        fold += (s, counts[s])
    cache.set(key, tuple(fold), keep)
    return counts


class AnonRateThrottle(_FailOpen, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(_FailOpen, throttling.UserRateThrottle):
    pass


class ClientRateThrottle(_FailOpen, throttling.SimpleRateThrottle):
    """The site's default: one counter per request, the player's (`user` rate) when signed in,
    else the client address's (`anon` rate). DRF's Anon + User pair would count an anonymous
    request twice, and each count is a write to the shared cache."""

    scope = "user"

    def allow_request(self, request: Any, view: Any) -> bool:
        self.scope = "user" if _signed_in(request) else "anon"
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request: Any, view: Any) -> str:
        ident = request.user.pk if _signed_in(request) else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def _signed_in(request: Any) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)


class ScopedThrottle(_FailOpen, throttling.SimpleRateThrottle):
    """A per-address budget named by `scope` (settings.THROTTLE_RATES)."""

    def __init__(self, scope: str) -> None:
        self.scope = scope
        super().__init__()

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class GoldfishThrottle(_FailOpen, throttling.UserRateThrottle):
    """CPU-heavy endpoints: their own, stricter budget per user (per address when anonymous)."""

    scope = "goldfish"


class OddsThrottle(_FailOpen, throttling.UserRateThrottle):
    """The exact odds (``POST /api/odds/``): each request may spend up to the inline budget of CPU,
    so its own budget per user (per address when anonymous), beside the client's overall rate."""

    scope = "odds"


def throttle_view(scope: str, methods: tuple[str, ...] = ("POST",)) -> Callable[..., Any]:
    """Refuse a view's `methods` with 429 once the client address spent its `scope` budget."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in methods:
                throttle = ScopedThrottle(scope)
                if not throttle.allow_request(request, None):
                    wait = throttle.wait() or 60
                    response = HttpResponse(
                        _("Demasiadas solicitudes desde tu dirección. Vuelve a intentarlo en %(minutes)d minutos.")
                        % {"minutes": max(1, round(wait / 60))},
                        status=429, content_type="text/plain; charset=utf-8",
                    )
                    with_headers(response, retry_header(wait))
                    return response
            return view(request, *args, **kwargs)

        return wrapper

    return decorate
