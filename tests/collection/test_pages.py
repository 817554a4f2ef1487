"""Collection pages: grid with +1/−1 (htmx), import preview then confirm, have/need, switches,
shopping list, set completion, downloads. Only for the signed-in player's own things."""

from __future__ import annotations

import base64

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from collection.models import CollectionItem, WantedDeck
from collection.selectors import items_of
from collection.services import collection_add
from tests.factories import EditionFactory, deck_from_list

pytestmark = pytest.mark.django_db

CSV = "game,code,edition,quantity,condition,language\neliria,TST-001,,2,,\neliria,TST-002,,1,,\n"


@pytest.fixture
def logged(client, player):  # type: ignore[no-untyped-def]
    client.force_login(player)
    return client


@pytest.mark.parametrize("url", ["/coleccion/", "/coleccion/importar/", "/coleccion/exportar.csv",
                                 "/coleccion/compras/", "/coleccion/expansiones/", "/coleccion/datos/",
                                 "/coleccion/mazo/1/", "/coleccion/datos/descargar.json"])
def test_pages_need_a_player(client, db, url):
    response = client.get(url)
    assert response.status_code == 302 and "/cuenta/" in response["Location"]


def test_the_grid_shows_what_i_own_and_everything_on_request(logged, player, mini):
    collection_add(owner=player, card=mini.lobo, delta=2)
    page = logged.get("/coleccion/").content.decode()
    assert "Lobo de ceniza" in page and "2 copias" in page and "Gólem de barro" not in page
    assert 'src="/cartas/eliria/TST-001/cara.png"' in page
    everything = logged.get("/coleccion/", {"todo": "1", "game": "eliria", "q": "t:combat"}).content.decode()
    assert "Gólem de barro" in everything and "Token de fisión" not in everything
    assert logged.get("/coleccion/", {"q": "pot>="}).status_code == 400


def test_plus_one_with_htmx_answers_the_counter_and_without_redirects(logged, player, mini):
    response = logged.post("/coleccion/cambiar/", {"card": mini.golem.pk, "delta": 1, "next": "/coleccion/?todo=1"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert f'id="owned-{mini.golem.pk}"' in response.content.decode() and "1 copia" in response.content.decode()
    response = logged.post("/coleccion/cambiar/", {"card": mini.golem.pk, "delta": -1, "next": "/coleccion/?todo=1"})
    assert response.status_code == 302 and response["Location"] == "/coleccion/?todo=1"
    assert not CollectionItem.objects.exists()
    refused = logged.post("/coleccion/cambiar/", {"card": mini.golem.pk, "delta": -1}, HTTP_HX_REQUEST="true")
    assert "No tienes ninguna copia" in refused.content.decode()
    evil = logged.post("/coleccion/cambiar/", {"card": mini.golem.pk, "delta": 1, "next": "https://evil.example/"})
    assert evil["Location"] == "/coleccion/carta/eliria/TST-002/"


def test_the_card_page_adds_an_edition_with_condition_and_language(logged, player, mini):
    old = mini.lobo.editions.get(edition=1)
    logged.post("/coleccion/cambiar/", {"card": mini.lobo.pk, "edition": old.pk, "condition": "MP", "language": "EN", "delta": 3})
    page = logged.get("/coleccion/carta/eliria/TST-001/").content.decode()
    assert "Tienes 3 copias" in page and "Jugada (MP)" in page
    assert [(i.edition.edition, i.condition, i.language, i.quantity) for i in items_of(player)] == [(1, "MP", "en", 3)]


def test_import_preview_saves_nothing_until_confirmed(logged, player, mini):
    upload = SimpleUploadedFile("c.csv", CSV.encode(), content_type="text/csv")
    preview = logged.post("/coleccion/importar/", {"mode": "add", "upload": upload})
    html = preview.content.decode()
    assert preview.status_code == 200 and "todavía no se ha guardado nada" in html and "3 copias" in html
    assert not CollectionItem.objects.exists()
    form = preview.context["preview"]
    data = {"confirm": "1", "kind": form["kind"], "game": "", "mode": "add", "content": form["content"],
            "fingerprint": form["fingerprint"]}
    tampered = logged.post("/coleccion/importar/", {**data, "content": base64.b64encode(CSV.replace(",2,", ",9,").encode()).decode()})
    assert tampered.status_code == 302 and not CollectionItem.objects.exists()
    done = logged.post("/coleccion/importar/", data)
    assert done.status_code == 302 and done["Location"] == "/coleccion/"
    assert sum(i.quantity for i in items_of(player)) == 3


def test_import_errors_are_shown_by_line(logged, mini):
    response = logged.post("/coleccion/importar/", {"mode": "add", "game": "eliria", "text": "1 Nadie\n"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "no se ha guardado nada" in html
    assert 'Línea 1</strong> · <span class="problem-field">carta</span>: no existe ninguna carta llamada «Nadie».' in html
    assert not CollectionItem.objects.exists()


def test_a_10_mb_upload_is_refused_clearly(logged, mini):
    big = SimpleUploadedFile("big.csv", b"game,code,edition,quantity\n" + b"eliria,TST-001,,1\n" * 600_000)
    response = logged.post("/coleccion/importar/", {"mode": "add", "upload": big})
    assert "El archivo ocupa 10.8 MB y el máximo es 1 MB" in response.content.decode()
    assert not CollectionItem.objects.exists()


def test_export_csv_download(logged, player, mini):
    collection_add(owner=player, card=mini.lobo, delta=2)
    response = logged.get("/coleccion/exportar.csv")
    assert response["Content-Disposition"] == 'attachment; filename="coleccion.csv"'
    assert response.content.decode().splitlines()[1] == "eliria,TST-001,2,2,,,Lobo de ceniza"


def test_have_need_page_and_switches(logged, player, other, mini):
    collection_add(owner=player, card=mini.lobo, delta=3)
    deck = deck_from_list(player, "Mazo:\n4 Lobo de ceniza (TST-001)\n", name="Principal")
    spare = deck_from_list(player, "Mazo:\n2 Lobo de ceniza (TST-001)\n", name="Segundo")
    page = logged.get(f"/coleccion/mazo/{deck.pk}/").content.decode()
    assert "Tienes 3 de 4 cartas; te faltan 1." in page
    response = logged.post(f"/coleccion/mazo/{spare.pk}/montado/", {"value": "on", "next": f"/coleccion/mazo/{deck.pk}/"})
    assert response.status_code == 302 and response["Location"] == f"/coleccion/mazo/{deck.pk}/"
    page = logged.get(f"/coleccion/mazo/{deck.pk}/").content.decode()
    assert "Tienes 1 de 4 cartas; te faltan 3." in page and "Segundo: 2" in page
    assert logged.get(f"/coleccion/mazo/{deck.pk}/faltan.txt").content.decode() == "Mazo:\n3 Lobo de ceniza (TST-001)\n"
    logged.post(f"/coleccion/mazo/{deck.pk}/deseado/", {"value": "on"})
    assert WantedDeck.objects.filter(deck=deck).exists()
    shopping = logged.get("/coleccion/compras/").content.decode()
    assert "Te faltan 3 copias" in shopping and "Principal" in shopping
    assert logged.get("/coleccion/compras/descargar/eliria/").content.decode() == "Mazo:\n3 Lobo de ceniza (TST-001)\n"
    assert logged.get("/coleccion/compras/descargar/poker/").status_code == 404


def test_another_players_deck_is_a_404_everywhere(logged, other, mini):
    theirs = deck_from_list(other, "Mazo:\n1 Lobo de ceniza (TST-001)\n", name="Ajeno", visibility="public")
    for url in (f"/coleccion/mazo/{theirs.pk}/", f"/coleccion/mazo/{theirs.pk}/faltan.txt"):
        assert logged.get(url).status_code == 404
    for url in (f"/coleccion/mazo/{theirs.pk}/montado/", f"/coleccion/mazo/{theirs.pk}/deseado/"):
        assert logged.post(url, {"value": "on"}).status_code == 404
    theirs.refresh_from_db()
    assert not theirs.built and not WantedDeck.objects.exists()


def test_set_completion_page_has_a_chart(logged, player, mini):
    collection_add(owner=player, card=mini.lobo, delta=1)
    page = logged.get("/coleccion/expansiones/").content.decode()
    assert "class=\"uchart\"" in page and "1 / 4" in page and "25%" in page and "Combate 1/3" in page


def test_pager_links_keep_the_whole_catalogue_switch(logged, db):
    for _ in range(25):
        EditionFactory()
    html = logged.get("/coleccion/", {"q": "", "todo": "1", "per_page": 24}).content.decode()
    assert 'rel="next" href="?q=&amp;todo=1&amp;per_page=24&amp;page=2"' in html
