"""The shared cache on one machine (no REDIS_URL): what one throttle count costs as clients add up.

    python bench/cache.py [--entries 10 100 1000 5000] [--rounds 300]

Each API request counts one throttle hit: a read and a write of the client's request history in
the shared cache (settings.CACHES: diskcache's DjangoCache in CACHE_DIR). With N other clients'
entries already stored, prints the milliseconds of that read+write: flat (a row read and written
in one SQLite shard, about 0.08 ms on the development machine). Django's FileBasedCache, used
before, listed its whole folder on every write: linear in the entries stored, 8 ms at 5,000.
With REDIS_URL the cost is a round trip, whatever the number of clients.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from throwaway import temporary_folder  # noqa: E402 - bench/, beside this file


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[10, 100, 1000, 5000])
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    shm = "/dev/shm"  # noqa: S108 - where the site's default cache lives (memory); mkdtemp names it
    tmp = temporary_folder("bench-cache-", shm if os.access(shm, os.W_OK) else None)
    os.environ.update({"CACHE_DIR": str(tmp), "DJANGO_SETTINGS_MODULE": "eliria_site.settings"})
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache

    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    history = [time.time()] * 300  # a client's request times under the 300-a-minute anonymous rate
    print(f"{backend} in {tmp}: ms per throttle read+write, by entries stored")
    stored = 0
    for entries in sorted(args.entries):
        for i in range(stored, entries):
            cache.set(f"throttle_anon_10.0.{i // 250}.{i % 250}", history[:20], 600)
        stored = max(stored, entries)
        start = time.perf_counter()
        for _ in range(args.rounds):
            cache.get("throttle_anon_bench")
            cache.set("throttle_anon_bench", history, 60)
        print(f"{entries:8d} entries  {(time.perf_counter() - start) * 1000 / args.rounds:7.3f} ms")


if __name__ == "__main__":
    main()
