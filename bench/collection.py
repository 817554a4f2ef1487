"""Collection benchmark: a player with 5,000 distinct editions; the collection page and the
have/need of a 200-card deck, timed and their queries counted.

    python bench/collection.py [--editions 5000] [--deck 200] [--repeat 25] [--database-url URL]

Builds a synthetic Eliria catalogue (cards with two editions each) in a fresh database (a
temporary SQLite file unless --database-url), gives one player every edition (one row each, 1–4
copies), ten other built decks of 40 cards that take copies, and a 200-entry deck. Then, through
Django's test client as that player, it times (median and p95 over --repeat requests):

  - GET /coleccion/ (48 cards a page, the player's cards only) and ?todo=1 (the whole catalogue)
  - GET /coleccion/?q=owned>=3 (the search field over the collection)
  - GET /coleccion/mazo/<id>/ and GET /api/collection/decks/<id>/ (have/need of the 200-card deck)
  - GET /coleccion/compras/ (the shopping list, the deck marked wanted)

It runs the same requests at a quarter of the size first. Scaling: every page answers in a
fixed number of queries (printed; the same at both sizes). The grid pages one page of cards
and reads the owned counts with a correlated sum per card shown (indexed on owner, card), so its
time grows only with the count over the player's rows. Have/need reads the deck's entries, the
owned counts of its cards and the other built decks' entries of those cards, grouped in SQL,
and matches them up in Python: linear in the deck's size, independent of the collection's.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from throwaway import django_on_throwaway_database  # noqa: E402 - bench/, after the project's path

TARGET_MS = 100


def build(n_editions: int, deck_size: int, seed: int = 1):  # type: ignore[no-untyped-def]
    """A catalogue of n_editions / 2 cards with two editions each, a player owning them all."""
    from django.contrib.auth import get_user_model

    from cards.models import Card, Edition, Set
    from collection.models import CollectionItem, WantedDeck
    from decks.models import Deck, DeckEntry

    rng = random.Random(seed)  # noqa: S311 - synthetic data, not secrets
    user = get_user_model().objects.create_user(f"bench{n_editions}")  # no password: force_login
    tag = f"B{n_editions}"
    the_set = Set.objects.create(game="eliria", code=tag, name=f"Banco {n_editions}", released=dt.date(2026, 1, 1))
    n_cards = n_editions // 2
    cards = Card.objects.bulk_create(
        [Card(game="eliria", code=f"{tag}-{i:05d}", set=the_set, name=f"Carta {tag} {i}",
              name_folded=f"carta {tag.lower()} {i}", text_folded=f"carta {i}", type="combat")
         for i in range(n_cards)], batch_size=500)
    editions = Edition.objects.bulk_create(
        [Edition(card=c, edition=e, released=dt.date(2025 + e, 1, 1), potential=rng.randint(1, 9))
         for c in cards for e in (1, 2)], batch_size=500)
    for c, newest in zip(cards, editions[1::2], strict=True):
        c.current = newest
    Card.objects.bulk_update(cards, ["current"], batch_size=500)
    CollectionItem.objects.bulk_create(
        [CollectionItem(owner=user, edition=e, card_id=e.card_id, quantity=rng.randint(1, 4)) for e in editions],
        batch_size=500)
    for k in range(10):
        built = Deck.objects.create(owner=user, game="eliria", name=f"Montado {k}", built=True)
        DeckEntry.objects.bulk_create(DeckEntry(deck=built, section="main", card=c, quantity=2)
                                      for c in rng.sample(cards, 40))
    deck = Deck.objects.create(owner=user, game="eliria", name="Doscientas")
    DeckEntry.objects.bulk_create(DeckEntry(deck=deck, section="main", card=c, quantity=rng.randint(1, 4))
                                  for c in rng.sample(cards, deck_size))
    WantedDeck.objects.create(owner=user, deck=deck)
    return user, deck


def measure(client, url: str, repeat: int) -> tuple[float, float, int]:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    queries = len(ctx.captured_queries)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), sorted(times)[int(0.95 * (len(times) - 1))], queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--editions", type=int, default=5000)
    parser.add_argument("--deck", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=25)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    django_on_throwaway_database("bench-collection-", args.database_url)
    from django.test import Client

    print(f"database {os.environ['DATABASE_URL'].split(':')[0]}; target: median < {TARGET_MS} ms")
    print(f"{'editions':>8s} {'page':44s} {'median ms':>9s} {'p95 ms':>8s} {'queries':>7s}")
    worst = 0.0
    for n in (args.editions // 4, args.editions):
        t0 = time.perf_counter()
        user, deck = build(n, min(args.deck, n // 2))
        setup = time.perf_counter() - t0
        client = Client()
        client.force_login(user)
        pages = [
            ("collection page (mine, 48 a page)", "/coleccion/"),
            ("collection page, whole catalogue", "/coleccion/?todo=1"),
            ("collection search owned>=3", "/coleccion/?q=owned%3E%3D3"),
            (f"have/need page, {deck.entries.count()}-card deck", f"/coleccion/mazo/{deck.pk}/"),
            ("have/need API", f"/api/collection/decks/{deck.pk}/"),
            ("shopping list page", "/coleccion/compras/"),
        ]
        for label, url in pages:
            median, p95, queries = measure(client, url, args.repeat)
            if n == args.editions:
                worst = max(worst, median)
            print(f"{n:8d} {label:44s} {median:9.1f} {p95:8.1f} {queries:7d}")
        print(f"{n:8d} {'(setup: catalogue, collection, decks)':44s} {setup * 1000:9.0f}")
    verdict = "under" if worst < TARGET_MS else "OVER"
    print(f"slowest median at {args.editions} editions: {worst:.1f} ms ({verdict} the {TARGET_MS} ms target); "
          "query counts do not change with the size of the collection or the deck.")


if __name__ == "__main__":
    main()
