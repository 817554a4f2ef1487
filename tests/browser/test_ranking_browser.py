"""Ranking by name, «¿Quisiste decir…?» and the matchup headline in a real headless Chromium
(issue 25), on a phone (360 px) and a desktop (1366 px), in Spanish and English. Screenshots go to
/tmp/shots-ranking/ for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from tests.factories import MISION_LIST, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-ranking")  # noqa: S108 - where the screenshots are looked at
VIEWPORTS = {"360": {"width": 360, "height": 740}, "1366": {"width": 1366, "height": 900}}
SIZES_AND_LANGUAGES = [(w, lang) for w in VIEWPORTS for lang in ("es", "en")]


PASSWORD = "Mazos-de-fision-9"


@pytest.fixture
def catalogue(transactional_db):  # type: ignore[no-untyped-def]
    call_command("load_bundled", stdout=open("/dev/null", "w"))
    player = UserFactory(username="sugerencias")
    player.set_password(PASSWORD)
    player.save()


def open_page(browser, live_server, width: str, language: str):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=VIEWPORTS[width], locale="es-ES")
    page = context.new_page()
    page.goto(live_server.url + f"/idioma/{language}/?next=/")
    return page


def shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_sideways_scroll(page) -> bool:  # type: ignore[no-untyped-def]
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize(("width", "language"), SIZES_AND_LANGUAGES)
def test_the_card_named_token_de_fision_comes_first(live_server, browser, catalogue, width, language):
    page = open_page(browser, live_server, width, language)
    page.goto(live_server.url + "/cartas/?q=token+de+fision")
    page.wait_for_selector(".grid .tile")
    first = page.locator(".grid .tile").first.inner_text()
    assert "Token de fisión" in first and "Organismo" not in first
    assert no_sideways_scroll(page)
    # The faces are drawn on first request: wait for the first one so the picture shows it.
    page.wait_for_function("() => document.querySelector('.grid .tile img').naturalWidth > 0", timeout=30_000)
    shot(page, f"catalogue-token-de-fision-{width}-{language}")


@pytest.mark.parametrize(("width", "language"), SIZES_AND_LANGUAGES)
def test_a_misspelt_name_suggests_and_one_click_opens_the_card(live_server, browser, catalogue, width, language):
    page = open_page(browser, live_server, width, language)
    page.goto(live_server.url + "/cartas/?q=defensa+finl")
    page.wait_for_selector(".suggest a.suggestion")
    assert ("¿Quisiste decir…?" if language == "es" else "Did you mean…?") in page.inner_text(".suggest")
    assert no_sideways_scroll(page)
    shot(page, f"catalogue-did-you-mean-{width}-{language}")
    page.click(".suggest a.suggestion >> text=Defensa final")
    page.wait_for_url("**/cartas/eliria/BASE-011/")
    assert "Defensa final" in page.inner_text("h1")


@pytest.mark.parametrize(("width", "language"), SIZES_AND_LANGUAGES)
def test_two_minimum_mision_decks_headline_says_every_game_was_a_draw(live_server, browser, catalogue, width, language):
    page = open_page(browser, live_server, width, language)
    page.goto(live_server.url + "/enfrentamientos/?game=mision")
    page.select_option("#id_game", "mision")
    page.fill("#id_list_a", MISION_LIST)
    page.fill("#id_list_b", MISION_LIST)
    page.fill("#id_games", "20")
    page.fill("#id_seed", "3")
    page.click("#play-matchup")
    page.wait_for_selector(".matchup-result .draws-lead", timeout=60_000)
    headline = page.inner_text(".draws-lead")
    expected = ("Las 20 partidas acabaron en empate porque ya nada podía cambiar el resultado." if language == "es"
                else "All 20 games ended in a draw because nothing could change the outcome any more.")
    assert headline == expected
    assert page.locator(".chest-warning li").count() == 3
    assert page.locator(".matchup-result .win-rate:not(.draws-lead)").count() == 0
    assert no_sideways_scroll(page)
    page.locator(".matchup-result").scroll_into_view_if_needed()
    shot(page, f"matchup-all-draws-{width}-{language}")


@pytest.mark.parametrize(("width", "language"), SIZES_AND_LANGUAGES)
def test_deck_import_one_click_uses_the_suggested_name(live_server, browser, catalogue, width, language):
    page = open_page(browser, live_server, width, language)
    page.goto(live_server.url + "/cuenta/login/")
    page.fill("#id_username", "sugerencias")
    page.fill("#id_password", PASSWORD)
    page.click("form.auth-form button[type=submit]")
    page.wait_for_load_state("load")
    page.goto(live_server.url + "/mazos/nuevo/")
    page.select_option("#id_game", "eliria")
    page.fill("#id_name", "Con erratas")
    page.fill("#id_text", "Mazo:\n1 Lobo de ceniza\n2 Cañon del sacrifico\n")
    page.click("#review")
    button = page.locator("button.use-suggestion[data-line='3']")
    assert button.inner_text() == ("usar «Cañón del sacrificio»" if language == "es" else "use “Cañón del sacrificio”")
    assert no_sideways_scroll(page)
    page.locator(".preview").scroll_into_view_if_needed()
    shot(page, f"deck-import-did-you-mean-{width}-{language}")
    button.click()
    page.wait_for_selector(".preview")
    assert page.input_value("#id_text").splitlines()[2] == "2 Cañón del sacrificio"
    assert page.locator(".preview [data-code='unknown_card']").count() == 0
