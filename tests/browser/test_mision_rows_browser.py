"""A Misión S.O.S row on the deck page is as low as an Eliria one (issue 25, point 9: they were
125 px tall): the four worlds and the BAÚL sit on one line as short chips, at a phone's width and a
desktop's, in both languages. Measured in a real Chromium; the screenshots are looked at by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.factories import ELIRIA_LIST, MISION_LIST, deck_from_list

from .pages import log_in, no_sideways_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-mision-rows")  # noqa: S108 - the screenshots are looked at by hand
PASSWORD = "Mazos-de-fision-9"
ROWS = """() => [...document.querySelectorAll('.deck-section li.entry')].map(li => {
  const chips = [...li.querySelectorAll('.numbers .num')].map(c => Math.round(c.getBoundingClientRect().top));
  return {code: li.dataset.code, height: li.getBoundingClientRect().height, tops: [...new Set(chips)].length,
          chips: chips.length};
})"""


@pytest.fixture
def decks(transactional_db):  # type: ignore[no-untyped-def]
    call_command("load_bundled", stdout=open("/dev/null", "w"))  # noqa: SIM115, PTH123
    owner = get_user_model().objects.create_user("rescatista", "r@example.com", PASSWORD)
    eliria = deck_from_list(owner, ELIRIA_LIST, name="Fisión")
    mision = deck_from_list(owner, MISION_LIST, game="mision", name="Rescate")
    return eliria, mision


def rows(page, live_server, deck, width: int, name: str) -> list[dict]:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/mazos/{deck.pk}/")
    page.wait_for_selector(".deck-section li.entry")
    page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    no_sideways_scroll(page, name, width)
    return page.evaluate(ROWS)


def test_a_mision_row_is_as_low_as_an_eliria_row_at_360_and_1366_px(live_server, page, decks):
    eliria, mision = decks
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "heights.txt").write_text("")
    log_in(page, live_server, "rescatista", PASSWORD, f"/mazos/{eliria.pk}/")
    for lang in ("es", "en"):
        if lang == "en":
            page.goto(f"{live_server.url}/idioma/en/?next=/mazos/")
        for width in (360, 1366):
            plain = rows(page, live_server, eliria, width, f"eliria-{lang}")
            worlds = rows(page, live_server, mision, width, f"mision-{lang}")
            eliria_height = max(r["height"] for r in plain if r["code"] != "BASE-109")  # BASE-109: the token
            assert worlds and all(r["chips"] in (4, 5) for r in worlds), worlds  # four worlds, and the BAÚL
            assert all(r["tops"] == 1 for r in worlds), f"{lang} {width} px: world chips wrap: {worlds}"
            tallest = max(worlds, key=lambda r: r["height"])
            with (SHOTS / "heights.txt").open("a") as out:  # read with the screenshots
                out.write(f"{lang} {width}: Eliria {eliria_height:.0f} px, Misión {tallest['height']:.0f} px\n")
            assert tallest["height"] <= 1.3 * eliria_height, (lang, width, tallest, eliria_height)
    # The full names stay for screen readers and on hover.
    chip = page.locator(".worlds-line .world-water").first
    assert chip.get_attribute("title") == "Water" and "Water" in chip.inner_text()
