"""The collection in a real headless Chromium: a player imports a collection CSV, opens a deck's
have/need page and sees exactly what is missing, adds a copy with +1 (htmx, no reload), marks
another deck built and sees its cards counted as taken."""

from __future__ import annotations

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CSV = """game,code,edition,quantity,condition,language
eliria,BASE-003,,4,NM,es
eliria,BASE-001,1,1,,
"""
MAIN = "Mazo:\n3 Lobo de ceniza (BASE-003)\n2 Centinela de Ámbar (BASE-001)\n1 Gólem de barro (BASE-009)\n"
SPARE = "Mazo:\n2 Lobo de ceniza (BASE-003)\n"


@pytest.fixture
def collector_with_two_decks(transactional_db):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model

    from tests.factories import deck_from_list

    call_command("load_bundled", stdout=open("/dev/null", "w"))
    user = get_user_model().objects.create_user("coleccionista", "c@example.com", "Cartas-de-ambar-7")
    return user, deck_from_list(user, MAIN, name="Principal"), deck_from_list(user, SPARE, name="Segundo")


def cells(page, code: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    row = page.locator(f'table.have-need tr[data-code="{code}"]')
    return {k: row.locator(f"td.{k}").inner_text().split(" ")[0] for k in ("needed", "owned", "taken", "available", "missing")}


def test_import_a_csv_see_what_is_missing_and_what_a_built_deck_takes(live_server, page, collector_with_two_decks, tmp_path):
    _, main, spare = collector_with_two_decks
    page.goto(live_server.url + "/cuenta/login/?next=/coleccion/importar/")
    page.fill("#id_username", "coleccionista")
    page.fill("#id_password", "Cartas-de-ambar-7")
    page.click("form.stack button[type=submit]")
    page.wait_for_url("**/coleccion/importar/")

    # Import: a preview first, nothing saved; then confirm.
    path = tmp_path / "coleccion.csv"
    path.write_text(CSV, encoding="utf-8")
    page.set_input_files("#id_upload", str(path))
    page.click("#review")
    assert "todavía no se ha guardado nada" in page.inner_text(".preview")
    page.click("#confirm")
    page.wait_for_url("**/coleccion/")
    assert page.locator(".collection-grid .tile").count() == 2
    assert "5 copias de 2 cartas distintas" in page.inner_text(".totals")

    # The deck's have/need: exactly what is missing.
    page.goto(f"{live_server.url}/coleccion/mazo/{main.pk}/")
    assert "Tienes 4 de 6 cartas; te faltan 2." in page.inner_text("#summary")
    assert cells(page, "BASE-003") == {"needed": "3", "owned": "4", "taken": "0", "available": "4", "missing": "0"}
    assert cells(page, "BASE-001")["missing"] == "1"
    assert cells(page, "BASE-009") == {"needed": "1", "owned": "0", "taken": "0", "available": "0", "missing": "1"}

    # +1 on the grid, without reloading the page.
    page.goto(f"{live_server.url}/coleccion/?todo=1&q=code:BASE-009")
    page.evaluate("window.sinRecargar = true")
    page.click('.tile[data-code="BASE-009"] button.plus')
    page.wait_for_selector('.tile[data-code="BASE-009"] .count:text-is("1 copia")')  # no eval: the CSP forbids it
    assert page.evaluate("window.sinRecargar") is True

    # Mark the other deck built: its two Lobos are taken from the first deck's have/need.
    page.goto(f"{live_server.url}/coleccion/mazo/{spare.pk}/")
    page.click('button.switch[title="Marcar como montado"]')  # a switch that shows its state
    page.wait_for_selector(".badge.built")
    assert page.get_attribute('button.switch >> nth=0', "aria-checked") == "true"
    page.goto(f"{live_server.url}/coleccion/mazo/{main.pk}/")
    assert cells(page, "BASE-003") == {"needed": "3", "owned": "4", "taken": "2", "available": "2", "missing": "1"}
    assert "Segundo: 2" in page.locator('tr[data-code="BASE-003"] td.taken').inner_text()
    assert cells(page, "BASE-009")["missing"] == "0"
    summary = page.inner_text("#summary")
    assert "Tienes 4 de 6 cartas; te faltan 2." in summary
    assert "1 de las que faltan las tienes, pero están en otros mazos montados." in summary
