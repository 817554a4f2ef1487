"""Load benchmark: the real server (gunicorn, 2 workers) on loopback, driven by wrk.

    python bench/load.py [--seconds 10] [--connections 20]          # SQLite (a temporary file)
    scripts/with_pg.sh .venv/bin/python bench/load.py               # the same on PostgreSQL

Loads the bundled catalogue and a signed-in player with a 60-entry deck, then measures, each for
--seconds with --connections clients: a trivial endpoint (/healthz?check=database: every middleware
and one SELECT 1, what /healthz was when the goals were set), /healthz with all its checks, the catalogue search API and a
card page (anonymous, from the page cache, and signed in with a session cookie, which bypasses it),
the owner's deck page, deck validation (8-line and 200-line lists, every request a new list) and a
small goldfish (200 games, a new seed each time; the deck has cards whose effects change a solitaire
game, so it plays through the full rules — and, for comparison, the same without them, on the fast path). Prints requests/s, p50/p90/p99 latency, non-2xx
answers (each target is first warmed up for a second, unmeasured), each throughput as a ratio to the trivial endpoint measured in the same run, and the goal
for that ratio; then the trivial endpoint again, and every ratio against the mean of its two runs
(the machine drifts during a run). p95 goal: under 100 ms at 20 clients, every row; no error responses. Throughput
scales with gunicorn workers up to the cores; the goldfish rate scales inversely with games × turns.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
try:
    from throwaway import temporary_folder  # bench/, beside this file (run as a script)
except ImportError:  # imported as bench.load (bench/engine_ab.py, its tests)
    from bench.throwaway import temporary_folder

DECK = "Mazo:\n" + "\n".join(
    ["Centinela de Ámbar", "Lobo de ceniza", "Cañón del sacrificio (BASE-105)", "Organismo de fisión",
     "Defensa final", "Aprendiz de la Bruma", "Armadura errante", "Ánima del pozo"]
) + "\nTokens:\nToken de fisión\n"


# The same deck without the two cards whose effects change a solitaire game (Cañón del sacrificio,
# Organismo de fisión): the goldfish takes its fast path (engine/eliria/goldfish.py).
FAST_DECK = "Mazo:\n" + "\n".join(
    ["Centinela de Ámbar", "Lobo de ceniza", "Defensa final", "Aprendiz de la Bruma", "Armadura errante",
     "Ánima del pozo"]
) + "\n"

# Throttle rates the bench never reaches: every request is counted (an increment of its slot and a
# read of the closed slots, common.throttling), as under the real rates, and none is refused. Per
# minute, as the real rates are (THROTTLE_ANON and the others): a slot is a second wide, as in
# production. At a per-second rate a slot lasts 17 ms, so many requests began a slot and also
# rewrote the client's fold or created its counter: 75 µs more CPU a goldfish request (two
# throttles) in one process than at the real width, a cost no player's request pays (under
# gunicorn and wrk the two measured alike: 601 and 610 goldfish requests/s).
UNREACHED_THROTTLES = {"THROTTLE_ANON": "100000000/min", "THROTTLE_USER": "100000000/min",
                       "THROTTLE_GOLDFISH": "100000000/min"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(url: str, seconds: float = 10) -> None:
    """Return once `url` answers (a server starting), or fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def lua_post(tmp: Path, name: str, body: dict, *, vary: bool = False) -> Path:
    """A wrk script POSTing `body` as JSON. With vary=True every request replaces __N__ in the body
    by a counter, so no two requests are alike and no answer can come from the cache."""
    script = tmp / f"{name}.lua"
    template = json.dumps(body, ensure_ascii=False)
    script.write_text(
        'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
        f"template = [==[{template}]==]\n"
        + ("counter = 0\nrequest = function()\n  counter = counter + 1\n"
           '  local body = string.gsub(template, "__N__", tostring(counter))\n'
           "  return wrk.format(nil, nil, nil, body)\nend\n" if vary else "wrk.body = template\n")
    )
    return script


SETUP = """
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from common.sessions import SessionStore
from cards.models import Card
from decks.services import EntrySpec, deck_create
user = User.objects.create_user("bench", password="bench-pass-123456")
cards = list(Card.objects.filter(game="eliria").exclude(type="token").order_by("code")[:60])
deck = deck_create(owner=user, game="eliria", name="Sesenta", entries=[EntrySpec("main", c, 1) for c in cards])
session = SessionStore()
session[SESSION_KEY] = str(user.pk)
session[BACKEND_SESSION_KEY] = "accounts.backends.ModelBackend"
session[HASH_SESSION_KEY] = user.get_session_auth_hash()
session.create()
names = list(Card.objects.filter(game="eliria").order_by("code").values_list("name", flat=True))
print("RESULT", session.session_key, deck.pk, len(deck.entries.all()))
print("NAMES", "|".join(names))
"""


def run_wrk(url: str, seconds: int, connections: int, script: Path | None = None, cookie: str = "") -> dict:
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if cookie:
        cmd += ["-H", f"Cookie: {cookie}"]
    if script:
        cmd += ["-s", str(script)]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]

    def pct(p: str) -> float:
        m = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", out)
        value, unit = float(m.group(1)), m.group(2)  # type: ignore[union-attr]
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    return {"rps": rps, "p50": pct("50"), "p90": pct("90"), "p99": pct("99"),
            "non2xx": int(non2xx.group(1)) if non2xx else 0, "socket_errors": errors.group(1) if errors else ""}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--only", default="", help="besides the trivial endpoint, only the rows whose name has this")
    args = parser.parse_args()
    tmp = temporary_folder("bench-load-")
    env = {**os.environ, "MEDIA_ROOT": str(tmp / "media"), "CACHE_DIR": str(tmp / "cache"),
           **UNREACHED_THROTTLES}
    env.setdefault("DATABASE_URL", f"sqlite:///{tmp / 'load.sqlite3'}")
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    for cmd in (["migrate", "-v0"], ["load_bundled"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([PY, "manage.py", *cmd], cwd=ROOT, env=env, check=True, capture_output=True)
    out = subprocess.run([PY, "manage.py", "shell", "-c", SETUP], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    session_key, deck_id, entries = out.split("RESULT", 1)[1].split("\n", 1)[0].split()
    names = out.split("NAMES ", 1)[1].strip().split("|")
    cookie = f"sessionid={session_key}"
    long_list = "Mazo:\n" + "\n".join(f"1 {names[i % len(names)]}" for i in range(199)) + "\n# __N__\n"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [str(Path(PY).parent / "gunicorn"), "eliria_site.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2",
         "--log-level", "warning"], cwd=ROOT, env=env)
    try:
        wait_for(f"{base}/healthz", 60)  # a loaded machine starts gunicorn slowly
        urllib.request.urlopen(f"{base}/cartas/eliria/BASE-105/cara.png", timeout=10)  # warm the face cache
        search = f"{base}/api/cards/?game=eliria&q=t:combat%20pot%3E%3D3"
        card = f"{base}/cartas/eliria/BASE-105/"
        # (name, url, wrk script, cookie, goal ratio to the trivial endpoint)
        targets = [
            # The trivial endpoint: one SELECT 1 through every middleware (the first /healthz).
            ("trivial /healthz?check=db", f"{base}/healthz?check=database", None, "", None),
            ("/healthz (every check)", f"{base}/healthz", None, "", None),
            ("search API (anonymous)", search, None, "", 0.4),
            ("card page (anonymous)", card, None, "", 0.4),
            ("search API (signed in)", search, None, cookie, 0.4),
            ("card page (signed in)", card, None, cookie, 0.4),
            (f"deck page {entries} (owner)", f"{base}/mazos/{deck_id}/", None, cookie, 0.3),
            ("validation 8 (distinct)", f"{base}/api/decks/validate/",
             lua_post(tmp, "validate_n", {"game": "eliria", "list": DECK + "# __N__\n"}, vary=True), "", 0.5),
            ("validation 200 (distinct)", f"{base}/api/decks/validate/",
             lua_post(tmp, "validate_200", {"game": "eliria", "list": long_list}, vary=True), "", 0.2),
            ("goldfish 200 (new seed)", f"{base}/api/goldfish/",
             lua_post(tmp, "goldfish_n", {"game": "eliria", "list": DECK + "# __N__\n", "games": 200}, vary=True),
             "", 0.15),
            ("goldfish 200 fast path", f"{base}/api/goldfish/",
             lua_post(tmp, "goldfish_fast", {"game": "eliria", "list": FAST_DECK + "# __N__\n", "games": 200}, vary=True),
             "", None),
        ]
        database = env["DATABASE_URL"].split(":", 1)[0]
        print(f"database {database}, {args.connections} clients, {args.seconds} s each, gunicorn 2 workers")
        print("wrk reports the 50th, 90th and 99th percentiles; the p95 goal lies between the last two.")
        print(f"{'target':26s} {'req/s':>8s} {'p50 ms':>8s} {'p90 ms':>8s} {'p99 ms':>8s} {'ratio':>6s} {'goal':>6s} {'non-2xx':>8s}")
        trivial = None
        measured: list[tuple[str, float, float | None]] = []
        for name, url, script, with_cookie, goal in targets:
            if args.only and trivial and args.only not in name:
                continue
            run_wrk(url, 1, args.connections, script, with_cookie)  # warm-up: imports, caches, memos
            r = run_wrk(url, args.seconds, args.connections, script, with_cookie)
            trivial = trivial or r["rps"]
            ratio = r["rps"] / trivial
            measured.append((name, r["rps"], goal))
            mark = "" if goal is None else ("ok" if ratio >= goal else "below")
            goal_text = "" if goal is None else f"{goal:.2f}"
            print(f"{name:26s} {r['rps']:8.0f} {r['p50']:8.1f} {r['p90']:8.1f} {r['p99']:8.1f} {ratio:6.2f} "
                  f"{goal_text:>6s} {r['non2xx']:8d} {mark} {r['socket_errors']}")
        # The trivial rate moves by up to a quarter between runs on a shared machine: measured again
        # at the end, the ratios are also given against the mean of both, which a drift during the
        # run moves less than the first measurement alone.
        if trivial and len(measured) > 1:
            name, url, script, with_cookie, _ = targets[0]
            again = run_wrk(url, args.seconds, args.connections, script, with_cookie)["rps"]
            both = (trivial + again) / 2
            print(f"trivial again at the end: {again:.0f} requests/s; ratios against the mean of both runs "
                  f"({both:.0f}):")
            for name, rps, goal in measured[1:]:
                verdict = "" if goal is None else f"  goal {goal:.2f}: {'ok' if rps / both >= goal else 'below'}"
                print(f"  {name:26s} {rps / both:6.2f}{verdict}")
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
