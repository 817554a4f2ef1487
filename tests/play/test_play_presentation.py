"""Simulation pages as players read them: a deck picker, per-turn headers in words,
numbers in the page's language, a chooser per hand card, replays numbered from 1, English labels."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from decks.services import deck_import_list
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LIST = """Mazo:
1 Cañón del sacrificio (BASE-105)
1 Organismo de fisión
1 Centinela de Ámbar
1 Lobo de ceniza
1 Gólem de barro
1 Aprendiz de la Bruma
1 Armadura errante
Tokens:
1 Token de fisión
"""


@pytest.fixture
def player_deck(bundled):  # type: ignore[no-untyped-def]
    player = UserFactory()
    deck, _ = deck_import_list(owner=player, game="eliria", text=LIST, name="Fisión", accept_unreadable=True)
    client = Client()
    client.force_login(player)
    return client, deck


def test_goldfish_runs_a_picked_deck_with_per_turn_headers_in_words(player_deck):
    client, deck = player_deck
    page = client.get(f"/goldfish/?deck={deck.pk}").content.decode()
    assert f'<option value="{deck.pk}" selected>' in page
    html = client.post("/goldfish/", {"deck": deck.pk, "game": "eliria", "games": 200, "turns": 4, "seed": 3}).content.decode()
    assert "Sigue en juego" in html and "Poder máximo medio" in html and "p_alive" not in html
    assert re.search(r"\d+,\d\d\xa0%", html)  # "99,50 %": Spanish decimals everywhere on the page
    assert not re.search(r"\d\.\d\d%", html)
    client.get("/idioma/en/?next=/")
    html = client.post("/goldfish/", {"deck": deck.pk, "game": "eliria", "games": 200, "turns": 4, "seed": 3}).content.decode()
    assert re.search(r"\d+\.\d\d%", html) and not re.search(r"\d,\d\d\xa0%", html)


def test_table_has_one_chooser_per_hand_card_and_no_false_available(player_deck):
    client, deck = player_deck
    html = client.get(f"/goldfish/mesa/?deck={deck.pk}&seed=3").content.decode()
    cards = html.count('class="hand-card"')
    assert cards >= 4 and html.count('class="chooser"') <= cards
    assert 'data-kind="play"' not in html  # the card × slot × face buttons are gone from the side
    assert "disponible" not in html  # turn 1: no attack can be made
    client.get("/idioma/en/?next=/")
    html = client.get(f"/goldfish/mesa/?deck={deck.pk}&seed=3").content.decode()
    assert "End the movement phase" in html and "Movement phase (12.b)" in html


def test_replay_form_counts_games_from_1(player_deck):
    from play.sources import pack_list

    client, deck = player_deck
    token = "list:" + pack_list(LIST)
    html = client.get("/enfrentamientos/partida/", {"game": "eliria", "a": token, "b": token, "seed": 1,
                                                    "number": 1}).content.decode()
    same = client.get("/enfrentamientos/partida/", {"game": "eliria", "a": token, "b": token, "seed": 1,
                                                    "index": 0}).content.decode()
    main = '<main id="main">'
    assert main in html and html.split(main)[1] == same.split(main)[1]
