"""The goldfish result in a player's words and «Mis mazos» (folders, archive, sorting) in a real
headless Chromium, at 360 and 1366 px, in Spanish and English. Screenshots go to
/tmp/shots-reading/ to be looked at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.browser.test_accessibility_browser import axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-reading")  # noqa: S108 - where the brief asks for them, to be looked at
PASSWORD = "Mazos-de-fision-9"


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):  # type: ignore[no-untyped-def]
    return {**browser_context_args, "bypass_csp": True}  # axe-core is injected as a script


@pytest.fixture
def catalogue(transactional_db, settings):  # type: ignore[no-untyped-def]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("load_bundled", stdout=open("/dev/null", "w"))


def _combat_names(n: int = 20) -> list[str]:
    from cards.models import Card

    return sorted({c.name for c in Card.objects.filter(game="eliria", type="combat", current__cross=False)})[:n]


def _shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (360, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)  # the charts redraw at the new width
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{name} at {width} px scrolls sideways by {overflow} px"


def _run_goldfish(page, names: list[str]) -> None:  # type: ignore[no-untyped-def]
    page.select_option("#id_game", "eliria")
    page.fill("#id_list", "\n".join(names))
    page.fill("#id_games", "200")
    page.fill("#id_turns", "5")
    page.fill("#id_seed", "4")
    page.fill("#id_watch", ", ".join(names[:2]))
    page.click(".goldfish-form button[type=submit]")
    page.wait_for_selector(".goldfish-reading li")
    page.wait_for_selector("figure.uchart.is-drawn")


def _chart_specs(page) -> list[dict]:  # type: ignore[no-untyped-def]
    return [json.loads(t) for t in page.eval_on_selector_all("script.uchart-data", "s => s.map(e => e.textContent)")]


def test_goldfish_result_reads_as_sentences_with_distinct_series_and_names(live_server, page, catalogue):
    names = _combat_names()
    page.goto(live_server.url + "/goldfish/")
    _run_goldfish(page, names)
    reading = page.inner_text(".goldfish-reading")
    assert "de las partidas (" in reading and "no se pudo pagar en 5 turnos" in reading
    assert "Ninguna partida hizo mulligan" in reading and names[0] in reading
    specs = _chart_specs(page)
    assert not any(s["kind"] == "bars" and len(s["categories"]) < 2 for s in specs)  # no one-bar chart
    for spec in specs:
        looks = [(s["colour"], s.get("dash", False)) for s in spec["series"]]
        assert len(set(looks)) == len(looks), f"«{spec['title']}» has two series that look alike"
    titles = page.eval_on_selector_all("figure.uchart figcaption", "f => f.map(e => e.textContent)")
    watch = next(t for t in titles if t.startswith("Probabilidad de haber robado"))
    assert names[0] in watch and "BASE-" not in watch
    _shoot(page, "goldfish-es")
    assert not axe_violations(page)

    page.goto(f"{live_server.url}/idioma/en/?next=/goldfish/")
    _run_goldfish(page, names)
    reading = page.inner_text(".goldfish-reading")
    assert "could not be paid within 5 turns" in reading and "No game took a mulligan" in reading
    _shoot(page, "goldfish-en")


def _login(page, live_server, next_url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{live_server.url}/cuenta/login/?next={next_url}")
    page.fill("#id_username", "archivera")
    page.fill("#id_password", PASSWORD)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"**{next_url}")


@pytest.fixture
def shelf(catalogue):  # type: ignore[no-untyped-def]
    """Four decks of one player: two in a folder, one archived."""
    from django.contrib.auth import get_user_model

    from decks.services import deck_archive, deck_move_to_folder
    from tests.factories import MISION_LIST, deck_from_list

    user = get_user_model().objects.create_user("archivera", "a@example.com", PASSWORD)
    names = _combat_names(24)
    big = deck_from_list(user, "\n".join(names), name="Zarpa de ceniza, versión para el torneo de primavera")
    small = deck_from_list(user, name="Ámbar corto")
    mision = deck_from_list(user, MISION_LIST, game="mision", name="Marea y brasa")
    old = deck_from_list(user, name="Prueba vieja")
    for deck in (big, small):
        deck_move_to_folder(deck=deck, actor=user, folder="Torneo")
    deck_archive(deck=old, actor=user)
    return {"big": big, "small": small, "mision": mision, "old": old}


def _deck_names(page) -> list[str]:  # type: ignore[no-untyped-def]
    return page.eval_on_selector_all(".mine-name", "a => a.map(e => e.textContent.trim())")


def test_mis_mazos_sorts_files_in_folders_and_archives(live_server, page, shelf):
    _login(page, live_server, "/mazos/")
    assert "Prueba vieja" not in _deck_names(page)  # archived: not in the default list
    page.select_option("#mine-sort", "size")
    page.click(".mine-filters button[type=submit]")
    page.wait_for_url("**orden=size**")
    assert _deck_names(page)[0].startswith("Zarpa de ceniza")  # 24 cards: the biggest first
    page.select_option("#mine-sort", "name")
    page.click(".mine-filters button[type=submit]")
    page.wait_for_url("**orden=name**")
    assert _deck_names(page) == ["Ámbar corto", "Marea y brasa", "Zarpa de ceniza, versión para el torneo de primavera"]

    # File «Marea y brasa» in a new folder from its row; the page comes back in the same order.
    row = page.locator(".mine-deck", has_text="Marea y brasa")
    row.locator("summary").click()
    row.locator("input[name=folder]").fill("Misión")
    row.locator(".mine-move button").click()
    page.wait_for_selector(".messages")
    assert "orden=name" in page.url and "Misión" in page.inner_text(".mine-folders")
    page.click(".mine-folders a:has-text('Torneo')")
    page.wait_for_url("**carpeta=Torneo**")
    assert sorted(_deck_names(page)) == ["Zarpa de ceniza, versión para el torneo de primavera", "Ámbar corto"]
    _shoot(page, "mine-es")

    # Archive one, find it under «Archivados», bring the old one back.
    row = page.locator(".mine-deck", has_text="Ámbar corto")
    row.locator("summary").click()
    row.locator("button:has-text('Archivar')").click()
    page.wait_for_selector(".messages")
    assert "Ámbar corto" not in _deck_names(page)
    page.click(".mine-tabs a:has-text('Archivados')")
    page.wait_for_url("**archivados=1**")
    assert sorted(_deck_names(page)) == ["Prueba vieja", "Ámbar corto"]
    _shoot(page, "mine-archived-es")

    page.goto(f"{live_server.url}/idioma/en/?next=/mazos/")
    page.wait_for_selector(".mine-list")
    assert "Archived" in page.inner_text(".mine-tabs") and "Sort by" in page.inner_text(".mine-filters")
    page.locator(".mine-deck").first.locator("summary").click()
    _shoot(page, "mine-en")
    assert not axe_violations(page)
