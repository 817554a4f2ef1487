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
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from diskcache import DjangoCache, FanoutCache
from diskcache.core import DBNAME

log = logging.getLogger(__name__)

Identity = tuple[tuple[int, int] | None, ...]


class KeptDiskCache(DjangoCache):  # type: ignore[misc]
    """diskcache.DjangoCache whose connections outlive a request, and that opens its folder again
    when it was removed or replaced (see the module's docstring)."""

    CHECK_EVERY = 1.0  # seconds between two looks at the folder (five stat calls with 4 shards)

    def __init__(self, directory: str, params: dict[str, Any]) -> None:
        self._fanout: FanoutCache | None = None
        self._reopen_args = (params.get("SHARDS", 8), params.get("DATABASE_TIMEOUT", 0.010), params.get("OPTIONS", {}))
        self._lock = threading.Lock()
        self.reopened = 0  # times this process found its folder gone or replaced, and opened it again
        self.reopened_at: float | None = None  # time.time() of the last
        super().__init__(directory, params)  # sets _cache
        self._identity = self._files()
        self._looked = time.monotonic()

    @property
    def _cache(self) -> FanoutCache:
        """The open cache (every operation of DjangoCache goes through it), its folder looked at first
        when CHECK_EVERY seconds have passed since the last look."""
        if time.monotonic() - self._looked >= self.CHECK_EVERY:
            self.verify()
        return self._fanout

    @_cache.setter
    def _cache(self, value: FanoutCache) -> None:
        self._fanout = value

    def _files(self) -> Identity:
        """The folder's and each shard's file's (device, inode); None for one that is gone."""
        fanout = self._fanout
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
        anew, or the files another process made there since) and return False. Raises what diskcache
        raises when the folder cannot be made (a full or read-only disk): the next look tries again."""
        self._looked = time.monotonic()
        if self._files() == self._identity:
            return True
        with self._lock:
            if self._files() == self._identity:
                return True  # another thread opened it again meanwhile
            old = self._fanout
            assert old is not None
            shards, timeout, options = self._reopen_args
            self._fanout = FanoutCache(old.directory, shards, timeout, **options)
            self._identity = self._files()
            self.reopened += 1
            self.reopened_at = time.time()
            old.close()
        log.warning("cache folder %s was removed or replaced: opened again", self.directory)
        return False

    def close(self, **kwargs: Any) -> None:
        """Kept open: Django calls this after every request."""
