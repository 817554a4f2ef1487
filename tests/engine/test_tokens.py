"""Tokens travel with the cards that create them (rule 14: a token need not be in the deck).

The engine keeps no registry of tokens per process: a card read from a catalogue carries the
tokens its effects create (``CardData.tokens``, filled by ``engine.catalogue``), so two
catalogues loaded side by side each play their own token, a catalogue without the token plays
none, and a game record replays with the token it was played with.
"""

from __future__ import annotations

import json
import subprocess
import sys

import engine.eliria.effects as effects
from engine import CardData, DeckEntry, Game
from engine.carddict import card_from_dict, card_to_dict, entries_from_dicts, entries_to_dicts
from engine.catalogue import attach_tokens, cards_from_document, load_catalogue, token_codes
from engine.eliria.cardinfo import CardTable

from .scenes import ROOT, card

E = Game.ELIRIA
MAKES = ({"trigger": "on_destroyed", "action": "create_token", "token": "tk-1", "target": "self"},)


def maker(code: str = "MK-1", effects_: tuple[dict[str, object], ...] = MAKES) -> CardData:
    return CardData(E, code, f"Creador {code}", "combat", potential=3, resistance=1, effects=effects_)


def tok(code: str = "TK-1", potential: int = 1, **kw: object) -> CardData:
    return CardData(E, code, f"Token {code}", "token", potential=potential, resistance=1, **kw)  # type: ignore[arg-type]


def test_the_engine_keeps_no_registry_of_tokens():
    assert not hasattr(effects, "TOKENS") and not hasattr(effects, "register_tokens")


def test_a_loaded_catalogue_gives_each_creator_the_tokens_its_effects_create():
    fission = card("BASE-108")  # Organismo de fisión: its passive and an attack place a token
    assert token_codes(fission) and [t.code for t in fission.tokens] == token_codes(fission)
    assert all(t.is_token and t.game is E for t in fission.tokens)
    assert not card("BASE-105").tokens  # a card that creates none carries none


def test_two_catalogues_side_by_side_each_play_their_own_token():
    """No last-loaded-wins: each lookup's creator carries its own catalogue's token."""
    small = attach_tokens([maker(), tok(potential=1)])[0]
    large = attach_tokens([maker(), tok(potential=7)])[0]
    none = attach_tokens([maker()])[0]
    assert [t.potential for t in small.tokens] == [1] and [t.potential for t in large.tokens] == [7]
    assert none.tokens == ()
    for creator, expected in ((small, 1), (large, 7), (none, None)):
        table = CardTable([[DeckEntry("main", 10, creator)]] * 2)
        ident = table.token("TK-1")
        assert (None if ident is None else table.cards[ident].data.potential) == expected


def test_a_tokens_line_in_the_deck_still_wins_over_the_carried_token():
    creator = attach_tokens([maker(), tok(potential=1)])[0]
    listed = tok(potential=4)
    table = CardTable([[DeckEntry("main", 10, creator), DeckEntry("tokens", 1, listed)]])
    ident = table.token("tk-1")
    assert ident is not None and table.cards[ident].data.potential == 4


def test_tokens_that_create_tokens_are_carried_flat_and_a_cycle_ends():
    second = tok("TK-2", effects=({"trigger": "on_destroyed", "action": "create_token", "token": "TK-1",
                                   "target": "self"},))
    first = tok("TK-1", effects=({"trigger": "on_destroyed", "action": "create_token", "token": "TK-2",
                                  "target": "self"},))
    creator = attach_tokens([maker(), first, second])[0]
    assert [t.code for t in creator.tokens] == ["TK-1", "TK-2"]
    assert all(t.tokens == () for t in creator.tokens)  # flat: no nesting, no cycle


def test_only_eliria_tokens_are_carried():
    not_a_token = CardData(E, "TK-1", "Combate", "combat", potential=2)
    other_game = CardData(Game.MISION, "TK-1", "Ente", "entity")
    assert attach_tokens([maker(), not_a_token, other_game])[0].tokens == ()


def test_a_catalogue_document_and_several_files_fill_the_tokens():
    doc = {"game": "eliria", "cards": [
        {"code": "MK-1", "name": "Creador", "type": "combat", "editions": [
            {"edition": 1, "released": "2026-01-01", "potential": 3, "attacks": [], "effects": list(MAKES)}]},
        {"code": "TK-1", "name": "Brote", "type": "token", "editions": [
            {"edition": 1, "released": "2026-01-01", "potential": 1, "attacks": [], "effects": []}]},
    ]}
    assert [t.name for t in cards_from_document(doc)[0].tokens] == ["Brote"]
    lookup = load_catalogue(ROOT / "data/catalogue/eliria.json", ROOT / "data/catalogue/mision.json")
    fission = lookup.by_code("BASE-108")
    assert fission is not None and fission.tokens


def test_a_record_keeps_the_tokens_so_it_replays_without_a_catalogue():
    creator = attach_tokens([maker(), tok(potential=5)])[0]
    back = card_from_dict(json.loads(json.dumps(card_to_dict(creator))))
    assert back == creator and back.tokens == creator.tokens
    assert "tokens" not in card_to_dict(tok())  # a card that creates none writes what it always wrote
    entries = entries_from_dicts(entries_to_dicts([DeckEntry("main", 10, creator)]))
    assert entries[0].card.tokens[0].potential == 5


def test_a_fresh_process_plays_a_token_from_the_entries_alone():
    """What a worker gets: the entries (as JSON) and nothing loaded before; the token is played."""
    fission = card("BASE-108")
    payload = json.dumps(entries_to_dicts([DeckEntry("main", 1, fission)]))
    code = (
        "import json, sys\n"
        "from engine.carddict import entries_from_dicts\n"
        "from engine.eliria.cardinfo import CardTable\n"
        "entries = entries_from_dicts(json.loads(sys.stdin.read()))\n"
        "table = CardTable([entries, entries])\n"
        "print(sorted(table.tokens))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], input=payload, capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    assert json.loads(out.replace("'", '"')) == token_codes(fission)
