"""How much CPU a simulation request spends in its own thread (the timing bounds that left
tests/play/test_budget.py, issue 37): a goldfish POSTed through Django's whole handler, measured
with time.thread_time() around the request, against the ceiling play.runs.answer plays under
(CEILING x SIMULATION_INLINE_BUDGET: 0.2 s by default) plus the request's own work around it.

    python bench/inline.py [--repeat 5]

Prints, for 40 bundled cards at 200, 1000 and 5000 games of 10 turns, the status (200 inline, 202
queued from the next game) and the thread CPU of the best of --repeat requests. Part of `make bench`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "bench"))
from throwaway import temporary_folder  # noqa: E402

TMP = temporary_folder("bench-inline-")
os.environ.update({"DJANGO_SETTINGS_MODULE": "eliria_site.settings", "CACHE_DIR": str(TMP / "cache"),
                   "MEDIA_ROOT": str(TMP / "media")})
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP / 'inline.sqlite3'}")
os.environ.setdefault("THROTTLE_GOLDFISH", "100000/min")
os.environ.setdefault("THROTTLE_ANON", "100000/min")
# The rows that are queued (202) leave runs that no worker plays here: the run limits (one active run
# per address without an account) would answer the next request 429, so the bench's own are wide.
for name in ("SIMULATION_MAX_ACTIVE_ANONYMOUS", "SIMULATION_MAX_ACTIVE_PER_ADDRESS", "SIMULATION_MAX_QUEUED"):
    os.environ.setdefault(name, "100000")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from rest_framework.test import APIClient

    from cards.models import Card
    from play.runs.answer import CEILING

    call_command("migrate", verbosity=0)
    call_command("load_bundled", stdout=open(os.devnull, "w"))  # noqa: SIM115
    names = list(Card.objects.filter(game="eliria", type__in=["combat", "reaction", "summon"])
                 .order_by("code").values_list("name", "code")[:40])
    plain = "Mazo:\n" + "".join(f"1 {n} ({c})\n" for n, c in names)
    client = APIClient()
    client.post("/api/goldfish/", {"game": "eliria", "list": plain, "games": 10}, format="json")  # warm
    print(f"ceiling: {CEILING} x {settings.SIMULATION_INLINE_BUDGET} s of thread CPU")
    for label, text, games in (("40 cards, 200", plain, 200), ("40 cards, 1000", plain, 1000),
                               ("40 cards, 5000", plain, 5000)):
        best, status = float("inf"), 0
        for seed in range(args.repeat):
            body = {"game": "eliria", "list": text, "games": games, "turns": 10, "seed": 1000 + seed}
            start = time.thread_time()
            status = client.post("/api/goldfish/", body, format="json").status_code
            best = min(best, time.thread_time() - start)
        print(f"  {label:14s} status {status}  thread CPU {best * 1e3:7.1f} ms")


if __name__ == "__main__":
    main()
