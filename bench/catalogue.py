"""Catalogue benchmark: import a synthetic catalogue, then time API searches.

    python bench/catalogue.py [--cards 20000] [--editions 3] [--database-url URL]

Generates N Eliria cards with E editions each (JSON, catalogue/1), imports it into a fresh
database (a temporary SQLite file unless --database-url), re-imports it (idempotence costs one
read pass), then times GET /api/cards/?q=… for a mix of queries through Django's test client and
prints the median and p95 per query. Scaling: the import is linear in the number of editions
(bulk inserts of 500 rows); a free-word search scans the folded-text column, so it is linear in
the number of cards, and field searches use the current-edition join. Last, the validation API
with a 200-card list: two queries (codes, folded names) whatever the list's length, then the
engine's rules, linear in its lines.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from throwaway import django_on_throwaway_database  # noqa: E402 - bench/, after the project's path

WORDS = "fuego sombra lobo cañón torre espíritu bestia niebla acero raíz ceniza alba marea trueno".split()
CLASSES = ["guerrero", "mística", "bestia", "objeto vivo", "espíritu", "reanimado"]
QUERIES = ["canon", "lobo ceniza", "t:combat pot>=5", "clase:bestia res<3", "cost>=4 -is:cross",
           '"torre de"', "t:reaction OR t:summon", "set:S07 order:pot dir:desc", "espiritu niebla pot:3"]


def synthetic(n_cards: int, n_editions: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    sets = [{"code": f"S{i:02d}", "name": f"Colección {i}", "released": f"2026-{1 + i % 12:02d}-01"} for i in range(20)]
    cards = []
    for i in range(n_cards):
        ctype = rng.choice(["combat"] * 6 + ["reaction", "summon", "token"])
        name = f"{rng.choice(WORDS).capitalize()} {rng.choice(['de', 'del'])} {rng.choice(WORDS)} {i}"
        editions = []
        for e in range(1, n_editions + 1):
            ed = {"edition": e, "released": f"{2026 + e}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}"}
            if ctype in ("combat", "token"):
                pot = rng.randint(1, 9)
                ed.update(potential=pot, **{"class": rng.choice(CLASSES)}, cross=rng.random() < 0.1,
                          passive=" ".join(rng.choices(WORDS, k=8)), resistance=rng.randint(1, 9),
                          attacks=[{"cost": rng.randint(0, pot), "name": rng.choice(WORDS), "damage": rng.randint(1, 9),
                                    "effect": " ".join(rng.choices(WORDS, k=6))} for _ in range(rng.randint(1, 3))])
            elif ctype == "summon":
                ed.update(subtype=rng.choice(["ephemeral", "attached", "field"]), effect=" ".join(rng.choices(WORDS, k=12)))
            else:
                ed.update(effect=" ".join(rng.choices(WORDS, k=12)))
            editions.append(ed)
        cards.append({"code": f"S{i % 20:02d}-{i:05d}", "set": f"S{i % 20:02d}", "name": name, "type": ctype, "editions": editions})
    return {"format": "catalogue/1", "game": "eliria", "sets": sets, "cards": cards}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=20_000)
    parser.add_argument("--editions", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    tmp = django_on_throwaway_database("bench-catalogue-", args.database_url)
    from django.test import Client

    from cards.services import catalogue_import

    path = tmp / "synthetic.json"
    path.write_text(json.dumps(synthetic(args.cards, args.editions), ensure_ascii=False))
    print(f"catalogue: {args.cards} cards x {args.editions} editions, {path.stat().st_size / 2**20:.1f} MiB, database {os.environ['DATABASE_URL'].split(':')[0]}")
    for label in ("import", "re-import (no change)"):
        t0 = time.perf_counter()
        result = catalogue_import(paths=[path])
        print(f"{label:24s} {time.perf_counter() - t0:7.2f} s  (editions created {result.editions_created})")
    client = Client()
    all_times = []
    print(f"{'query':34s} {'median ms':>9s} {'p95 ms':>8s} {'count':>6s}")
    for q in QUERIES:
        times, count = [], 0
        for i in range(args.repeat):
            t0 = time.perf_counter()
            # A fresh `nonce` each time: anonymous answers are cached whole (cards.pagecache), and
            # this measures the search itself, not the cache.
            r = client.get("/api/cards/", {"q": q, "game": "eliria", "nonce": i})
            times.append((time.perf_counter() - t0) * 1000)
            assert r.status_code == 200, r.content
            count = r.json()["count"]
        all_times += times
        p95 = sorted(times)[int(0.95 * (len(times) - 1))]
        print(f"{q:34s} {statistics.median(times):9.1f} {p95:8.1f} {count:6d}")
    print(f"{'ALL':34s} {statistics.median(all_times):9.1f} {sorted(all_times)[int(0.95 * (len(all_times) - 1))]:8.1f}")
    cached = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        client.get("/api/cards/", {"q": QUERIES[0], "game": "eliria"})
        cached.append((time.perf_counter() - t0) * 1000)
    print(f"{'same query again (cached answer)':34s} {statistics.median(cached):9.1f}")
    bench_validation(client, args.repeat)


def bench_validation(client, repeat: int) -> None:  # type: ignore[no-untyped-def]
    """POST /api/decks/validate/ with a 200-card list (half by code, half by name) at this catalogue
    size; a different comment line each time, so no answer comes from the validation memo."""
    from cards.models import Card

    cards = list(Card.objects.filter(game="eliria").order_by("code").values_list("code", "name")[:200])
    lines = [f"1 {name} ({code})" if i % 2 else f"1 {name}" for i, (code, name) in enumerate(cards)]
    times = []
    for i in range(repeat):
        body = {"game": "eliria", "list": f"# intento {i}\nMazo:\n" + "\n".join(lines)}
        t0 = time.perf_counter()
        r = client.post("/api/decks/validate/", body, content_type="application/json")
        times.append((time.perf_counter() - t0) * 1000)
        assert r.status_code == 200 and r.json()["sections"]["main"] == 200, r.content[:300]
    print(f"{'validate a 200-card list (API)':34s} {statistics.median(times):9.1f} {max(times):8.1f}")


if __name__ == "__main__":
    main()
