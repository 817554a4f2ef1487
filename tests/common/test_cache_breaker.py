"""A Redis that hangs (SIGSTOP: not refusing, just silent) costs a page one timeout, then none for a
while, and the site uses Redis again once it answers (common.breaker, attack finding R4).

A real redis-server of the test's own, frozen and thawed with signals; the round trips to it are
counted in redis-py's connection (each read of an answer), not timed."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis.connection
from django.core.cache import cache

from common import breaker

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs Debian's redis-server")]

PERIOD = 3.0  # CACHE_BREAKER_SECONDS in these tests, on the breakers' clock, which the tests move by hand


class Clock:
    """common.breaker's clock, standing still until the test moves it on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def frozen_redis(tmp_path) -> Iterator[subprocess.Popen[bytes]]:  # type: ignore[no-untyped-def]
    port = _free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(tmp_path),
                               "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    for _ in range(100):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    server.port = port  # type: ignore[attr-defined]
    try:
        yield server
    finally:
        os.kill(server.pid, signal.SIGCONT)
        server.terminate()
        server.wait(10)


class Trips:
    """Answers read from Redis by this process (redis-py's read_response), and how many timed out."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reads = self.timeouts = 0
        original = redis.connection.AbstractConnection.read_response

        def read_response(connection: Any, *args: Any, **kwargs: Any) -> Any:
            self.reads += 1
            try:
                return original(connection, *args, **kwargs)
            except redis.exceptions.TimeoutError:
                self.timeouts += 1
                raise

        monkeypatch.setattr(redis.connection.AbstractConnection, "read_response", read_response)

    def take(self) -> tuple[int, int]:
        got, self.reads, self.timeouts = (self.reads, self.timeouts), 0, 0
        return got


@pytest.fixture
def site_on(frozen_redis, settings, monkeypatch) -> Trips:  # type: ignore[no-untyped-def]
    url = f"redis://127.0.0.1:{frozen_redis.port}/0"
    settings.REDIS_URL = url  # the page cache keeps whole answers in Redis, as deployed
    settings.CACHES = {"default": {"BACKEND": "common.cache.BreakerRedisCache", "LOCATION": url,
                                   "OPTIONS": {"socket_timeout": 0.5, "socket_connect_timeout": 0.5}}}
    settings.CACHE_BREAKER_SECONDS = PERIOD
    monkeypatch.setattr(breaker, "clock", Clock())
    breaker.reset()
    yield Trips(monkeypatch)
    breaker.reset()


def test_a_hung_redis_costs_one_timeout_then_pages_skip_it_and_it_is_used_again_once_thawed(
        client, bundled, frozen_redis, site_on):
    trips = site_on
    assert client.get("/cartas/").status_code == 200
    assert client.get("/cartas/")["X-Cache"] == "hit"  # Redis in use
    trips.take()

    os.kill(frozen_redis.pid, signal.SIGSTOP)
    first = client.get("/cartas/")
    assert first.status_code == 200 and "X-Cache" not in first  # rendered without the cache
    assert trips.take() == (1, 1)  # one round trip, which timed out; the page's other calls skipped Redis
    answers = [client.get(path) for path in ("/cartas/", "/api/cards/?q=a", "/cartas/", "/api/cards/")]
    assert [a.status_code for a in answers] == [200] * 4
    reads, _ = trips.take()
    assert reads == 0  # within the period (the breakers' clock stands still) every later request skips Redis
    health = client.get("/healthz")
    assert health.status_code == 503 and "shared_cache" in health.json()["failing"]
    assert trips.take() == (0, 0)  # /healthz says so at once, without the network

    os.kill(frozen_redis.pid, signal.SIGCONT)
    breaker.clock.now += PERIOD + 0.2  # type: ignore[attr-defined]  # the period is over
    assert client.get("/cartas/").status_code == 200  # the trial call finds Redis again
    assert client.get("/cartas/")["X-Cache"] == "hit"
    assert trips.take()[1] == 0
    assert client.get("/healthz?check=shared_cache").status_code == 200


def test_a_redis_that_refuses_opens_the_breaker_too(settings):  # type: ignore[no-untyped-def]
    url = f"redis://127.0.0.1:{_free_port()}/0"  # nothing listens there
    settings.CACHES = {"default": {"BACKEND": "common.cache.BreakerRedisCache", "LOCATION": url}}
    settings.CACHE_BREAKER_SECONDS = 60
    breaker.reset()
    with pytest.raises(redis.exceptions.ConnectionError) as refused:
        cache.get("x")
    assert not isinstance(refused.value, breaker.ServerUnavailable)
    with pytest.raises(breaker.ServerUnavailable):
        cache.set("x", 1)
    assert breaker.breaker_for(url).attempts == 1 and breaker.breaker_for(url).refused == 1
    breaker.reset()
