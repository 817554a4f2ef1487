"""The one-machine cache: diskcache's Django backend, its SQLite connections kept between requests.

Django closes every cache at the end of each request (``request_finished``). diskcache's close
shuts its SQLite connections, so the next request opened them again and read its settings back
into pragmas, once per shard it touched: about a third of an 8-line validation request, whose
throttles read and write two keys (bench/requests_profile.py: sqlite3 ``execute``, ``close`` and
``connect`` at 33 % of the request). The connections are per thread and per process (diskcache
opens a new one after a fork and in a new thread), so keeping them is what a long-lived worker
wants; a thread that ends takes its connections with it.
"""

from __future__ import annotations

from typing import Any

from diskcache import DjangoCache


class KeptDiskCache(DjangoCache):  # type: ignore[misc]
    """diskcache.DjangoCache whose connections outlive a request (see the module's docstring)."""

    def close(self, **kwargs: Any) -> None:
        """Kept open: Django calls this after every request."""
