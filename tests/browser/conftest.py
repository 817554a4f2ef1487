"""What every browser test shares beyond tests/conftest.py."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def simulations_play_in_the_request(settings):  # type: ignore[no-untyped-def]
    """No worker runs beside the browser tests' live server, and the request's budget is priced on
    the machine's measured speed: with two browsers and two servers sharing two cores, a small
    matchup could be priced as a queued run that nothing plays. A test about queued runs sets its
    own budget (tests/browser/test_run_page_browser.py)."""
    settings.SIMULATION_INLINE_BUDGET = 10.0


_ONE_AT_A_TIME = threading.Lock()


def _one_at_a_time(app: Callable[..., Iterable[bytes]]) -> Callable[..., list[bytes]]:
    """The live server's application, answering one request at a time.

    Every request thread of the live server uses the test's one in-memory SQLite connection
    (Django shares it: an in-memory database exists only in it). Two requests at once on one
    connection interleave their statements and transactions: a DELETE of the deck's entries failed
    with "database table is locked: decks_deckentry" while the builder's previous request still
    read them (CI, browser leg, once). A deployment has a connection per thread and SQLite's own
    locking; here the answer, body included, is made under one lock, as a one-process server would."""
    def serve(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        with _ONE_AT_A_TIME:
            answer = app(environ, start_response)
            try:
                return [b"".join(answer)]
            finally:
                close = getattr(answer, "close", None)
                if close is not None:
                    close()  # Django's request_finished, under the lock as well
    serve.one_at_a_time = True  # type: ignore[attr-defined]
    return serve


@pytest.fixture(autouse=True)
def _live_server_one_request_at_a_time(request):  # type: ignore[no-untyped-def]
    """Wrap the (session-long) live server's application once, for the tests that use it."""
    if "live_server" in request.fixturenames:
        httpd = request.getfixturevalue("live_server").thread.httpd
        if not getattr(httpd.get_app(), "one_at_a_time", False):
            httpd.set_app(_one_at_a_time(httpd.get_app()))


@pytest.fixture
def between_requests() -> threading.Lock:
    """The lock the live server answers under (``_one_at_a_time``): a test holds it around its own
    database reads and writes while one of its pages is open and polling. Both use the one in-memory
    connection, and a test's UPDATE of a run met a poll's read of it: "database table is locked:
    play_simulationrun" (tests/browser/test_run_page_browser.py, CI of stop 41's fix, once)."""
    return _ONE_AT_A_TIME


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
    for _ in range(250):  # polls, not a deadline: at least 5 s of pauses (0.04-0.23 s measured in flight)
        if not _serving():
            break
        time.sleep(0.02)
