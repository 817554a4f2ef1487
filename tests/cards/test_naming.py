"""One card named as a list line names it (cards.naming, docs/contract.md §6): the name, the code
or `Name (CODE)`, any case or accents; a given code decides; what names no card is a 400 naming
the field."""

from __future__ import annotations

import pytest

from cards.naming import CardNameError, card_in_list, cards_named
from cards.validation import validate_list


@pytest.mark.django_db
@pytest.mark.parametrize("item", [
    "Defensa final (BASE-011)", "defensa FINAL", "BASE-011", "base-011", "1 Defensa final (BASE-011)",
    "  Defensa final  ", "DEFENSA FINAL (base-011)",
])
def test_every_way_a_list_names_a_card_finds_it(bundled, item):
    assert [c.code for c in cards_named("eliria", [item], field="candidates")] == ["BASE-011"]
    entries = validate_list("eliria", "Mazo:\n1 Defensa final (BASE-011)\n1 Hidra de la ciénaga\n").entries
    assert card_in_list(entries, item, field="cut").code == "BASE-011"


@pytest.mark.django_db
def test_accents_and_several_items_in_one_lookup(bundled, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        cards = cards_named("eliria", ["Hidra de la cienaga", "exp-013", "Defensa final (BASE-011)"], field="candidates")
    assert [c.code for c in cards] == ["EXP-004", "EXP-013", "BASE-011"]


@pytest.mark.django_db
@pytest.mark.parametrize("item", [
    "Defensa final (EXP-004)",  # a given code decides, as in a list: EXP-004 is not in the list
    "Nadie", "Defensa final (NO-999)", "", "Mazo:", "# comentario", "Defensa final\nHidra de la ciénaga",
])
def test_what_names_no_card_of_the_list_is_refused_naming_the_field(bundled, item):
    entries = validate_list("eliria", "Mazo:\n1 Defensa final (BASE-011)\n").entries
    with pytest.raises(CardNameError) as caught:
        card_in_list(entries, item, field="cut")
    assert caught.value.field == "cut" and caught.value.status == 400


@pytest.mark.django_db
@pytest.mark.parametrize("item", ["No existe", "Defensa final (NO-999)", "SOS1-017"])
def test_a_card_of_another_game_or_none_is_not_a_card_of_this_one(bundled, item):
    with pytest.raises(CardNameError, match="no es una carta de Eliria") as caught:
        cards_named("eliria", ["Defensa final", item], field="candidates")
    assert caught.value.field == "candidates"
