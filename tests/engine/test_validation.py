"""Deck validation (docs/contract.md §4): every code, with a case that raises it and one that does not."""

from __future__ import annotations

from engine import DeckEntry, Game, MemoryLookup, Violation, check_deck, validate_decklist

from .helpers import CATALOGUE, card, combat, element, entity, lookup, main, reaction

GOOD_ELIRIA = """Mazo:
1 Cañón del sacrificio (BASE-105)
Organismo de fisión
ñandu de GUERRA
relampago vivo
Defensa final
Tokens:
2 Token de fisión
"""

GOOD_MISION = """Entes:
3 Dragón de agua
1 Halcón (MS-002)
Elementos:
2 Cristal
2 perla
"""


def validate(text: str, game: str = "eliria"):
    return validate_decklist(text, game, lookup())


def codes(report) -> list[str]:
    return [v.code for v in report.errors]


def test_good_eliria_deck_is_valid_and_counts_sections():
    report = validate(GOOD_ELIRIA)
    assert report.valid and report.errors == () and report.warnings == ()
    assert report.as_dict() == {
        "valid": True,
        "errors": [],
        "warnings": [],
        "sections": {"main": 5, "tokens": 2},
    }


def test_good_mision_deck_is_valid_and_counts_sections():
    report = validate(GOOD_MISION, "mision")
    assert report.as_dict() == {
        "valid": True,
        "errors": [],
        "warnings": [],
        "sections": {"entities": 4, "elements": 4},
    }


def test_violation_as_dict_has_the_contract_keys_in_order():
    v = Violation("duplicate_name", "4", "…", 3, ("BASE-105", "EXP-010"))
    assert list(v.as_dict()) == ["code", "rule", "line", "cards", "message"]
    assert v.as_dict()["cards"] == ["BASE-105", "EXP-010"]


# parse_error -------------------------------------------------------------------------------


def test_parse_error_is_reported_with_its_line():
    report = validate(GOOD_ELIRIA + "0 Defensa final\n")
    assert [(v.code, v.rule, v.line) for v in report.errors] == [("parse_error", "", 9)]
    assert not report.valid


def test_no_parse_error_for_comments_and_blank_lines():
    assert "parse_error" not in codes(validate("# hola\n\n" + GOOD_ELIRIA))


# unknown_card / wrong_game -------------------------------------------------------------------


def test_unknown_name_is_unknown_card():
    report = validate(GOOD_ELIRIA.replace("Defensa final", "Defensa inicial"))
    assert [(v.code, v.line) for v in report.errors] == [("unknown_card", 6)]
    assert "Defensa inicial" in report.errors[0].message


def test_unknown_code_is_unknown_card_even_when_the_name_exists():
    # docs/contract.md §3: a given CODE decides.
    report = validate(GOOD_ELIRIA.replace("Defensa final", "Defensa final (BASE-999)"))
    assert [(v.code, v.cards) for v in report.errors] == [("unknown_card", ("BASE-999",))]


def test_code_decides_over_the_name():
    report = validate("Mazo:\n1 Nombre cualquiera (base-122)\n")
    assert report.entries[0].card.code == "BASE-122"
    assert "unknown_card" not in codes(report)


def test_card_of_the_other_game_is_wrong_game():
    report = validate(GOOD_ELIRIA + "Mazo:\n1 Halcón\n1 Cristal (MS-101)\n")
    assert [(v.code, v.line, v.cards) for v in report.errors] == [
        ("wrong_game", 10, ("MS-002",)),
        ("wrong_game", 11, ("MS-101",)),
    ]
    assert "Misión S.O.S" in report.errors[0].message


def test_name_in_both_games_prefers_this_game():
    assert validate("Fénix").entries[0].card.code == "BASE-200"
    report = validate("Entes:\n4 fenix\nElementos:\n4 Cristal", "mision")
    assert report.valid and report.entries[0].card.code == "MS-003"


def test_shared_code_resolves_to_this_game_when_the_name_matches():
    # Codes are unique within a game only; this lookup answers the Eliria card for X-1.
    cat = MemoryLookup([combat("X-1", "Uno"), entity("X-1", name="Otro"), element("MS-101", name="Cristal")])
    report = validate_decklist("Entes:\n4 Otro (X-1)\nElementos:\n4 Cristal", "mision", cat)
    assert report.valid and report.entries[0].card.game is Game.MISION
    report = validate_decklist("Entes:\n4 Uno (X-1)\nElementos:\n4 Cristal", "mision", cat)
    assert [v.code for v in report.errors] == ["wrong_game", "too_few_cards"]


def test_name_matching_several_cards_takes_the_first_code():
    report = validate("Cañón del sacrificio")
    assert report.entries[0].card.code == "BASE-105"


# duplicate_name (rule 4) ---------------------------------------------------------------------


def test_rule_4_two_copies_are_one_duplicate_error():
    report = validate("Mazo:\nDefensa final\n2 Cañón del sacrificio (BASE-105)\n")
    (v,) = report.errors
    assert (v.code, v.rule, v.line, v.cards) == ("duplicate_name", "4", 3, ("BASE-105",))
    assert v.message == (
        "Línea 3: «Cañón del sacrificio» aparece 2 veces; la regla 4 permite una sola carta con el mismo nombre."
    )


def test_rule_4_different_codes_sharing_a_name_count_together():
    text = "1 Cañón del sacrificio (BASE-105)\nDefensa final\n1 Cañón del sacrificio (EXP-010)\ncanon DEL sacrificio\n"
    (v,) = validate(text).errors
    assert (v.code, v.line, v.cards) == ("duplicate_name", 3, ("BASE-105", "EXP-010"))
    assert "aparece 3 veces" in v.message


def test_rule_4_one_error_per_name():
    report = validate("2 Defensa final\n2 Halcón de prueba\n3 Ñandú de guerra\nDefensa final\n")
    dupes = [v for v in report.errors if v.code == "duplicate_name"]
    assert [(v.line, v.cards) for v in dupes] == [(1, ("BASE-011",)), (3, ("BASE-121",))]


def test_rule_4_tokens_section_may_repeat_tokens():
    assert validate(GOOD_ELIRIA + "3 Token de fisión\n").valid


def test_rule_4_single_copies_are_fine():
    assert "duplicate_name" not in codes(validate(GOOD_ELIRIA))


# token_in_deck / wrong_section (rule 14, FORMA DE JUEGO) ------------------------------------------


def test_rule_14_token_in_main_is_token_in_deck():
    report = validate(GOOD_ELIRIA.replace("Defensa final", "Token de fisión"))
    assert [(v.code, v.rule, v.line) for v in report.errors] == [("token_in_deck", "14", 6)]


def test_rule_14_token_under_tokens_is_fine():
    assert "token_in_deck" not in codes(validate(GOOD_ELIRIA))


def test_rule_14_non_token_under_tokens_is_wrong_section():
    report = validate(GOOD_ELIRIA + "Defensa final (BASE-011)\n")
    assert [(v.code, v.rule, v.line) for v in report.errors if v.code != "duplicate_name"] == [
        ("wrong_section", "14", 9)
    ]


def test_mision_entity_under_elements_and_element_under_entities_are_wrong_section():
    report = validate(GOOD_MISION + "Halcón\nEntes:\nPerla\n", "mision")
    assert [(v.code, v.rule, v.line) for v in report.errors] == [
        ("wrong_section", "FORMA DE JUEGO", 7),
        ("wrong_section", "FORMA DE JUEGO", 9),
    ]


def test_mision_lines_without_header_are_placed_by_type():
    report = validate("4 Halcón\n4 Perla\n", "mision")
    assert report.valid
    assert report.sections == {"entities": 4, "elements": 4}


# too_few_cards (Misión, FORMA DE JUEGO) ----------------------------------------------------------


def test_too_few_cards_one_error_per_short_section():
    report = validate("Entes:\n3 Halcón\nElementos:\n1 Perla\n", "mision")
    assert [(v.code, v.rule, v.line, v.cards) for v in report.errors] == [
        ("too_few_cards", "FORMA DE JUEGO", None, ()),
        ("too_few_cards", "FORMA DE JUEGO", None, ()),
    ]
    assert "Entes" in report.errors[0].message and "Elementos" in report.errors[1].message


def test_four_of_each_is_enough():
    assert "too_few_cards" not in codes(validate(GOOD_MISION, "mision"))


# warnings: no_combat (11.b), too_small (7.c) ---------------------------------------------------


def test_rule_11b_no_combat_without_cross_is_a_warning():
    report = validate(
        "Guardián de la cruz\nDefensa final\nDestrucción asimétrica\nDestrucción alquímica\nTokens:\nToken de fisión\n"
    )
    assert report.valid  # a warning does not invalidate
    assert [(w.code, w.rule) for w in report.warnings] == [("no_combat", "11.b"), ("too_small", "7.c")]


def test_rule_11b_one_combat_card_without_cross_silences_no_combat():
    assert "no_combat" not in [w.code for w in validate(GOOD_ELIRIA).warnings]


def test_rule_7c_fewer_than_five_cards_is_too_small():
    report = validate("Cañón del sacrificio\nDefensa final\n")
    assert [w.code for w in report.warnings] == ["too_small"]
    assert "2 cartas" in report.warnings[0].message


def test_rule_7c_tokens_in_the_deck_do_not_count_towards_five():
    report = validate(
        "Cañón del sacrificio\nDefensa final\nRelámpago vivo\nÑandú de guerra\nToken de fisión\n"
    )
    assert [v.code for v in report.errors] == ["token_in_deck"]
    assert [w.code for w in report.warnings] == ["too_small"]
    assert "4 cartas sin contar los tokens" in report.warnings[0].message


def test_rule_7c_five_cards_is_not_too_small():
    assert validate(GOOD_ELIRIA).warnings == ()


def test_empty_list_gets_both_warnings_for_eliria_and_errors_for_mision():
    assert [w.code for w in validate("").warnings] == ["no_combat", "too_small"]
    assert codes(validate("", "mision")) == ["too_few_cards", "too_few_cards"]


# check_deck for saved decks ------------------------------------------------------------------


def test_check_deck_on_entries_without_lines():
    entries = [DeckEntry("main", 2, card("BASE-120")), *main(reaction("R-1"), reaction("R-2"))]
    found = check_deck(entries, "eliria")
    assert [(v.code, v.line) for v in found] == [
        ("duplicate_name", None),
        ("no_combat", None),
        ("too_small", None),
    ]
    assert found[0].message.startswith("«Guardián de la cruz» aparece 2 veces")


def test_check_deck_flags_cards_of_the_other_game_and_unknown_sections():
    entries = [DeckEntry("main", 4, entity("MS-9")), DeckEntry("side", 1, card("BASE-105"))]
    assert [v.code for v in check_deck(entries, Game.ELIRIA)][:2] == ["wrong_game", "wrong_section"]


def test_errors_are_sorted_by_line_and_deck_wide_ones_last():
    report = validate("Entes:\nPerla\nNo existe\n", "mision")
    assert [(v.code, v.line) for v in report.errors] == [
        ("wrong_section", 2),
        ("unknown_card", 3),
        ("too_few_cards", None),
        ("too_few_cards", None),
    ]


def test_catalogue_helper_is_consistent():
    assert len({c.code for c in CATALOGUE}) == len(CATALOGUE)
