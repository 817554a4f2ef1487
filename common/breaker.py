"""A circuit breaker per Redis server and per process: a hung or unreachable Redis costs one timeout,
not one per cache call.

A Redis that is frozen (not refusing, just silent) makes every call wait its whole socket timeout;
a page makes three or four cache calls (throttle, catalogue version, the answer), so with a 2 s
timeout every page took 8 s while Redis hung (attack finding R4). Here the first call that fails on
the network (a timeout, a refused or reset connection) *opens* the server's breaker: for
``CACHE_BREAKER_SECONDS`` every call to that server raises :class:`ServerUnavailable` at once, with
no network at all, and the callers (throttles, page cache, health) carry on without the cache as
they already did for a Redis that refuses. Once that time is over one call (one thread of the
process) tries the server again: on success the breaker closes, on failure it stays open for
another period. Every process keeps its own breakers (module state, shared by its threads).
"""

from __future__ import annotations

import logging
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import redis.exceptions
from django.conf import settings

log = logging.getLogger(__name__)

T = TypeVar("T")
# What a server that hangs, refuses or drops its connections raises (redis' TimeoutError is not a
# ConnectionError; socket errors that escape redis-py are OSErrors).
NETWORK_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)
# The breakers' clock (seconds, any origin): the tests hold it still or move it on by hand, so that
# what they check never depends on how fast a busy machine gets from one line to the next.
clock: Callable[[], float] = time.monotonic


class ServerUnavailable(redis.exceptions.ConnectionError):
    """Raised instead of calling a server whose breaker is open (a ConnectionError, so whatever
    handles an unreachable Redis handles this too)."""


class Breaker:
    """Closed (calls go through), open until ``reopen_at`` (calls fail at once), then one trial call."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lock = threading.Lock()
        self.reopen_at = 0.0  # clock() time when a call may try the server again; 0: closed
        self.trying = False  # a trial call is under way (the others still fail fast)
        self.attempts = 0  # calls that reached the network (for /healthz and the tests)
        self.refused = 0  # calls refused without the network

    @property
    def open(self) -> bool:
        return self.reopen_at > 0.0

    def _admit(self) -> bool:
        with self.lock:
            if not self.reopen_at:
                self.attempts += 1
                return True
            if self.trying or clock() < self.reopen_at:
                self.refused += 1
                return False
            self.trying = True  # this call is the trial
            self.attempts += 1
            return True

    def _failed(self, exc: BaseException) -> None:
        seconds = float(getattr(settings, "CACHE_BREAKER_SECONDS", 5.0))
        with self.lock:
            first = not self.reopen_at
            self.reopen_at = clock() + seconds
            self.trying = False
        if first:
            log.warning("%s unavailable (%r): calls skip it for %.0f s at a time until it answers",
                        self.name, exc, seconds)

    def _succeeded(self) -> None:
        if not self.reopen_at:
            return
        with self.lock:
            was_open, self.reopen_at, self.trying = bool(self.reopen_at), 0.0, False
        if was_open:
            log.warning("%s answers again", self.name)

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Run the block against the server, or raise ServerUnavailable while the breaker is open."""
        if not self._admit():
            raise ServerUnavailable(f"{self.name}: skipped for a few seconds after a failure (circuit open)")
        try:
            yield
        except NETWORK_ERRORS as exc:
            self._failed(exc)
            raise
        except BaseException:
            # Not the network's fault (a missing key for incr, a bad value): the server answered.
            self._succeeded()
            raise
        self._succeeded()

    def call(self, function: Callable[..., T], *args: object, **kwargs: object) -> T:
        with self.guard():
            return function(*args, **kwargs)


_breakers: dict[str, Breaker] = {}
_registry_lock = threading.Lock()


def breaker_for(url: str) -> Breaker:
    """The process's breaker for the server at *url* (one per host and port, whatever the database
    number or options: the cache and the job queue on one Redis share it)."""
    parts = urllib.parse.urlsplit(url)
    name = f"redis {parts.hostname or parts.path}:{parts.port or ''}".rstrip(":")
    with _registry_lock:
        found = _breakers.get(name)
        if found is None:
            found = _breakers[name] = Breaker(name)
        return found


def reset() -> None:
    """Forget every breaker (tests)."""
    with _registry_lock:
        _breakers.clear()
