"""The one-machine cache: diskcache's Django backend, its SQLite connections kept between requests.

Django closes every cache at the end of each request (``request_finished``). diskcache's close
shuts its SQLite connections, so the next request opened them again and read its settings back
into pragmas, once per shard it touched: about a third of an 8-line validation request, whose
throttles read and write two keys (bench/requests_profile.py: sqlite3 ``execute``, ``close`` and
``connect`` at 33 % of the request). The connections are per thread and per process (diskcache
opens a new one after a fork and in a new thread), so keeping them is what a long-lived worker
wants; a thread that ends takes its connections with it.

With REDIS_URL the cache is :class:`BreakerRedisCache`: Django's Redis cache behind a circuit
breaker (common.breaker), so a Redis that hangs costs one timeout, not one per cache call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from diskcache import DjangoCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

from common.breaker import breaker_for


class KeptDiskCache(DjangoCache):  # type: ignore[misc]
    """diskcache.DjangoCache whose connections outlive a request (see the module's docstring)."""

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
