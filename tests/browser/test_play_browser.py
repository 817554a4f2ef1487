"""The solitaire table and the matchup replay in a real headless Chromium."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from tests.factories import MULLIGAN_LIST, mulligan_seed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



@pytest.fixture
def catalogue(transactional_db):  # type: ignore[no-untyped-def]
    call_command("load_bundled", stdout=open("/dev/null", "w"))


def click_and_wait(page, selector: str) -> None:  # type: ignore[no-untyped-def]
    """Click a table button and wait for the htmx swap (the decision count changes)."""
    before = page.inner_text(".decision-count")
    page.click(selector)
    page.wait_for_function(
        "b => { const e = document.querySelector('.decision-count'); return e && e.textContent !== b; }", arg=before
    )


def test_draw_a_hand_take_a_mulligan_play_a_combatant_and_power_it_up(live_server, page, catalogue):
    seed = mulligan_seed()
    page.goto(live_server.url + "/goldfish/mesa/")
    page.select_option("#id_game", "eliria")
    page.fill("#id_list", MULLIGAN_LIST)
    page.fill("#id_seed", str(seed))
    page.click("#start-table")
    page.wait_for_selector("#table .hand-card")
    assert page.locator(".hand-card").count() == 5  # the opening hand, drawn
    page.wait_for_function("() => { const i = document.querySelector('.hand-card img.face'); return i.complete && i.naturalWidth > 0; }")
    assert "Mulligan (11.b)" in page.inner_text(".phase-line")
    page.evaluate("window.sinRecargar = true")  # from here on, htmx swaps: no page reload

    # 11.b: the player chooses the discard, as many times as the hand lacks a combat card.
    discarded = page.get_attribute(".hand-card[data-index='0']", "data-code")
    click_and_wait(page, "button[value='mulligan_discard:0']")
    assert page.inner_text(".mulligans") == "1"
    assert page.inner_text(".discard-count") == "1" and discarded
    while page.locator("button[value^='mulligan_discard:']").count():
        click_and_wait(page, "button[value^='mulligan_discard:']")

    # Play the first combat card face up in combat slot 1, then two Poder phases (12.c).
    keys = page.eval_on_selector_all("button[name=key]", "bs => bs.map(b => b.value)")
    play = next(k for k in keys if re.fullmatch(r"play:\d+:slot0:up", k))
    click_and_wait(page, f"button[value='{play}']")
    slot = ".combat-slot[data-slot='0']"
    assert page.inner_text(f"{slot} .power") == "0"
    assert page.inner_text(f"{slot} .facing") == "boca arriba"
    potential = int(page.inner_text(f"{slot} .potential"))
    assert potential >= 2
    click_and_wait(page, "button[value='end']")
    assert page.inner_text(f"{slot} .power") == "1" and page.inner_text(".turn") == "2"
    click_and_wait(page, "button[value='end']")
    assert page.inner_text(f"{slot} .power") == "2" and page.inner_text(".turn") == "3"

    # Undo goes back one decision; a new hand starts over.
    click_and_wait(page, "#undo")
    assert page.inner_text(f"{slot} .power") == "1"
    assert page.evaluate("window.sinRecargar") is True
    page.click("#new-hand")
    page.wait_for_function("() => document.querySelector('.decision-count').textContent === '0'")
    assert page.inner_text(".seed") != str(seed)


def test_a_matchup_game_replays_step_by_step(live_server, page, catalogue):
    from tests.play.conftest import eliria_text

    page.goto(live_server.url + "/enfrentamientos/")
    page.select_option("#id_game", "eliria")
    page.fill("#id_list_a", eliria_text())
    page.fill("#id_list_b", eliria_text(20, 40))
    page.fill("#id_games", "4")
    page.fill("#id_seed", "1")
    page.click("#play-matchup")
    page.wait_for_selector(".matchup-result figure.uchart.is-drawn canvas")  # uPlot drew the charts
    assert "A gana el" in page.inner_text(".win-rate")
    assert page.locator("a.replay-link").count() == 4
    page.click("a.replay-link >> nth=0")
    page.wait_for_selector("#replay")
    assert page.inner_text(".step") == "0"
    page.evaluate("window.sinRecargar = true")
    page.click("#step-forward")
    page.wait_for_function("() => document.querySelector('.step').textContent === '1'")
    assert "step=1" in page.url and "Última decisión" in page.inner_text("#replay")
    page.click("#step-forward")
    page.wait_for_function("() => document.querySelector('.step').textContent === '2'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('.step').textContent === '1'")
    assert page.evaluate("window.sinRecargar") is True
    page.click("#step-last")
    page.wait_for_selector("#replay .game-over")
