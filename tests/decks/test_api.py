"""Decks API: the access table, CRUD through the services, stale saves, export by format."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import resolve
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from decks import api_validate
from decks.models import Deck, Visibility
from tests.factories import ELIRIA_LIST, UserFactory, deck_from_list

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def owner(db):  # type: ignore[no-untyped-def]
    return UserFactory(username="duena")


@pytest.fixture
def decks(bundled, owner):  # type: ignore[no-untyped-def]
    return {vis: deck_from_list(owner, name=f"Mazo {vis}", visibility=vis) for vis in Visibility.values}


def client_for(who: str, owner) -> APIClient:  # type: ignore[no-untyped-def]
    client = APIClient()
    if who == "owner":
        client.force_authenticate(owner)
    elif who == "other":
        client.force_authenticate(UserFactory(username="otro"))
    return client


# who × visibility -> status of GET /api/decks/<id>/ and of GET /api/decks/shared/<slug>/
ACCESS = [
    ("anonymous", "private", 404, 404),
    ("anonymous", "unlisted", 404, 200),
    ("anonymous", "public", 200, 200),
    ("owner", "private", 200, 200),
    ("owner", "unlisted", 200, 200),
    ("owner", "public", 200, 200),
    ("other", "private", 404, 404),
    ("other", "unlisted", 404, 200),
    ("other", "public", 200, 200),
]


@pytest.mark.parametrize(("who", "visibility", "by_id", "by_slug"), ACCESS)
def test_read_access_table(decks, owner, who, visibility, by_id, by_slug):
    client = client_for(who, owner)
    deck = decks[visibility]
    response = client.get(f"/api/decks/{deck.pk}/")
    assert response.status_code == by_id
    if by_id == 404:
        assert deck.name not in response.content.decode()  # never the content
    else:
        assert response.json()["name"] == deck.name
    assert client.get(f"/api/decks/shared/{deck.slug}/").status_code == by_slug
    export = client.get(f"/api/decks/{deck.pk}/export/?format=text")
    assert export.status_code == by_id


# who × visibility -> status of PATCH and DELETE
WRITES = [
    ("anonymous", "private", {401, 403, 404}),
    ("anonymous", "public", {401, 403}),
    ("other", "private", {404}),
    ("other", "unlisted", {404}),
    ("other", "public", {403}),
    ("owner", "public", {200}),
]


@pytest.mark.parametrize(("who", "visibility", "expected"), WRITES)
def test_write_access_table(decks, owner, who, visibility, expected):
    client = client_for(who, owner)
    deck = decks[visibility]
    response = client.patch(f"/api/decks/{deck.pk}/", {"name": "Mío", "version": deck.version}, format="json")
    assert response.status_code in expected
    deleted = client.delete(f"/api/decks/{deck.pk}/")
    assert deleted.status_code in (expected - {200}) | ({204} if who == "owner" else set())
    assert Deck.objects.filter(pk=deck.pk).exists() == (who != "owner")
    if who != "owner":
        assert Deck.objects.get(pk=deck.pk).name == deck.name


def test_list_shows_my_decks_or_the_public_ones(decks, owner):
    other = UserFactory(username="otro")
    deck_from_list(other, name="Ajeno público", visibility="public")
    deck_from_list(other, name="Ajeno privado")
    mine = client_for("owner", owner).get("/api/decks/").json()
    assert {d["name"] for d in mine["results"]} == {"Mazo private", "Mazo unlisted", "Mazo public"}
    public = APIClient().get("/api/decks/").json()
    assert {d["name"] for d in public["results"]} == {"Mazo public", "Ajeno público"}
    assert public["results"][0]["cards"] == 7
    found = APIClient().get("/api/decks/?scope=public&q=ajeno PUBLICO").json()
    assert [d["name"] for d in found["results"]] == ["Ajeno público"]
    assert APIClient().get("/api/decks/?scope=mine").status_code in (401, 403)
    assert APIClient().get("/api/decks/?scope=todo").status_code == 400


def test_create_from_a_list_and_read_it_back(bundled, owner):
    client = client_for("owner", owner)
    response = client.post("/api/decks/", {"game": "eliria", "name": "Por API", "list": ELIRIA_LIST}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["version"] == 1 and body["visibility"] == "private" and body["owner"] == "duena"
    assert body["validation"] == {"valid": True, "errors": [], "warnings": [], "sections": {"main": 6, "tokens": 1}}
    assert {"section": "tokens", "code": "BASE-109", "name": "Token de fisión", "quantity": 1,
            "edition": None, "edition_outdated": False} in body["entries"]
    assert body["list"].startswith("Mazo:\n")


def test_create_refuses_lines_that_are_not_cards_and_says_which(bundled, owner):
    client = client_for("owner", owner)
    text = "Mazo:\n1 Lobo de ceniza\n2 Carta inventada\n"
    response = client.post("/api/decks/", {"game": "eliria", "name": "Malo", "list": text}, format="json")
    assert response.status_code == 400
    errors = response.json()["validation"]["errors"]
    assert [(e["code"], e["line"]) for e in errors] == [("unknown_card", 3)]
    assert not Deck.objects.exists()


def test_create_from_entries_with_a_pinned_edition(bundled, owner):
    client = client_for("owner", owner)
    entries = [{"section": "main", "code": "BASE-105", "quantity": 1, "edition": 1},
               {"section": "main", "code": "base-001"}]
    response = client.post("/api/decks/", {"game": "eliria", "name": "Fijado", "entries": entries}, format="json")
    assert response.status_code == 201, response.content
    pinned = next(e for e in response.json()["entries"] if e["code"] == "BASE-105")
    assert pinned["edition"] == 1 and pinned["edition_outdated"] is True
    bad = client.post("/api/decks/", {"game": "eliria", "name": "X",
                                      "entries": [{"section": "main", "code": "SOS1-001"}]}, format="json")
    assert bad.status_code == 400 and "SOS1-001" in bad.json()["entries"][0]


def test_a_stale_update_answers_409_and_writes_nothing(decks, owner):
    client = client_for("owner", owner)
    deck = decks["private"]
    first = client.patch(f"/api/decks/{deck.pk}/", {"version": 1, "list": "Lobo de ceniza"}, format="json")
    assert first.status_code == 200 and first.json()["version"] == 2
    stale = client.patch(f"/api/decks/{deck.pk}/", {"version": 1, "name": "Pisado"}, format="json")
    assert stale.status_code == 409
    assert "cambió desde que lo abriste" in stale.json()["detail"] and stale.json()["version"] == 2
    assert Deck.objects.get(pk=deck.pk).name == "Mazo private"
    missing = client.patch(f"/api/decks/{deck.pk}/", {"name": "Sin versión"}, format="json")
    assert missing.status_code == 400 and "version" in missing.json()
    other_game = client.patch(f"/api/decks/{deck.pk}/", {"version": 2, "game": "mision"}, format="json")
    assert other_game.status_code == 400


def test_export_by_format(decks, owner):
    client = client_for("owner", owner)
    deck = decks["private"]
    text = client.get(f"/api/decks/{deck.pk}/export/?format=text")
    assert text.status_code == 200 and text["Content-Type"].startswith("text/plain")
    assert "1 Token de fisión (BASE-109)" in text.content.decode()
    rows = list(csv.reader(io.StringIO(client.get(f"/api/decks/{deck.pk}/export/?format=csv").content.decode())))
    assert rows[0] == ["section", "quantity", "code", "name"] and len(rows) == 8
    data = client.get(f"/api/decks/{deck.pk}/export/?format=json").json()
    assert data["game"] == "eliria" and len(data["sections"]["main"]) == 6
    assert client.get(f"/api/decks/{deck.pk}/export/").status_code == 200
    assert client.get(f"/api/decks/{deck.pk}/export/?format=xml").status_code == 400


def test_token_authentication(decks, owner):
    token = Token.objects.create(user=owner)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.get(f"/api/decks/{decks['private'].pk}/").status_code == 200
    client.credentials(HTTP_AUTHORIZATION="Token nope")
    assert client.get(f"/api/decks/{decks['private'].pk}/").status_code in (401, 403)


def test_the_validate_route_is_not_shadowed_by_the_deck_routes():
    assert resolve("/api/decks/validate/").func.__name__ == api_validate.validate_deck.__name__
    assert resolve("/api/decks/12/").url_name == "deck-detail"


def test_the_schema_documents_the_deck_routes(db):
    schema = APIClient().get("/api/schema/?format=json").json()
    assert {"/api/decks/", "/api/decks/{id}/", "/api/decks/{id}/export/"} <= set(schema["paths"])


def test_a_huge_list_is_refused_with_a_message(bundled, owner):
    client = client_for("owner", owner)
    response = client.post("/api/decks/", {"game": "eliria", "name": "Enorme", "list": "x" * 1_000_000}, format="json")
    assert response.status_code == 400 and "list" in response.json()
    assert not Deck.objects.exists()
