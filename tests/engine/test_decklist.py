"""Deck-list text (docs/contract.md §3): headers, quantities, codes, comments, errors, round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    CardData,
    DeckEntry,
    Game,
    ListLine,
    MemoryLookup,
    UnknownGame,
    format_decklist,
    parse_decklist,
    validate_decklist,
)

from .helpers import CATALOGUE, card, lookup

EXAMPLE = """# comments and blank lines are ignored
Mazo:
1 Cañón del sacrificio (BASE-105)
Organismo de fisión
Tokens:
1 Token de fisión
"""


def test_contract_example_parses():
    parsed = parse_decklist(EXAMPLE, "eliria")
    assert parsed.errors == ()
    assert parsed.lines == (
        ListLine(3, "main", 1, "Cañón del sacrificio", "BASE-105"),
        ListLine(4, "main", 1, "Organismo de fisión", None),
        ListLine(6, "tokens", 1, "Token de fisión", None),
    )


@pytest.mark.parametrize(
    ("text", "quantity", "name", "code"),
    [
        ("2x Foo (BASE-001)", 2, "Foo", "BASE-001"),
        ("2X Foo", 2, "Foo", None),
        ("3× Foo", 3, "Foo", None),
        ("1 Foo", 1, "Foo", None),
        ("Foo", 1, "Foo", None),
        ("  12   Foo   bar  ", 12, "Foo bar", None),
        ("999 Foo", 999, "Foo", None),
        ("Foo (bar baz)", 1, "Foo (bar baz)", None),  # not a code: spaces inside
        ("Foo (fisión)", 1, "Foo (fisión)", None),  # not a code: an accent
        ("1 Foo (X1) (BASE-1)", 1, "Foo (X1)", "BASE-1"),  # the last parentheses hold the code
        ("2xFoo", 1, "2xFoo", None),  # no space after the quantity: part of the name
        ("1 2x Foo (C-1)", 1, "2x Foo", "C-1"),
        ('Base genética "Netaliseb"', 1, 'Base genética "Netaliseb"', None),
    ],
)
def test_card_line_forms(text, quantity, name, code):
    parsed = parse_decklist(text, "eliria")
    assert parsed.errors == ()
    assert parsed.lines == (ListLine(1, "main", quantity, name, code),)


@pytest.mark.parametrize("header", ["Mazo:", "MAZO:", "main:", "  Main :  "])
def test_eliria_main_headers(header):
    parsed = parse_decklist(f"Tokens:\n{header}\nFoo", "eliria")
    assert parsed.errors == ()
    assert parsed.lines[0].section == "main"


@pytest.mark.parametrize(
    ("header", "section"),
    [
        ("Entes:", "entities"),
        ("ENTITIES:", "entities"),
        ("Elementos:", "elements"),
        ("elements:", "elements"),
        ("Éntes:", "entities"),
        ("ELEMENTÓS :", "elements"),
    ],
)
def test_mision_headers_ignore_case_and_accents(header, section):
    parsed = parse_decklist(f"{header}\nFoo", Game.MISION)
    assert parsed.errors == ()
    assert parsed.lines[0].section == section


def test_eliria_lines_before_any_header_are_main():
    assert parse_decklist("Foo", "eliria").lines[0].section == "main"


def test_mision_lines_before_any_header_have_no_section():
    assert parse_decklist("Foo", "mision").lines[0].section is None


@pytest.mark.parametrize(
    ("game", "header"), [("eliria", "Entes:"), ("mision", "Mazo:"), ("eliria", "Banquillo:")]
)
def test_header_of_another_game_is_a_parse_error(game, header):
    parsed = parse_decklist(f"Foo\n\n{header}\nBar", game)
    assert [e.line for e in parsed.errors] == [3]
    assert "encabezado" in parsed.errors[0].message
    assert parsed.errors[0].message.startswith("Línea 3:")
    # The bad header changes nothing: the next line stays in the previous section.
    assert parsed.lines[1].section == parse_decklist("Foo", game).lines[0].section


def test_comments_and_blank_lines_are_ignored_but_count_for_line_numbers():
    parsed = parse_decklist("# hola\n\n   # otro\n\t\n2 Foo\r\n\r\n1 Bar\r", "eliria")
    assert [(ln.line, ln.name) for ln in parsed.lines] == [(5, "Foo"), (7, "Bar")]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("0 Foo", "al menos 1"),
        ("1000 Foo", "absurda"),
        ("0000000000000000000000000000000000001 Foo", "1 Foo"),  # leading zeros are fine
        ("9" * 5000 + " Foo", "absurda"),  # int() would refuse this string
        ("3x", "falta el nombre"),
        ("4", "falta el nombre"),
        ("2 (BASE-105)", "falta el nombre"),
        ("Foo ()", "vacío"),
        ("-1 Foo", "sin signo"),  # a negative count is not read as one copy of "-1 Foo"
        ("+2x Foo", "sin signo"),
        ("\u22121 Foo", "sin signo"),
    ],
)
def test_bad_card_lines_are_errors_with_line_numbers(text, fragment):
    parsed = parse_decklist(f"# first\n{text}", "eliria")
    if fragment == "1 Foo":
        assert parsed.errors == () and parsed.lines[0].quantity == 1
        return
    assert parsed.lines == ()
    assert len(parsed.errors) == 1
    assert parsed.errors[0].line == 2
    assert fragment in parsed.errors[0].message


def test_unknown_game_raises():
    with pytest.raises(UnknownGame):
        parse_decklist("Foo", "magic")


@settings(database=None, max_examples=300)
@given(st.text(), st.sampled_from(["eliria", "mision"]))
def test_parser_never_raises(text, game):
    parsed = parse_decklist(text, game)
    for line in parsed.lines:
        assert 1 <= line.quantity <= 999 and line.name
    lines = {ln.line for ln in parsed.lines} | {e.line for e in parsed.errors}
    assert len(lines) == len(parsed.lines) + len(parsed.errors)


@settings(database=None, max_examples=300)
@given(
    st.lists(
        st.sampled_from(
            [
                "Mazo:",
                "Tokens:",
                "Entes:",
                "2x ",
                "(A-1)",
                "#",
                " ",
                "\n",
                "\r",
                ":",
                "Foo",
                "0",
                "1",
                "x",
                "()",
                "ñ",
                "\u2028",
                "\x00",
            ]
        )
    ).map("".join)
)
def test_parser_never_raises_on_list_like_text(text):
    for game in ("eliria", "mision"):
        parse_decklist(text, game)


def test_format_writes_spanish_headers_in_order():
    entries = [
        DeckEntry("tokens", 1, card("BASE-T01")),
        DeckEntry("main", 1, card("BASE-105")),
        DeckEntry("main", 2, card("BASE-108")),
    ]
    assert format_decklist(entries, "eliria") == (
        "Mazo:\n1 Cañón del sacrificio (BASE-105)\n2 Organismo de fisión (BASE-108)\n\n"
        "Tokens:\n1 Token de fisión (BASE-T01)\n"
    )


def test_format_omits_empty_sections():
    entries = [DeckEntry("elements", 4, card("MS-101"))]
    assert format_decklist(entries, "mision") == "Elementos:\n4 Cristal (MS-101)\n"
    assert format_decklist([], "mision") == ""


def test_format_then_validate_gives_the_same_deck():
    entries = (DeckEntry("main", 1, card("BASE-105")), DeckEntry("tokens", 3, card("BASE-T01")))
    report = validate_decklist(format_decklist(entries, "eliria"), "eliria", lookup())
    assert report.entries == entries


_NAME_CHARS = st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp"))
_CODES = st.from_regex(r"[A-Z]{2,4}-[0-9]{1,3}[a-z]?", fullmatch=True)


@st.composite
def _decks(draw: st.DrawFn) -> tuple[Game, list[DeckEntry]]:
    game = draw(st.sampled_from(list(Game)))
    types = {Game.ELIRIA: ("combat", "token", "reaction"), Game.MISION: ("entity", "element")}[game]
    codes = draw(st.lists(_CODES, min_size=0, max_size=8, unique_by=str.casefold))
    entries = []
    for code in codes:
        name = draw(st.text(_NAME_CHARS, min_size=1, max_size=20).filter(lambda s: s.strip()))
        kind = draw(st.sampled_from(types))
        section = {"token": "tokens", "entity": "entities", "element": "elements"}.get(kind, "main")
        if game is Game.ELIRIA and draw(st.booleans()):
            section = draw(st.sampled_from(["main", "tokens"]))
        quantity = draw(st.integers(1, 999))
        entries.append(DeckEntry(section, quantity, CardData(game, code, name, kind)))
    return game, entries


@settings(database=None, max_examples=200)
@given(_decks())
def test_round_trip_format_parse_resolve(deck):
    game, entries = deck
    text = format_decklist(entries, game)
    report = validate_decklist(text, game, MemoryLookup(e.card for e in entries))
    assert not [v for v in report.errors if v.code in ("parse_error", "unknown_card", "wrong_game")]
    # Same deck: format orders by section, so compare per section in order.
    for section in {"eliria": ("main", "tokens"), "mision": ("entities", "elements")}[game.value]:
        assert [e for e in report.entries if e.section == section] == [
            e for e in entries if e.section == section
        ]


def test_catalogue_round_trip_of_every_card():
    entries = [
        DeckEntry("main" if c.type != "token" else "tokens", 1, c) for c in CATALOGUE if c.game is Game.ELIRIA
    ]
    report = validate_decklist(format_decklist(entries, "eliria"), "eliria", lookup())
    assert list(report.entries) == [e for e in entries if e.section == "main"] + [
        e for e in entries if e.section == "tokens"
    ]
