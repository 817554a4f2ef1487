"""Root fixtures shared by every test package."""

from __future__ import annotations

import os
import sys
import traceback
import urllib.parse
import uuid
import wsgiref.handlers

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# Card faces are drawn on request in tests (fresh MEDIA_ROOT each): a job per `load_bundled` would
# only keep the test workers busy. tests/cards/test_faces_ahead.py turns it on (cards/tasks.py).
os.environ.setdefault("CARD_FACES_AHEAD", "off")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--no-first-run", "--disable-sync", "--disable-quic", "--disable-dev-shm-usage",
]


def _one_line_log_exception(self, exc_info) -> None:  # type: ignore[no-untyped-def]
    """The live server's handler logs an error as one line, not a traceback with carets.

    Python 3.11 parses source with `ast` to place a traceback's carets, and its AST state is shared
    between threads (CPython gh-106905): the live server printing a client's broken pipe while
    pytest formats a failure in the main thread crashed pytest itself ("AST constructor recursion
    depth mismatch"). A test that fails still shows its own traceback.
    """
    try:
        sys.stderr.write("live server: " + "".join(traceback.format_exception_only(exc_info[0], exc_info[1])))
    finally:
        exc_info = None


wsgiref.handlers.BaseHandler.log_exception = _one_line_log_exception  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _test_settings(settings, tmp_path):  # type: ignore[no-untyped-def]
    # No collectstatic in tests: plain static storage; uploaded and drawn files in a temp folder.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.MEDIA_ROOT = str(tmp_path / "media")
    # A private cache per test: throttle counters and cached answers start from zero. With REDIS_URL
    # (the Redis leg of make test) the cache is that real Redis, under a key prefix of the test's own.
    if os.environ.get("REDIS_URL"):
        settings.CACHES = {"default": {"BACKEND": "common.cache.BreakerRedisCache",
                                       "LOCATION": os.environ["REDIS_URL"], "KEY_PREFIX": f"test-{uuid.uuid4().hex}"}}
    else:
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                       "LOCATION": str(tmp_path)}}
    # The job queue on Redis (RQ): a Redis database per pytest-xdist worker (gw0 → 1, gw1 → 2…; one
    # process → 1), emptied before each test, so a `sim_worker --burst` plays this test's chunks only,
    # never an earlier test's nor the other worker's (django_rq reads RQ_QUEUES afresh on each use).
    if os.environ.get("REDIS_URL") and getattr(settings, "RQ_QUEUES", None):
        import redis

        worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
        db = f"/{1 + int(worker[2:]) % 15}"
        settings.RQ_QUEUES = {name: {**queue, "URL": urllib.parse.urlsplit(queue["URL"])._replace(path=db).geturl()}
                              for name, queue in settings.RQ_QUEUES.items()}
        for queue in settings.RQ_QUEUES.values():
            with redis.Redis.from_url(queue["URL"]) as connection:
                connection.flushdb()
    from common.breaker import reset

    reset()  # no test inherits a circuit an earlier one opened
    from cards.index import drop_index
    from cards.pagecache import _local

    _local.clear()
    drop_index()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):  # type: ignore[no-untyped-def]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
