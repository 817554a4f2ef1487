"""Decks in a real headless Chromium: a new player signs up, pastes a list, sees it validated,
adds a card with the builder (htmx, no reload), exports the list and re-imports it unchanged."""

from __future__ import annotations

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIST = """Mazo:
1 Cañón del sacrificio (BASE-105)
Organismo de fisión
1 Centinela de Ámbar
1 Lobo de ceniza
1 Cañón del sacrificio (EXP-010)
esto no es una carta: ni cantidad ni nada (
Tokens:
1 Token de fisión
"""


@pytest.fixture
def catalogue(transactional_db):  # type: ignore[no-untyped-def]
    call_command("load_bundled", stdout=open("/dev/null", "w"))


def test_sign_up_build_validate_add_with_the_builder_and_export(live_server, page, catalogue, tmp_path):
    page.goto(live_server.url + "/cuenta/registro/")
    page.fill("#id_username", "nueva")
    page.fill("#id_email", "nueva@example.com")
    page.fill("#id_password1", "Mazos-de-fision-9")
    page.fill("#id_password2", "Mazos-de-fision-9")
    page.click("form.stack button[type=submit]")
    page.wait_for_url("**/mazos/")
    assert "Mis mazos" in page.inner_text("h1")

    # A pasted list: every bad line named with its number, nothing saved yet.
    page.click("text=Nuevo mazo")
    page.select_option("#id_game", "eliria")
    page.fill("#id_name", "Fisión")
    page.fill("#id_text", LIST)
    page.click("#review")
    preview = page.inner_text(".preview")
    assert "nada se ha guardado" in preview
    assert "Línea 7" in preview and "Línea 6" in preview and "regla 4" in preview
    page.click("#accept")
    page.wait_for_selector("#deck-panel")
    assert page.inner_text("h1") == "Fisión"
    panel = page.inner_text(".validation")
    assert "no es legal" in panel and "duplicate_name" in panel and "regla 4" in panel

    # Fix it with the builder: remove the EXP-010 copy, add Gólem de barro. No page reload.
    page.evaluate("window.sinRecargar = true")
    # The page's first click waits for htmx to have taken the form over: clicked before, the form
    # posts itself and the page reloads (found once in a clean-clone run, the machine busy).
    _until_htmx_has(page, 'li.entry[data-code="EXP-010"] form.change')
    page.click('li.entry[data-code="EXP-010"] button.remove')
    page.wait_for_selector('li.entry[data-code="EXP-010"]', state="detached")
    page.fill("#builder-q", "gólem")
    page.wait_for_selector('#results li.result[data-code="BASE-009"]')
    page.click('#results li.result[data-code="BASE-009"] button.add')
    page.wait_for_selector('.deck-section li.entry[data-code="BASE-009"]')
    assert page.evaluate("window.sinRecargar") is True
    assert "Mazo legal" in page.inner_text(".validation")

    # Export the text, then paste it as a new deck: the same list.
    page.click("#menu-export > summary")  # the exports sit in the "Exportar" menu
    with page.expect_download() as download_info:
        page.click("#export-text")
    path = tmp_path / "mazo.txt"
    download_info.value.save_as(path)
    exported = path.read_text(encoding="utf-8")
    assert "1 Gólem de barro (BASE-009)" in exported and "EXP-010" not in exported
    page.goto(live_server.url + "/mazos/nuevo/")
    page.fill("#id_name", "Reimportado")
    page.fill("#id_text", exported)
    page.click("#review")
    assert "La lista es válida" in page.inner_text(".preview")
    page.click("#accept")
    page.wait_for_selector("#deck-text", state="attached")
    assert page.input_value("#deck-text") == exported

    # Proxies download as a PDF.
    page.click("#menu-export > summary")
    with page.expect_download() as pdf_info:
        page.click("#proxies")
    pdf = tmp_path / "pruebas.pdf"
    pdf_info.value.save_as(pdf)
    assert pdf.read_bytes().startswith(b"%PDF")


def test_a_mision_pair_explained_then_made_legal(live_server, page, catalogue):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("pareja", "p@example.com", "Mazos-de-fision-9")
    page.goto(live_server.url + "/cuenta/login/?next=/mazos/nuevo/")
    page.fill("#id_username", "pareja")
    page.fill("#id_password", "Mazos-de-fision-9")
    page.click("form.stack button[type=submit]")
    page.wait_for_url("**/mazos/nuevo/")
    page.select_option("#id_game", "mision")
    page.fill("#id_name", "Rescate")
    page.fill("#id_text", "Entes:\n1 Capitana Marea\n1 Halcón Centella\n1 Salamandra Ígnea\n"
                          "Elementos:\n2 Gota de rocío\n1 Brasa eterna\n1 Pluma de viento\n1 Titán de Roca\n")
    page.click("#review")
    preview = page.inner_text(".preview")
    assert "wrong_section" in preview and "Titán de Roca" in preview
    page.click("#accept")
    page.wait_for_selector("#deck-panel")
    assert "wrong_section" in page.inner_text(".validation")
    # Take the Ente out of Elementos: now the Entes are too few for the setup.
    page.click('.deck-section[data-section="elements"] li.entry[data-code="SOS1-004"] button.remove')
    page.wait_for_selector('.deck-section[data-section="elements"] [data-code="SOS1-004"]', state="detached")
    panel = page.inner_text(".validation")
    assert "too_few_cards" in panel and "wrong_section" not in panel
    # Add it from the search: the builder puts an Ente under Entes.
    page.fill("#builder-q", "titan")
    page.click('#results li.result[data-code="SOS1-004"] button.add')
    page.wait_for_selector('.deck-section[data-section="entities"] li.entry[data-code="SOS1-004"]')
    assert "Mazo legal" in page.inner_text(".validation")
    assert "Fuerza media de los Entes por mundo" in page.inner_text(".stats-panel")


def _until_htmx_has(page, selector: str, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    """Wait until htmx has processed the element at *selector* (its own data on the element; the
    site's CSP refuses wait_for_function's evaluated strings, evaluate goes through the protocol)."""
    check = f"(() => {{ const e = document.querySelector({selector!r}); return !!(e && e['htmx-internal-data']); }})()"
    for _ in range(int(timeout / 0.05)):
        if page.evaluate(check):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"htmx never took over {selector}")

