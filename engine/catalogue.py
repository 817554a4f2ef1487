"""Read a ``catalogue/1`` JSON document (the bundled sample data) into engine cards.

The site reads its database instead (``decks.lookup``); this is for the bench,
scripts and tests, with no Django. Each card gets the text of its current
edition: the latest ``released``, ties broken by the higher ``edition``
(ruling TERCERO).

>>> doc = {"game": "eliria", "cards": [{"code": "T-1", "name": "Gólem", "type": "combat", "editions": [
...     {"edition": 1, "released": "2026-01-01", "potential": 3, "resistance": 2, "attacks": []},
...     {"edition": 2, "released": "2026-02-01", "potential": 4, "resistance": 2, "attacks": []}]}]}
>>> cards_from_document(doc)[0].potential
4
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .cards import WORLDS, Attack, CardData, MemoryLookup, as_game
from .eliria.effects import register_tokens

__all__ = ["card_from_catalogue", "cards_from_document", "load_catalogue"]


def card_from_catalogue(game: str, card: Mapping[str, Any]) -> CardData:
    """One catalogue card with its current edition's text."""
    editions = sorted(
        card.get("editions") or [{}], key=lambda e: (str(e.get("released", "")), int(e.get("edition", 0)))
    )
    ed = editions[-1]
    worlds = ed.get("worlds") or {}
    return CardData(
        game=as_game(game),
        code=str(card["code"]),
        name=str(card["name"]),
        type=str(card["type"]),
        potential=ed.get("potential"),
        card_class=str(ed.get("class") or ""),
        cross=bool(ed.get("cross", False)),
        resistance=ed.get("resistance"),
        attacks=tuple(
            Attack(
                int(a.get("cost") or 0),
                str(a.get("name", "")),
                None if a.get("damage") == "x" else int(a.get("damage") or 0),
                str(a.get("effect") or ""),
            )
            for a in ed.get("attacks") or ()
        ),
        passive=str(ed.get("passive") or ""),
        effect=str(ed.get("effect") or ""),
        subtype=str(ed.get("subtype") or ""),
        worlds=(
            int(worlds.get(WORLDS[0], 0)),
            int(worlds.get(WORLDS[1], 0)),
            int(worlds.get(WORLDS[2], 0)),
            int(worlds.get(WORLDS[3], 0)),
        ),  # fmt: skip
        chest=ed.get("chest"),
        effects=None if ed.get("effects") is None else tuple(ed["effects"]),
    )


def cards_from_document(doc: Mapping[str, Any]) -> list[CardData]:
    """The document's cards; its tokens become known to the effects that create them."""
    cards = [card_from_catalogue(str(doc["game"]), c) for c in doc.get("cards", ())]
    register_tokens(cards)
    return cards


def load_catalogue(*paths: str | Path) -> MemoryLookup:
    """A lookup over the cards of one or more catalogue/1 JSON files."""
    cards: list[CardData] = []
    for path in paths:
        cards.extend(cards_from_document(json.loads(Path(path).read_text(encoding="utf-8"))))
    return MemoryLookup(cards)
