"""Benchmark of queued simulation runs: page latency while jobs run, and worker scaling.

    python bench/jobs.py [--games 1000000] [--workers 1 2 4] [--seconds 10] [--calibrate]
    scripts/with_redis.sh .venv/bin/python bench/jobs.py          # the same on RQ/Redis

On a throwaway database (SQLite unless DATABASE_URL is set; the queue is RQ when REDIS_URL is set,
else the database backend) with the bundled catalogue:

1. --calibrate: the engine's seconds per game by kind, next to the costs play/budget.py assumes
   (they decide what a request may play inline: SIMULATION_INLINE_BUDGET, about 100 ms).
2. latency: gunicorn with 2 workers and 2 simulation workers; while 4 players each run a
   100,000-game goldfish and 4 run a 10,000-game matchup, wrk measures /healthz and a card page
   (p50/p90/p99). Goal: p99 < 200 ms on the 2-core machine.
3. throughput: one goldfish run of --games games (10 turns, Eliria) with 1, 2 and 4 workers:
   games/s from the first chunk taken to the merged answer, and efficiency (rate / (workers x
   rate with one)). Chunks are independent, so the rate grows with workers up to the free cores.
   The workers run at nice 0 here (in the latency part, as deployed, at nice 10).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "bench"))  # after the project: bench/collection.py is not the app
PY = sys.executable
from throwaway import temporary_folder  # noqa: E402 - bench/, beside this file

TMP = temporary_folder("bench-jobs-")
from load import UNREACHED_THROTTLES, free_port, run_wrk, wait_for  # noqa: E402

os.environ.update({
    "MEDIA_ROOT": str(TMP / "media"), "CACHE_DIR": str(TMP / "cache"), "DJANGO_SETTINGS_MODULE": "eliria_site.settings",
    **UNREACHED_THROTTLES,
    "SIMULATION_TIME_LIMIT": "3600", "SIMULATION_MAX_ACTIVE_PER_USER": "100", "SIMULATION_MAX_ACTIVE_PER_ADDRESS": "100",
})
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP / 'jobs.sqlite3'}")
os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)



def manage(*args: str) -> None:
    subprocess.run([PY, "manage.py", *args], cwd=ROOT, check=True, capture_output=True)


def setup() -> None:
    manage("migrate", "-v0")
    manage("load_bundled")
    manage("collectstatic", "--noinput", "-v0")
    import django

    django.setup()


def deck(game: str = "eliria", start: int = 0) -> str:
    from cards.models import Card

    if game == "mision":
        entes = Card.objects.filter(game="mision", type="entity").order_by("code")[:8]
        elems = Card.objects.filter(game="mision", type="element").order_by("code")[:20]
        return "Entes:\n" + "".join(f"1 {c.name}\n" for c in entes) + "Elementos:\n" + "".join(f"1 {c.name}\n" for c in elems)
    seen, lines = set(), []
    for c in Card.objects.filter(game="eliria", type__in=["combat", "reaction", "summon"]).order_by("code"):
        if c.name_folded not in seen:
            seen.add(c.name_folded)
            lines.append(f"1 {c.name} ({c.code})")
    return "Mazo:\n" + "\n".join(lines[start:start + 40]) + "\n"


def start_workers(n: int, nice: int = 10) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([PY, "manage.py", "sim_worker", f"--nice={nice}"], cwd=ROOT) for _ in range(n)]


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        p.send_signal(signal.SIGTERM)
    for p in procs:
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()


def wait_done(run_ids: list[str], timeout: float) -> None:
    from play.models import SimulationRun

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not SimulationRun.objects.filter(pk__in=run_ids, status__in=SimulationRun.ACTIVE).exists():
            return
        time.sleep(0.5)
    raise SystemExit("runs did not finish in time")


def calibrate() -> None:
    from cards.validation import validate_list
    from common.games import site_game
    from engine import run_goldfish, run_matchup

    print("seconds per game (engine, this machine) vs the prices of common/games.py")
    for game in ("eliria", "mision"):
        entries = validate_list(game, deck(game)).entries
        for turns in (10, 50):
            n = 3000
            t = time.perf_counter()
            run_goldfish(game, entries, games=n, turns=turns, seed=1)
            took = (time.perf_counter() - t) / n
            print(f"  goldfish {game:6s} {turns:2d} turns: {took * 1e6:7.1f} µs   priced {site_game(game).goldfish_seconds(1, turns) * 1e6:7.1f} µs")
        other = validate_list(game, deck(game, 20) if game == "eliria" else deck(game)).entries
        n = 200
        t = time.perf_counter()
        run_matchup(game, entries, other, games=n, seed=1)
        took = (time.perf_counter() - t) / n
        print(f"  matchup  {game:6s} rules:    {took * 1e3:7.2f} ms   priced {site_game(game).matchup_seconds(1) * 1e3:7.2f} ms")


def latency(seconds: int) -> None:
    from django.contrib.auth.models import User

    from tests.play.queued import queued_goldfish, queued_matchup  # the site's prepare, queued whole

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([str(Path(PY).parent / "gunicorn"), "eliria_site.wsgi", "-b", f"127.0.0.1:{port}",
                               "-w", "2", "--log-level", "warning"], cwd=ROOT)
    workers = start_workers(2)
    try:
        wait_for(f"{base}/healthz")
        urllib.request.urlopen(f"{base}/cartas/eliria/BASE-105/", timeout=10)
        print(f"2 app workers, 2 simulation workers, {seconds} s each, 16 clients")
        for label, url in (("/healthz", f"{base}/healthz"), ("card page", f"{base}/cartas/eliria/BASE-105/")):
            idle = run_wrk(url, seconds, 16)
            print(f"  idle     {label:10s} {idle['rps']:7.0f} req/s  p50 {idle['p50']:6.1f}  p90 {idle['p90']:6.1f}  p99 {idle['p99']:6.1f} ms")
        a, b = deck(), deck(start=20)
        runs = []
        for i in range(4):
            owner = User.objects.create_user(f"bench{i}")
            runs.append(queued_goldfish(game="eliria", text=a, games=100_000, turns=10, seed=i, owner=owner))
            runs.append(queued_matchup(game="eliria", list_a=a, list_b=b, games=10_000, seed=i, owner=owner))
        time.sleep(2)
        for label, url in (("/healthz", f"{base}/healthz"), ("card page", f"{base}/cartas/eliria/BASE-105/")):
            busy = run_wrk(url, seconds, 16)
            print(f"  jobs on  {label:10s} {busy['rps']:7.0f} req/s  p50 {busy['p50']:6.1f}  p90 {busy['p90']:6.1f}  p99 {busy['p99']:6.1f} ms  non-2xx {busy['non2xx']}")
        from play.models import SimulationRun
        from play.runs.services import progress

        done = sum(progress(r)["done"] for r in SimulationRun.objects.filter(pk__in=[r.pk for r in runs]))
        print(f"  meanwhile the workers played {done} games of the 8 runs (then cancelled)")
        SimulationRun.objects.filter(pk__in=[r.pk for r in runs], status__in=SimulationRun.ACTIVE).update(status="cancelled")
    finally:
        stop(workers)
        server.terminate()
        server.wait(timeout=20)


def throughput(games: int, counts: list[int]) -> None:
    from cards.validation import validate_list
    from engine import run_goldfish
    from play.models import SimulationRun
    from tests.play.queued import queued_goldfish  # the site's prepare, queued whole

    text = deck()
    print(f"goldfish, Eliria, {games} games x 10 turns, one run; queue: "
          f"{'RQ/Redis' if os.environ.get('REDIS_URL') else 'database'}; load average {os.getloadavg()[0]:.1f}")
    sample = min(games, 20_000)
    t = time.perf_counter()
    run_goldfish("eliria", validate_list("eliria", text).entries, games=sample, turns=10, seed=1)
    print(f"  the engine alone, in this process: {sample / (time.perf_counter() - t):8.0f} games/s")
    first = None
    for n in counts:
        workers = start_workers(n, nice=0)  # as fast as the machine lets them (no web load here)
        try:
            time.sleep(1.5)  # the workers are up
            run = queued_goldfish(game="eliria", text=text, games=games, turns=10, seed=n)
            wait_done([str(run.pk)], timeout=3600)
        finally:
            stop(workers)
        run = SimulationRun.objects.get(pk=run.pk)
        took = (run.finished - run.started).total_seconds()
        rate = run.done / took
        if n == 1:
            first = rate
        efficiency = f"{rate / (n * first):.0%}" if first else "— (needs a 1-worker run)"
        print(f"  {n} worker(s): {run.chunks_total} chunks, {took:6.1f} s, {rate:8.0f} games/s, "
              f"efficiency {efficiency}, status {run.status}, load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--skip-latency", action="store_true")
    parser.add_argument("--skip-throughput", action="store_true")
    args = parser.parse_args()
    setup()
    print(f"database {os.environ['DATABASE_URL'].split(':', 1)[0]}, cores {os.cpu_count()}")
    if args.calibrate:
        calibrate()
    if not args.skip_latency:
        latency(args.seconds)
    if not args.skip_throughput:
        throughput(args.games, args.workers)


if __name__ == "__main__":
    main()
