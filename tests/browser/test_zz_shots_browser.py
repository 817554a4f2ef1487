import pytest
from tests.browser.test_site_browser import PHONE, DESKTOP, site, log_in_player  # noqa
from tests.play.conftest import eliria_text
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
OUT = "/tmp/shots/"

def _ctx(browser, live_server, vp, lang, signed):
    c = browser.new_context(viewport=vp, locale="es-ES")
    p = c.new_page()
    if signed:
        log_in_player(p, live_server.url)
    p.goto(live_server.url + f"/idioma/{lang}/?next=/")
    return c, p

def _wait(p):
    try:
        p.wait_for_function("Array.from(document.images).every(i => i.complete)", timeout=15000)
    except Exception:
        pass

@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("vp", [PHONE, DESKTOP], ids=["360", "1366"])
def test_shots(live_server, browser, site, lang, vp):
    w = vp["width"]
    c, p = _ctx(browser, live_server, vp, lang, True)
    print("quick width", w, lang, p.evaluate("document.querySelector('.quick') && document.querySelector('.quick').getBoundingClientRect().width"))
    p.goto(live_server.url + "/"); _wait(p); p.screenshot(path=f"{OUT}home-signed-{lang}-{w}.png")
    p.goto(live_server.url + "/goldfish/")
    p.select_option("#id_deck", str(site["deck"].pk)) if p.locator("#id_deck").count() else None
    p.fill("#id_games", "300")
    p.click("form.goldfish-form button[type=submit]") if p.locator("form.goldfish-form button[type=submit]").count() else p.click("main form button[type=submit]")
    p.wait_for_selector(".goldfish-result", timeout=60000); _wait(p)
    p.screenshot(path=f"{OUT}goldfish-{lang}-{w}.png", full_page=True)
    deck = site["public"].pk
    for seed in range(1, 30):
        p.goto(f"{live_server.url}/goldfish/mesa/?deck={deck}&seed={seed}")
        if p.locator("#bar-end-guard").count():
            break
    if w == 360:
        p.click("#bar-end-guard")
    else:
        p.click("#side-end-guard")
    _wait(p)
    p.screenshot(path=f"{OUT}table-warning-{lang}-{w}.png")
    p.goto(live_server.url + site["deck"].get_absolute_url()); _wait(p)
    p.screenshot(path=f"{OUT}deck-{lang}-{w}.png")
    p.goto(live_server.url + f"/mazos/{site['deck'].pk}/revisiones/")
    p.screenshot(path=f"{OUT}revisions-{lang}-{w}.png")
    p.goto(live_server.url + "/sin-conexion/")
    p.screenshot(path=f"{OUT}offline-{lang}-{w}.png")
    c.close()
    c, p = _ctx(browser, live_server, vp, lang, False)
    p.goto(live_server.url + "/"); p.screenshot(path=f"{OUT}home-{lang}-{w}.png")
    p.goto(live_server.url + "/cartas/")
    p.wait_for_selector("ul.grid[data-index-ready]")
    p.fill("#q", "defensa finl")
    p.wait_for_function("document.querySelector('ul.grid').dataset.results === '0'")
    p.screenshot(path=f"{OUT}catalogue-suggest-{lang}-{w}.png")
    p.fill("#q", "defensa f")
    p.wait_for_timeout(300); _wait(p)
    p.screenshot(path=f"{OUT}catalogue-typed-{lang}-{w}.png", full_page=True)
    c.close()
