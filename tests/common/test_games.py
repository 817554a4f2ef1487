"""A game is its records: the engine's GameSpec (engine/games.py) and the site's SiteGame
(common/games.py). A third game registered here, by its two records alone, is accepted by every
per-game lookup of the site that used to name the two games."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from cards.catalogue import catalogue_games, parse_document
from cards.search import GAME_ALIASES
from cards.validation import use_suggestion
from common.games import SITE_GAMES, SiteGame, register_site_game, site_game
from engine import GAME_SPECS, CardData, DeckEntry, Game, UnknownGame, find_game, game_aliases, game_named
from engine.games import register_game


@pytest.fixture
def third_game() -> Iterator[str]:
    """«Tercero» (alias «trío»): Eliria's rules under another name, with one card type of its own."""
    spec = dataclasses.replace(find_game("eliria"), game="tercero", aliases=("trio",), card_types=("pieza",))
    register_game(spec)
    register_site_game(dataclasses.replace(site_game("eliria"), game="tercero", accent="#123456"))
    yield "tercero"
    del GAME_SPECS["tercero"], SITE_GAMES["tercero"]


def test_every_game_has_its_engine_record_and_its_site_record():
    assert {g.value for g in Game} == set(GAME_SPECS) == set(SITE_GAMES)
    for game in Game:
        assert site_game(game).game == game.value == find_game(game.value.upper()).game


def test_names_players_write_are_read_from_the_records_alone():
    assert game_named("Misión S.O.S") == game_named("SOS") == game_named("mision") == "mision"
    assert game_named("Eliria") == "eliria" and game_named("ajedrez") is None
    assert GAME_ALIASES == game_aliases()  # the search's `juego:` and the collection's imports: one table
    assert GAME_ALIASES["misionsos"] == "mision"


def test_an_unknown_game_is_named_not_a_key_error():
    with pytest.raises(UnknownGame, match="ajedrez"):
        site_game("ajedrez")
    with pytest.raises(UnknownGame, match="ajedrez"):
        find_game("ajedrez")


def test_a_third_game_is_accepted_by_the_site_lookups_from_its_records_alone(third_game):
    assert find_game("TERCERO").card_types == ("pieza",) and game_named("Trío") == third_game
    assert site_game(third_game).accent == "#123456"  # the deck picture's band
    assert site_game(third_game).default_goal == ("mean_power_max", 3)
    assert third_game in catalogue_games()  # catalogue and rulings documents may name it
    doc = {"format": "catalogue/1", "game": third_game, "sets": [], "cards": [
        {"code": "T-1", "name": "Torre", "type": "combat", "set": "T", "editions": []},
    ]}
    _catalogue, errors = parse_document(doc, "tercero.json")
    assert any(e.field == "type" and "se espera pieza" in e.message for e in errors)
    card = CardData(Game.ELIRIA, "T-1", "Torre", "combat", potential=2)
    spec = find_game(third_game)
    assert spec.is_drawn(DeckEntry("main", 1, card)) and not spec.is_drawn(DeckEntry("tokens", 1, card))
    # «¿Quisiste decir…?» reads the list as the game's own
    assert use_suggestion("Mazo:\n2 Tore\n", third_game, 2, "Torre") == "Mazo:\n2 Torre\n"


def test_the_site_record_costs_follow_the_engine_that_runs():
    record: SiteGame = site_game("eliria")
    assert record.costs(True) is record.compiled and record.costs(False) is record.pure
    assert record.pure.goldfish_per_turn > record.compiled.goldfish_per_turn
