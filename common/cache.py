"""The one-machine cache: diskcache's Django backend, its SQLite connections kept between requests.

Django closes every cache at the end of each request (``request_finished``). diskcache's close
shuts its SQLite connections, so the next request opened them again and read its settings back
into pragmas, once per shard it touched: about a third of an 8-line validation request, whose
throttles read and write two keys (bench/requests_profile.py: sqlite3 ``execute``, ``close`` and
``connect`` at 33 % of the request). The connections are per thread and per process (diskcache
opens a new one after a fork and in a new thread), so keeping them is what a long-lived worker
wants; a thread that ends takes its connections with it.

A kept connection outlives its file: when the cache folder is removed (or replaced) under a running
process, the process went on reading and writing the removed files while every process started
since used new ones — the catalogue version (cards.pagecache), the throttles' counts and the
workers' heartbeat split in two for good (issue 38 R3). So the cache looks at its folder and its
shards' files at most every CHECK_EVERY seconds, before an operation, and opens them again when
they are not the files it opened (``verify``); /healthz asks it at once (common.health.cache_folder).

With REDIS_URL the cache is :class:`BreakerRedisCache`: Django's Redis cache behind a circuit
breaker (common.breaker), so a Redis that hangs costs one timeout, not one per cache call.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

from diskcache import DjangoCache, FanoutCache
from diskcache.core import DBNAME
from django.conf import settings
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

from common.breaker import ServerUnavailable, breaker_for

log = logging.getLogger(__name__)

Identity = tuple[tuple[int, int] | None, ...]


class CacheFolderUnavailable(ServerUnavailable):
    """The cache's folder cannot be opened now (a full disk, no permission): the cache is skipped,
    as a Redis that does not answer is (the callers already carry on without it)."""


class KeptDiskCache(DjangoCache):  # type: ignore[misc]
    """diskcache.DjangoCache whose connections outlive a request (see the module's docstring);
    whose folder is opened on first use, not in the constructor: a folder that cannot be opened
    (attack finding: a full cache disk made every ``manage.py`` command die in Django's system
    checks, which build every cache, and a restarted worker crash-loop) makes each call raise
    CacheFolderUnavailable, and is tried again CACHE_BREAKER_SECONDS later (common.checks warns);
    and that opens its folder again when it was removed or replaced (issue 38 R3, ``verify``)."""

    CHECK_EVERY = 1.0  # seconds between two looks at the folder (five stat calls with 4 shards)

    def __init__(self, directory: str, params: dict[str, Any]) -> None:
        BaseCache.__init__(self, params)
        self._folder = (directory, params.get("SHARDS", 8), params.get("DATABASE_TIMEOUT", 0.010),
                        params.get("OPTIONS", {}))
        self._opened: FanoutCache | None = None
        self._retry_at = 0.0
        self._lock = threading.Lock()
        self._identity: Identity = ()
        self._looked = 0.0
        self.reopened = 0  # times this process found its folder gone or replaced, and opened it again
        self.reopened_at: float | None = None  # time.time() of the last

    @property
    def directory(self) -> str:
        return str(self._folder[0])

    @property
    def _cache(self) -> FanoutCache:
        """The open cache (every operation of DjangoCache goes through it): opened on first use, its
        folder looked at first when CHECK_EVERY seconds have passed since the last look."""
        if self._opened is None:
            return self.open()
        if time.monotonic() - self._looked >= self.CHECK_EVERY:
            self.verify()
        assert self._opened is not None
        return self._opened

    def open(self) -> FanoutCache:
        """The folder's shards, opened now if they are not yet (CacheFolderUnavailable if they cannot be)."""
        if self._opened is not None:
            return self._opened
        if time.monotonic() < self._retry_at:
            raise CacheFolderUnavailable(f"cache folder {self.directory}: skipped for a few seconds after a failure")
        self._opened = self._fanout()
        self._identity = self._files()
        self._looked = time.monotonic()
        return self._opened

    def _fanout(self) -> FanoutCache:
        directory, shards, timeout, options = self._folder
        try:
            return FanoutCache(directory, shards, timeout, **options)
        except (OSError, sqlite3.Error) as exc:
            self._retry_at = time.monotonic() + float(getattr(settings, "CACHE_BREAKER_SECONDS", 5.0))
            log.warning("cache folder %s cannot be opened (%s): running without the shared cache "
                        "(throttles let requests through, answers are not kept) until it can", directory, exc)
            raise CacheFolderUnavailable(f"cache folder {directory}: {exc}") from exc

    def _files(self) -> Identity:
        """The folder's and each shard's file's (device, inode); None for one that is gone."""
        fanout = self._opened
        assert fanout is not None
        paths = [fanout.directory, *(os.path.join(shard.directory, DBNAME) for shard in fanout._shards)]
        found: list[tuple[int, int] | None] = []
        for path in paths:
            try:
                st = os.stat(path)
            except OSError:
                found.append(None)
            else:
                found.append((st.st_dev, st.st_ino))
        return tuple(found)

    def verify(self) -> bool:
        """True when the folder holds the files this process opened; else open it again (created
        anew, or the files another process made there since) and return False. Raises
        CacheFolderUnavailable when the folder cannot be made (a full or read-only disk): the next
        look tries again."""
        if self._opened is None:
            self.open()
            return True
        self._looked = time.monotonic()
        if self._files() == self._identity:
            return True
        with self._lock:
            if self._files() == self._identity:
                return True  # another thread opened it again meanwhile
            old = self._opened
            self._opened = self._fanout()
            self._identity = self._files()
            self.reopened += 1
            self.reopened_at = time.time()
            old.close()
        log.warning("cache folder %s was removed or replaced: opened again", self.directory)
        return False

    def close(self, **kwargs: Any) -> None:
        """Kept open: Django calls this after every request."""


class _GuardedClient(RedisCacheClient):
    """Django's Redis client, each call through the server's circuit breaker (common.breaker)."""

    def __init__(self, servers: list[str], **options: Any) -> None:
        super().__init__(servers, **options)
        self.breaker = breaker_for(servers[0])


def _guarded(name: str) -> Callable[..., Any]:
    method = getattr(RedisCacheClient, name)

    def call(self: _GuardedClient, *args: Any, **kwargs: Any) -> Any:
        return self.breaker.call(method, self, *args, **kwargs)

    call.__name__ = name
    return call


for _name in ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many",
              "delete_many", "clear"):
    setattr(_GuardedClient, _name, _guarded(_name))


class BreakerRedisCache(RedisCache):
    """Django's Redis cache that fails fast while Redis hangs: after one call fails on the network,
    every call raises common.breaker.ServerUnavailable at once for CACHE_BREAKER_SECONDS (attack
    finding R4: a frozen Redis cost a 2 s timeout per cache call, 8 s a page)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _GuardedClient
