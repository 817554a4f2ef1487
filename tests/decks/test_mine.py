"""«Mis mazos»: folders, archive and sorting; filing is the owner's alone and no new version."""

from __future__ import annotations

import pytest

from decks.models import Deck
from decks.services import DeckError, NotDeckOwner, deck_archive, deck_move_to_folder
from tests.factories import MISION_LIST, DeckFactory, UserFactory, deck_from_list


@pytest.fixture
def owner(db):  # type: ignore[no-untyped-def]
    return UserFactory()


def _names(response) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.name for d in response.context["page"].object_list]


@pytest.mark.django_db
def test_archived_deck_leaves_the_default_list_and_shows_under_archivados(client, owner):
    kept, gone = DeckFactory(owner=owner, name="Activo"), DeckFactory(owner=owner, name="Viejo")
    deck_archive(deck=gone, actor=owner)
    client.force_login(owner)
    assert _names(client.get("/mazos/")) == [kept.name]
    assert _names(client.get("/mazos/?archivados=1")) == [gone.name]
    deck_archive(deck=gone, actor=owner, archived=False)
    assert set(_names(client.get("/mazos/"))) == {"Activo", "Viejo"}


@pytest.mark.django_db
def test_filing_does_not_bump_the_version_or_the_updated_time(owner):
    deck = DeckFactory(owner=owner)
    before = Deck.objects.values_list("version", "updated").get(pk=deck.pk)
    deck_move_to_folder(deck=deck, actor=owner, folder="  Torneo   de  mayo ")
    deck_archive(deck=deck, actor=owner)
    row = Deck.objects.get(pk=deck.pk)
    assert (row.version, row.updated) == before and row.folder == "Torneo de mayo" and row.archived


@pytest.mark.django_db
def test_another_player_cannot_archive_or_file_my_deck(client, owner):
    deck, intruder = DeckFactory(owner=owner), UserFactory()
    with pytest.raises(NotDeckOwner):
        deck_archive(deck=deck, actor=intruder)
    with pytest.raises(NotDeckOwner):
        deck_move_to_folder(deck=deck, actor=intruder, folder="Mía")
    client.force_login(intruder)
    assert client.post(f"/mazos/{deck.pk}/archivar/", {"archived": "1"}).status_code == 404
    assert client.post(f"/mazos/{deck.pk}/carpeta/", {"folder": "Mía"}).status_code == 404
    assert Deck.objects.filter(pk=deck.pk, archived=False, folder="").exists()


@pytest.mark.django_db
def test_folder_name_with_a_control_character_or_too_long_is_refused(owner):
    deck = DeckFactory(owner=owner)
    with pytest.raises(DeckError, match="carpeta"):
        deck_move_to_folder(deck=deck, actor=owner, folder="Mal\u202enombre")
    with pytest.raises(DeckError, match="carpeta"):
        deck_move_to_folder(deck=deck, actor=owner, folder="x" * 61)
    assert Deck.objects.get(pk=deck.pk).folder == ""


@pytest.mark.django_db
def test_folder_filter_and_chips_count_decks(client, owner):
    DeckFactory(owner=owner, name="A", folder="Torneo")
    DeckFactory(owner=owner, name="B", folder="Torneo")
    DeckFactory(owner=owner, name="C")
    DeckFactory(name="De otro", folder="Torneo")  # another player's folder is not mine
    client.force_login(owner)
    r = client.get("/mazos/?carpeta=Torneo")
    assert sorted(_names(r)) == ["A", "B"] and r.context["folders"] == [{"name": "Torneo", "n": 2}]
    assert _names(client.get("/mazos/?carpeta=-")) == ["C"]


@pytest.mark.django_db
def test_sorting_by_name_game_and_size(client, owner, bundled):
    big = deck_from_list(owner, name="Zeta grande")
    small = deck_from_list(owner, MISION_LIST, game="mision", name="Alfa pequeño")
    empty = DeckFactory(owner=owner, name="Medio vacío")
    client.force_login(owner)
    assert _names(client.get("/mazos/?orden=name")) == ["Alfa pequeño", "Medio vacío", "Zeta grande"]
    assert _names(client.get("/mazos/?orden=game"))[-1] == small.name  # eliria before mision
    by_size = _names(client.get("/mazos/?orden=size"))
    assert by_size.index(big.name) < by_size.index(empty.name) and by_size.index(small.name) < by_size.index(empty.name)
    assert _names(client.get("/mazos/?orden=nonsense")) == _names(client.get("/mazos/"))


@pytest.mark.django_db
def test_page_forms_move_and_archive_then_return_to_the_same_view(client, owner):
    deck = DeckFactory(owner=owner, name="Rojo")
    client.force_login(owner)
    r = client.post(f"/mazos/{deck.pk}/carpeta/", {"folder": "Agro", "next": "/mazos/?orden=name"})
    assert r.status_code == 302 and r["Location"] == "/mazos/?orden=name"
    r = client.post(f"/mazos/{deck.pk}/archivar/", {"archived": "1", "next": "https://evil.example/"})
    assert r["Location"] == "/mazos/"
    page = client.get("/mazos/?archivados=1").content.decode()
    assert "Rojo" in page and "Agro" in page and "Desarchivar" in page
