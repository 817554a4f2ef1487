"""Proxy sheets: nine cards to an A4 page at 63 × 88 mm, the current text of each card as vector text."""

from __future__ import annotations

import re
import zlib

import pytest
from PIL import PdfParser

from cards import render
from cards.models import Card
from decks import proxies
from decks.selectors import deck_rows
from decks.services import EntrySpec, deck_create
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db]


def pdf_pages(data: bytes) -> list:  # type: ignore[type-arg]
    return PdfParser.PdfParser(buf=data).pages


def make_deck(n_cards: int, quantity: int = 1):  # type: ignore[no-untyped-def]
    cards = Card.objects.filter(game="eliria", type="combat").order_by("code")[:n_cards]
    specs = [EntrySpec("main", c, quantity) for c in cards]
    return deck_create(owner=UserFactory(), game="eliria", name="Pruebas", entries=specs)


def test_ten_cards_make_two_a4_pages(bundled):
    deck = make_deck(10)
    data = proxies.proxy_pdf(deck_rows(deck), title=deck.name)
    assert data.startswith(b"%PDF")
    pages = pdf_pages(data)
    assert len(pages) == 2
    parser = PdfParser.PdfParser(buf=data)
    page = parser.read_indirect(pages[0])
    box = page.get(b"MediaBox") or parser.read_indirect(page[b"Parent"])[b"MediaBox"]  # may be inherited
    box = [round(float(v)) for v in box]
    assert box == [0, 0, 595, 842]  # A4 in points


def test_copies_count_and_nine_fit_on_one_page(bundled):
    assert len(pdf_pages(proxies.proxy_pdf(deck_rows(make_deck(3, quantity=3))))) == 1
    assert len(proxies.proxy_cards(deck_rows(make_deck(2, quantity=5)))) == 10


def test_card_size_is_63_by_88_mm_on_an_a4_page():
    assert proxies.CARD == (63.0, 88.0) and proxies.PAGE == (210.0, 297.0)
    assert proxies.page_count(0) == 1 and proxies.page_count(9) == 1 and proxies.page_count(19) == 3


def cell_of(item: proxies.Drawn) -> tuple[int, int]:
    return (int((item.x - proxies.ORIGIN[0]) // proxies.CARD[0]), int((item.y - proxies.ORIGIN[1]) // proxies.CARD[1]))


def assert_inside_its_card(item: proxies.Drawn) -> None:
    col, row = cell_of(item)
    left, top = proxies.ORIGIN[0] + col * proxies.CARD[0], proxies.ORIGIN[1] + row * proxies.CARD[1]
    assert 0 <= col < 3 and 0 <= row < 3, item
    assert left < item.x and item.x + item.width < left + proxies.CARD[0] - 0.5, f"cut horizontally: {item}"
    assert item.y + item.height < top + proxies.CARD[1] - 0.5, f"cut at the bottom: {item}"


def test_the_sheet_is_vector_text_with_the_faces_in_their_slots(bundled):
    rows = deck_rows(make_deck(1))
    sheets = proxies.proxy_sheets(rows, title="t")
    data = bytes(sheets.pdf.output())
    assert b"/Subtype /Image" not in data and b"/FontFile2" in data  # text, not pictures; fonts embedded
    card = rows[0].card
    texts = [item.text for item in sheets.drawn]
    assert card.name in texts and card.code in texts
    # the only card sits in the first slot; the last slot is empty
    assert {cell_of(item) for item in sheets.drawn} == {(0, 0)}
    for item in sheets.drawn:
        assert_inside_its_card(item)


def test_twenty_cards_are_a_small_pdf_with_every_card(bundled):
    rows = deck_rows(make_deck(20))
    sheets = proxies.proxy_sheets(rows, title="t")
    assert len(bytes(sheets.pdf.output())) < 200_000  # the raster sheets were 1.6 MB
    texts = {item.text for item in sheets.drawn}
    assert {row.card.name for row in rows} <= texts
    for item in sheets.drawn:
        assert_inside_its_card(item)


def test_too_many_cards_are_refused_with_a_message(bundled):
    rows = deck_rows(make_deck(1, quantity=proxies.MAX_CARDS + 1))
    with pytest.raises(proxies.TooManyCards, match="como mucho"):
        proxies.proxy_pdf(rows)


def test_a_card_whose_text_needs_two_faces_gets_both_cells(bundled):
    rows = deck_rows(make_deck(1))
    ed = rows[0].card.current
    ed.passive = ed.effect = " ".join(["Roba una carta y después descarta otra de tu mano."] * 90)
    ed.attacks = []
    assert len(proxies.proxy_faces(rows)) == 2
    sheets = proxies.proxy_sheets(rows)
    for item in sheets.drawn:
        assert_inside_its_card(item)
    written = " ".join(item.text for item in sheets.drawn).split()
    assert written.count("Roba") == 90  # every word of the text reaches the sheet, none cut


def written_sizes(data: bytes) -> list[float]:
    """The font size in points of each text run the PDF writes, in order, read from its content
    streams: `/F1 7.94 Tf` sets the size, each `(…) Tj` writes one run."""
    sizes, size = [], 0.0
    for raw in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            stream = zlib.decompress(raw)
        except zlib.error:
            stream = raw  # not a compressed stream (fonts' metadata): no text in it
        for match in re.finditer(rb"/F\d+ ([\d.]+) Tf|\) Tj", stream):
            if match.group(1):
                size = float(match.group(1))
            else:
                sizes.append(size)
    return sizes


def sheet_of(effect: str, flavor: str):  # type: ignore[no-untyped-def]
    """One reaction card's proxy with this text, and the size in points of each body line written."""
    card = Card.objects.filter(game="eliria", type="reaction").order_by("code").first()
    rows = deck_rows(deck_create(owner=UserFactory(), game="eliria", name="P", entries=[EntrySpec("main", card, 1)]))
    ed = rows[0].card.current
    ed.effect, ed.flavor = effect, flavor
    sheets = proxies.proxy_sheets(rows)
    runs = [item for item in sheets.drawn for _run in render._runs(item.text)]  # runes are runs of their own
    sizes = written_sizes(bytes(sheets.pdf.output()))
    assert len(sizes) == len(runs) + 1  # and the page's caption
    body = {line.text for cell in proxies.proxy_faces(rows) for line in cell.lines}
    return sheets, [(item, size) for item, size in zip(runs, sizes, strict=False) if item.text in body]


def test_a_short_text_is_printed_at_the_size_of_printed_rules_text(bundled):
    """Issue 38: a card's few words were set at 5.7 pt (flavour 4.8 pt) over an empty lower half."""
    _sheets, lines = sheet_of("Roba una carta.", "El viento no espera.")
    sizes = {item.text: size for item, size in lines}
    assert 7.5 <= sizes["Roba una carta."] <= 8.0
    assert 6.5 <= sizes["El viento no espera."] <= 7.0
    assert len(proxies.proxy_faces(deck_rows(make_deck(1)))) == 1


def test_a_long_text_shrinks_to_fit_its_box(bundled):
    effect = " ".join(["Roba una carta y después descarta otra de tu mano."] * 14)
    sheets, lines = sheet_of(effect, "Y el viento, que no espera a nadie, se llevó las hojas del otoño.")
    assert len({cell_of(item) for item in sheets.drawn}) == 1  # one face: the text shrank instead
    sizes = [size for _item, size in lines]
    assert max(sizes) < 7.5 and min(sizes) >= 13 * proxies.PT_PER_PX - 0.01
    bottom = proxies.ORIGIN[1] + render.BODY_BOTTOM * proxies.MM_PER_PX  # above the footer line
    for item, _size in lines:
        assert item.y + item.height <= bottom + 0.01, item
        assert item.x + item.width <= proxies.ORIGIN[0] + (render.LEFT + render.TEXT_WIDTH) * proxies.MM_PER_PX + 0.01
    for item in sheets.drawn:
        assert_inside_its_card(item)
    written = " ".join(item.text for item, _size in lines).split()
    assert written.count("Roba") == 14
