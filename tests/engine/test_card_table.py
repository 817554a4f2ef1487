"""What a match works out once about its cards (``CardTable``, ``CardInfo``) agrees with the cards.

The turn skips the search for a phase hook that no card of the match has (docs/performance.md), and
the goldfish reads each ``on_play`` verb's worth compiled into the card: both must say exactly what
the cards and the verb registry say, or a game would quietly play differently.
"""

from __future__ import annotations

from pathlib import Path

from engine.catalogue import load_catalogue
from engine.decklist import DeckEntry
from engine.eliria.cardinfo import CardTable
from engine.eliria.verbs import REGISTRY

CATALOGUE = Path(__file__).resolve().parents[2] / "data/catalogue/eliria.json"


def _whole_catalogue() -> CardTable:
    lookup = load_catalogue(CATALOGUE)
    cards = [lookup.by_code(code) for code in lookup._codes]  # noqa: SLF001 - every bundled card
    entries = [DeckEntry("tokens" if c.type == "token" else "main", 1, c) for c in cards if c is not None]
    return CardTable([entries])


def test_the_hook_flags_are_what_the_cards_have() -> None:
    table = _whole_catalogue()
    cards = table.cards
    assert table.scrys == any(c.scry is not None for c in cards)
    assert table.end_powers == any(
        c.end_power is not None or (c.script is not None and c.script.has_end_of_power) for c in cards
    )
    assert table.field_powers == any(c.field.power for c in cards)
    assert table.movement_scripts == any(c.script is not None and c.script.has_movement for c in cards)
    # The bundled catalogue has each hook: the flags are exercised by the golden runs.
    assert table.scrys and table.end_powers and table.field_powers and table.movement_scripts


def test_a_table_without_hooks_says_so() -> None:
    lookup = load_catalogue(CATALOGUE)
    plain = [c for code in lookup._codes if (c := lookup.by_code(code)) is not None and not c.effects]  # noqa: SLF001
    table = CardTable([[DeckEntry("main", 1, c) for c in plain if c.type != "token"]])
    assert table.cards and not (
        table.scrys or table.end_powers or table.field_powers or table.movement_scripts
    )


def test_each_card_carries_the_worth_of_its_on_play_verbs() -> None:
    for info in _whole_catalogue().cards:
        expected = [
            (REGISTRY[spec["action"]].worth, spec)
            for spec in info.on_play
            if REGISTRY[spec["action"]].worth is not None
        ]
        assert list(info.worths) == expected
