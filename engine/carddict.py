"""CardData to and from JSON-ready dicts, and the card-data hash of a game record.

A game record carries the full text of every card of both decks, so it replays
with no catalogue at hand, and a hash that says whether two records were
played with the same card texts (ruling TERCERO: texts change between editions).

>>> from engine.cards import Attack, CardData, Game
>>> card = CardData(Game.ELIRIA, "T-1", "Golem", "combat", potential=3, attacks=(Attack(2, "Golpe", None),))
>>> card_from_dict(card_to_dict(card)) == card
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cards import Attack, CardData, as_game
from .decklist import DeckEntry
from .errors import InvalidRecord

__all__ = ["card_data_hash", "card_from_dict", "card_to_dict", "entries_from_dicts", "entries_to_dicts"]


def card_to_dict(card: CardData) -> dict[str, Any]:
    """Every field of *card*; the variable damage "x" is written ``"x"``; ``effects`` when given."""
    out = {
        "game": card.game.value,
        "code": card.code,
        "name": card.name,
        "type": card.type,
        "potential": card.potential,
        "class": card.card_class,
        "cross": card.cross,
        "resistance": card.resistance,
        "attacks": [
            {
                "cost": a.cost,
                "name": a.name,
                "damage": "x" if a.damage is None else a.damage,
                "effect": a.effect,
            }
            for a in card.attacks
        ],
        "passive": card.passive,
        "effect": card.effect,
        "subtype": card.subtype,
        "worlds": list(card.worlds),
        "chest": card.chest,
    }
    if card.effects is not None:
        out["effects"] = [dict(e) for e in card.effects]
    if card.tokens:  # the tokens it creates (rule 14), so a record replays with no catalogue
        out["tokens"] = [card_to_dict(t) for t in card.tokens]
    return out


def card_from_dict(data: Mapping[str, Any]) -> CardData:
    """The inverse of :func:`card_to_dict`; a malformed dict raises InvalidRecord."""
    try:
        attacks = tuple(
            Attack(
                int(a["cost"]),
                str(a["name"]),
                None if a["damage"] == "x" else int(a["damage"]),
                str(a["effect"]),
            )
            for a in data["attacks"]
        )
        w = [int(v) for v in data["worlds"]]
        return CardData(
            game=as_game(data["game"]),
            code=str(data["code"]),
            name=str(data["name"]),
            type=str(data["type"]),
            potential=None if data["potential"] is None else int(data["potential"]),
            card_class=str(data["class"]),
            cross=bool(data["cross"]),
            resistance=None if data["resistance"] is None else int(data["resistance"]),
            attacks=attacks,
            passive=str(data["passive"]),
            effect=str(data["effect"]),
            subtype=str(data["subtype"]),
            worlds=(w[0], w[1], w[2], w[3]),
            chest=None if data["chest"] is None else int(data["chest"]),
            effects=None if data.get("effects") is None else tuple(dict(e) for e in data["effects"]),
            tokens=tuple(card_from_dict(t) for t in data.get("tokens") or ()),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise InvalidRecord(f"Carta mal formada en el registro: {exc!r}.") from exc


def entries_to_dicts(entries: Iterable[DeckEntry]) -> list[dict[str, Any]]:
    return [{"section": e.section, "quantity": e.quantity, "card": card_to_dict(e.card)} for e in entries]


def entries_from_dicts(items: Sequence[Mapping[str, Any]]) -> list[DeckEntry]:
    try:
        return [DeckEntry(str(i["section"]), int(i["quantity"]), card_from_dict(i["card"])) for i in items]
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRecord(f"Lista de mazo mal formada en el registro: {exc!r}.") from exc


def card_data_hash(decks: Sequence[Sequence[DeckEntry]]) -> str:
    """SHA-256 (hex) of the decks' cards with their texts, in a canonical JSON form: each deck as
    its cards by section, copies of one card added up and sorted, so the hash follows the cards,
    never the order or the split of a list's lines (docs/contract.md §6, pairing)."""
    canonical = json.dumps([_canonical(d) for d in decks], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _canonical(entries: Iterable[DeckEntry]) -> list[list[Any]]:
    copies: dict[tuple[str, str], int] = {}
    for e in entries:
        key = (e.section, json.dumps(card_to_dict(e.card), sort_keys=True, ensure_ascii=False))
        copies[key] = copies.get(key, 0) + e.quantity
    return [[section, quantity, card] for (section, card), quantity in sorted(copies.items())]
