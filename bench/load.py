"""Load benchmark: the real server (gunicorn, 2 workers) on loopback, driven by wrk.

    python bench/load.py [--seconds 10] [--connections 20]          # SQLite (a temporary file)
    scripts/with_pg.sh .venv/bin/python bench/load.py               # the same on PostgreSQL

Loads the bundled catalogue, then measures, each for --seconds with --connections clients:
a trivial endpoint (/healthz: one SELECT 1), the catalogue search API, a card page, the deck
validation API (POST) and a small goldfish (POST, 200 games). Prints requests/s, p50/p90/p99 latency,
non-2xx answers, and each throughput as a ratio to the trivial endpoint measured in the same run.
Goals on the 2-core machine: card page and search ≥ 40% of the trivial endpoint, p95 < 100 ms at
20 clients, no error responses. Throughput scales with gunicorn workers up to the cores; the
goldfish rate scales inversely with games × turns (engine: ~30k games/s per core).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
DECK = "Mazo:\n" + "\n".join(
    ["Centinela de Ámbar", "Lobo de ceniza", "Cañón del sacrificio (BASE-105)", "Organismo de fisión",
     "Defensa final", "Aprendiz de la Bruma", "Armadura errante", "Ánima del pozo"]
) + "\nTokens:\nToken de fisión\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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


def run_wrk(url: str, seconds: int, connections: int, script: Path | None = None) -> dict:
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
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
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-load-"))
    env = {**os.environ, "MEDIA_ROOT": str(tmp / "media"),
           "THROTTLE_ANON": "100000000/min", "THROTTLE_USER": "100000000/min", "THROTTLE_GOLDFISH": "100000000/min"}
    env.setdefault("DATABASE_URL", f"sqlite:///{tmp / 'load.sqlite3'}")
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    for cmd in (["migrate", "-v0"], ["load_bundled"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([PY, "manage.py", *cmd], cwd=ROOT, env=env, check=True, capture_output=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [str(Path(PY).parent / "gunicorn"), "eliria_site.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2",
         "--log-level", "warning"], cwd=ROOT, env=env)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        urllib.request.urlopen(f"{base}/cartas/eliria/BASE-105/cara.png", timeout=10)  # warm the face cache
        targets = [
            ("trivial /healthz", f"{base}/healthz", None),
            ("search API", f"{base}/api/cards/?game=eliria&q=t:combat%20pot%3E%3D3", None),
            ("card page", f"{base}/cartas/eliria/BASE-105/", None),
            ("validation (repeat)", f"{base}/api/decks/validate/", lua_post(tmp, "validate", {"game": "eliria", "list": DECK})),
            ("validation (distinct)", f"{base}/api/decks/validate/",
             lua_post(tmp, "validate_n", {"game": "eliria", "list": DECK + "# __N__\n"}, vary=True)),
            ("goldfish 200 (repeat)", f"{base}/api/goldfish/",
             lua_post(tmp, "goldfish", {"game": "eliria", "list": DECK, "games": 200, "seed": 1})),
            ("goldfish 200 (new seed)", f"{base}/api/goldfish/",
             lua_post(tmp, "goldfish_n", {"game": "eliria", "list": DECK + "# __N__\n", "games": 200}, vary=True)),
        ]
        database = env["DATABASE_URL"].split(":", 1)[0]
        print(f"database {database}, {args.connections} clients, {args.seconds} s each, gunicorn 2 workers")
        print("wrk reports the 50th, 90th and 99th percentiles; the p95 goal lies between the last two.")
        print(f"{'target':24s} {'req/s':>8s} {'p50 ms':>8s} {'p90 ms':>8s} {'p99 ms':>8s} {'ratio':>6s} {'non-2xx':>8s}")
        trivial = None
        for name, url, script in targets:
            r = run_wrk(url, args.seconds, args.connections, script)
            trivial = trivial or r["rps"]
            print(f"{name:24s} {r['rps']:8.0f} {r['p50']:8.1f} {r['p90']:8.1f} {r['p99']:8.1f} {r['rps'] / trivial:6.2f} {r['non2xx']:8d} {r['socket_errors']}")
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
