"""Proxy PDF benchmark: size and time of the printable proxies of a 20-card deck.

    python bench/proxies.py [--cards 20] [--repeat 3]

Loads the bundled catalogue into a temporary SQLite database (faces under a temporary
MEDIA_ROOT), builds a deck of the first N distinct bundled Eliria cards (one copy each) and times
`decks.proxies.proxy_pdf` (the best of --repeat runs). Scaling: the text is laid out once per
distinct card and written as vector text, so time and size grow linearly with the cards printed
(the DejaVu fonts are embedded once, subset to the glyphs used).
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
    parser.add_argument("--cards", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    tmp = temporary_folder("bench-proxies-")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(tmp / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eliria_site.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_bundled", stdout=open(os.devnull, "w"))
    from django.contrib.auth import get_user_model

    from cards.models import Card
    from decks import proxies
    from decks.selectors import deck_rows
    from decks.services import EntrySpec, deck_create

    cards = list(Card.objects.filter(game="eliria").exclude(type="token").order_by("code")[: args.cards])
    owner = get_user_model().objects.create_user(username="bench", password="x" * 20)
    deck = deck_create(owner=owner, game="eliria", name="Bench", entries=[EntrySpec("main", c, 1) for c in cards])
    rows = deck_rows(deck)
    times, data = [], b""
    for _ in range(args.repeat):
        start = time.perf_counter()
        data = proxies.proxy_pdf(rows, title=deck.name)
        times.append(time.perf_counter() - start)
    print(f"proxies: {len(cards)} cards, PDF {len(data) / 1024:.0f} KiB, "
          f"first {times[0]:.3f} s, best {min(times):.3f} s of {args.repeat}")


if __name__ == "__main__":
    main()
