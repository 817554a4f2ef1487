"""The collection import (issue 25, point 8): a preview line by line, saving without the bad lines on
request, field names in the player's words, and both games in one pasted list."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from collection.imports import ImportProblem, ImportRejected, read_list, read_list_lines
from collection.selectors import items_of
from tests.collection.conftest import _card

pytestmark = pytest.mark.django_db

MIXED = "2 Lobo de ceniza\n1 Nadie en absoluto\n3 Capitana Marea\n"


@pytest.fixture
def logged(client, player):  # type: ignore[no-untyped-def]
    client.force_login(player)
    return client


def review(client, **data):  # type: ignore[no-untyped-def]
    return client.post("/coleccion/importar/", {"mode": "add", "game": "", **data})


def confirm_data(response, **extra):  # type: ignore[no-untyped-def]
    p = response.context["preview"]
    return {"confirm": "1", "kind": p["kind"], "game": p["game"], "mode": p["mode"], "content": p["content"],
            "fingerprint": p["fingerprint"], **extra}


def test_the_preview_shows_every_line_with_its_card_or_its_problem(logged, player, mini):
    response = review(logged, text=MIXED)
    assert response.status_code == 200
    lines = response.context["preview"]["lines"]
    assert [(row["line"], row["ok"]) for row in lines] == [(1, True), (2, False), (3, True)]
    assert lines[0]["row"].card == mini.lobo and lines[2]["row"].card == mini.marea
    html = response.content.decode()
    assert 'data-line="2"' in html and "Nadie en absoluto" in html and "Capitana Marea" in html
    assert "1 línea tiene errores" in html and 'id="confirm-skip"' in html and 'id="confirm"' not in html
    assert not items_of(player).exists()  # a preview writes nothing


def test_saving_without_the_bad_lines_keeps_the_good_ones(logged, player, mini):
    response = review(logged, text=MIXED)
    refused = logged.post("/coleccion/importar/", confirm_data(response))  # without the choice: nothing
    assert refused.status_code == 400 and not items_of(player).exists()
    done = logged.post("/coleccion/importar/", confirm_data(response, skip_bad="1"), follow=True)
    owned = {i.card.code: i.quantity for i in items_of(player)}
    assert owned == {"TST-001": 2, "SOS-001": 3}
    assert "Se dejó fuera 1 línea con errores." in done.content.decode()


def test_a_list_with_only_bad_lines_is_refused_with_field_names_in_words(logged, player, mini):
    response = review(logged, game="eliria", text="1 Nadie\n0 Lobo de ceniza\n")
    html = response.content.decode()
    assert response.status_code == 400 and "<code>card</code>" not in html
    assert '<span class="problem-field">carta</span>' in html and not items_of(player).exists()


def test_field_names_are_translated_and_the_api_keeps_its_keys():
    problem = ImportProblem(4, "quantity", "x")
    with translation.override("es"):
        assert problem.field_label == "copias"
        assert ImportProblem(None, "collection[3].edition", "x").field_label == "collection[3] · edición"
    with translation.override("en"):
        assert problem.field_label == "copies"
    assert problem.as_dict()["field"] == "quantity" and str(problem) == "line 4: quantity: x"


def test_one_paste_of_both_games_puts_each_card_in_its_game(mini):
    rows, problems = read_list_lines("Mazo:\n2 Lobo de ceniza\nElementos:\n1 Gota de rocío\n1 Golem (TST-002)\n")
    assert problems == []
    assert [(r.card.game, r.card.code, r.quantity) for r in rows] == [
        ("eliria", "TST-001", 2), ("mision", "SOS-002", 1), ("eliria", "TST-002", 1)]


def test_a_name_in_both_games_asks_which_by_code_and_the_code_decides(mini):
    twin = _card("SOS-009", "Lobo de ceniza", game="mision", ctype="entity")
    rows, problems = read_list_lines("2 Lobo de ceniza\n")
    assert rows == [] and [p.field for p in problems] == ["game"]
    assert set(problems[0].suggestions) == {"Lobo de ceniza (TST-001)", "Lobo de ceniza (SOS-009)"}
    assert "Eliria y también de Misión S.O.S" in problems[0].message
    rows, problems = read_list_lines("2 Lobo de ceniza (SOS-009)\n")
    assert problems == [] and rows[0].card == twin
    rows, _ = read_list_lines("2 Lobo de ceniza\n", game="eliria")  # a chosen game has no doubt
    assert rows[0].card == mini.lobo


def test_the_suggestion_button_fixes_an_ambiguous_line(logged, player, mini):
    _card("SOS-009", "Lobo de ceniza", game="mision", ctype="entity")
    first = review(logged, text="2 Lobo de ceniza\n1 Capitana Marea\n")
    assert 'value="1|Lobo de ceniza (SOS-009)"' in first.content.decode()
    fixed = review(logged, text="2 Lobo de ceniza\n1 Capitana Marea\n", use="1|Lobo de ceniza (SOS-009)")
    assert fixed.context["preview"]["bad_lines"] == 0
    assert [r["row"].card.code for r in fixed.context["preview"]["lines"]] == ["SOS-009", "SOS-001"]


def test_a_csv_with_a_bad_row_previews_the_good_rows(logged, player, mini):
    csv = "game,code,edition,quantity\neliria,TST-001,,2\neliria,TST-001,7,1\nmision,SOS-001,,1\n"
    response = review(logged, upload=SimpleUploadedFile("c.csv", csv.encode(), content_type="text/csv"))
    p = response.context["preview"]
    assert response.status_code == 200 and p["bad_lines"] == 1 and p["summary"].copies == 3
    assert [row["line"] for row in p["lines"] if not row["ok"]] == [3]
    logged.post("/coleccion/importar/", confirm_data(response, skip_bad="1"))
    assert sum(i.quantity for i in items_of(player)) == 3


def test_the_api_and_read_list_stay_all_or_nothing(mini):
    with pytest.raises(ImportRejected) as caught:
        read_list(MIXED, game="eliria")
    assert [p.line for p in caught.value.problems] == [2, 3]  # line 3 is a Misión card
