"""The whole site in a real headless Chromium, on a phone (360 × 740) and a desktop (1366 × 900).

Every page of the site map (below: each page a player can reach, anonymous and signed in) is
opened in both languages' default (Spanish) and checked for horizontal overflow, console errors
and Content-Security-Policy violations. Error pages (404, 500) are site-styled in both languages.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command

from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1366, "height": 900}
PASSWORD = "Mazos-de-fision-9"
ELIRIA_LIST = """Mazo:
2 Cañón del sacrificio (BASE-105)
1 Cañón del sacrificio (EXP-010)
1 Organismo de fisión
1 Centinela de Ámbar
1 Lobo de ceniza
1 Gólem de barro
Tokens:
1 Token de fisión
"""
MISION_LIST = "Entes:\n" + "".join(f"1 (SOS1-00{i})\n" for i in range(1, 6))

# Collects CSP violations in the page itself (they are also console errors in Chromium).
WATCH_CSP = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""


@pytest.fixture
def site(transactional_db):  # type: ignore[no-untyped-def]
    """The bundled catalogue and rulings, a player with a private and a public deck and a collection."""
    call_command("load_bundled", stdout=open("/dev/null", "w"))
    from cards.models import Card
    from collection.services import collection_add
    from decks.services import deck_import_list

    player = UserFactory(username="jugadora")
    player.set_password(PASSWORD)
    player.save()
    mine, _ = deck_import_list(owner=player, game="eliria", text=ELIRIA_LIST, name="Fisión", accept_unreadable=True)
    public, _ = deck_import_list(owner=player, game="eliria", text=ELIRIA_LIST, name="Fisión pública con un nombre muy largo para ver si cabe",
                                 visibility="public", accept_unreadable=True)
    for code in ("BASE-105", "BASE-001", "SOS1-001"):
        collection_add(owner=player, card=Card.objects.get(code=code), delta=2)
    return {"player": player, "deck": mine, "public": public}


def site_map(site: dict[str, Any]) -> list[str]:
    """Every page a player can open, with the data above."""
    from cards.models import Card
    from rulings.models import Ruling

    deck, public = site["deck"], site["public"]
    ruling = Ruling.objects.order_by("number").first()
    pages = [
        "/", "/cartas/", "/cartas/?q=canon", "/cartas/?game=mision", "/cartas/?q=pot%3E%3D", "/busqueda/",
        "/resoluciones/", f"/resoluciones/{ruling.number}/", "/mazos/publicos/", public.get_absolute_url(),
        "/goldfish/", f"/goldfish/?deck={deck.pk}", "/goldfish/mesa/", "/enfrentamientos/",
        "/enfrentamientos/contra-todos/", "/api/docs/",
        "/mazos/", "/mazos/nuevo/", deck.get_absolute_url(), f"{deck.get_absolute_url()}?q=canon",
        f"/mazos/{deck.pk}/revisiones/", f"/mazos/{deck.pk}/lista/", f"/mazos/{deck.pk}/borrar/",
        "/coleccion/", "/coleccion/expansiones/", "/coleccion/importar/", "/coleccion/datos/",
        "/coleccion/compras/", f"/coleccion/mazo/{deck.pk}/", "/coleccion/carta/eliria/BASE-105/",
        "/cuenta/clave-api/", "/cuenta/password_change/",
    ]
    for code in ("BASE-105", "BASE-011", "SOS1-001"):
        pages.append(Card.objects.get(code=code).get_absolute_url())
    element = Card.objects.filter(type="element").first()
    pages.append(element.get_absolute_url())
    return pages


ANONYMOUS_ONLY = ["/cuenta/login/", "/cuenta/registro/", "/cuenta/password_reset/"]


def log_in_player(page, base: str) -> None:  # type: ignore[no-untyped-def]
    """Sign the fixture's player in through the login form (the accessibility test signs in so too)."""
    page.goto(base + "/cuenta/login/")
    page.fill("#id_username", "jugadora")
    page.fill("#id_password", PASSWORD)
    page.click("form.auth-form button[type=submit]")
    page.wait_for_load_state("load")
    assert page.locator("form.logout").count() == 1, page.inner_text("main")[:300]


def _watched_signed_in(browser, base: str, viewport: dict[str, int]) -> tuple[Any, Any, list[str]]:  # type: ignore[no-untyped-def]
    """A signed-in page in a fresh context that records CSP violations (``window.__csp``) and
    console errors (the list returned beside it)."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text) if msg.type == "error" else None)
    log_in_player(page, base)
    return context, page, console


def _visit_all(browser, base: str, viewport: dict[str, int], urls: list[str], logged_in: bool) -> Iterator[str]:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=viewport, locale="es-ES")
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: console.append(str(exc)))
    if logged_in:
        log_in_player(page, base)
    for url in urls:
        console.clear()
        response = page.goto(base + url)
        page.wait_for_load_state("networkidle")
        status = response.status if response else 0
        if status >= 500 or (status >= 400 and "q=pot" not in url):
            yield f"{url}: HTTP {status}"
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > viewport["width"]:
            wide = page.evaluate(
                """(w) => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 1)
                .slice(0, 4).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.') + ' ' + Math.round(e.getBoundingClientRect().right))""",
                viewport["width"],
            )
            yield f"{url}: {width} px wide at {viewport['width']} ({wide})"
        csp = page.evaluate("window.__csp")
        if csp:
            yield f"{url}: CSP {csp}"
        if status == 400:  # a malformed search answers 400 on purpose; Chromium logs the status
            console[:] = [m for m in console if "status of 400" not in m]
        if console:
            yield f"{url}: console {console[:3]}"
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_fits_the_screen_without_console_errors_or_csp_violations(live_server, browser, site, viewport):
    problems = list(_visit_all(browser, live_server.url, viewport, ANONYMOUS_ONLY + site_map(site)[:16], False))
    problems += _visit_all(browser, live_server.url, viewport, site_map(site), True)
    assert not problems, "\n".join(problems)


def test_the_phone_nav_folds_and_tap_targets_are_big_enough(live_server, browser, site):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in_player(page, live_server.url)
    page.goto(live_server.url + site["deck"].get_absolute_url())
    assert not page.is_visible("#main-nav")
    box = page.locator(".nav-button").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    page.click(".nav-button")
    assert page.is_visible("#main-nav")
    for selector in ("#main-nav a >> nth=0", "li.entry button.add >> nth=0", "li.entry button.remove >> nth=0"):
        box = page.locator(selector).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, selector
    page.goto(live_server.url + "/cartas/")
    tiles = page.locator(".grid .tile")
    first, second = tiles.nth(0).bounding_box(), tiles.nth(1).bounding_box()
    assert first["y"] == second["y"], "two cards per row on a phone"
    context.close()


@pytest.mark.parametrize("language", ["es", "en"])
def test_404_and_500_are_site_styled_in_both_languages(live_server, browser, site, settings, language):
    settings.ROOT_URLCONF = "tests.browser.boom_urls"
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    page.goto(live_server.url + f"/idioma/{language}/?next=/")
    answer = page.goto(live_server.url + "/cartas/eliria/NO-EXISTE/")
    assert answer.status == 404
    assert page.locator("header.top .brand").is_visible()
    heading = page.inner_text("h1")
    assert heading == {"es": "Esta página no existe", "en": "This page does not exist"}[language]
    assert page.evaluate("window.__csp") == []
    answer = page.goto(live_server.url + "/boom/")
    assert answer.status == 500
    assert page.locator("header.top .brand").is_visible()
    heading = page.inner_text("h1")
    assert heading == {"es": "Algo ha fallado en el servidor", "en": "Something went wrong on the server"}[language]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


def test_deck_charts_are_drawn_with_titles_axis_labels_and_a_tooltip(live_server, browser, site):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    log_in_player(page, live_server.url)
    page.goto(live_server.url + site["deck"].get_absolute_url())
    page.wait_for_selector("figure.uchart.is-drawn canvas")
    figure = page.locator("figure.uchart").first
    assert figure.locator(".uchart-title").inner_text() == "Curva de potencial"
    spec = page.evaluate("JSON.parse(document.querySelector('figure.uchart script.uchart-data').textContent)")
    assert spec["xLabel"] == "Potencial" and spec["yLabel"] == "Cartas"  # drawn on the canvas by uPlot
    assert figure.locator(".u-legend").inner_text().strip() == "Cartas"
    figure.scroll_into_view_if_needed()
    box = figure.locator(".u-over").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.9, box["y"] + box["height"] / 2)
    tip = figure.locator(".uchart-tip")
    tip.wait_for(state="visible")
    assert "Potencial:" in tip.inner_text() and "Cartas:" in tip.inner_text()
    context.close()


def test_builder_adds_with_one_click_and_suggests_near_misses(live_server, browser, site):
    context, page, console = _watched_signed_in(browser, live_server.url, PHONE)
    page.goto(live_server.url + site["deck"].get_absolute_url())
    page.fill("#builder-q", "Aprendiz de la Brumma")
    page.wait_for_selector("#results .suggest")
    page.click('#results li.result[data-code="BASE-002"] button.add')
    page.wait_for_selector('li.entry[data-code="BASE-002"]')
    assert page.locator(".type-group").first.inner_text().startswith("Combate")
    page.fill('li.entry[data-code="BASE-002"] input.qty-input', "2")
    page.press('li.entry[data-code="BASE-002"] input.qty-input', "Enter")
    page.wait_for_selector('li.entry[data-code="BASE-002"] input.qty-input[value="2"]')
    page.wait_for_selector("figure.uchart.is-drawn canvas")  # the swapped stats are drawn again
    assert page.evaluate("window.__csp") == [] and console == [], console  # htmx swaps stay CSP-clean
    context.close()


def test_a_failed_htmx_answer_is_shown_not_swallowed(live_server, browser, site):
    """A matchup that cannot be played answers 400 with the reason: the page shows it."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(live_server.url + "/enfrentamientos/")
    page.fill("#id_list_a", "1 Nadie que exista\n")
    page.fill("#id_list_b", "1 Tampoco\n")
    page.click("#play-matchup")
    alert = page.locator("#matchup-result [role=alert]")
    alert.wait_for(state="visible")
    assert alert.inner_text().strip()
    context.close()


def test_every_bundled_card_face_loads_in_the_catalogue(live_server, browser, site):
    """Every card's drawn face arrives as a real picture (its words: tests/cards/test_render_faces.py)."""
    from cards.models import Card

    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    seen = 0
    for number in (1, 2):
        page.goto(live_server.url + f"/cartas/?per_page=96&page={number}")
        page.evaluate("() => document.querySelectorAll('.grid img').forEach(i => { i.loading = 'eager'; })")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.grid img')].every(i => i.complete && i.naturalWidth > 0)",
            timeout=60_000,
        )
        widths = page.eval_on_selector_all(".grid img", "imgs => imgs.map(i => i.naturalWidth)")
        assert widths and all(w == 630 for w in widths)
        seen += len(widths)
    assert seen == Card.objects.count()
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_simulation_results_fit_the_screen_without_errors(live_server, browser, site, viewport):
    """Goldfish results (a picked deck), the table after a move and a matchup's results."""
    context, page, console = _watched_signed_in(browser, live_server.url, viewport)
    deck = site["deck"]
    page.goto(live_server.url + f"/goldfish/?deck={deck.pk}")
    page.fill("#id_games", "200")
    page.click("form.goldfish-form button[type=submit]")
    page.wait_for_selector("#goldfish-result figure.uchart.is-drawn canvas")
    assert "p_alive" not in page.inner_text("#goldfish-result")
    checks = [("goldfish", page.evaluate("document.documentElement.scrollWidth"))]
    page.goto(live_server.url + f"/goldfish/mesa/?deck={deck.pk}&seed=3")
    page.locator(".chooser-button").first.click()
    page.wait_for_function("() => document.querySelector('.decision-count').textContent === '1'")
    checks.append(("table", page.evaluate("document.documentElement.scrollWidth")))
    page.goto(live_server.url + f"/enfrentamientos/?deck_a={deck.pk}")
    page.select_option("#id_deck_b", str(site["public"].pk))
    page.fill("#id_games", "4")
    page.click("#play-matchup")
    page.wait_for_selector(".matchup-result figure.uchart.is-drawn canvas")
    checks.append(("matchup", page.evaluate("document.documentElement.scrollWidth")))
    assert all(width <= viewport["width"] for _, width in checks), checks
    assert page.evaluate("window.__csp") == [] and console == [], console
    context.close()
