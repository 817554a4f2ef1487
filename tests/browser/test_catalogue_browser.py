"""The catalogue in a real headless Chromium against the live server."""

from __future__ import annotations

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def catalogue(transactional_db):  # type: ignore[no-untyped-def]
    call_command("load_bundled", stdout=open("/dev/null", "w"))


def test_search_open_a_card_and_see_its_editions(live_server, page, catalogue):
    page.goto(live_server.url + "/")
    page.fill("#home-q", "canon")
    page.keyboard.press("Enter")
    page.wait_for_selector(".grid .tile")
    assert page.locator(".grid .tile").count() == 2
    page.click("text=Cañón del sacrificio >> nth=0")
    page.wait_for_selector("h1")
    assert "Cañón del sacrificio" in page.inner_text("h1")
    assert page.locator("article.edition").count() == 2
    assert page.locator(".edition.is-current").count() == 1
    # the drawn face actually loads as an image
    # The face is drawn on first request: wait for the image to arrive, then check it is real.
    page.wait_for_function("() => document.querySelector('.card-image img').naturalWidth > 0", timeout=20_000)
    width = page.evaluate("document.querySelector('.card-image img').naturalWidth")
    assert width == 630


def test_a_bad_query_shows_a_message(live_server, page, catalogue):
    page.goto(live_server.url + "/cartas/?q=pot%3E%3D")
    assert "Falta el valor" in page.inner_text("[role=alert]")
