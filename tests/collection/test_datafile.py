"""«Download my data» and its import into a fresh account: round trip, all-or-nothing."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from collection.datafile import FORMAT, data_export, data_import, data_loads
from collection.imports import ImportRejected
from collection.models import CollectionItem
from collection.services import collection_import_csv, deck_set_built, deck_set_wanted
from decks.models import Deck, DeckEntry
from tests.factories import ELIRIA_LIST, MISION_LIST, UserFactory, deck_from_list

pytestmark = pytest.mark.django_db


def comparable(doc):  # type: ignore[no-untyped-def]
    return {k: v for k, v in doc.items() if k not in ("exported", "user")}


def test_export_then_import_into_a_fresh_account_gives_the_same_data(bundled, player):
    eliria = deck_from_list(player, ELIRIA_LIST, name="Fisión", description="Mi primer mazo", visibility="public")
    mision = deck_from_list(player, MISION_LIST, game="mision", name="Mareas")
    canon = DeckEntry.objects.get(deck=eliria, card__code="BASE-105")
    canon.edition = canon.card.editions.get(edition=1)  # a pin survives too
    canon.save()
    deck_set_built(owner=player, deck_id=eliria.pk, built=True)
    deck_set_wanted(owner=player, deck_id=mision.pk, wanted=True)
    collection_import_csv(owner=player, text=(
        "game,code,edition,quantity,condition,language\n"
        "eliria,BASE-105,1,2,NM,es\neliria,BASE-105,2,1,,\nmision,SOS1-001,,3,LP,en\n"
    ))
    document = data_export(player)
    assert document["format"] == FORMAT
    assert [d["name"] for d in document["decks"]] == ["Fisión", "Mareas"]
    assert document["decks"][0]["list"].startswith("Mazo:\n1 Cañón del sacrificio (BASE-105)\n")
    assert document["decks"][0]["pins"] == [{"section": "main", "code": "BASE-105", "edition": 1}]

    fresh = UserFactory(username="nueva")
    result = data_import(owner=fresh, document=json.loads(json.dumps(document)))
    assert result == {"decks": 2, "collection_rows": 3, "copies": 6}
    assert comparable(data_export(fresh)) == comparable(document)
    copy = Deck.objects.get(owner=fresh, name="Fisión")
    assert (copy.built, copy.visibility, copy.description) == (True, "public", "Mi primer mazo")


def test_import_refuses_an_account_that_already_has_data(mini, player, other):
    collection_import_csv(owner=other, text="game,code,quantity\neliria,TST-001,1\n")
    with pytest.raises(ImportRejected, match="cuenta nueva"):
        data_import(owner=other, document={"format": FORMAT, "decks": [], "collection": []})


def test_any_bad_part_refuses_the_whole_file(mini, player):
    document = {
        "format": FORMAT,
        "decks": [
            {"name": "Bueno", "game": "eliria", "list": "Mazo:\n2 Lobo de ceniza (TST-001)\n"},
            {"name": "Malo", "game": "eliria", "list": "Mazo:\n1 Carta que no existe\n"},
            {"name": "", "game": "eliria", "list": ""},
            {"name": "Juego raro", "game": "poker", "list": ""},
        ],
        "collection": [{"game": "eliria", "code": "TST-001", "quantity": 2}, {"game": "eliria", "code": "NOPE", "quantity": 1}],
    }
    with pytest.raises(ImportRejected) as exc:
        data_import(owner=player, document=document)
    assert [str(p) for p in exc.value.problems] == [
        "decks[2].list: Línea 2: no existe ninguna carta llamada «Carta que no existe».",
        "decks[3].name: el nombre es obligatorio y tiene como mucho 120 caracteres.",
        "decks[4].game: juego desconocido 'poker'.",
        "line 2: collection[2].code: no existe ninguna carta de Eliria con el código «NOPE».",
    ]
    assert not Deck.objects.exists() and not CollectionItem.objects.exists()


def test_the_pages_download_and_upload(client, mini, player, other):
    deck_from_list(player, "Mazo:\n2 Lobo de ceniza (TST-001)\n", name="Lobos")
    client.force_login(player)
    download = client.get("/coleccion/datos/descargar.json")
    assert download["Content-Disposition"] == 'attachment; filename="mis-datos-ana.json"'
    client.force_login(other)
    garbage = client.post("/coleccion/datos/importar/", {"upload": SimpleUploadedFile("x.json", b"{no es json")})
    assert garbage.status_code == 400 and "no es un archivo JSON" in garbage.content.decode()
    done = client.post("/coleccion/datos/importar/", {"upload": SimpleUploadedFile("d.json", download.content)})
    assert done.status_code == 302
    assert Deck.objects.get(owner=other).name == "Lobos"


@pytest.mark.parametrize("document", [[], {"format": "catalogue/1"}, {"decks": [], "collection": []}])
def test_a_file_of_another_format_is_refused_by_the_shared_envelope_check(document):
    with pytest.raises(ImportRejected) as exc:
        data_loads(json.dumps(document).encode())
    assert [str(p) for p in exc.value.problems] == [f"format: no es un archivo de «Descargar mis datos» ({FORMAT})."]
    assert exc.value.as_dict()["errors"] == [{"line": None, "field": "format", "message": exc.value.problems[0].message}]
