"""Proxy sheets: nine cards to an A4 page at 63 × 88 mm, the current text of each card."""

from __future__ import annotations

import pytest
from PIL import PdfParser

from cards.models import Card
from decks import proxies
from decks.selectors import deck_rows
from decks.services import EntrySpec, deck_create
from tests.factories import UserFactory, fast_passwords  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


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
    box = [round(float(v)) for v in parser.read_indirect(pages[0])[b"MediaBox"]]
    assert box == [0, 0, 595, 842]  # A4 in points


def test_copies_count_and_nine_fit_on_one_page(bundled):
    assert len(pdf_pages(proxies.proxy_pdf(deck_rows(make_deck(3, quantity=3))))) == 1
    assert len(proxies.proxy_cards(deck_rows(make_deck(2, quantity=5)))) == 10


def test_card_size_is_63_by_88_mm_at_300_dpi():
    assert proxies.CARD == (744, 1039) and proxies.PAGE == (2480, 3508)
    assert proxies.page_count(0) == 1 and proxies.page_count(9) == 1 and proxies.page_count(19) == 3


def test_the_sheet_has_cut_marks_and_the_faces(bundled):
    rows = deck_rows(make_deck(1))
    page = next(proxies._pages(proxies.proxy_faces(rows), "t", 1))
    ox = (proxies.PAGE[0] - 3 * proxies.CARD[0]) // 2
    oy = (proxies.PAGE[1] - 3 * proxies.CARD[1]) // 2
    # a cut mark above the first vertical cut line, in the margin
    assert page.getpixel((ox, oy - proxies.GAP - 5)) == (0, 0, 0)
    # the first slot holds a drawn face (not white), the last slot is empty
    assert page.getpixel((ox + 40, oy + 40)) != (255, 255, 255)
    assert page.getpixel((ox + 2 * proxies.CARD[0] + 300, oy + 2 * proxies.CARD[1] + 300)) == (255, 255, 255)


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
