"""decks.diff: what list B adds, removes and changes against list A, and its text export."""

from __future__ import annotations

import doctest

import decks.diff
from decks.diff import list_diff


def item(code: str, name: str, quantity: int, section: str = "main") -> dict:
    return {"section": section, "code": code, "name": name, "quantity": quantity}


def test_added_removed_and_changed_cards_are_told_apart() -> None:
    a = [item("B-1", "Lobo de ceniza", 2), item("B-2", "Contraataque de espinas", 1), item("B-3", "Gólem", 1)]
    b = [item("B-1", "Lobo de ceniza", 1), item("B-3", "Gólem", 1), item("B-4", "Marea de vigor", 1)]
    diff = list_diff(a, b, sections=("main", "tokens"))
    assert [(ln.code, ln.change) for ln in diff.added] == [("B-4", 1)]
    assert [(ln.code, ln.change) for ln in diff.removed] == [("B-2", -1)]
    assert [(ln.code, ln.before, ln.after) for ln in diff.changed] == [("B-1", 2, 1)]
    assert "B-3" not in {ln.code for ln in diff.lines}  # unchanged cards are not listed


def test_lines_come_in_list_order_by_name_ignoring_accents_then_code() -> None:
    b = [item("X-9", "Zorro", 1), item("X-2", "Águila", 1), item("X-1", "Águila", 1), item("X-5", "lobo", 1)]
    diff = list_diff([], b, sections=("main",))
    assert [ln.code for ln in diff.lines] == ["X-1", "X-2", "X-5", "X-9"]


def test_text_export_has_signed_quantities_with_name_and_code() -> None:
    a = [item("BASE-012", "Contraataque de espinas", 2)]
    b = [item("BASE-012", "Contraataque de espinas", 1), item("BASE-031", "Marea de vigor", 1)]
    assert list_diff(a, b, sections=("main",)).as_text() == (
        "-1 Contraataque de espinas (BASE-012)\n+1 Marea de vigor (BASE-031)\n"
    )


def test_other_sections_are_written_under_their_spanish_headers() -> None:
    a = [item("SOS1-001", "Capitana Marea", 1, "entities")]
    b = [item("SOS1-002", "Halcón Centella", 1, "entities"), item("SOS1-050", "Gota de rocío", 2, "elements")]
    text = list_diff(a, b, sections=("entities", "elements")).as_text()
    assert text == "Entes:\n-1 Capitana Marea (SOS1-001)\n+1 Halcón Centella (SOS1-002)\n\nElementos:\n+2 Gota de rocío (SOS1-050)\n"


def test_a_card_moved_between_sections_is_a_removal_and_an_addition() -> None:
    a = [item("T-1", "Token de fisión", 1, "main")]
    b = [item("T-1", "Token de fisión", 1, "tokens")]
    diff = list_diff(a, b, sections=("main", "tokens"))
    assert [(ln.section, ln.kind) for ln in diff.lines] == [("main", "removed"), ("tokens", "added")]


def test_a_list_against_itself_has_no_difference() -> None:
    a = [item("B-1", "Lobo", 2), item("B-2", "Marea", 1)]
    diff = list_diff(a, list(reversed(a)), sections=("main",))
    assert not diff and diff.as_text() == ""


def test_repeated_rows_of_one_card_add_up() -> None:
    a = [item("B-1", "Lobo", 1), item("B-1", "Lobo", 1)]
    assert not list_diff(a, [item("B-1", "Lobo", 2)], sections=("main",))


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(decks.diff).failed == 0
