"""Collection API: owner-only; anonymous refused, another player's deck a 404; never content."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from collection.models import CollectionItem
from collection.services import collection_add, deck_set_built
from tests.factories import deck_from_list

pytestmark = pytest.mark.django_db

CSV = "game,code,edition,quantity,condition,language\neliria,TST-001,1,2,NM,es\n"


@pytest.fixture
def me(api_client, player):  # type: ignore[no-untyped-def]
    api_client.force_authenticate(player)
    return api_client


@pytest.mark.parametrize(("method", "url"), [
    ("get", "/api/collection/"), ("post", "/api/collection/add/"), ("post", "/api/collection/remove/"),
    ("post", "/api/collection/import/"), ("get", "/api/collection/export/"), ("get", "/api/collection/shopping/"),
    ("get", "/api/collection/shopping/csv/"), ("get", "/api/collection/decks/1/"), ("post", "/api/collection/decks/1/flags/"),
])
def test_anonymous_requests_are_refused(api_client, mini, method, url):
    response = getattr(api_client, method)(url, {}, format="json")
    assert response.status_code in (401, 403)
    assert set(response.json()) == {"detail"}


def test_add_remove_and_list(me, mini):
    response = me.post("/api/collection/add/", {"game": "eliria", "code": "tst-001", "quantity": 3}, format="json")
    assert response.status_code == 200
    assert response.json() == {"game": "eliria", "code": "TST-001", "quantity": 3, "card_total": 3}
    me.post("/api/collection/add/", {"game": "eliria", "code": "TST-001", "edition": 1, "condition": "LP", "language": "en"}, format="json")
    listed = me.get("/api/collection/").json()
    assert listed["count"] == 2
    assert [(r["code"], r["edition"], r["current"], r["quantity"], r["condition"]) for r in listed["results"]] == [
        ("TST-001", 1, False, 1, "LP"), ("TST-001", 2, True, 3, "")]
    response = me.post("/api/collection/remove/", {"game": "eliria", "code": "TST-001", "quantity": 3}, format="json")
    assert response.json()["card_total"] == 1
    assert me.get("/api/collection/", {"game": "mision"}).json()["count"] == 0


def test_bad_changes_are_400_or_404(me, mini):
    too_many = me.post("/api/collection/remove/", {"game": "eliria", "code": "TST-001"}, format="json")
    assert too_many.status_code == 400 and "No tienes" in too_many.json()["detail"]
    assert too_many.json()["errors"] == []  # the one 400 shape the collection API documents
    assert me.post("/api/collection/add/", {"game": "eliria", "code": "TST-001", "quantity": 0}, format="json").status_code == 400
    assert me.post("/api/collection/add/", {"game": "eliria", "code": "TST-001", "quantity": 10**6}, format="json").status_code == 400
    assert me.post("/api/collection/add/", {"game": "eliria", "code": "TST-001", "edition": 9}, format="json").status_code == 400
    assert me.post("/api/collection/add/", {"game": "eliria", "code": "NOPE"}, format="json").status_code == 404
    assert me.post("/api/collection/add/", {"game": "mision", "code": "TST-001"}, format="json").status_code == 404
    assert me.get("/api/collection/", {"game": "poker"}).status_code == 400
    assert not CollectionItem.objects.exists()


def test_import_csv_and_text_all_or_nothing(me, player, mini):
    bad = me.post("/api/collection/import/", {"format": "csv", "content": CSV + "eliria,NOPE,,1,,\neliria,TST-002,,-1,,\n"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["detail"].startswith("2 errores: no se ha guardado nada. line 3: code: ")
    assert bad.json()["errors"] == [
        {"line": 3, "field": "code", "message": "no existe ninguna carta de Eliria con el código «NOPE»."},
        {"line": 4, "field": "quantity", "message": "-1 copias no es posible: de 1 a 9999."},
    ]
    assert not CollectionItem.objects.exists()
    dry = me.post("/api/collection/import/", {"format": "csv", "content": CSV, "dry_run": True}, format="json")
    assert dry.json()["copies"] == 2 and not CollectionItem.objects.exists()
    ok = me.post("/api/collection/import/", {"format": "csv", "content": CSV}, format="json")
    assert ok.status_code == 200 and ok.json()["created"] == 1
    text = me.post("/api/collection/import/", {"format": "text", "game": "eliria", "content": "2 Gólem de barro"}, format="json")
    assert text.status_code == 200 and text.json()["copies"] == 2
    no_game = me.post("/api/collection/import/", {"format": "text", "content": "2 Gólem de barro"}, format="json")
    assert no_game.status_code == 400
    exported = me.get("/api/collection/export/")
    assert exported["Content-Type"].startswith("text/csv")
    assert exported.content.decode().splitlines() == [
        "game,code,edition,quantity,condition,language,name",
        "eliria,TST-001,1,2,NM,es,Lobo de ceniza",
        "eliria,TST-002,1,2,,,Gólem de barro",
    ]


def test_have_need_of_my_deck_and_404_for_anybody_elses(me, api_client, player, other, mini):
    collection_add(owner=player, card=mini.lobo, delta=3)
    mine = deck_from_list(player, "Mazo:\n4 Lobo de ceniza (TST-001)\n")
    built = deck_from_list(player, "Mazo:\n1 Lobo de ceniza (TST-001)\n", name="Montado")
    deck_set_built(owner=player, deck_id=built.pk, built=True)
    theirs = deck_from_list(other, "Mazo:\n1 Lobo de ceniza (TST-001)\n", name="Secreto", visibility="public")
    data = me.get(f"/api/collection/decks/{mine.pk}/").json()
    assert (data["needed"], data["have"], data["missing"]) == (4, 2, 2)
    assert data["lines"] == [{"section": "main", "code": "TST-001", "name": "Lobo de ceniza", "edition": None,
                              "needed": 4, "owned": 3, "taken": 1, "taken_by": [{"deck": "Montado", "quantity": 1}],
                              "available": 2, "missing": 2}]
    for url in (f"/api/collection/decks/{theirs.pk}/", "/api/collection/decks/999999/"):
        response = me.get(url)
        assert response.status_code == 404
        assert "Secreto" not in response.content.decode() and "Lobo" not in response.content.decode()
    assert me.post(f"/api/collection/decks/{theirs.pk}/flags/", {"built": True}, format="json").status_code == 404
    theirs.refresh_from_db()
    assert not theirs.built


def test_flags_and_shopping(me, player, mini):
    deck = deck_from_list(player, "Mazo:\n2 Gólem de barro (TST-002)\n")
    response = me.post(f"/api/collection/decks/{deck.pk}/flags/", {"built": True, "wanted": True}, format="json")
    assert response.json() == {"built": True, "wanted": True}
    shopping = me.get("/api/collection/shopping/").json()
    assert shopping["decks"] == [deck.pk] and shopping["copies"] == 2
    assert shopping["text"] == {"eliria": "Mazo:\n2 Gólem de barro (TST-002)\n"}
    assert "eliria,TST-002,,2,,,Gólem de barro" in me.get("/api/collection/shopping/csv/").content.decode()


def test_token_authentication(api_client, player, mini):
    token = Token.objects.create(user=player)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api_client.post("/api/collection/add/", {"game": "eliria", "code": "TST-002"}, format="json").status_code == 200


def test_the_routes_are_in_the_schema_with_their_errors(client, db):
    schema = json.loads(client.get("/api/schema/", {"format": "json"}).content)
    paths = schema["paths"]
    for path, method, codes in [
        ("/api/collection/", "get", {"200", "403"}),
        ("/api/collection/add/", "post", {"200", "400", "403", "404"}),
        ("/api/collection/remove/", "post", {"200", "400", "403", "404"}),
        ("/api/collection/import/", "post", {"200", "400", "403"}),
        ("/api/collection/export/", "get", {"200", "403"}),
        ("/api/collection/decks/{id}/", "get", {"200", "403", "404"}),
        ("/api/collection/decks/{id}/flags/", "post", {"200", "400", "403", "404"}),
    ]:
        assert codes <= set(paths[path][method]["responses"]), path


def test_a_10_mb_import_is_refused_clearly(me, mini):
    response = me.post("/api/collection/import/", {"format": "csv", "content": "x" * 10_000_000}, format="json")
    assert response.status_code == 413  # refused by the input gate before the body is read
    assert response.json()["detail"].startswith("El cuerpo JSON ocupa 10.000.0")
    response = me.post("/api/collection/import/", {"format": "csv", "content": "x" * 1_500_000}, format="json")
    assert response.status_code == 400 and "1000000 caracteres" in response.json()["content"][0]
    assert not CollectionItem.objects.exists()
