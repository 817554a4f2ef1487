"""The search player on the site: the players' page, the matchup API's names, a search matchup queued."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from common.games import site_game
from play.models import SimulationRun
from play.players import views as players_views
from play.runs.answer import fits_inline

PLAIN = "Mazo:\n" + "".join(f"1 Luchador {n} (SL-{n:03})\n" for n in range(1, 21))


@pytest.fixture
def catalogue(tmp_path, db):  # type: ignore[no-untyped-def]
    ed = {"edition": 1, "released": "2026-01-10", "potential": 4, "class": "bestia", "cross": False, "passive": "",
          "resistance": 2, "attacks": [{"cost": 1, "name": "Golpe", "damage": 2, "effect": ""}], "effects": []}  # fmt: skip
    cards = [{"code": f"SL-{n:03}", "set": "SL", "name": f"Luchador {n}", "type": "combat", "editions": [ed]}
             for n in range(1, 21)]  # fmt: skip
    doc = {"format": "catalogue/1", "game": "eliria", "sets": [{"code": "SL", "name": "Lenta"}], "cards": cards}
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    call_command("import_catalogue", str(path), stdout=io.StringIO())


@pytest.fixture(autouse=True)
def real_budget(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_INLINE_BUDGET = 0.1


def test_a_search_matchup_is_priced_by_the_players_cost_and_never_played_in_the_request(catalogue, monkeypatch):
    assert fits_inline(site_game("eliria").matchup_seconds(2))  # two games of rule-based players fit a request
    assert not fits_inline(site_game("eliria").matchup_seconds(2, policy_a="search"))


def test_the_api_queues_a_search_matchup_and_names_its_players(catalogue, api_client, monkeypatch):
    body = {"game": "eliria", "deck_a": PLAIN, "deck_b": PLAIN, "games": 2, "seed": 1, "policy_a": "search"}
    answer = api_client.post("/api/matchups/", body, format="json")
    assert answer.status_code == 202, answer.content[:300]
    run = SimulationRun.objects.get()
    assert run.params["policy_a"] == "search" and run.params["policy_b"] == "rules"
    inline = api_client.post("/api/matchups/", {**body, "policy_a": "random"}, format="json")
    assert inline.status_code == 200, inline.content[:300]
    assert inline.json()["policies"] == {"a": "random", "b": "rules"}


def test_the_api_refuses_an_unknown_player(catalogue, api_client):
    body = {"game": "eliria", "deck_a": PLAIN, "deck_b": PLAIN, "games": 2, "policy_a": "oracle"}
    assert api_client.post("/api/matchups/", body, format="json").status_code == 400


def test_the_players_page_shows_the_measured_table(client, db, tmp_path, monkeypatch):
    table = {"date": "2026-12-03", "commit": "abc1234", "engine": "pure Python", "decks": 2, "games_per_deck": 4, "setup": {"eliria": {"decks": 2, "games_per_deck": 4, "turn_cap": 200}},
             "games": {"eliria": [{"a": "search", "b": "rules", "score": 0.75, "low": 0.6, "high": 0.86,
                                   "games": 8, "draws": 0, "ms": {"search": 21.5}}]}}  # fmt: skip
    path = tmp_path / "players.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    monkeypatch.setattr(players_views, "TABLE", path)
    page = client.get("/jugadores/").content.decode()
    assert "abc1234" in page and "2026-12-03" in page and "2 mazos, 4 partidas" in page
    assert "motor en Python puro" in page  # the engine named in the page's language
    assert 'data-pair="search:rules"' in page and "75" in page and "22 ms" in page
    monkeypatch.setattr(players_views, "TABLE", tmp_path / "none.json")
    assert client.get("/jugadores/").status_code == 200


def test_the_matchup_form_offers_the_search_player(client, db):
    page = client.get("/enfrentamientos/").content.decode()
    assert 'value="search"' in page


def test_a_matchup_page_names_both_players(catalogue, client):
    body = {"game": "eliria", "list_a": PLAIN, "list_b": PLAIN, "games": 2, "seed": 1,
            "policy_a": "random", "policy_b": "rules"}  # fmt: skip
    page = client.post("/enfrentamientos/", body).content.decode()
    assert "Jugadores (A · B)" in page and "al azar · por reglas" in page


def test_the_bundled_table_names_both_games_and_the_search_player(client, db):
    table = players_views.load_table()
    assert table is not None and {"eliria", "mision"} <= set(table["games"])
    page = client.get("/jugadores/").content.decode()
    assert "Misión S.O.S" in page and 'data-pair="search:rules"' in page and table["commit"] in page
