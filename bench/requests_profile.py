"""Where the milliseconds of one request go: the load bench's targets, profiled in one process.

    python bench/requests_profile.py [--requests 200] [--top 12] [--only deck] [--cumulative] [--callers PATTERN] [--sql]

On a throwaway SQLite database with the bundled catalogue and the load bench's signed-in player
and 60-entry deck, every target of bench/load.py is requested --requests times through Django's
whole handler (every middleware, the session, the throttles, the cache; no socket), first once to
warm up, then under cProfile. Prints milliseconds per request (plain, then under the profiler), database queries per request, and
the functions with the most own time (tottime), folded to file:function — the flat summary of a
flame graph; --cumulative adds the project's and Django's functions by the time spent inside them
(which view, template, query or middleware a request's milliseconds belong to). A request here costs what one gunicorn worker spends on it, minus the socket.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "bench"))  # after the project: bench/collection.py is not the app
from throwaway import temporary_folder  # noqa: E402 - bench/, beside this file

TMP = temporary_folder("bench-profile-")
from load import DECK, FAST_DECK, SETUP, UNREACHED_THROTTLES  # noqa: E402

os.environ.update({
    "MEDIA_ROOT": str(TMP / "media"), "CACHE_DIR": str(TMP / "cache"), "DJANGO_SETTINGS_MODULE": "eliria_site.settings",
    **UNREACHED_THROTTLES,
})
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP / 'profile.sqlite3'}")



def requester(client: Any, path: str, body: dict[str, Any] | None) -> Callable[[], int]:
    """One request to `path`: a GET, or a POST of `body` with __N__ replaced by a new number each time."""
    counter = iter(range(10**9))

    def call() -> int:
        if body is None:
            return int(client.get(path).status_code)
        data = json.dumps(body, ensure_ascii=False).replace("__N__", str(next(counter)))
        return int(client.post(path, data, content_type="application/json").status_code)

    return call


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--only", default="", help="profile only the targets whose name contains this")
    parser.add_argument("--cumulative", action="store_true",
                        help="also list the project's and Django's functions by time spent inside them (cumtime)")
    parser.add_argument("--sql", action="store_true", help="also print each query of one request, with its milliseconds")
    parser.add_argument("--callers", default="",
                        help="also list who calls the functions matching this (a pstats pattern, e.g. 'fields.py:.*__init__')")
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, reset_queries
    from django.test import Client

    call_command("migrate", verbosity=0)
    call_command("load_bundled", verbosity=0)
    scope: dict[str, object] = {}
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(SETUP, scope)  # noqa: S102 - the load bench's own set-up text
    text = out.getvalue()
    session_key, deck_id, _entries = text.split("RESULT", 1)[1].split("\n", 1)[0].split()
    names = text.split("NAMES ", 1)[1].strip().split("|")
    long_list = "Mazo:\n" + "\n".join(f"1 {names[i % len(names)]}" for i in range(199)) + "\n# __N__\n"
    search = "/api/cards/?game=eliria&q=t:combat%20pot%3E%3D3"
    card = "/cartas/eliria/BASE-105/"
    # (name, method, path, body template or None, signed in)
    targets = [
        ("trivial /healthz?check=database", "get", "/healthz?check=database", None, False),
        # A static page (the search syntax, base.html rendered whole), without and with a session.
        ("static page (anonymous)", "get", "/busqueda/", None, False),
        ("static page (signed in)", "get", "/busqueda/", None, True),
        ("search API (anonymous)", "get", search, None, False),
        ("search API (signed in)", "get", search, None, True),
        ("card page (signed in)", "get", card, None, True),
        ("deck page 60 (owner)", "get", f"/mazos/{deck_id}/", None, True),
        ("validation 8 (distinct)", "post", "/api/decks/validate/", {"game": "eliria", "list": DECK + "# __N__\n"}, False),
        ("validation 200 (distinct)", "post", "/api/decks/validate/", {"game": "eliria", "list": long_list}, False),
        ("goldfish 200 (new seed)", "post", "/api/goldfish/",
         {"game": "eliria", "list": DECK + "# __N__\n", "games": 200}, False),
        ("goldfish 200 fast path", "post", "/api/goldfish/",
         {"game": "eliria", "list": FAST_DECK + "# __N__\n", "games": 200}, False),
    ]
    from django.conf import settings

    settings.DEBUG = False
    for name, _method, path, body, signed in targets:
        if args.only and args.only not in name:
            continue
        client = Client()
        if signed:
            client.cookies["sessionid"] = session_key
        call = requester(client, path, body)

        assert call() == 200, name
        connection.force_debug_cursor = True
        reset_queries()
        call()
        queries = len(connection.queries)
        if args.sql:
            for q in connection.queries:
                print(f"  sql {float(q['time']) * 1000:6.2f} ms  {q['sql'][:300]}")
        connection.force_debug_cursor = False
        start = time.perf_counter()
        for _ in range(args.requests):
            call()
        plain = (time.perf_counter() - start) * 1000 / args.requests
        profile = cProfile.Profile()
        start = time.perf_counter()
        profile.enable()
        for _ in range(args.requests):
            call()
        profile.disable()
        ms = (time.perf_counter() - start) * 1000 / args.requests
        print(f"\n== {name}: {plain:.2f} ms a request ({ms:.2f} under the profiler), {queries} queries")
        stats = pstats.Stats(profile)
        rows = []
        total = sum(v[2] for v in stats.stats.values())  # type: ignore[attr-defined]
        for (file, _line, func), (_cc, _nc, tt, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
            rows.append((tt, f"{Path(file).name}:{func}" if file != "~" else func))
        folded: dict[str, float] = {}
        for tt, label in rows:
            folded[label] = folded.get(label, 0.0) + tt
        for label, tt in sorted(folded.items(), key=lambda kv: -kv[1])[: args.top]:
            print(f"  {100 * tt / total:5.1f}%  {label}")
        if args.cumulative:
            print("  inside (cumulative):")
            stats.sort_stats("cumulative").print_stats(r"/(eliria_site|cards|decks|common|play|engine|django)/", args.top)
        if args.callers:
            stats.print_callers(args.callers)
        by_package: dict[str, float] = {}
        for (file, _line, _func), (_cc, _nc, tt, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
            parts = Path(file).parts
            if "site-packages" in parts:
                package = parts[parts.index("site-packages") + 1]
            elif str(ROOT) in file:
                package = "project:" + Path(file).relative_to(ROOT).parts[0]
            else:
                package = "python"
            by_package[package] = by_package.get(package, 0.0) + tt
        print("  by package: " + ", ".join(f"{k} {100 * v / total:.0f}%"
                                           for k, v in sorted(by_package.items(), key=lambda kv: -kv[1])[:6]))
    if not args.only or args.only in "session and user":
        session_and_user(session_key, args.requests)


def session_and_user(session_key: str, requests: int) -> None:
    """What every signed-in request reads before its page's own work: the session and the user (two
    queries), timed alone. Against the trivial request it is the floor of any signed-in ratio."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import get_user
    from django.test import RequestFactory

    store = import_module(settings.SESSION_ENGINE).SessionStore
    factory = RequestFactory()

    def read() -> None:
        request = factory.get("/")
        request.session = store(session_key)
        assert get_user(request).is_authenticated

    read()
    start = time.perf_counter()
    for _ in range(requests):
        read()
    ms = (time.perf_counter() - start) * 1000 / requests
    print(f"\n== session and user alone (read by every signed-in request): {ms:.2f} ms")


if __name__ == "__main__":
    main()
