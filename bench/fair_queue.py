"""What choosing a worker's next chunk fairly costs (play.runs.fair.next_chunk, issue 38 R13).

    python bench/fair_queue.py [--owners 2 20 100] [--runs-per-owner 2] [--chunks 8] [--database-url URL]

On a throwaway database, OWNERS players each with RUNS-PER-OWNER active runs of CHUNKS chunks (half of
each run's chunks done, one running per owner, the rest queued): the time and queries of one
``next_chunk`` (the median of 200), the cost a message pays on top of claiming its chunk. Scales with
the active runs (two queries over their chunks), never with finished ones.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from throwaway import django_on_throwaway_database  # noqa: E402 - bench/, beside this file


def fill(owners: int, runs: int, chunks: int) -> None:
    from django.contrib.auth.models import User
    from django.utils import timezone

    from play.models import SimulationChunk, SimulationRun

    SimulationRun.objects.all().delete()
    now = timezone.now()
    for _ in range(owners):
        user = User.objects.create(username=f"bench-{uuid.uuid4().hex[:8]}")
        for r in range(runs):
            run = SimulationRun.objects.create(kind="goldfish", game="eliria", owner=user, total=chunks * 100,
                                               chunks_total=chunks, status="running", params={"games": chunks * 100})
            SimulationChunk.objects.bulk_create([
                SimulationChunk(run=run, index=i, start=i * 100, stop=i * 100 + 100, enqueued=now,
                                status="done" if i < chunks // 2 else ("running" if i == chunks // 2 and r == 0 else "queued"),
                                claimed=now if i <= chunks // 2 else None)
                for i in range(chunks)
            ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--owners", type=int, nargs="+", default=[2, 20, 100])
    parser.add_argument("--runs-per-owner", type=int, default=2)
    parser.add_argument("--chunks", type=int, default=8)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    django_on_throwaway_database("fair-queue-", args.database_url)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from play.runs.fair import next_chunk

    for owners in args.owners:
        fill(owners, args.runs_per_owner, args.chunks)
        times = []
        for _ in range(200):
            began = time.perf_counter()
            next_chunk()
            times.append(time.perf_counter() - began)
        with CaptureQueriesContext(connection) as queries:
            next_chunk()
        print(f"{connection.vendor}: {owners} owners, {owners * args.runs_per_owner} active runs of {args.chunks} chunks: "
              f"next_chunk {statistics.median(times) * 1000:.2f} ms median, {len(queries)} queries")


if __name__ == "__main__":
    main()
