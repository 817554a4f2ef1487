"""Deck writes: revisions on every save, stale saves refused, import, restore, fork."""

from __future__ import annotations

import pytest

from cards.models import Card
from decks.models import Deck, DeckEntry, DeckRevision, Visibility
from decks.selectors import deck_report, deck_rows, deck_text
from decks.services import (
    DeckError,
    EntrySpec,
    ListRejected,
    StaleDeck,
    deck_change_card,
    deck_create,
    deck_fork,
    deck_import_list,
    deck_restore_revision,
    deck_update,
)
from tests.factories import MISION_LIST, UserFactory, deck_from_list

pytestmark = [pytest.mark.django_db]


def card(code: str, game: str = "eliria") -> Card:
    return Card.objects.with_current().get(game=game, code=code)


def test_create_records_revision_one_with_the_list(bundled, player):
    deck = deck_from_list(player)
    assert deck.version == 1
    rev = deck.revisions.get()
    assert rev.number == 1
    assert "1 Cañón del sacrificio (BASE-105)" in rev.text
    assert {a["code"] for a in rev.added} >= {"BASE-105", "BASE-108", "BASE-109"}
    assert rev.removed == []
    assert deck.visibility == Visibility.PRIVATE


def test_every_save_records_a_revision_with_what_changed(bundled, player):
    deck = deck_from_list(player)
    deck = deck_change_card(deck, expected_version=1, actor=player, card=card("BASE-002"), section="main", delta=1)
    deck = deck_change_card(deck, expected_version=2, actor=player, card=card("BASE-105"), section="main", delta=-1)
    deck = deck_update(deck, expected_version=3, actor=player, name="Otro nombre")
    assert deck.version == 4
    revs = {r.number: r for r in deck.revisions.all()}
    # the two builder clicks are one editing session: one revision (numbered by its last version)
    assert sorted(revs) == [1, 3, 4]
    assert revs[3].added == [{"section": "main", "code": "BASE-002", "name": "Aprendiz de la Bruma", "quantity": 1}]
    assert revs[3].removed[0]["code"] == "BASE-105"
    assert revs[4].added == revs[4].removed == [] and "nombre" in revs[4].note
    assert deck.name_folded == "otro nombre"


def test_a_stale_save_is_refused_and_writes_nothing(bundled, player):
    deck = deck_from_list(player)
    tab_a = Deck.objects.get(pk=deck.pk)
    tab_b = Deck.objects.get(pk=deck.pk)
    deck_change_card(tab_a, expected_version=1, actor=player, card=card("BASE-002"), section="main", delta=1)
    with pytest.raises(StaleDeck) as exc:
        deck_update(tab_b, expected_version=1, actor=player, name="Pisado", entries=[])
    message = str(exc.value)
    assert "cambió desde que lo abriste" in message and "versión 1" in message and "no se ha guardado nada" in message
    fresh = Deck.objects.get(pk=deck.pk)
    assert fresh.version == 2 and fresh.name == "Mazo de prueba"
    assert DeckEntry.objects.filter(deck=deck, card__code="BASE-002").exists()
    assert DeckRevision.objects.filter(deck=deck).count() == 2


def test_import_refuses_unreadable_lines_until_accepted(bundled, player):
    text = "Mazo:\n1 Cañón del sacrificio (BASE-105)\n1 Carta que no existe\n1 Capitana Marea\n"
    with pytest.raises(ListRejected) as exc:
        deck_import_list(owner=player, game="eliria", text=text, name="X")
    assert {(v.code, v.line) for v in exc.value.report.errors} == {("unknown_card", 3), ("wrong_game", 4)}
    assert not Deck.objects.exists()
    deck, _ = deck_import_list(owner=player, game="eliria", text=text, name="X", accept_unreadable=True)
    assert [r.card.code for r in deck_rows(deck)] == ["BASE-105"]


def test_an_illegal_list_is_saved_and_its_report_names_the_problem(bundled, player):
    text = "Mazo:\n1 Cañón del sacrificio (BASE-105)\n1 Cañón del sacrificio (EXP-010)\n1 Token de fisión\n"
    deck, report = deck_import_list(owner=player, game="eliria", text=text, name="Ilegal")
    assert not report.valid
    saved = deck_report(deck_rows(deck), "eliria")
    codes = {v.code: v for v in saved.errors}
    assert set(codes) == {"duplicate_name", "token_in_deck"}
    assert codes["duplicate_name"].rule == "4" and set(codes["duplicate_name"].cards) == {"BASE-105", "EXP-010"}
    # Line numbers point into the exported list.
    lines = deck_text(deck_rows(deck), "eliria").split("\n")
    assert "EXP-010" in lines[codes["duplicate_name"].line - 1]
    assert "Token de fisión" in lines[codes["token_in_deck"].line - 1]


def test_saved_legal_decks_of_both_games_validate(bundled, player):
    eliria = deck_from_list(player)
    mision = deck_from_list(player, MISION_LIST, "mision")
    assert deck_report(deck_rows(eliria), "eliria").valid
    report = deck_report(deck_rows(mision), "mision")
    assert report.valid and report.sections == {"entities": 4, "elements": 4}


def test_restore_brings_back_an_old_list_as_a_new_revision(bundled, player):
    deck = deck_from_list(player)
    original = deck_text(deck_rows(deck), "eliria")
    deck = deck_update(deck, expected_version=1, actor=player, entries=[])
    assert deck_rows(deck) == []
    deck = deck_restore_revision(deck, number=1, expected_version=2, actor=player)
    assert deck.version == 3
    assert deck_text(deck_rows(deck), "eliria") == original
    assert deck.revisions.get(number=3).note == "Restaurada la revisión 1"
    with pytest.raises(StaleDeck):
        deck_restore_revision(deck, number=1, expected_version=2, actor=player)
    with pytest.raises(DeckError):
        deck_restore_revision(deck, number=99, expected_version=3, actor=player)


def test_restore_keeps_edition_pins(bundled, player):
    cañon = card("BASE-105")
    old = cañon.editions.get(edition=1)
    deck = deck_create(owner=player, game="eliria", name="Fijado", entries=[EntrySpec("main", cañon, 1, old)])
    assert deck_rows(deck)[0].pin_outdated
    deck = deck_update(deck, expected_version=1, actor=player, entries=[])
    deck = deck_restore_revision(deck, number=1, expected_version=2, actor=player)
    assert deck_rows(deck)[0].edition == old


def test_fork_is_a_private_copy_that_remembers_its_origin(bundled, player):
    source = deck_from_list(player, visibility=Visibility.PUBLIC)
    other = UserFactory()
    copy = deck_fork(source, owner=other)
    assert copy.owner == other and copy.visibility == Visibility.PRIVATE and copy.forked_from == source
    assert copy.name == "Mazo de prueba (copia)"
    assert deck_text(deck_rows(copy), "eliria") == deck_text(deck_rows(source), "eliria")
    assert player.get_username() in copy.revisions.get().note


def test_cards_of_another_game_or_section_are_refused(bundled, player):
    with pytest.raises(DeckError, match="no es una carta de Eliria"):
        deck_create(owner=player, game="eliria", name="X", entries=[EntrySpec("main", card("SOS1-001", "mision"), 1)])
    with pytest.raises(DeckError, match="no es una sección"):
        deck_create(owner=player, game="eliria", name="X", entries=[EntrySpec("entities", card("BASE-001"), 1)])
    with pytest.raises(DeckError, match="Nombre"):
        deck_create(owner=player, game="eliria", name="  ")
    assert not Deck.objects.exists()


def test_a_huge_paste_is_refused_with_a_message(bundled, player):
    with pytest.raises(DeckError, match="caracteres"):
        deck_import_list(owner=player, game="eliria", text="1 Lobo de ceniza\n" * 70_000, name="Enorme")


def test_removing_the_last_copy_removes_the_entry(bundled, player):
    deck = deck_from_list(player)
    deck = deck_change_card(deck, expected_version=1, actor=player, card=card("BASE-001"), section="main", delta=-1)
    assert "BASE-001" not in {r.card.code for r in deck_rows(deck)}
    assert deck.revisions.get(number=2).removed[0]["code"] == "BASE-001"


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_saves_from_the_same_version_one_wins(transactional_db):
    """Two tabs save at once from version 1: exactly one save lands, the other is refused."""
    import threading

    from django.core.management import call_command
    from django.db import connection

    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("shared in-memory SQLite locks whole tables; the PostgreSQL leg runs this race")
    call_command("load_bundled", stdout=open("/dev/null", "w"))
    player = UserFactory()
    deck = deck_from_list(player)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def save(name: str) -> None:
        try:
            barrier.wait(timeout=10)
            deck_update(Deck.objects.get(pk=deck.pk), expected_version=1, actor=player, name=name)
            outcomes.append("saved")
        except StaleDeck:
            outcomes.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=save, args=(f"Pestaña {i}",)) for i in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes) == ["saved", "stale"]
    fresh = Deck.objects.get(pk=deck.pk)
    assert fresh.version == 2 and fresh.revisions.count() == 2
