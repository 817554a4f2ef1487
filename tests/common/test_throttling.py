"""The throttles' counting (common.throttling): a window counted in slots with atomic increments, on
the cache the site's processes share (diskcache, as `make run` has it; Redis in the PostgreSQL +
Redis leg of `make test`), not the per-process cache the other tests use."""

from __future__ import annotations

import multiprocessing
import os
import uuid
from typing import Any

import pytest
from django.test import RequestFactory

from common import throttling
from common.throttling import SLOTS, ScopedThrottle


@pytest.fixture(autouse=True)
def shared_cache(settings, tmp_path):  # type: ignore[no-untyped-def]
    if not os.environ.get("REDIS_URL"):  # the Redis leg's cache is Redis already (conftest.py)
        settings.CACHES = {"default": {"BACKEND": "common.cache.KeptDiskCache", "LOCATION": str(tmp_path / "cache"),
                                       "SHARDS": 4, "DATABASE_TIMEOUT": 0.25}}


class Clock:
    def __init__(self, at: float) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


def throttle(rate: str, clock: Clock | None = None) -> ScopedThrottle:
    class Rated(ScopedThrottle):
        THROTTLE_RATES = {"test": rate}

    t = Rated("test")
    if clock is not None:
        t.timer = clock  # type: ignore[method-assign,assignment]
    return t


def request(address: str) -> Any:
    return RequestFactory().post("/", REMOTE_ADDR=address)


def fresh_address() -> str:
    """An address no other test (nor an earlier run against the same cache) has counted."""
    n = uuid.uuid4().int
    return f"fd00::{n >> 96 & 0xFFFF:x}:{n >> 64 & 0xFFFF:x}:{n >> 32 & 0xFFFF:x}:{n & 0xFFFF:x}"


def allowed(rate: str, address: str, clock: Clock) -> bool:
    return throttle(rate, clock).allow_request(request(address), None)


def test_the_limit_holds_to_the_request_and_refusals_are_not_counted() -> None:
    address, clock = fresh_address(), Clock(1_800_000_000.0)
    assert [allowed("3/min", address, clock) for _ in range(3)] == [True, True, True]
    clock.at += 30.0
    for _ in range(5):  # refused, and not counted: half a minute later they do not hold anyone back
        assert not allowed("3/min", address, clock)
    clock.at += 31.0  # the three let through have left the window; the refused ones never entered it
    assert [allowed("3/min", address, clock) for _ in range(4)] == [True, True, True, False]


def test_a_request_counts_while_its_window_overlaps_its_slot_and_retry_after_says_until_when() -> None:
    address = fresh_address()
    start = 1_800_000_000.0  # a slot boundary for a minute's rate (a second each)
    clock = Clock(start + 0.5)
    assert allowed("2/min", address, clock)
    clock.at = start + 30.25
    assert allowed("2/min", address, clock)
    t = throttle("2/min", clock)
    assert not t.allow_request(request(address), None)
    # The first request's slot (start … start + 1) leaves the window at start + 61: never sooner
    # than a minute after the request (the limit holds), at most one slot later.
    assert t.wait() == pytest.approx(61 - 30.25)
    clock.at = start + 60.75  # a minute after the first request, its slot still overlaps the window
    assert not allowed("2/min", address, clock)
    clock.at = start + 61.0
    assert allowed("2/min", address, clock)
    assert not allowed("2/min", address, clock)  # the second request still counts


def test_slots_are_folded_across_a_window_of_steady_requests() -> None:
    """A client making one request a slot for three windows is counted over the 61 slots a window
    overlaps: never refused at 61 a minute, and refused at once by one more request; at 60 a minute
    (the slot a window only partly overlaps counts whole) one request in 61 is refused."""
    address, other = fresh_address(), fresh_address()
    clock = Clock(1_800_000_000.0)
    refused = []
    for step in range(3 * SLOTS):
        clock.at = 1_800_000_000.0 + step + 0.5
        assert allowed("61/min", address, clock), step
        if not allowed("60/min", other, clock):
            refused.append(step)
    assert not allowed("61/min", address, clock)
    assert refused == [SLOTS, 2 * SLOTS + 1]


def test_an_idle_client_starts_afresh_and_an_old_history_is_ignored() -> None:
    from django.core.cache import cache

    address = fresh_address()
    key = throttle("2/min").cache_format % {"scope": "test", "ident": address}
    cache.set(key, [1_800_000_000.0] * 50, 120)  # DRF's history format, as an earlier release left it
    clock = Clock(1_800_000_000.0)
    assert [allowed("2/min", address, clock) for _ in range(3)] == [True, True, False]
    clock.at += 3600
    assert [allowed("2/min", address, clock) for _ in range(3)] == [True, True, False]


def _burst(args: tuple[str, str, float]) -> bool:
    # A forked copy touches no database connection it inherited: closing one (as an earlier version
    # of this test did) ends the parent's session on PostgreSQL, and the next test of this pytest
    # worker found its connection closed. The throttle reads only the cache, which reconnects in a
    # new process by itself (diskcache and redis-py check the process id).
    address, rate, at = args
    return allowed(rate, address, Clock(at))


def test_parallel_requests_each_get_their_own_count() -> None:
    """Ten requests at once from separate processes against a limit of four: exactly four pass
    (DRF's history, read and written whole, let parallel readers of the same history all pass)."""
    address = fresh_address()
    with multiprocessing.get_context("fork").Pool(10) as pool:
        answers = pool.map(_burst, [(address, "4/min", 1_800_000_000.5)] * 10, chunksize=1)
    assert sum(answers) == 4


def test_a_broken_cache_lets_the_request_through(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("cache down")

    t = throttle("1/min")
    monkeypatch.setattr(t, "cache", type("Broken", (), {"incr": broken, "add": broken, "get": broken})())
    assert t.allow_request(request(fresh_address()), None)
    assert throttling.log.name == "common.throttling"


def test_a_throttle_count_costs_two_cache_operations_whatever_the_rate() -> None:
    """One increment and one read of the fold per request; the fold is written once per slot."""
    from django.core.cache import cache

    calls: list[str] = []

    class Spy:
        def __getattr__(self, name: str) -> Any:
            calls.append(name)
            return getattr(cache, name)

    address, clock = fresh_address(), Clock(1_800_000_000.5)

    def spied() -> bool:
        t = throttle("100000/min", clock)
        t.cache = Spy()  # type: ignore[assignment]
        return t.allow_request(request(address), None)

    assert all(spied() for _ in range(50))
    calls.clear()
    assert all(spied() for _ in range(100))
    assert calls == ["incr", "get"] * 100
    clock.at += 1.0  # the next slot: its first request adds its counter and folds the slot before
    calls.clear()
    assert spied()
    assert calls == ["incr", "add", "get", "get_many", "set"]
