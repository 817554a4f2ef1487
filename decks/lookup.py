"""The catalogue seen by the engine: Card rows with their current edition -> engine.CardData."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from cards.models import Card
from engine import Attack, CardData, Game, ListLine, fold


def card_data(card: Card) -> CardData:
    """The engine's view of a card: its current text (ruling TERCERO)."""
    ed = card.current
    if ed is None:
        return CardData(game=Game(card.game), code=card.code, name=card.name, type=card.type)
    attacks = tuple(
        Attack(
            cost=int(a.get("cost") or 0),
            name=a.get("name", ""),
            damage=None if a.get("damage") == "x" else int(a.get("damage") or 0),
            effect=a.get("effect", ""),
        )
        for a in ed.attacks
    )
    return CardData(
        game=Game(card.game), code=card.code, name=card.name, type=card.type,
        potential=ed.potential, card_class=ed.card_class, cross=ed.cross, resistance=ed.resistance,
        attacks=attacks, passive=ed.passive, effect=ed.effect, subtype=ed.subtype,
        worlds=(ed.water or 0, ed.air or 0, ed.fire or 0, ed.earth or 0), chest=ed.chest,
        effects=None if ed.effects is None else tuple(ed.effects),  # behaviour follows the text (TERCERO)
    )


class DbLookup:
    """A CardLookup over the database, loaded in two queries for the lines of one list.

    Both games are searched so the validator can say `wrong_game` rather than `unknown_card`.
    """

    def __init__(self, lines: Iterable[ListLine], game: str | None = None) -> None:
        lines = list(lines)
        codes = {line.code for line in lines if line.code}
        codes |= {c.upper() for c in codes}
        names = {fold(line.name) for line in lines if not line.code}
        self._by_code: dict[str, CardData] = {}
        self._by_name: dict[str, list[CardData]] = {}
        if not codes and not names:
            return
        query = Q(code__in=codes) | Q(name_folded__in=names)
        for card in Card.objects.with_current().filter(query).order_by("game", "code"):
            data = card_data(card)
            # Codes are unique within a game; where both games share one, the list's game wins.
            if card.code.upper() not in self._by_code or card.game == game:
                self._by_code[card.code.upper()] = data
            self._by_name.setdefault(card.name_folded, []).append(data)

    def by_code(self, code: str) -> CardData | None:
        return self._by_code.get(code.upper())

    def by_name(self, name: str) -> list[CardData]:
        return list(self._by_name.get(fold(name), []))
