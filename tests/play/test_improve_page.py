"""«Mejorar el mazo»: the deck page links to it, the search is told in words with the verified
headline and why to trust it, a big search is a run the page polls, and only the deck's owner may
save the best deck as a new revision noted with the steps."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from decks.models import DeckRevision
from play.models import SimulationRun
from play.runs.worker import execute_chunk
from tests.factories import deck_from_list
from tests.play.test_improve_api import weak_eliria

URL = reverse("play:improve")
SAVE = reverse("play:improve-save")
FORM = {"field": "mean_power_max", "turn": 6, "pool": "catalogue", "budget": 4000, "seed": 3}


@pytest.fixture
def weak_deck(bundled, player):  # type: ignore[no-untyped-def]
    return deck_from_list(player, weak_eliria(), name="Débil")


@pytest.mark.django_db
def test_the_deck_page_links_to_it_and_strangers_see_no_private_deck(client, weak_deck, other):
    client.force_login(weak_deck.owner)
    page = client.get(weak_deck.get_absolute_url())
    assert f'{URL}?deck={weak_deck.pk}' in page.content.decode()
    assert client.get(URL, {"deck": weak_deck.pk}).status_code == 200
    client.force_login(other)
    assert client.get(URL, {"deck": weak_deck.pk}).status_code == 404
    client.logout()
    assert client.get(URL, {"deck": weak_deck.pk}).status_code == 404


@pytest.mark.django_db
def test_the_search_is_told_in_words_and_the_owner_saves_it_as_a_revision(client, weak_deck, other):
    client.force_login(weak_deck.owner)
    page = client.post(f"{URL}?deck={weak_deck.pk}", {**FORM, "keep": ["BASE-009"]})
    html = page.content.decode()
    assert page.status_code == 200
    assert 'id="improve-headline"' in html and "Verificado en" in html and "maldición del ganador" in html
    assert "Paso 1: fuera" in html and 'id="improve-save"' in html
    context = page.context
    best, note = context["result"]["best"]["list"], context["note"]
    assert note.startswith("Mejorar el mazo") and len(note) <= 200
    client.force_login(other)  # not theirs: nothing is saved
    assert client.post(f"{SAVE}?deck={weak_deck.pk}", {"list": best, "note": note,
                                                       "version": weak_deck.version}).status_code == 404
    client.force_login(weak_deck.owner)
    saved = client.post(f"{SAVE}?deck={weak_deck.pk}", {"list": best, "note": note, "version": weak_deck.version})
    assert saved.status_code == 302
    revision = DeckRevision.objects.filter(deck=weak_deck).order_by("-number").first()
    assert revision.note == note
    assert "Gólem de barro" in revision.text
    stale = client.post(f"{SAVE}?deck={weak_deck.pk}", {"list": best, "note": note, "version": weak_deck.version})
    assert stale.status_code == 400  # the deck moved on since: nothing saved twice


@pytest.mark.django_db
def test_a_visitor_may_search_a_public_deck_but_not_save_it(client, bundled, player):
    deck = deck_from_list(player, weak_eliria(), name="Público", visibility="public")
    page = client.post(f"{URL}?deck={deck.pk}", FORM)
    assert page.status_code == 200 and 'id="improve-headline"' in page.content.decode()
    assert 'id="improve-save"' not in page.content.decode()
    assert client.post(f"{SAVE}?deck={deck.pk}", {"list": "x", "version": 1}).status_code == 404


@pytest.mark.django_db
def test_a_big_search_is_a_run_the_page_polls(client, weak_deck, settings):
    settings.SIMULATION_INLINE_BUDGET = 0.0001
    client.force_login(weak_deck.owner)
    queued = client.post(f"{URL}?deck={weak_deck.pk}", FORM)
    assert queued.status_code == 302 and "run=" in queued["Location"]
    run = SimulationRun.objects.get(kind="improve")
    assert execute_chunk(run.pk, 0, "test") == "done"
    page = client.get(queued["Location"])
    assert 'id="improve-headline"' in page.content.decode()


@pytest.mark.django_db
def test_bad_form_input_is_said_on_the_page(client, weak_deck):
    client.force_login(weak_deck.owner)
    page = client.post(f"{URL}?deck={weak_deck.pk}", {**FORM, "budget": 10, "pool": "collection"})
    assert page.status_code == 200 and page.context["form"].errors["budget"]
    page = client.post(f"{URL}?deck={weak_deck.pk}", {**FORM, "pool": "collection"})  # owns none of it
    assert "copias" in " ".join(page.context["errors"])


@pytest.mark.django_db
def test_against_a_saved_field_the_page_searches_for_wins(client, weak_deck, settings):
    from play.compare.fields import saved_field_create, saved_field_set_rival

    owner = weak_deck.owner
    field = saved_field_create(owner=owner, name="Mi metajuego", game="eliria")
    saved_field_set_rival(field=field, actor=owner, deck=deck_from_list(owner, weak_eliria(), name="Rival"), weight=1)
    settings.SIMULATION_INLINE_BUDGET = 0.0001
    client.force_login(owner)
    page = client.get(URL, {"deck": weak_deck.pk})
    assert "Mi metajuego" in page.content.decode()
    queued = client.post(f"{URL}?deck={weak_deck.pk}", {**FORM, "budget": 1000, "against": field.pk})
    assert queued.status_code == 302
    run = SimulationRun.objects.get(kind="improve")
    assert run.private and run.params["against"]["field"] == field.pk
    assert execute_chunk(run.pk, 0, "test") == "done"
    html = client.get(queued["Location"]).content.decode()
    assert "victorias contra el campo" in html


@pytest.mark.django_db
def test_a_running_search_shows_the_steps_found_so_far(client, weak_deck, settings):
    settings.SIMULATION_INLINE_BUDGET = 0.0001
    client.force_login(weak_deck.owner)
    queued = client.post(f"{URL}?deck={weak_deck.pk}", FORM)
    run = SimulationRun.objects.get(kind="improve")
    step = {"cut": ["BASE-009"], "add": ["EXP-004"], "cut_name": "Gólem de barro", "add_name": "Hidra de la ciénaga",
            "delta": 0.5, "ci95": [0.4, 0.6], "games": 480}
    SimulationRun.objects.filter(pk=run.pk).update(found_json=json.dumps([step]))
    html = client.get(queued["Location"]).content.decode()
    assert "Paso 1: fuera Gólem de barro, dentro Hidra de la ciénaga" in html
    status = client.get(reverse("api:run", args=[run.pk])).json()
    assert status["found"][0]["add"] == ["EXP-004"]
