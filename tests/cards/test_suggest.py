"""«¿Quisiste decir…?» (issue 25): one function (cards.suggest) for the builder, the catalogue page,
the deck importer and validation API, and the collection importer; each with a one-click fix."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cards.suggest import near_names, suggest_names
from cards.validation import use_suggestion
from collection.models import CollectionItem
from decks.models import Deck
from tests.factories import CardFactory, EditionFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(db) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(UserFactory(username="sugiere"))
    return client


# ---------------------------------------------------------------- the one function
def test_a_misspelt_name_suggests_the_nearest_names_of_the_game(bundled):
    assert suggest_names("defensa finl", game="eliria")[0] == "Defensa final"
    assert suggest_names("Cañon del sacrifico", game="eliria") == ["Cañón del sacrificio"]
    assert suggest_names("CANON DEL SACRIFICO", game=None) == ["Cañón del sacrificio"]  # both games


def test_one_misspelt_word_of_a_longer_name_is_found_word_by_word(bundled):
    assert "Cañón del sacrificio" in suggest_names("sacrifico", game="eliria")


def test_no_suggestions_for_search_syntax_or_another_game(bundled):
    assert near_names("t:combat", game="eliria") == []
    assert near_names('"defensa finl"', game="eliria") == []
    assert suggest_names("defensa finl", game="mision") == []  # an Eliria card


def test_a_card_saved_now_is_suggested_at_once(bundled):
    assert "Quimera estelar" not in suggest_names("quimera estelr", game="eliria")
    EditionFactory(card=CardFactory(code="SUG-001", name="Quimera estelar"))
    assert suggest_names("quimera estelr", game="eliria")[0] == "Quimera estelar"


def test_use_suggestion_replaces_only_that_line_and_keeps_the_quantity():
    text = "Mazo:\r\n3 Cañon del sacrifico (BASE-999)\r\n1 Lobo de ceniza\r\n"
    fixed = use_suggestion(text, "eliria", 2, "Cañón del sacrificio")
    assert fixed.split("\n")[:3] == ["Mazo:", "3 Cañón del sacrificio", "1 Lobo de ceniza"]
    assert use_suggestion(text, "eliria", 1, "X") == text  # a header is not a card line
    assert use_suggestion(text, "eliria", 99, "X") == text


# ---------------------------------------------------------------- the catalogue page
def test_catalogue_with_no_results_links_the_nearest_names(bundled, client):
    html = client.get("/cartas/", {"q": "defensa finl"}).content.decode()
    assert "¿Quisiste decir…?" in html
    assert 'class="suggestion" href="?q=Defensa%20final"' in html
    # The link runs the corrected search, which opens the card (one match).
    follow = client.get("/cartas/", {"q": "Defensa final"}, follow=True)
    assert follow.redirect_chain and follow.redirect_chain[-1][0].endswith("/cartas/eliria/BASE-011/")


def test_catalogue_keeps_the_game_in_the_suggestion(bundled, client):
    html = client.get("/cartas/", {"q": "defensa finl", "game": "eliria"}).content.decode()
    assert 'href="?game=eliria&amp;q=Defensa%20final"' in html


def test_catalogue_suggests_nothing_for_a_query_in_the_syntax(bundled, client):
    html = client.get("/cartas/", {"q": "pot>11 t:combat"}).content.decode()
    assert "¿Quisiste decir…?" not in html


# ---------------------------------------------------------------- deck import and the API
def test_deck_import_preview_offers_the_fix_and_one_click_replaces_the_line(bundled, signed_in):
    form = {"game": "eliria", "name": "Nuevo", "visibility": "private",
            "text": "Mazo:\n1 Lobo de ceniza\n2 Cañon del sacrifico\n"}
    html = signed_in.post("/mazos/nuevo/", form).content.decode()
    assert "¿Quisiste decir…?" in html
    assert 'name="use" value="3|Cañón del sacrificio"' in html and "usar «Cañón del sacrificio»" in html
    fixed = signed_in.post("/mazos/nuevo/", {**form, "use": "3|Cañón del sacrificio"})
    preview = fixed.context["preview"]
    assert not preview["unreadable"]  # the line now names a card: nothing left out
    assert "2 Cañón del sacrificio" in fixed.context["form"]["text"].value()
    assert not Deck.objects.exists()  # a fix reviews again; it saves nothing


def test_validate_api_adds_suggestions_to_unknown_card_and_keeps_the_contract(bundled, api_client):
    body = api_client.post("/api/decks/validate/", {"game": "eliria", "list": "Mazo:\n2 Cañon del sacrifico\n1 Zzzq\n"},
                           format="json").json()
    unknown = [e for e in body["errors"] if e["code"] == "unknown_card"]
    assert [(e["line"], e["suggestions"]) for e in unknown] == [(2, ["Cañón del sacrificio"]), (3, [])]
    assert set(unknown[0]) == {"code", "rule", "line", "cards", "message", "suggestions"}
    assert unknown[0]["message"] == "Línea 2: no existe ninguna carta llamada «Cañon del sacrifico»."


def test_only_the_first_unknown_lines_are_looked_up(bundled, api_client):
    from cards.validation import MAX_SUGGESTED_LINES

    text = "Mazo:\n" + "1 Defensa finl\n" * (MAX_SUGGESTED_LINES + 5)
    body = api_client.post("/api/decks/validate/", {"game": "eliria", "list": text}, format="json").json()
    suggested = [bool(e["suggestions"]) for e in body["errors"] if e["code"] == "unknown_card"]
    assert suggested == [True] * MAX_SUGGESTED_LINES + [False] * 5


def test_deck_create_api_refusal_carries_the_suggestions(bundled, api_client):
    api_client.force_authenticate(UserFactory(username="api-sugiere"))
    response = api_client.post("/api/decks/", {"game": "eliria", "name": "X", "list": "Mazo:\n2 Defensa finl\n"},
                               format="json")
    assert response.status_code == 400
    errors = response.json()["validation"]["errors"]
    assert errors[0]["code"] == "unknown_card" and errors[0]["suggestions"][0] == "Defensa final"


# ---------------------------------------------------------------- collection import
def test_collection_import_suggests_and_one_click_replaces_the_line(bundled, signed_in):
    form = {"mode": "add", "game": "eliria", "text": "1 Lobo de ceniza\n2 Cañon del sacrifico\n"}
    rejected = signed_in.post(reverse("collection:import"), form)
    html = rejected.content.decode()
    # The preview lists every line (a bad one with its suggestion) and saves nothing.
    assert rejected.status_code == 200 and not CollectionItem.objects.exists()
    assert 'name="use" value="2|Cañón del sacrificio"' in html
    fixed = signed_in.post(reverse("collection:import"), {**form, "use": "2|Cañón del sacrificio"})
    assert fixed.status_code == 200 and fixed.context["preview"]["summary"].copies == 3
    assert not CollectionItem.objects.exists()  # still a preview: confirming saves


def test_collection_import_api_problem_names_the_suggestion(bundled, api_client):
    api_client.force_authenticate(UserFactory(username="api-coleccion"))
    response = api_client.post("/api/collection/import/",
                               {"format": "text", "game": "eliria", "content": "2 Defensa finl\n"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == [{
        "line": 1, "field": "card", "message": "no existe ninguna carta llamada «Defensa finl».",
        "suggestions": ["Defensa final"],
    }]
