"""What a new player found (issue 38), in a real headless Chromium: search as you type with no
stale pager and its own «¿Quisiste decir…?», the table's «Terminar la fase» that warns before it
loses by 7.b, offline reading signed in or not (and nothing private kept after sign-out), and the
accessibility findings (contrast, named search landmarks, heading order, meta descriptions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_site_browser import DESKTOP, PHONE, WATCH_CSP, log_in_player, site  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PRIVATE = "eliria-private-v1"


def _settle(page) -> None:  # type: ignore[no-untyped-def]
    """Let every face the page asked for arrive before the test's database is flushed."""
    try:
        page.wait_for_function("Array.from(document.images).every(i => i.complete)", timeout=20_000)
    except Exception:  # noqa: BLE001, S110 - an offline page has faces that never come
        pass


def _axe(page, rules: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async rules => {
        const r = await axe.run(document, {runOnly: {type: 'rule', values: rules}, resultTypes: ['violations']});
        return r.violations.map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
    }""", rules)
    return list(found)


# ---------------------------------------------------------------- 1. search as you type
def test_typing_drops_the_servers_pager_and_suggests_near_names(live_server, browser, site):  # noqa: F811
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    page.goto(live_server.url + "/cartas/")
    page.wait_for_selector("ul.grid[data-index-ready]")
    assert page.locator(".pager:visible").count() == 1  # the whole catalogue has pages

    page.fill("#q", "defensa f")
    page.wait_for_function("Number(document.querySelector('ul.grid').dataset.results) <= 24")
    assert page.locator(".pager:visible").count() == 0, page.inner_text("main")[:400]
    assert "Página 1 de" not in page.inner_text("main")

    page.fill("#q", "defensa finl")
    page.wait_for_function("document.querySelector('ul.grid').dataset.results === '0'")
    suggestion = page.locator(".did-you-mean:visible")
    assert suggestion.count() == 1 and "¿Quisiste decir…?" in suggestion.inner_text()
    assert "Defensa final" in suggestion.locator("a.suggestion").all_inner_texts()

    page.fill("#q", "de")  # more than a page: the pager of this search, whose next page is the server's
    page.wait_for_function("Number(document.querySelector('ul.grid').dataset.results) > 24")
    assert page.locator(".did-you-mean:visible").count() == 0
    pager = page.locator(".pager:visible")
    assert pager.count() == 1 and "Página 1 de" in pager.inner_text()
    page.click(".pager:visible a[rel=next]")
    page.wait_for_load_state("load")
    assert "q=de" in page.url and "page=2" in page.url and "Página 2 de" in page.inner_text(".pager")
    _settle(page)
    context.close()


# ---------------------------------------------------------------- 3. the table's biggest button
def test_ending_the_phase_on_a_phone_with_no_combatant_warns_before_it_loses(live_server, browser, site):  # noqa: F811
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    deck = site["public"].pk
    for seed in range(1, 30):  # a deal that opens in the movement phase (no mulligan to make)
        page.goto(f"{live_server.url}/goldfish/mesa/?deck={deck}&seed={seed}")
        if page.locator("#bar-end-guard").count():
            break
    guard = page.locator("#bar-end-guard")
    assert guard.is_visible() and "Terminar la fase" in guard.inner_text()
    guard.click()
    warning = page.locator(".end-guard-bar .end-warning")
    assert warning.is_visible() and "pierdes la partida" in warning.inner_text() and "7.b" in warning.inner_text()
    assert page.locator(".game-over").count() == 0  # the first press lost nothing
    before = page.inner_text(".decision-count")
    page.click(".end-guard-bar button.end-anyway")
    page.wait_for_function("b => document.querySelector('.decision-count').textContent !== b", arg=before)
    assert page.locator(".game-over").is_visible() and "7.b" in page.inner_text(".game-over")
    _settle(page)
    context.close()


# ---------------------------------------------------------------- 4. offline
def _offline_ready(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=20_000)


def test_a_first_visit_is_enough_to_read_home_and_rulings_offline(live_server, browser, site):  # noqa: F811
    context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    page = context.new_page()
    page.goto(live_server.url + "/")  # one visit, no reload: the page names what it loaded
    _offline_ready(page)
    page.goto(live_server.url + "/resoluciones/")
    rulings = page.inner_text("h1")
    _settle(page)
    context.set_offline(True)
    page.goto(live_server.url + "/")
    assert page.locator("form.big-search").count() == 1
    page.goto(live_server.url + "/resoluciones/")
    assert page.inner_text("h1") == rulings
    page.goto(live_server.url + "/cartas/eliria/BASE-001/")  # never opened: the offline page, not an error
    assert page.inner_text("h1") == "Sin conexión"
    page.goto(live_server.url + "/goldfish/")  # a page never kept: the same
    assert page.inner_text("h1") == "Sin conexión"
    context.set_offline(False)
    context.close()


def test_a_players_own_decks_read_offline_and_are_forgotten_at_sign_out(live_server, browser, site):  # noqa: F811
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    log_in_player(page, live_server.url)  # the worker registers on the login page, signed out
    _offline_ready(page)
    deck = site["deck"]
    for url in ("/mazos/", deck.get_absolute_url(), "/cartas/"):
        page.goto(live_server.url + url)
    _settle(page)
    context.set_offline(True)
    page.goto(live_server.url + "/mazos/")
    assert "Fisión" in page.inner_text("main")
    page.goto(live_server.url + deck.get_absolute_url())
    assert deck.name in page.inner_text("h1")
    page.goto(live_server.url + "/cartas/")
    assert page.locator(".grid .tile").count() > 0
    context.set_offline(False)

    assert page.evaluate(f"caches.open('{PRIVATE}').then(c => c.keys()).then(k => k.length)") > 0
    page.goto(live_server.url + "/")
    page.click("label.nav-button")  # the phone menu folds the sign-out button
    page.click("form.logout button")
    page.wait_for_load_state("load")
    assert page.locator("form.logout").count() == 0
    assert page.evaluate(f"caches.open('{PRIVATE}').then(c => c.keys()).then(k => k.length)") == 0
    context.set_offline(True)
    page.goto(live_server.url + deck.get_absolute_url())  # a private deck: nothing of it stays
    assert deck.name not in page.inner_text("body") and page.inner_text("h1") == "Sin conexión"
    context.set_offline(False)
    context.close()


# ---------------------------------------------------------------- 5. accessibility
def test_contrast_landmarks_and_heading_order_where_axe_found_them(live_server, browser, site):  # noqa: F811
    context = browser.new_context(viewport=DESKTOP, locale="es-ES", bypass_csp=True)
    page = context.new_page()
    log_in_player(page, live_server.url)
    problems: dict[str, list[str]] = {}
    # The Misión table (the «Aire» world), a deck with a warning («aviso»), the catalogue's two search
    # forms and the Eliria table's headings.
    page.goto(live_server.url + "/goldfish/mesa/")
    from cards.models import Card

    entes = Card.objects.filter(game="mision", type="entity").order_by("code")[:8]
    elements = Card.objects.filter(game="mision", type="element").order_by("code")[:20]
    page.select_option("#id_game", "mision")
    page.fill("#id_list", "Entes:\n" + "".join(f"1 {c.name}\n" for c in entes)
              + "Elementos:\n" + "".join(f"1 {c.name}\n" for c in elements))
    page.click("#start-table")
    page.wait_for_selector(".worlds-table .world-air")
    problems["mision table"] = _axe(page, ["color-contrast", "heading-order", "landmark-unique"])
    for name, url in (("deck", site["deck"].get_absolute_url()), ("catalogue", "/cartas/"),
                      ("table", f"/goldfish/mesa/?deck={site['deck'].pk}&seed=1"), ("home", "/")):
        page.goto(live_server.url + url)
        page.wait_for_load_state("networkidle")
        if name == "deck":  # a warning as the deck page draws one (decks/_violation.html), whatever the deck
            page.evaluate("""() => document.querySelector('.validation .violations').insertAdjacentHTML('beforeend',
                '<li class="violation warning"><p><span class="tag">aviso</span> Mazo pequeño</p></li>')""")
            assert page.locator(".violation.warning .tag").count() > 0
        problems[name] = _axe(page, ["color-contrast", "heading-order", "landmark-unique"])
    _settle(page)
    context.close()
    assert not any(problems.values()), problems


def test_every_page_has_a_meta_description(live_server, browser, site):  # noqa: F811
    context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    page = context.new_page()
    log_in_player(page, live_server.url)
    missing = []
    for url in ("/", "/cartas/", "/cartas/eliria/BASE-105/", "/resoluciones/", "/busqueda/", "/mazos/",
                "/mazos/publicos/", site["deck"].get_absolute_url(), "/goldfish/", "/goldfish/mesa/",
                "/enfrentamientos/", "/sin-conexion/"):
        page.goto(live_server.url + url)
        text = page.get_attribute("meta[name=description]", "content") or ""
        if page.locator("meta[name=description]").count() != 1 or len(text) < 30:
            missing.append(url)
    _settle(page)
    context.close()
    assert not missing


def test_no_csp_error_after_a_list_is_replaced(live_server, browser, site):  # noqa: F811
    from tests.browser.test_site_browser import ELIRIA_LIST

    context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text) if msg.type == "error" else None)
    log_in_player(page, live_server.url)
    deck = site["deck"]
    page.goto(f"{live_server.url}/mazos/{deck.pk}/lista/")
    page.fill("textarea[name=text]", ELIRIA_LIST.replace("1 Lobo de ceniza", "2 Lobo de ceniza"))
    page.click("form.deck-form button[type=submit]")
    page.wait_for_load_state("load")
    page.locator("form.deck-form button[type=submit]").last.click()
    page.wait_for_load_state("networkidle")
    # htmx settles a swapped element with the old one's attributes: a style a script had set (uPlot,
    # the chart tooltip) was copied with setAttribute, which the CSP refuses.
    page.evaluate("""() => new Promise(done => {
        const old = document.createElement('div');
        old.id = 'settled'; old.textContent = 'antes';
        document.querySelector('main').append(old);
        old.style.color = 'rgb(1, 2, 3)';
        htmx.swap('#settled', '<div id="settled">después</div>', {swapStyle: 'outerHTML'});
        setTimeout(done, 300);
    })""")
    assert page.inner_text("#settled") == "después"
    csp: list[Any] = page.evaluate("window.__csp")
    _settle(page)
    context.close()
    assert not csp and not [m for m in console if "style" in m.lower()], (csp, console)


def test_the_collections_whole_catalogue_switch_applies_at_once(live_server, browser, site):  # noqa: F811
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    log_in_player(page, live_server.url)
    page.goto(live_server.url + "/coleccion/")
    with page.expect_navigation():
        page.check("#todo")  # no «Buscar» pressed
    assert "todo=1" in page.url and page.is_checked("#todo")
    _settle(page)
    context.close()
