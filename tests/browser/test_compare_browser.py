""""Comparar" in a real headless Chromium: from the deck page, two revisions of one deck, the list
diff, the simulated difference in words and charts, then the line it leaves in the deck's history.
Screenshots at 360 and 1366 px in Spanish and English go to /tmp/shots-compare/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from tests.browser.pages import log_in, shoot_full_pages
from tests.factories import eliria_two_revisions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-compare")  # noqa: S108 - where the brief asks for them, to be looked at
PASSWORD = "Mazos-de-fision-9"


@pytest.fixture
def revised_deck(transactional_db, settings):  # type: ignore[no-untyped-def]
    """A deck whose second revision swaps Contraataque de espinas for Marea de vigor."""
    from django.contrib.auth import get_user_model

    settings.SIMULATION_INLINE_BUDGET = 10.0  # the comparison runs in the request
    call_command("load_bundled", stdout=open("/dev/null", "w"))
    user = get_user_model().objects.create_user("comparadora", "c@example.com", PASSWORD)
    return eliria_two_revisions(user)


def test_compare_two_revisions_read_the_diff_and_the_sentence_and_find_it_in_the_history(
        live_server, page, revised_deck):
    deck = revised_deck
    log_in(page, live_server, "comparadora", PASSWORD, f"/mazos/{deck.pk}/")
    page.click("#compare-link")
    page.wait_for_selector(".list-diff")
    diff = page.inner_text(".list-diff")
    assert "+1 Marea de vigor (BASE-043)" in diff and "−1 Contraataque de espinas (BASE-012)" in diff
    assert page.input_value("#diff-text") == "-1 Contraataque de espinas (BASE-012)\n+1 Marea de vigor (BASE-043)\n"

    page.fill("#id_games", "3000")
    page.click("#compare-run")
    page.wait_for_selector("#compare-headline")
    headline = page.inner_text("#compare-headline")
    assert headline.startswith("Con Marea de vigor en lugar de Contraataque de espinas:") and "turno 3" in headline
    assert "IC 95 %" in headline or "sin diferencia medible" in headline
    page.wait_for_selector("figure.uchart.is-drawn")
    # Power: both sides, then B − A; the shares that never differ here (always a combatant) are not drawn.
    assert page.locator("figure.uchart").count() == 2
    shoot_full_pages(page, SHOTS, "compare-es")

    page.goto(f"{live_server.url}/mazos/{deck.pk}/revisiones/")
    note = page.inner_text(".rev-note")
    assert note.startswith("r1 → r2: −Contraataque de espinas +Marea de vigor; poder en el turno 3")
    shoot_full_pages(page, SHOTS, "history-es")

    # Swap suggestions: what in place of Marea de vigor, among the strong combatants.
    page.goto(f"{live_server.url}/mazos/{deck.pk}/")
    page.click("#swaps-link")
    page.select_option("#id_cut", "BASE-043")
    page.fill("#id_query", "t:combat pot>=4")
    page.fill("#id_games", "400")
    page.click("#swaps-run")
    page.wait_for_selector("#swaps-best")
    best = page.locator("#swaps-best li").all_inner_texts()
    assert len(best) == 3 and all(item.startswith("Con ") for item in best)
    shoot_full_pages(page, SHOTS, "swaps-es")

    page.goto(f"{live_server.url}/idioma/en/?next=/mazos/comparar/%3Fdeck%3D{deck.pk}")
    page.wait_for_selector("#compare-headline")  # the kept comparison, shown again
    assert page.inner_text("#compare-headline").startswith("With Marea de vigor instead of Contraataque de espinas:")
    assert "Compare two lists" in page.inner_text("h1")
    page.wait_for_selector("figure.uchart.is-drawn")
    shoot_full_pages(page, SHOTS, "compare-en")
    page.goto(f"{live_server.url}/mazos/sugerencias/?deck={deck.pk}")
    page.select_option("#id_cut", "BASE-043")
    page.fill("#id_query", "t:combat pot>=4")
    page.fill("#id_games", "400")
    page.click("#swaps-run")
    page.wait_for_selector("#swaps-best")
    assert all(item.startswith("With ") for item in page.locator("#swaps-best li").all_inner_texts())
    shoot_full_pages(page, SHOTS, "swaps-en")


def test_a_saved_field_weighs_rivals_and_tells_the_weighted_win_rate(live_server, page, revised_deck):
    from django.contrib.auth import get_user_model

    from cards.models import Card
    from decks.services import deck_import_list

    rival_owner = get_user_model().objects.create_user("rival", "r@example.com", PASSWORD)
    names = sorted({c.name for c in Card.objects.filter(game="eliria", type="combat", current__cross=False)})[-20:]
    rival, _ = deck_import_list(owner=rival_owner, game="eliria", text="Mazo:\n" + "".join(f"1 {n}\n" for n in names),
                                name="Muro de la liga", visibility="public")
    log_in(page, live_server, "comparadora", PASSWORD, "/enfrentamientos/campos/")
    page.fill("#id_name", "Liga del jueves")
    page.fill("#id_games", "4")
    page.click("#new-field button[type=submit]")
    page.wait_for_selector("#add-rival")
    page.select_option("#add-rival select[name=deck]", str(rival.pk))
    page.fill("#add-rival input[name=weight]", "3")
    page.click("#add-rival button[type=submit]")
    page.wait_for_selector(".field-rivals")
    page.select_option("#add-rival select[name=deck]", str(revised_deck.pk))
    page.click("#add-rival button[type=submit]")
    page.wait_for_function("document.querySelectorAll('.field-rivals tbody tr').length === 2")
    page.select_option("#run-field select[name=deck]", str(revised_deck.pk))
    page.click("#field-run")
    page.wait_for_selector(".field-sentence")
    assert "«Espinas» v2 contra el campo:" in page.inner_text(".field-sentence")
    assert "IC 95 %" in page.inner_text(".field-sentence")
    # A change to the deck, then the same field again: the same games, and what the change moved.
    revised_deck.refresh_from_db()
    deck_import_list(owner=revised_deck.owner, game="eliria", text=revised_deck.revisions.get(number=1).text,
                     deck=revised_deck, expected_version=revised_deck.version)
    page.select_option("#run-field select[name=deck]", str(revised_deck.pk))
    page.click("#field-run")
    page.wait_for_selector(".field-change")
    assert page.inner_text(".field-change").startswith("Frente a v2 en las mismas partidas:")
    shoot_full_pages(page, SHOTS, "field-es")
    page.goto(f"{live_server.url}/idioma/en/?next=/enfrentamientos/campos/")
    page.click(".fields-list a")
    page.wait_for_selector(".field-sentence")
    assert "against the field" in page.inner_text(".field-sentence")
    shoot_full_pages(page, SHOTS, "field-en")
