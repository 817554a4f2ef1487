"""Matchups: the API, the replay API, the command, the pages, background runs, the gauntlet."""

from __future__ import annotations

import io
import json
import re
from html import unescape

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from engine import replay
from play.matchups.services import matchup_run
from play.models import SimulationRun

URL, REPLAY = "/api/matchups/", "/api/matchups/replay/"


def post(api_client, url=URL, **body):  # type: ignore[no-untyped-def]
    return api_client.post(url, body, format="json")


@pytest.mark.django_db
def test_api_shape_and_the_same_seed_gives_the_same_bytes(api_client, eliria_list, eliria_list_b):
    body = {"game": "eliria", "deck_a": eliria_list, "deck_b": eliria_list_b, "games": 30, "seed": 11,
            "policy_b": "random"}
    a, b = post(api_client, **body), post(api_client, **body)
    assert a.status_code == 200 and a.content == b.content
    r = a.json()
    assert {"wins_a", "wins_b", "draws", "win_rate_a", "win_rate_a_ci95", "reasons", "length", "per_game",
            "starts", "stopped_early", "validation"} <= set(r)
    assert r["games_played"] == 30 and r["stopped_early"] is False and r["policies"] == {"a": "rules", "b": "random"}
    assert r["wins_a"] + r["wins_b"] + r["draws"] == 30
    low, high = r["win_rate_a_ci95"]
    assert low <= r["win_rate_a"] <= high
    assert set(r["reasons"]["a"]) <= {"7.a", "7.b", "7.c"} and sum(r["reasons"]["a"].values()) == r["wins_a"]
    assert r["starts"]["a"]["games"] == r["starts"]["b"]["games"] == 15  # who starts alternates
    assert [g[0] for g in r["per_game"]] == list(range(30))


@pytest.mark.django_db
def test_without_a_seed_the_answer_names_the_one_used(api_client, eliria_list):
    first = post(api_client, game="eliria", deck_a=eliria_list, deck_b=eliria_list, games=6).json()
    again = post(api_client, game="eliria", deck_a=eliria_list, deck_b=eliria_list, games=6, seed=first["seed"]).json()
    assert again == first


@pytest.mark.django_db
def test_mision_reasons_are_30_points_or_no_elements(api_client, mision_list):
    r = post(api_client, game="mision", deck_a=mision_list, deck_b=mision_list, games=20, seed=2).json()
    reasons = set(r["reasons"]["a"]) | set(r["reasons"]["b"])
    assert reasons and reasons <= {"chest_30", "no_elements"}


@pytest.mark.django_db
@pytest.mark.parametrize("bad", [
    {"games": 0}, {"games": 10_001}, {"games": "muchas"}, {"seed": -1}, {"policy_a": "genius"},
    {"game": "poker"}, {"deck_a": 12},
])
def test_bounds_are_enforced(api_client, eliria_list, bad):
    body = {"game": "eliria", "deck_a": eliria_list, "deck_b": eliria_list, "games": 5, "seed": 1, **bad}
    r = post(api_client, **body)
    assert r.status_code == 400 and set(bad) <= set(r.json())


@pytest.mark.django_db
def test_bad_lists_are_a_400_naming_the_lines(api_client, eliria_list):
    r = post(api_client, game="eliria", deck_a=eliria_list, deck_b="Mazo:\n1 Lobo de ceniza\n1 Carta inventada\n", games=5)
    assert r.status_code == 400
    body = r.json()
    assert "deck_a" not in body and any("Línea 3" in m for m in body["deck_b"])
    assert body["validation"]["b"]["errors"][0]["line"] == 3


@pytest.mark.django_db
def test_too_many_requests_is_a_429(api_client, eliria_list, monkeypatch):
    from common.throttling import GoldfishThrottle

    monkeypatch.setattr(GoldfishThrottle, "THROTTLE_RATES", {**GoldfishThrottle.THROTTLE_RATES, "goldfish": "2/min"})
    body = {"game": "eliria", "deck_a": eliria_list, "deck_b": eliria_list, "games": 1, "seed": 1}
    codes = [post(api_client, **body).status_code for _ in range(2)]
    codes.append(post(api_client, REPLAY, **body, index=0).status_code)  # the replay shares the budget
    assert codes == [200, 200, 429]


@pytest.mark.django_db
def test_replay_api_gives_the_recorded_game(api_client, eliria_list, eliria_list_b):
    body = {"game": "eliria", "deck_a": eliria_list, "deck_b": eliria_list_b, "seed": 5}
    run = post(api_client, **body, games=4).json()
    r = post(api_client, REPLAY, **body, games=4, index=3)
    assert r.status_code == 200
    record = r.json()
    assert {"header", "decisions", "events", "outcome", "index", "first", "winner"} <= set(record)
    assert record["index"] == 3 and record["first"] == "b"
    index, winner, reason, turns = run["per_game"][3]
    assert (record["winner"], record["outcome"]["reason"], record["outcome"]["turn"]) == (winner, reason, turns)
    again = replay(record["header"], record["decisions"])
    assert again.outcome().as_dict() == record["outcome"]
    assert post(api_client, REPLAY, **body, games=4, index=4).status_code == 400
    assert r.content == post(api_client, REPLAY, **body, index=3).content


@pytest.mark.django_db
def test_all_cores_give_the_same_numbers(eliria_list, eliria_list_b):
    one = matchup_run(game="eliria", list_a=eliria_list, list_b=eliria_list_b, games=40, seed=8, processes=1)
    two = matchup_run(game="eliria", list_a=eliria_list, list_b=eliria_list_b, games=40, seed=9, processes=2)
    two_again = matchup_run(game="eliria", list_a=eliria_list, list_b=eliria_list_b, games=40, seed=9, processes=1)
    assert json.dumps(two, sort_keys=True) == json.dumps(two_again, sort_keys=True)
    assert one["seed"] == 8


@pytest.mark.django_db
def test_a_time_limit_stops_early_and_says_so(eliria_list):
    r = matchup_run(game="eliria", list_a=eliria_list, list_b=eliria_list, games=2_000, seed=1, time_limit=0.05, processes=1)
    assert r["stopped_early"] is True and r["games_played"] < 2_000


@pytest.mark.django_db
def test_command_prints_the_api_json_and_a_progress_bar(api_client, eliria_list, eliria_list_b, tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(eliria_list, encoding="utf-8")
    b.write_text(eliria_list_b, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    call_command("matchup", str(a), str(b), "--game", "eliria", "--games", "12", "--seed", "4", "--policy-b",
                 "random", "--json", "--processes", "1", stdout=out, stderr=err)
    api = post(api_client, game="eliria", deck_a=eliria_list, deck_b=eliria_list_b, games=12, seed=4, policy_b="random")
    assert out.getvalue().strip().encode() == api.content
    assert "12/12" in err.getvalue() and "partidas" in err.getvalue()
    text = io.StringIO()
    call_command("matchup", str(a), str(b), "--game", "eliria", "--games", "12", "--seed", "4", "--no-progress",
                 "--processes", "1", stdout=text)
    assert "Victorias de A" in text.getvalue() and "IC 95 %" in text.getvalue()


@pytest.mark.django_db
def test_command_names_the_bad_lines(eliria_list, tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(eliria_list, encoding="utf-8")
    b.write_text("Mazo:\n1 Carta inventada\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("matchup", str(a), str(b), "--game", "eliria", "--games", "2", stderr=err)
    assert f"{b}:2:" in err.getvalue()


def page_post(client, **data):  # type: ignore[no-untyped-def]
    base = {"game": "eliria", "games": 12, "seed": 3, "policy_a": "rules", "policy_b": "rules"}
    return client.post("/enfrentamientos/", {**base, **data})


@pytest.mark.django_db
def test_the_page_shows_win_rate_reasons_charts_and_games_with_replay_links(client, eliria_list, eliria_list_b):
    form = client.get("/enfrentamientos/").content.decode()
    assert 'name="list_a"' in form and 'name="deck_b"' in form and 'name="policy_a"' in form
    r = page_post(client, list_a=eliria_list, list_b=eliria_list_b)
    html = r.content.decode()
    assert r.status_code == 200
    assert "A gana el" in html and "intervalo de confianza del 95 %" in html
    assert html.count('class="uchart"') == 2 and "Duración de las partidas" in html
    assert "regla 7." in html
    links = re.findall(r'href="(/enfrentamientos/partida/\?[^"]+)"', html)
    assert len(links) == 12
    partial = client.post("/enfrentamientos/", {"game": "eliria", "list_a": eliria_list, "list_b": eliria_list_b,
                                                "games": 4, "seed": 3, "policy_a": "rules", "policy_b": "random"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in partial and "matchup-result" in partial


@pytest.mark.django_db
def test_the_page_explains_bad_lists(client, eliria_list):
    r = page_post(client, list_a=eliria_list, list_b="Mazo:\n1 Carta inventada\n")
    assert r.status_code == 400 and "Línea 2" in r.content.decode()


@pytest.mark.django_db
def test_the_replay_page_steps_through_a_recorded_game(client, eliria_list, eliria_list_b):
    html = page_post(client, list_a=eliria_list, list_b=eliria_list_b, games=2).content.decode()
    url = unescape(re.findall(r'href="(/enfrentamientos/partida/\?[^"]+)"', html)[1])
    start = client.get(url).content.decode()
    assert '<strong class="step">0</strong>' in start and "Siguiente" in start and "empieza B" in start
    step = client.get(url + "&step=12").content.decode()
    assert '<strong class="step">12</strong>' in step and "Última decisión" in step
    assert step.count('<section class="seat') == 2 and "step=13" in step and "step=11" in step
    partial = client.get(url + "&step=13", HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in partial and '<strong class="step">13</strong>' in partial
    end = client.get(url + "&step=100000").content.decode()
    assert "game-over" in end and 'id="step-forward"' not in end


@pytest.mark.django_db
def test_the_replay_page_refuses_missing_inputs(client, bundled):
    assert client.get("/enfrentamientos/partida/?game=eliria").status_code == 400
    assert client.get("/enfrentamientos/partida/?game=eliria&a=list:xx&b=list:yy&seed=1&index=0").status_code == 400


@pytest.mark.django_db
def test_mision_replay_page(client, mision_list):
    html = page_post(client, game="mision", list_a=mision_list, list_b=mision_list, games=2).content.decode()
    url = unescape(re.findall(r'href="(/enfrentamientos/partida/\?[^"]+)"', html)[0])
    step = client.get(url + "&step=6").content.decode()
    assert step.count("worlds-table") == 1 and "BAÚL" in step


@pytest.mark.django_db
def test_big_matchups_go_to_the_background(client, eliria_list, settings, django_capture_on_commit_callbacks):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.SIMULATION_INLINE_BUDGET = 0.01  # 30 games do not fit: queued
    with django_capture_on_commit_callbacks(execute=True):
        r = page_post(client, list_a=eliria_list, list_b=eliria_list, games=30, seed=2)
    assert r.status_code == 302
    run = SimulationRun.objects.get()
    assert run.kind == "matchup" and r["Location"] == run.get_absolute_url()
    assert run.status == "done" and run.done == 30 and run.result["games_played"] == 30
    direct = matchup_run(game="eliria", list_a=eliria_list, list_b=eliria_list, games=30, seed=2)
    assert run.result == json.loads(json.dumps(direct))
    page = client.get(run.get_absolute_url()).content.decode()
    assert "Terminada" in page and 'class="uchart"' in page and "A gana el" in page and "/enfrentamientos/partida/" in page


@pytest.mark.django_db
def test_the_api_answers_202_for_big_runs_and_reports_them(api_client, eliria_list, settings,
                                                            django_capture_on_commit_callbacks):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.SIMULATION_INLINE_BUDGET = 0.01  # 20 games do not fit (0.9 ms each on the compiled engine): queued
    with django_capture_on_commit_callbacks(execute=True):
        r = post(api_client, game="eliria", deck_a=eliria_list, deck_b=eliria_list, games=20, seed=1)
    assert r.status_code == 202
    status = api_client.get(r.json()["status_url"])
    assert status.status_code == 200 and status.json()["status"] == "done"
    assert status.json()["result"]["games_played"] == 20
    assert api_client.get("/api/matchups/runs/00000000-0000-0000-0000-000000000000/").status_code == 404


@pytest.mark.django_db
def test_a_private_deck_of_another_player_cannot_be_used(client, decks, players):
    ana, _bruno = players
    client.force_login(ana)
    assert client.get(f"/enfrentamientos/?deck_a={decks['bruno_private'].pk}").status_code == 404
    ok = client.get(f"/enfrentamientos/?deck_a={decks['ana_private'].pk}&deck_b={decks['bruno_public'].pk}")
    assert ok.status_code == 200
    r = page_post(client, deck_a=decks["bruno_private"].pk, deck_b=decks["ana_private"].pk, games=2)
    assert r.status_code == 400 and "Privado de Bruno" not in r.content.decode()
    replay_url = f"/enfrentamientos/partida/?game=eliria&a=deck:{decks['bruno_private'].pk}&b=deck:{decks['ana_private'].pk}&seed=1&index=0"
    assert client.get(replay_url).status_code == 404


@pytest.mark.django_db
def test_two_saved_decks_play_from_the_page(client, decks, players):
    client.force_login(players[0])
    r = page_post(client, deck_a=decks["ana_private"].pk, deck_b=decks["bruno_public"].pk, games=4)
    html = r.content.decode()
    assert r.status_code == 200 and "Privado de Ana" in html and "Público de Bruno" in html


@pytest.mark.django_db
def test_the_gauntlet_plays_my_deck_against_every_public_deck(client, decks, players):
    ana, _bruno = players
    assert client.get("/enfrentamientos/contra-todos/").status_code == 302  # login first
    client.force_login(ana)
    form = client.get("/enfrentamientos/contra-todos/").content.decode()
    assert "Privado de Ana" in form and "Público de Bruno" not in form  # only my decks to choose from
    play = {"deck": decks["ana_private"].pk, "games": 3, "seed": 1, "policy_a": "rules", "policy_b": "rules"}
    link = client.get("/enfrentamientos/contra-todos/", play).content.decode()
    assert "gauntlet-row" not in link and 'method="post"' in link  # a link only fills the form in
    html = client.post("/enfrentamientos/contra-todos/", play).content.decode()
    rows = re.findall(r'<tr class="gauntlet-row">(.*?)</tr>', html, re.S)
    names = [re.search(r'<a href="[^"]+">([^<]+)</a>', row).group(1) for row in rows]
    assert sorted(names) == ["Público de Ana", "Público de Bruno"]  # not the private or unlisted ones
    assert all("%" in row for row in rows) and "/enfrentamientos/partida/" in html
    other = client.post("/enfrentamientos/contra-todos/", {**play, "deck": decks["bruno_public"].pk})
    assert other.status_code == 400 and "gauntlet-row" not in other.content.decode()  # not my deck: refused


@pytest.mark.django_db
def test_a_queued_gauntlet_shows_the_rows_the_request_would(client, decks, players, settings):
    """A gauntlet too big for the request is a run (kind ``gauntlet``) whose page polls it; done,
    it shows each rival's numbers exactly as the gauntlet played in the request does."""
    from play.runs.worker import execute_chunk

    client.force_login(players[0])
    url = "/enfrentamientos/contra-todos/"
    play = {"deck": decks["ana_private"].pk, "games": 6, "seed": 2, "policy_a": "rules", "policy_b": "rules"}
    inline = re.findall(r'<tr class="gauntlet-row">(.*?)</tr>', client.post(url, play).content.decode(), re.S)
    settings.SIMULATION_INLINE_BUDGET = 0.001
    assert client.get(url, play).status_code == 200 and not SimulationRun.objects.exists()  # a GET queues nothing
    r = client.post(url, play)
    run = SimulationRun.objects.get(kind="gauntlet")
    assert r.status_code == 302 and run.total == 12 and "hx-trigger" in client.get(r["Location"]).content.decode()
    for i in reversed(range(run.chunks_total)):
        assert execute_chunk(run.pk, i, "test") == "done"
    queued = re.findall(r'<tr class="gauntlet-row">(.*?)</tr>', client.get(r["Location"]).content.decode(), re.S)
    assert len(inline) == 2 and queued == inline
