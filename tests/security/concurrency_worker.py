"""One writer of the concurrency test: appends its tokens to a deck's description, retrying stale saves.

Run as `python tests/security/concurrency_worker.py DECK_ID WORKER N` with DATABASE_URL set.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eliria_site.settings")

import django  # noqa: E402

django.setup()

from decks.models import Deck  # noqa: E402
from decks.services import StaleDeck, deck_update  # noqa: E402


def main(deck_id: int, worker: int, n: int) -> None:
    retries = 0
    for i in range(n):
        while True:
            deck = Deck.objects.get(pk=deck_id)
            try:
                deck_update(deck, expected_version=deck.version, description=f"{deck.description} w{worker}-{i}")
                break
            except StaleDeck:
                retries += 1
    print(f"worker {worker}: {n} saves, {retries} stale retries")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
