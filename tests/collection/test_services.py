"""Collection writes: quick add/remove, pasted lists, CSV import/export (all-or-nothing)."""

from __future__ import annotations

import csv
import io

import pytest

from cards.models import Card
from collection.exports import collection_csv
from collection.imports import MAX_ROWS, ImportRejected
from collection.models import CollectionItem, WantedDeck
from collection.selectors import items_of
from collection.services import (
    CollectionError,
    collection_add,
    collection_import_csv,
    collection_import_list,
    deck_set_built,
    deck_set_wanted,
)
from tests.factories import EditionFactory, deck_from_list

pytestmark = pytest.mark.django_db

HEADER = "game,code,edition,quantity,condition,language\n"


def rows(user):  # type: ignore[no-untyped-def]
    return sorted((i.card.code, i.edition.edition, i.quantity, i.condition, i.language) for i in items_of(user))


def problems(exc: pytest.ExceptionInfo[ImportRejected]) -> list[str]:
    return [str(p) for p in exc.value.problems]


# ---------------------------------------------------------------- +1 / −1
def test_plus_one_adds_the_current_edition_and_minus_one_back_to_zero_deletes_the_row(mini, player):
    result = collection_add(owner=player, card=mini.lobo, delta=1)
    assert (result.quantity, result.card_total) == (1, 1)
    assert rows(player) == [("TST-001", 2, 1, "", "")]  # edition 2 is the newest (ruling TERCERO)
    assert collection_add(owner=player, card=mini.lobo, delta=-1).quantity == 0
    assert not CollectionItem.objects.exists()


def test_minus_one_takes_from_another_edition_when_the_current_is_not_owned(mini, player):
    old = mini.lobo.editions.get(edition=1)
    collection_add(owner=player, card=mini.lobo, delta=2, edition=old, condition="LP", language="en")
    result = collection_add(owner=player, card=mini.lobo, delta=-1)
    assert (result.quantity, result.card_total) == (1, 1)
    assert rows(player) == [("TST-001", 1, 1, "LP", "en")]


def test_refused_changes_write_nothing(mini, player):
    with pytest.raises(CollectionError, match="No tienes ninguna copia"):
        collection_add(owner=player, card=mini.golem, delta=-1)
    collection_add(owner=player, card=mini.golem, delta=2)
    with pytest.raises(CollectionError, match="Solo tienes 2"):
        collection_add(owner=player, card=mini.golem, delta=-3)
    with pytest.raises(CollectionError, match="máximo 9999"):
        collection_add(owner=player, card=mini.golem, delta=9998)
    with pytest.raises(CollectionError, match="no es de"):
        collection_add(owner=player, card=mini.golem, delta=1, edition=mini.canon.current)
    with pytest.raises(CollectionError):
        collection_add(owner=player, card=mini.golem, delta=1, language="ESP")
    with pytest.raises(CollectionError):
        collection_add(owner=player, card=mini.golem, delta=0)
    assert rows(player) == [("TST-002", 1, 2, "", "")]


def test_the_collection_is_per_player(mini, player, other):
    collection_add(owner=player, card=mini.golem, delta=3)
    collection_add(owner=other, card=mini.golem, delta=1)
    assert rows(player) == [("TST-002", 1, 3, "", "")]
    assert rows(other) == [("TST-002", 1, 1, "", "")]


# ---------------------------------------------------------------- pasted lists
def test_a_pasted_list_adds_current_editions_code_decides_headers_ignored(mini, player):
    text = "# mis cartas\nMazo:\n3 Lobo de ceniza\n2x Cualquier nombre (TST-002)\nTokens:\nToken de fision\nEntes:\n"
    summary = collection_import_list(owner=player, text=text, game="eliria")
    assert (summary.lines, summary.copies, summary.created) == (3, 6, 3)
    assert rows(player) == [("TST-001", 2, 3, "", ""), ("TST-002", 1, 2, "", ""), ("TST-004", 1, 1, "", "")]
    collection_import_list(owner=player, text="1 Lobo de ceniza (TST-001)", game="eliria")
    assert rows(player)[0] == ("TST-001", 2, 4, "", "")


def test_a_pasted_list_with_bad_lines_saves_nothing_and_names_each_line(mini, player):
    text = "2 Lobo de ceniza\n1 Carta inventada\n1 Capitana Marea (SOS-001)\n1000 Gólem de barro\n0 Gólem de barro\n(SIN-NOMBRE"
    with pytest.raises(ImportRejected) as exc:
        collection_import_list(owner=player, text=text, game="eliria")
    found = problems(exc)
    assert [p.split(":")[0] for p in found] == ["line 2", "line 3", "line 4", "line 5", "line 6"]
    assert "Carta inventada" in found[0]
    assert "Misión S.O.S, no de Eliria" in found[1]
    assert "absurda" in found[2]
    assert not CollectionItem.objects.exists()


def test_a_pasted_list_needs_a_game(mini, player):
    with pytest.raises(ImportRejected, match="juego"):
        collection_import_list(owner=player, text="1 Lobo de ceniza", game="")


# ---------------------------------------------------------------- CSV
def test_csv_import_with_editions_conditions_languages_and_blank_current_edition(mini, player):
    text = HEADER + (
        "eliria,TST-001,1,2,NM,es\n"
        "eliria,tst-001,,1,lp,EN\n"   # codes and conditions in any case; blank edition: current
        "mision,SOS-001,1,4,,\n"
        "eliria,TST-001,1,1,NM,es\n"  # the same row again: copies add up
        ",,,,,\n"                      # blank lines are skipped
    )
    summary = collection_import_csv(owner=player, text=text)
    assert (summary.lines, summary.copies, summary.created) == (4, 8, 3)
    assert rows(player) == [("SOS-001", 1, 4, "", ""), ("TST-001", 1, 3, "NM", "es"), ("TST-001", 2, 1, "LP", "en")]


def test_csv_columns_in_any_order_extra_columns_ignored(mini, player):
    collection_import_csv(owner=player, text="Quantity,Code,Name,Game\n2,TST-003,Lo que sea,eliria\n")
    assert rows(player) == [("TST-003", 1, 2, "", "")]


def test_bad_csv_lists_every_problem_as_line_field_message_and_writes_nothing(mini, player):
    collection_add(owner=player, card=mini.golem, delta=1)
    text = HEADER + "\n".join([
        "eliria,TST-001,1,2,NM,es",      # 2: fine
        "eliria,NOPE-1,,1,,",            # 3: unknown code
        "eliria,TST-001,7,1,,",          # 4: unknown edition
        "eliria,TST-002,,0,,",           # 5: zero
        "eliria,TST-002,,-3,,",          # 6: negative
        "eliria,TST-002,,100000,,",      # 7: absurd
        "eliria,TST-002,,dos,,",         # 8: not a number
        "eliria,TST-002,,1,Nuevo,",      # 9: condition
        "eliria,TST-002,,1,,español",    # 10: language
        "eliria,SOS-001,,1,,",           # 11: a Misión code under eliria
        "ajedrez,TST-002,,1,,",          # 12: unknown game
        "eliria,,,1,,",                  # 13: no code
    ])
    with pytest.raises(ImportRejected) as exc:
        collection_import_csv(owner=player, text=text)
    assert problems(exc) == [
        "line 3: code: no existe ninguna carta de Eliria con el código «NOPE-1».",
        "line 4: edition: TST-001 no tiene edición 7 (tiene: 1, 2).",
        "line 5: quantity: 0 copias no es posible: de 1 a 9999.",
        "line 6: quantity: -3 copias no es posible: de 1 a 9999.",
        "line 7: quantity: 100000 copias no es posible: de 1 a 9999.",
        "line 8: quantity: «dos» no es un número entero de copias (1 a 9999).",
        "line 9: condition: estado desconocido «Nuevo»: NM, LP, MP, HP, D o vacío.",
        "line 10: language: «español» no es un código de idioma (es, en, pt…).",
        "line 11: code: SOS-001 (Capitana Marea) es una carta de Misión S.O.S, no de Eliria.",
        "line 12: game: juego desconocido «ajedrez»: eliria o mision.",
        "line 13: code: falta el código de la carta.",
    ]
    assert rows(player) == [("TST-002", 1, 1, "", "")]  # as it was


def test_a_card_of_the_other_game_when_a_game_is_selected(mini, player):
    text = HEADER + "mision,SOS-001,,1,,\neliria,TST-001,,1,,\n,TST-002,,1,,\n"
    with pytest.raises(ImportRejected) as exc:
        collection_import_csv(owner=player, text=text, game="mision")
    assert problems(exc) == [
        "line 3: game: la carta es de Eliria y la importación es de Misión S.O.S.",
        "line 4: code: TST-002 (Gólem de barro) es una carta de Eliria, no de Misión S.O.S.",
    ]
    assert collection_import_csv(owner=player, text=HEADER + ",SOS-001,,1,,\n", game="mision").copies == 1


def test_a_10_mb_csv_is_refused_before_reading_it(mini, player):
    big = HEADER + "eliria,TST-001,,1,,\n" * 500_000
    assert len(big) > 10_000_000
    with pytest.raises(ImportRejected) as exc:
        collection_import_csv(owner=player, text=big)
    assert problems(exc) == ["file: el archivo ocupa 10.0 MB y el máximo es 1 MB (10000 filas): divídelo en varios archivos."]
    assert not CollectionItem.objects.exists()


def test_too_many_rows_and_broken_files(mini, player):
    with pytest.raises(ImportRejected, match="más de 10000 filas"):
        collection_import_csv(owner=player, text=HEADER + ",TST-001,,1,,\n" * (MAX_ROWS + 1), game="eliria")
    with pytest.raises(ImportRejected, match="faltan las columnas quantity"):
        collection_import_csv(owner=player, text="game,code\neliria,TST-001\n")
    with pytest.raises(ImportRejected, match="vacío"):
        collection_import_csv(owner=player, text="")
    with pytest.raises(ImportRejected, match="nulos"):
        collection_import_csv(owner=player, text=HEADER + "eliria,TST-001,,1\0,,\n")
    with pytest.raises(ImportRejected, match="columnas"):
        collection_import_csv(owner=player, text=HEADER + "eliria,TST-001,,1,,,,x\n")
    assert not CollectionItem.objects.exists()


def test_an_import_that_would_pass_9999_copies_is_refused(mini, player):
    collection_add(owner=player, card=mini.golem, delta=9000)
    with pytest.raises(ImportRejected) as exc:
        collection_import_csv(owner=player, text=HEADER + "eliria,TST-003,,5,,\neliria,TST-002,,999,,\neliria,TST-002,,1,,\n")
    assert problems(exc) == ["line 4: quantity: TST-002 edición 1: serían 10000 copias (máximo 9999)."]
    assert rows(player) == [("TST-002", 1, 9000, "", "")]


def test_replace_mode_and_dry_run(mini, player):
    collection_add(owner=player, card=mini.golem, delta=2)
    preview = collection_import_csv(owner=player, text=HEADER + "eliria,TST-003,,1,,\n", mode="replace", dry_run=True)
    assert (preview.created, preview.deleted) == (1, 1)
    assert rows(player) == [("TST-002", 1, 2, "", "")]  # a preview writes nothing
    collection_import_csv(owner=player, text=HEADER + "eliria,TST-003,,1,,\n", mode="replace")
    assert rows(player) == [("TST-003", 1, 1, "", "")]


def test_export_then_import_into_an_empty_account_gives_the_same_collection(mini, player, other):
    collection_import_csv(owner=player, text=HEADER + "eliria,TST-001,1,2,NM,es\neliria,TST-001,2,1,,\nmision,SOS-002,1,7,D,pt\n")
    exported = collection_csv(items_of(player).order_by("card__code"))
    collection_import_csv(owner=other, text=exported)
    assert rows(other) == rows(player)


def test_export_neutralises_spreadsheet_formulas(mini, player, other):
    card = EditionFactory(card__code="TST-666", card__name='=HYPERLINK("http://x","y")').card
    collection_add(owner=player, card=Card.objects.get(pk=card.pk), delta=1)
    exported = collection_csv(items_of(player))
    cells = list(csv.reader(io.StringIO(exported)))[1]
    assert cells[-1] == "'=HYPERLINK(\"http://x\",\"y\")"
    assert all(not c.startswith(("=", "+", "-", "@")) for c in cells)
    collection_import_csv(owner=other, text=exported)
    assert rows(other) == rows(player)


# ---------------------------------------------------------------- deck switches
def test_built_and_wanted_only_on_the_players_own_decks(mini, player, other):
    deck = deck_from_list(player, "Mazo:\n1 Lobo de ceniza (TST-001)\n")
    version = deck.version
    assert deck_set_built(owner=other, deck_id=deck.pk, built=True) is False
    assert deck_set_wanted(owner=other, deck_id=deck.pk, wanted=True) is False
    assert deck_set_built(owner=player, deck_id=deck.pk, built=True) is True
    assert deck_set_wanted(owner=player, deck_id=deck.pk, wanted=True) is True
    assert deck_set_wanted(owner=player, deck_id=deck.pk, wanted=True) is True  # twice: still one mark
    deck.refresh_from_db()
    assert deck.built and deck.version == version  # only the flag changed
    assert WantedDeck.objects.filter(deck=deck).count() == 1
    deck_set_wanted(owner=player, deck_id=deck.pk, wanted=False)
    assert not WantedDeck.objects.exists()
