"""The shared cache on one machine (no REDIS_URL): what one throttle count costs as clients add up.

    python bench/cache.py [--entries 10 100 1000 5000] [--rounds 300]

Each API request counts one throttle hit in the shared cache (settings.CACHES: diskcache's
DjangoCache in CACHE_DIR): common.throttling increments the counter of the client's slot and reads
its fold of the closed slots, one atomic write and one read of small values whatever the rate.
With N other clients' entries already stored, prints the milliseconds of one count (the whole
``allow_request``): flat in N (a row in one SQLite shard). Beside it, what DRF's own throttle did
(a read and a write of the client's whole history, one timestamp per request in the window) for a
client at the 300-a-minute anonymous rate and at the 1,200-a-minute user rate: it grows with the
rate. Django's FileBasedCache, used before diskcache, listed its whole folder on every write:
linear in the entries stored, 8 ms at 5,000. With REDIS_URL a count is two round trips.
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
    from django.test import RequestFactory

    from common.throttling import ScopedThrottle

    class Bench(ScopedThrottle):
        THROTTLE_RATES = {"bench": "1000000/min"}  # never reached: every count is a whole count

    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    request = RequestFactory().post("/", REMOTE_ADDR="10.9.9.9")
    print(f"{backend} in {tmp}: ms per throttle count (common.throttling), and per read+write of DRF's history")
    print(f"{'':14s}{'count':>9s}{'DRF, 300/min':>15s}{'DRF, 1,200/min':>17s}")
    stored = 0
    for entries in sorted(args.entries):
        for i in range(stored, entries):
            cache.set(f"throttle_anon_10.0.{i // 250}.{i % 250}", (0, 0, 1), 600)
        stored = max(stored, entries)
        start = time.perf_counter()
        for _ in range(args.rounds):
            Bench("bench").allow_request(request, None)
        count = (time.perf_counter() - start) * 1000 / args.rounds
        drf = []
        for rate in (300, 1200):
            history = [time.time()] * rate  # a client's request times at that rate, a minute's worth
            start = time.perf_counter()
            for _ in range(args.rounds):
                cache.get("throttle_drf_bench")
                cache.set("throttle_drf_bench", history, 60)
            drf.append((time.perf_counter() - start) * 1000 / args.rounds)
        print(f"{entries:8d} entries {count:8.3f} ms {drf[0]:11.3f} ms {drf[1]:13.3f} ms")


if __name__ == "__main__":
    main()
