"""What every browser test shares beyond tests/conftest.py."""

from __future__ import annotations

import threading
import time

import pytest


@pytest.fixture(autouse=True)
def simulations_play_in_the_request(settings):  # type: ignore[no-untyped-def]
    """No worker runs beside the browser tests' live server, and the request's budget is priced on
    the machine's measured speed: with two browsers and two servers sharing two cores, a small
    matchup could be priced as a queued run that nothing plays. A test about queued runs sets its
    own budget (tests/browser/test_run_page_browser.py)."""
    settings.SIMULATION_INLINE_BUDGET = 10.0


def _serving() -> bool:
    """Whether the live server is still answering a request (socketserver's thread per request)."""
    return any(t.name.endswith("(process_request_thread)") and t.is_alive() for t in threading.enumerate())


@pytest.fixture(autouse=True)
def _no_request_left_at_the_flush(request):  # type: ignore[no-untyped-def]
    """The test's database is flushed only once the live server has answered every request.

    The page and its context close before this fixture's teardown (the test requested them after
    the autouse fixtures), so no new request comes; one still being served when the flush ran held
    a read lock on a table of the shared in-memory SQLite database and the flush failed ("database
    table is locked: cards_edition", seen once on a busy CI machine)."""
    yield
    if "live_server" not in request.fixturenames:
        return
    deadline = time.monotonic() + 5
    while _serving() and time.monotonic() < deadline:  # 0.04-0.23 s measured: requests are in flight
        time.sleep(0.02)
