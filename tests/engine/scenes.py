"""Scenes for the game tests: the bundled catalogue as engine cards, and boards set by hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from engine import Attack, CardData, DeckEntry, EliriaMatch, Game
from engine.catalogue import load_catalogue
from engine.eliria.cardinfo import CardInfo
from engine.eliria.state import Combatant, Support
from engine.mision.match import MisionMatch

ROOT = Path(__file__).resolve().parents[2]
E, M = Game.ELIRIA, Game.MISION

FILLER = CardData(E, "F-1", "Relleno", "combat", potential=3, resistance=9, attacks=(Attack(1, "Toque", 0),))


@cache
def catalogue_cards() -> dict[str, CardData]:
    lookup = load_catalogue(ROOT / "data/catalogue/eliria.json", ROOT / "data/catalogue/mision.json")
    return {code: card for code, card in lookup._codes.items()}  # noqa: SLF001 - test helper


def card(code: str) -> CardData:
    return catalogue_cards()[code.casefold()]


def eliria_cards() -> list[CardData]:
    return [c for c in catalogue_cards().values() if c.game is E]


def mision_cards() -> list[CardData]:
    return [c for c in catalogue_cards().values() if c.game is M]


def catalogue_decks() -> tuple[list[DeckEntry], list[DeckEntry]]:
    """Two Eliria decks splitting the bundled catalogue (one copy each, rule 4), tokens listed apart."""
    cards = sorted(eliria_cards(), key=lambda c: c.code)
    main = [c for c in cards if c.type != "token"]
    tokens = [DeckEntry("tokens", 1, c) for c in cards if c.type == "token"]
    return (
        [DeckEntry("main", 1, c) for c in main[0::2]] + tokens,
        [DeckEntry("main", 1, c) for c in main[1::2]] + tokens,
    )


def mision_decks() -> tuple[list[DeckEntry], list[DeckEntry]]:
    cards = sorted(mision_cards(), key=lambda c: c.code)
    ents = [c for c in cards if c.type == "entity"]
    els = [c for c in cards if c.type == "element"]
    return (
        [DeckEntry("entities", 1, c) for c in ents[0::2]] + [DeckEntry("elements", 1, c) for c in els[0::2]],
        [DeckEntry("entities", 1, c) for c in ents[1::2]] + [DeckEntry("elements", 1, c) for c in els[1::2]],
    )


def filler_deck(n: int = 20) -> list[DeckEntry]:
    return [DeckEntry("main", n, FILLER)]


def info(m: EliriaMatch, c: CardData | str) -> CardInfo:
    """The match's compiled card for *c* (added to the match's table if needed)."""
    data = card(c) if isinstance(c, str) else c
    return m.table.cards[m.table._id(data)]  # noqa: SLF001 - test helper


Slot = tuple[str | CardData, bool, int]  # card, face up, power


def scene(
    *,
    turn: int = 3,
    active: int = 0,
    hands: Sequence[Iterable[str | CardData]] = ((), ()),
    boards: Sequence[dict[int, Slot]] = ({}, {}),
    supports: Sequence[dict[int, tuple[str | CardData, bool]]] = ({}, {}),
    decks: Sequence[Sequence[DeckEntry]] | None = None,
    seed: int = 1,
    players: int = 2,
) -> EliriaMatch:
    """A match in the Movimiento phase of *turn* for seat *active*, with hands and boards as given."""
    decks = decks if decks is not None else [filler_deck() for _ in range(players)]
    m = EliriaMatch(list(decks)[:players], seed=seed, first=0, trace=True)
    assert m.pending is not None and m.pending.kind == "movement"  # filler hands need no mulligan
    for p in range(players):
        side = m.sides[p]
        side.hand = [info(m, c) for c in hands[p]]
        for slot, (c, up, power) in boards[p].items():
            side.combat[slot] = Combatant(info(m, c), up, power)
        for k, (c, up) in supports[p].items():
            side.support[k] = Support(info(m, c), up)
    m.turn, m.active = turn, active
    m.table.modifiers = True
    m.field_records = None  # the supports set by hand: the layer reads them afresh
    m._ask_movement()  # noqa: SLF001 - recompute the options for the hand-set position
    return m


def keys(m: EliriaMatch | MisionMatch) -> list[str]:
    return [a.key for a in m.legal_actions()]


def events(m: EliriaMatch | MisionMatch, name: str) -> list[dict[str, object]]:
    return [e for e in (m.log or ()) if e["event"] == name]


def end_turn(m: EliriaMatch) -> None:
    """From Movimiento: end the phase and pass any attack (the rival then has its turn)."""
    m.push_key("end")
    if m.pending is not None and m.pending.kind == "attack":
        m.push_key("pass")
