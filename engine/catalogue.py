"""Read a ``catalogue/1`` JSON document (the bundled sample data) into engine cards, and give each
card the tokens its effects create (rule 14) from the same catalogue.

The site reads its database instead (``cards.lookup``); this is for the bench,
scripts and tests, with no Django. Each card gets the text of its current
edition: the latest ``released``, ties broken by the higher ``edition``
(ruling TERCERO).

>>> doc = {"game": "eliria", "cards": [{"code": "T-1", "name": "Gólem", "type": "combat", "editions": [
...     {"edition": 1, "released": "2026-01-01", "potential": 3, "resistance": 2, "attacks": []},
...     {"edition": 2, "released": "2026-02-01", "potential": 4, "resistance": 2, "attacks": []}]}]}
>>> cards_from_document(doc)[0].potential
4

A token need not be in the deck (rule 14): the card that creates it carries it from its catalogue
(``CardData.tokens``), so whatever plays the card can make the token, in any process, and a token
the catalogue drops or changes is dropped or changed with the catalogue (no registry).

>>> maker = CardData(Game.ELIRIA, "T-2", "Semillero", "combat",
...                  effects=({"trigger": "on_destroyed", "action": "create_token", "token": "t-3"},))
>>> seed = CardData(Game.ELIRIA, "T-3", "Brote", "token", potential=1)
>>> [t.name for t in attach_tokens([maker, seed])[0].tokens]
['Brote']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from .cards import WORLDS, Attack, CardData, Game, MemoryLookup, as_game

__all__ = [
    "attach_tokens",
    "card_from_catalogue",
    "cards_from_document",
    "load_catalogue",
    "token_codes",
    "tokens_reached",
]

# Tokens that create tokens are followed this deep at most: hostile data cannot make it loop.
MAX_TOKEN_DEPTH = 8


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


def token_codes(card: CardData) -> list[str]:
    """The codes (upper case, in order, once each) of the tokens the card's effects create."""
    found: dict[str, None] = {}
    specs: tuple[object, ...] = tuple(card.effects or ())  # what the data holds, not yet validated
    for spec in specs:
        code = spec.get("token") if isinstance(spec, Mapping) else None
        if isinstance(code, str) and code.strip():
            found.setdefault(code.strip().upper(), None)
    return list(found)


def tokens_reached(cards: Iterable[CardData], find: Callable[[set[str]], Iterable[CardData]]) -> dict[str, CardData]:
    """Every Eliria token the cards' effects create, through tokens that create tokens, by upper code.
    ``find(codes)`` answers the cards it knows among *codes* (a dict lookup, or one query)."""
    known: dict[str, CardData] = {}
    wanted = {code for card in cards for code in token_codes(card)}
    for _ in range(MAX_TOKEN_DEPTH):
        if not wanted:
            break
        for token in find(wanted):
            key = token.code.strip().upper()
            if token.game is Game.ELIRIA and token.is_token and key in wanted:
                known[key] = replace(token, tokens=())
        wanted = {code for key in wanted if key in known for code in token_codes(known[key])} - set(known)
    return known


def attach_tokens(cards: Iterable[CardData], known: Mapping[str, CardData] | None = None) -> list[CardData]:
    """The cards, each creating tokens carrying them (``CardData.tokens``: all it can reach, flat).
    *known*: the catalogue's tokens by upper code; by default the tokens among *cards*."""
    cards = list(cards)
    if known is None:
        known = {c.code.strip().upper(): c for c in cards if c.game is Game.ELIRIA and c.is_token}
    table = known

    def find(codes: set[str]) -> list[CardData]:
        return [table[c] for c in codes if c in table]

    out = []
    for card in cards:
        reached = tokens_reached([card], find) if card.effects else {}
        out.append(replace(card, tokens=tuple(reached[k] for k in sorted(reached))) if reached or card.tokens else card)
    return out


def cards_from_document(doc: Mapping[str, Any]) -> list[CardData]:
    """The document's cards, each carrying the tokens of this document its effects create."""
    return attach_tokens(card_from_catalogue(str(doc["game"]), c) for c in doc.get("cards", ()))


def load_catalogue(*paths: str | Path) -> MemoryLookup:
    """A lookup over the cards of one or more catalogue/1 JSON files (a token may be in any of them)."""
    cards: list[CardData] = []
    for path in paths:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        cards.extend(card_from_catalogue(str(doc["game"]), c) for c in doc.get("cards", ()))
    return MemoryLookup(attach_tokens(cards))
