"""The replay page (issue 25, point 7): the decks' names, world names in the reader's language, steps by turn."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.utils import translation

from play.labels import translate_state, world_name
from tests.factories import UserFactory, deck_from_list

REPLAY_LINK = r'href="(/enfrentamientos/partida/\?[^"]+)"'


def matchup_links(client, **data):  # type: ignore[no-untyped-def]
    base = {"game": "eliria", "games": 2, "seed": 3, "policy_a": "rules", "policy_b": "rules"}
    html = client.post("/enfrentamientos/", {**base, **data}).content.decode()
    return [unescape(u) for u in re.findall(REPLAY_LINK, html)]


@pytest.mark.django_db
def test_the_replay_names_saved_decks_by_their_names(client, eliria_list, eliria_list_b):
    owner = UserFactory(username="ana")
    a = deck_from_list(owner, eliria_list, name="Guardianes del norte", visibility="public")
    b = deck_from_list(owner, eliria_list_b, name="Sombras del sur", visibility="public")
    url = matchup_links(client, deck_a=a.pk, deck_b=b.pk)[0]
    html = client.get(url).content.decode()
    assert "Guardianes del norte" in html and "Sombras del sur" in html
    assert "<strong>A</strong>: Mazo A" not in html


@pytest.mark.django_db
def test_pasted_lists_keep_the_default_names_and_old_links_still_work(client, eliria_list, eliria_list_b):
    url = matchup_links(client, list_a=eliria_list, list_b=eliria_list_b)[0]
    assert "na=Mazo+A" in url
    old = re.sub(r"&n[ab]=[^&]*", "", url)  # a link made before the names rode along
    html = client.get(old).content.decode()
    assert "<strong>A</strong>: Mazo A" in html and "<strong>B</strong>: Mazo B" in html
    named = client.get(url.replace("na=Mazo+A", "na=Rojo")).content.decode()
    assert "<strong>A</strong>: Rojo" in named


@pytest.mark.django_db
def test_turn_steps_land_where_the_next_turn_begins(client, eliria_list, eliria_list_b):
    url = matchup_links(client, list_a=eliria_list, list_b=eliria_list_b)[0]
    start = client.get(url).content.decode()
    first_turn = int(re.search(r'<strong class="turn">(\d+)</strong>', start).group(1))
    nxt = unescape(re.search(r'href="([^"]+)"[^>]*id="turn-forward"', start).group(1))
    step = int(re.search(r"step=(\d+)", nxt).group(1))
    later = client.get(nxt).content.decode()
    assert int(re.search(r'<strong class="turn">(\d+)</strong>', later).group(1)) == first_turn + 1
    before = client.get(re.sub(r"step=\d+", f"step={step - 1}", nxt)).content.decode()
    assert f'<strong class="turn">{first_turn}</strong>' in before  # the first step of the new turn, not later
    back = unescape(re.search(r'href="([^"]+)"[^>]*id="turn-back"', later).group(1))
    assert int(re.search(r"step=(\d+)", back).group(1)) < step
    assert 'id="step-forward"' in later and 'id="step-back"' in later  # the single steps stay


def fight_page(client, url):  # type: ignore[no-untyped-def]
    for step in range(0, 80):
        html = client.get(f"{url}&step={step}").content.decode()
        if 'class="fight"' in html:
            return html
    raise AssertionError("no Misión fight in the first 80 decisions")


@pytest.mark.django_db
def test_mision_fights_name_the_world_in_spanish(client, mision_list):
    url = matchup_links(client, game="mision", list_a=mision_list, list_b=mision_list)[0]
    html = fight_page(client, url)
    line = re.search(r'<p class="fight">(.*?)</p>', html, re.S).group(1)
    assert re.search(r"Lucha en (Agua|Aire|Fuego|Tierra):", line), line
    assert not re.search(r"\b(water|air|fire|earth)\b", line)


@pytest.mark.django_db
def test_mision_fights_name_the_world_in_english(client, mision_list):
    url = matchup_links(client, game="mision", list_a=mision_list, list_b=mision_list)[0]
    client.cookies["django_language"] = "en"
    html = fight_page(client, url)
    line = re.search(r'<p class="fight">(.*?)</p>', html, re.S).group(1)
    assert re.search(r"Fight in (Water|Air|Fire|Earth):", line), line


def test_world_slugs_translate_and_unknown_ones_pass_through():
    state = {"fight": {"world": "earth"}}
    with translation.override("es"):
        translate_state(state)
        assert state["fight"]["world"] == "Tierra" and world_name("lava") == "lava"
    with translation.override("en"):
        assert world_name("water") == "Water"


@pytest.mark.django_db
def test_a_replay_step_replays_the_game_once(client, eliria_list, eliria_list_b, monkeypatch):
    """Attack finding (low): each step of the anonymous replay page played the whole game three
    times (the record, the turn of every step, the table at the step); now the record is played
    (and kept) once and each step replays it once."""
    import play.matchups.views as views

    url = matchup_links(client, list_a=eliria_list, list_b=eliria_list_b)[0]
    replays, real = [], views.replay
    monkeypatch.setattr(views, "replay", lambda *args, **kwargs: replays.append(1) or real(*args, **kwargs))
    for step in (0, 7, 10_000):
        replays.clear()
        assert client.get(f"{url}&step={step}").status_code == 200
        assert len(replays) == 1, step


@pytest.mark.django_db
def test_the_replay_page_is_throttled_per_address(client, eliria_list, eliria_list_b, monkeypatch):
    from common.throttling import ScopedThrottle

    url = matchup_links(client, list_a=eliria_list, list_b=eliria_list_b)[0]
    monkeypatch.setattr(ScopedThrottle, "THROTTLE_RATES", {**ScopedThrottle.THROTTLE_RATES, "replay": "3/min"})
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get(url)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert client.head(url).status_code == 429
    assert client.get(url, REMOTE_ADDR="10.9.9.9").status_code == 200  # another address, its own budget
