"""Benchmark of queued runs through the site: POST to result, against the engine alone on one core.

    python bench/runs.py [--games 10000 50000] [--repeat 5] [--turns 10]
    scripts/with_redis.sh .venv/bin/python bench/runs.py     # also the same on RQ/Redis

On a throwaway SQLite database with the bundled catalogue, the site as `make run` serves it
(scripts/serve.sh: gunicorn with 2 workers and one simulation worker per core under supervisord,
at nice 10): a goldfish of the effect-heavy deck of bench/goldfish.py (40 bundled cards, full
rules) is POSTed to /api/goldfish/ and its status URL polled when each answer's `poll_ms` says
(as the run page does: when the run should end, by its price and then by the pace of its chunks,
and often around that moment) until the answer is there. Beside it, the same games played by the engine alone in this process on one core, just
before each run through the site (the two alternate: this machine's speed drifts by a quarter
within minutes, and a ratio of two figures taken minutes apart measured that drift). Prints both
times and their ratio (engine time / site time: above 1 the site is faster than one core): the ratio of
the best of each, and the median of each run's ratio to the engine timed just before it (the
machine's drift between two pairs cancels out there).
Goals (issue 26): 1.3 for 10,000 games, 1.6 for 50,000 on the 2-core machine. The database
queue runs always; with REDIS_URL set, RQ on Redis runs after it. Each figure is the best of
--repeat runs (the least disturbed by whatever else shares the machine).

Under each figure, where the site's time went in its best run, read from the run's own rows:
the request (POST until the run's row exists), the wait for a worker (until the first chunk is
claimed), the games (until the last chunk's tally is written), the merge (until the answer is
written) and the poll (until this bench saw it, looking when `poll_ms` said); then when each
worker landed its chunks, from the run's start (a worker that ends long after the other shows
chunks of unequal cost, or a worker slowed by what shares its core).
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "bench"))  # after the project: bench/collection.py is not the app
PY = sys.executable
from throwaway import temporary_folder  # noqa: E402 - bench/, beside this file

TMP = temporary_folder("bench-runs-")
from goldfish import EFFECT_CODES  # noqa: E402
from load import UNREACHED_THROTTLES, free_port, wait_for  # noqa: E402

GOALS = {10_000: 1.3, 50_000: 1.6}
ENV = {
    **{k: v for k, v in os.environ.items() if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "TASKS_BACKEND"}},
    "MEDIA_ROOT": str(TMP / "media"), "CACHE_DIR": str(TMP / "cache"), "DJANGO_SETTINGS_MODULE": "eliria_site.settings",
    "DATABASE_URL": f"sqlite:///{TMP / 'runs.sqlite3'}", "SIMULATION_TIME_LIMIT": "600",
    "SIMULATION_MAX_ACTIVE_ANONYMOUS": "10", **UNREACHED_THROTTLES,
    # The catalogue loaded here would queue the drawing of its faces (cards/tasks.py), which kept one
    # of the two workers busy for the first half-minute of every leg: this bench measures runs.
    "CARD_FACES_AHEAD": "off",
}
REDIS_URL = ENV.pop("REDIS_URL", "")


def setup() -> str:
    """Migrate and load the catalogue; the effect-heavy deck as a list the site reads."""
    for args in (["migrate", "-v0"], ["load_bundled"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=ENV, check=True, capture_output=True)
    os.environ.update(ENV)
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from cards.models import Card

    names = dict(Card.objects.filter(game="eliria", code__in=EFFECT_CODES).values_list("code", "name"))
    return "Mazo:\n" + "".join(f"1 {names[c]} ({c})\n" for c in EFFECT_CODES if c in names)


def _simulation(text: str, turns: int):  # type: ignore[no-untyped-def]
    from cards.validation import validate_list
    from engine.goldfish import simulation

    return simulation("eliria", validate_list("eliria", text).entries, turns)


def engine_seconds(text: str, games: int, turns: int, seed: int) -> float:
    """Wall time of the engine alone on one core, in this process (the site's workers idle)."""
    from engine.goldfish import run_range

    sim = _simulation(text, turns)
    start = time.perf_counter()
    run_range(sim, seed, 0, games)
    return time.perf_counter() - start


FORKED: dict[str, Any] = {}  # the simulation the two processes inherit (built before they fork)


def _play_half(args: tuple[int, int, int]) -> None:
    from engine.goldfish import run_range

    seed, start, stop = args
    run_range(FORKED["sim"], seed, start, stop)


def two_processes(text: str, turns: int) -> Any:
    """Two processes forked from this one, the deck's simulation built in them already."""
    FORKED["sim"] = _simulation(text, turns)
    return multiprocessing.get_context("fork").Pool(2)


def two_processes_seconds(pool: Any, games: int, seed: int) -> float:
    """Wall time of the same games split between two processes of this machine, nothing else
    around them: how much a second core gives here (the ceiling of any site's ratio on it; this
    2-vCPU machine measured ×1.5-1.9, not ×2)."""
    half = games // 2
    start = time.perf_counter()
    pool.map(_play_half, [(seed, 0, half), (seed, half, games)])
    return time.perf_counter() - start


class Site:
    """scripts/serve.sh on a free port: gunicorn and the simulation workers under supervisord."""

    def __init__(self, redis_url: str) -> None:
        self.port = free_port()
        env = {**ENV, "HOST": "127.0.0.1", "PORT": str(self.port), "WORKERS": "2",
               "SIM_WORKERS": str(os.cpu_count() or 1)}
        if redis_url:
            env["REDIS_URL"] = redis_url
        self.supervisor = TMP / f"supervisor-{self.port}"
        self.supervisor.mkdir()
        env["SUPERVISOR_DIR"] = str(self.supervisor)
        self.env = env
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(["bash", "scripts/serve.sh"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        wait_for(f"{self.base}/healthz", 30)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)

    def idle_cpu(self, seconds: float = 5.0, settle: float = 30.0) -> float:
        """Share of one core the simulation workers use together while the queue is empty, once
        settled: windows of *seconds* until two in a row agree within 5 points of a core (at most
        *settle* seconds). Right after a run they still finish its bookkeeping (up to 40 %)."""
        share = self._idle_window(seconds)
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline:
            again = self._idle_window(seconds)
            if abs(again - share) < 0.05:
                return (share + again) / 2
            share = again
        return share

    def _idle_window(self, seconds: float) -> float:
        pids = site_pids(self)

        def ticks() -> int:
            total = 0
            for pid in pids:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime + stime (and the threads')
            return total

        before = ticks()
        time.sleep(seconds)
        return (ticks() - before) / os.sysconf("SC_CLK_TCK") / seconds

    def goldfish(self, text: str, games: int, turns: int, seed: int) -> tuple[float, int, str]:
        """Seconds from the POST to the answer (polled when `poll_ms` says), as a player gets it, the
        run's chunks and where the time went (see ``phases``)."""
        body = json.dumps({"game": "eliria", "list": text, "games": games, "turns": turns, "seed": seed}).encode()
        request = urllib.request.Request(f"{self.base}/api/goldfish/", data=body,
                                         headers={"Content-Type": "application/json"})
        start, posted = time.perf_counter(), time.time()
        with urllib.request.urlopen(request, timeout=60) as r:
            status, answer = r.status, json.load(r)
        if status == 200:
            return time.perf_counter() - start, 0, "played inline"  # a run that small is no run
        url = answer["status_url"]
        url = url if url.startswith("http") else self.base + url
        for polls in itertools.count(1):
            time.sleep(answer["poll_ms"] / 1000)  # the 202's answer says when to look first
            with urllib.request.urlopen(url, timeout=60) as r:
                answer = json.load(r)
            if answer["status"] == "done":
                took, seen = time.perf_counter() - start, time.time()
                return took, len(answer["chunks"]), f"{phases(answer['id'], posted, seen)} ({polls} looks)"
            if answer["status"] not in {"queued", "running"}:
                raise SystemExit(f"run {answer.get('id')} ended {answer['status']}: {answer.get('error')}")
        raise AssertionError("unreachable")


def phases(run_id: str, posted: float, seen: float) -> str:
    """Where a run's time went, from its rows' timestamps (this machine's clock, as the bench's)."""
    from play.models import SimulationChunk, SimulationRun

    run = SimulationRun.objects.get(pk=run_id)
    chunks = list(SimulationChunk.objects.filter(run=run).order_by("finished"))
    played = chunks[-1].finished.timestamp()
    marks = [("request", run.created.timestamp()), ("wait", run.started.timestamp()), ("games", played),
             ("merge", run.finished.timestamp()), ("poll", seen)]
    parts, before = [], posted
    for name, at in marks:
        parts.append(f"{name} {1000 * (at - before):.0f}")
        before = at
    # When each worker landed its chunks, from the run's start: a worker that ends long after the
    # other shows chunks of unequal cost, or a worker slowed by what shares its core.
    by_worker: dict[str, list[str]] = {}
    for c in chunks:
        by_worker.setdefault(c.worker, []).append(f"{1000 * (c.finished.timestamp() - run.started.timestamp()):.0f}")
    landed = "; ".join(f"worker {i + 1} at {', '.join(times)}" for i, times in enumerate(by_worker.values()))
    return " ms, ".join(parts) + f" ms (chunks landed: {landed} ms)"


def leg(label: str, redis_url: str, text: str, args: argparse.Namespace) -> None:
    site = Site(redis_url)
    pool = two_processes(text, args.turns)
    try:
        time.sleep(2)  # the workers are up
        # Warm: queued runs (2,000 games now play inline), two of them, so that both gunicorn
        # workers have most likely answered one (the first measured run's request took 17 ms
        # against 9 for the others when only one was warmed).
        for seed in (1, 2):
            site.goldfish(text, 20_000, args.turns, seed)
        # Idle means settled: right after a run (its last tally written, the reaper's pass) and in a
        # worker's first seconds (imports at nice 10) the same workers use up to a whole core.
        time.sleep(5)
        print(f"queue: {label}; {len(site_pids(site))} idle workers use {site.idle_cpu():.1%} of one core together")
        for games in args.games:
            engines, twos, sites = [], [], []
            for i in range(args.repeat):  # alternately: the engine alone, in two processes, through the site
                engines.append(engine_seconds(text, games, args.turns, 100 + i))
                twos.append(two_processes_seconds(pool, games, 100 + i))
                sites.append(site.goldfish(text, games, args.turns, 100 + i))
            engine, two, best = min(engines), min(twos), min(sites)
            took, chunks, where = best
            ratio = engine / took
            # Each run through the site against the engine alone timed just before it: the machine's
            # drift between two pairs cancels out, and the median says what a typical run gets.
            paired = sorted(e / s[0] for e, s in zip(engines, sites, strict=True))
            goal = GOALS.get(games)
            middle = statistics.median(paired)
            verdict = ""
            if goal:
                met = [name for name, r in (("the median of the pairs", middle), ("the best runs", ratio)) if r >= goal]
                verdict = f" (goal {goal}: {'met by ' + ' and '.join(met) if met else 'NOT met'})"
            print(f"  {games:>7,} games in {chunks:2d} chunks: site {took:6.2f} s   engine alone {engine:6.2f} s   "
                  f"ratio {ratio:.2f}   load average {os.getloadavg()[0]:.1f}")
            print(f"      each run against the engine just before it: median {middle:.2f}, "
                  f"{paired[0]:.2f}-{paired[-1]:.2f} over {len(paired)} pairs{verdict}")
            print(f"      the engine in two bare processes: {two:.2f} s, ×{engine / two:.2f} (this machine's ceiling)")
            print(f"      the site's best run: {where}")
            if args.each:
                for engine_s, (site_s, _chunks, phases_s) in zip(engines, sites, strict=True):
                    print(f"        {engine_s / site_s:.2f}: site {site_s:.3f} s, engine {engine_s:.3f} s; {phases_s}")
    finally:
        pool.terminate()
        site.stop()


def site_pids(site: Site) -> list[int]:
    """The simulation workers' process ids, from supervisord ("sim_worker:sim_worker_0 RUNNING pid 123, …")."""
    out = subprocess.run([str(Path(PY).parent / "supervisorctl"), "-c", "scripts/supervisord.conf", "status"],
                         cwd=ROOT, env=site.env, capture_output=True, text=True).stdout
    return [int(line.split(" pid ", 1)[1].split(",")[0]) for line in out.splitlines()
            if line.startswith("sim_worker:") and " pid " in line]


def main() -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a killed bench still stops its site
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 50_000])
    parser.add_argument("--repeat", type=int, default=5)  # pairs: with 3, one disturbed pair moved the median
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--each", action="store_true", help="also print where the time went in every run, not only the best")
    args = parser.parse_args()
    text = setup()
    print(f"Queued goldfish runs, effect-heavy deck (bench/goldfish.py, {text.count(chr(10)) - 1} bundled cards), "
          f"{args.turns} turns; SQLite; {os.cpu_count()} cores; site = POST to answer, ratio = engine alone / site")
    leg("database (django-tasks db backend)", "", text, args)
    if REDIS_URL:
        leg("RQ on Redis", REDIS_URL, text, args)


if __name__ == "__main__":
    main()
