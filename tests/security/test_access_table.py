"""Every page and endpoint × {anonymous, owner, other player, staff}: the expected status, per cell.

A private deck is invisible to everyone but its owner (404, never its content), including staff
without the editors' rights; a public deck is readable by all and writable only by its owner;
pages that need an account send anonymous visitors to the login page (302) and the API answers
them 401/403. Each row names the method, the path (with {private} / {public} for two decks of the
owner) and the four expected statuses.
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.factories import ELIRIA_LIST, deck_from_list

ROLES = ("anonymous", "owner", "other", "staff")
A, OWNER, X, S = ROLES

# method, path, body, {role: status}
TABLE: list[tuple[str, str, dict | None, tuple[int, int, int, int]]] = [
    # catalogue and rulings: public
    ("GET", "/", None, (200, 200, 200, 200)),
    ("GET", "/cartas/?q=canon", None, (200, 200, 200, 200)),
    ("GET", "/cartas/eliria/BASE-105/", None, (200, 200, 200, 200)),
    ("GET", "/cartas/eliria/BASE-105/cara.png", None, (200, 200, 200, 200)),
    ("GET", "/resoluciones/", None, (200, 200, 200, 200)),
    ("GET", "/resoluciones/1/", None, (200, 200, 200, 200)),
    ("GET", "/goldfish/", None, (200, 200, 200, 200)),
    ("GET", "/api/cards/?q=canon", None, (200, 200, 200, 200)),
    ("GET", "/api/cards/eliria/BASE-105/", None, (200, 200, 200, 200)),
    ("GET", "/api/rulings/1/", None, (200, 200, 200, 200)),
    ("POST", "/api/decks/validate/", {"game": "eliria", "list": "Lobo de ceniza"}, (200, 200, 200, 200)),
    # decks: pages
    ("GET", "/mazos/", None, (302, 200, 200, 200)),
    ("GET", "/mazos/publicos/", None, (200, 200, 200, 200)),
    ("GET", "/mazos/nuevo/", None, (302, 200, 200, 200)),
    ("GET", "/mazos/{private}/", None, (404, 200, 404, 404)),
    ("GET", "/mazos/{public}/", None, (200, 200, 200, 200)),
    ("GET", "/mazos/{private}/revisiones/", None, (404, 200, 404, 404)),
    ("GET", "/mazos/{private}/exportar/text/", None, (404, 200, 404, 404)),
    ("GET", "/mazos/{public}/exportar/csv/", None, (200, 200, 200, 200)),
    ("GET", "/mazos/{private}/pruebas.pdf", None, (404, 200, 404, 404)),
    ("POST", "/mazos/{private}/borrar/", {}, (302, 302, 404, 404)),
    ("POST", "/mazos/{public}/datos/", {"name": "Robado"}, (302, 302, 403, 403)),
    ("POST", "/mazos/{public}/copiar/", {}, (302, 302, 302, 302)),
    # decks: API
    ("GET", "/api/decks/{private}/", None, (404, 200, 404, 404)),
    ("GET", "/api/decks/{public}/", None, (200, 200, 200, 200)),
    ("GET", "/api/decks/{private}/export/?format=json", None, (404, 200, 404, 404)),
    ("PATCH", "/api/decks/{public}/", {"name": "Robado", "version": 1}, (403, 200, 403, 403)),
    ("DELETE", "/api/decks/{private}/?version=1", None, (403, 204, 404, 404)),
    ("POST", "/api/decks/", {"game": "eliria", "name": "Nuevo", "list": ""}, (403, 201, 201, 201)),
    # collection: private to each player
    ("GET", "/coleccion/", None, (302, 200, 200, 200)),
    ("GET", "/coleccion/mazo/{private}/", None, (302, 200, 404, 404)),
    ("GET", "/coleccion/exportar.csv", None, (302, 200, 200, 200)),
    ("GET", "/api/collection/", None, (403, 200, 200, 200)),
    ("GET", "/api/collection/decks/{private}/", None, (403, 200, 404, 404)),
    ("GET", "/api/collection/decks/{public}/", None, (403, 200, 404, 404)),
    # solitaire table, matchups
    ("GET", "/goldfish/mesa/?deck={private}", None, (404, 200, 404, 404)),
    ("GET", "/goldfish/mesa/?deck={public}", None, (200, 200, 200, 200)),
    ("GET", "/enfrentamientos/", None, (200, 200, 200, 200)),
    ("GET", "/enfrentamientos/contra-todos/", None, (302, 200, 200, 200)),
    ("POST", "/api/matchups/", {"game": "mision", "deck_a": "Entes:\nCapitana Marea", "deck_b": "Entes:\nCapitana Marea", "games": 2, "seed": 1}, (200, 200, 200, 200)),
    # accounts and admin
    ("GET", "/cuenta/clave-api/", None, (302, 200, 200, 200)),
    ("GET", "/admin/", None, (302, 302, 302, 200)),
    ("GET", "/admin/decks/deck/", None, (302, 302, 302, 403)),
]


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):  # type: ignore[no-untyped-def]
    """Built once for the whole table (each test's own writes roll back); emptied at the end."""
    with django_db_blocker.unblock():
        call_command("load_bundled", stdout=io.StringIO())
        data = _world()
        yield data
        call_command("flush", "--noinput", verbosity=0)


def _world() -> dict:
    owner = User.objects.create_user("duena", password="x-x-x-x-1")
    other = User.objects.create_user("otro", password="x-x-x-x-1")
    staff = User.objects.create_user("personal", password="x-x-x-x-1", is_staff=True)
    private = deck_from_list(owner, ELIRIA_LIST, name="Secreto", visibility="private")
    public = deck_from_list(owner, ELIRIA_LIST, name="Abierto", visibility="public")
    return {"users": {OWNER: owner, X: other, S: staff}, "private": private, "public": public}


def _request(role: str, world: dict, method: str, path: str, body: dict | None):  # type: ignore[no-untyped-def]
    client = APIClient()
    if role != A:
        client.force_login(world["users"][role])
        client.handler.enforce_csrf_checks = False
    path = path.format(private=world["private"].pk, public=world["public"].pk)
    send = getattr(client, method.lower())
    if path.startswith("/api/"):
        return send(path, body, format="json") if body is not None else send(path)
    return send(path, body) if body is not None else send(path)


@pytest.mark.django_db
@pytest.mark.parametrize("method, path, body, expected", TABLE, ids=[f"{m} {p}" for m, p, _, _ in TABLE])
@pytest.mark.parametrize("role", ROLES)
def test_access(world, role, method, path, body, expected):
    response = _request(role, world, method, path, body)
    assert response.status_code == expected[ROLES.index(role)], response.content[:300]
    if response.status_code == 404 and "{private}" in path:
        assert b"Secreto" not in response.content  # never the content


API_READS = [(m, p, b, e) for m, p, b, e in TABLE if m == "GET" and p.startswith("/api/")]


@pytest.mark.django_db
@pytest.mark.parametrize("method, path, body, expected", API_READS, ids=[p for _, p, _, _ in API_READS])
def test_a_token_answer_never_reaches_the_anonymous_through_the_shared_cache(world, method, path, body, expected):
    """The owner's token requests, repeated, then the same URL anonymously: the anonymous status,
    never the owner's answer from the cache (the attack of finding H1)."""
    from rest_framework.authtoken.models import Token

    token = Token.objects.get_or_create(user=world["users"][OWNER])[0]
    owner = APIClient()
    owner.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    url = path.format(private=world["private"].pk, public=world["public"].pk)
    for _ in range(3):
        assert owner.get(url).status_code == expected[ROLES.index(OWNER)]
    anonymous = APIClient().get(url)
    assert anonymous.status_code == expected[ROLES.index(A)]
    assert anonymous.get("X-Cache") != "hit" or expected[ROLES.index(A)] == expected[ROLES.index(OWNER)]
    if expected[ROLES.index(A)] != 200:
        assert b"Secreto" not in anonymous.content
