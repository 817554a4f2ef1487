"""Printable proxies: the deck's cards drawn by Pillow from their current text, nine to an A4 page.

Each card is 63 × 88 mm at 300 dpi (744 × 1039 px) on a 3 × 3 grid centred on the page, with
cut marks in the margins along every cut line. Faces come from `cards.render.render_faces` over
the card's *current* edition (ruling TERCERO), whatever edition the deck pins. A card whose text
needs a second face gets it in the next cell (its back: sleeve it behind the front), so no rules
text is ever cut. Pages are
rendered one at a time and appended to the PDF, so memory stays at one page whatever the deck.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence

from PIL import Image, ImageDraw

from cards.render import font, render_faces
from decks.models import DeckEntry

DPI = 300
MM = DPI / 25.4
PAGE = (round(210 * MM), round(297 * MM))  # A4 portrait: 2480 × 3508
CARD = (round(63 * MM), round(88 * MM))  # 744 × 1039
COLS, ROWS = 3, 3
PER_PAGE = COLS * ROWS
MAX_CARDS = 270  # 30 pages: a generous deck with its tokens, and a bound on the work
MARK = round(5 * MM)  # cut marks: 5 mm long, 1 mm away from the cards
GAP = round(1 * MM)


class TooManyCards(ValueError):
    pass


def proxy_cards(rows: Sequence[DeckEntry]) -> list[DeckEntry]:
    """One item per printed copy, sections in the game's order, as many copies as the deck has."""
    order = {"main": 0, "entities": 0, "tokens": 1, "elements": 1}
    ordered = sorted(rows, key=lambda r: order.get(r.section, 2))
    copies = [row for row in ordered for _ in range(row.quantity)]
    if len(copies) > MAX_CARDS:
        raise TooManyCards(
            f"El mazo tiene {len(copies)} cartas; las pruebas imprimibles admiten como mucho {MAX_CARDS}."
        )
    return copies


def page_count(n_cards: int) -> int:
    return max(1, -(-n_cards // PER_PAGE))


def proxy_pdf(rows: Sequence[DeckEntry], *, title: str = "") -> bytes:
    """The PDF: ceil(faces / 9) A4 pages (one empty page for an empty deck)."""
    cells = proxy_faces(rows)
    out = io.BytesIO()
    total = page_count(len(cells))
    for number, page in enumerate(_pages(cells, title, total)):
        page.save(out, format="PDF", resolution=DPI, append=number > 0, title=title or "Pruebas")
    return out.getvalue()


def proxy_faces(rows: Sequence[DeckEntry]) -> list[Image.Image]:
    """One printed cell per face of each copy: a card whose text needs two faces takes two."""
    faces: dict[int, list[Image.Image]] = {}
    return [face for row in proxy_cards(rows) for face in _faces(row, faces)]


def _pages(cells: list[Image.Image], title: str, total: int) -> Iterator[Image.Image]:
    origin_x = (PAGE[0] - COLS * CARD[0]) // 2
    origin_y = (PAGE[1] - ROWS * CARD[1]) // 2
    for number in range(total):
        page = Image.new("RGB", PAGE, "white")
        chunk = cells[number * PER_PAGE : (number + 1) * PER_PAGE]
        for i, face in enumerate(chunk):
            x = origin_x + (i % COLS) * CARD[0]
            y = origin_y + (i // COLS) * CARD[1]
            page.paste(face, (x, y))
        _cut_marks(ImageDraw.Draw(page), origin_x, origin_y)
        caption = f"{title} · página {number + 1} de {total} · 63 × 88 mm, imprime al 100 %"
        ImageDraw.Draw(page).text((origin_x, PAGE[1] - origin_y // 2), caption, font=font(28), fill="#555")
        yield page


def _faces(row: DeckEntry, faces: dict[int, list[Image.Image]]) -> list[Image.Image]:
    card = row.card
    if card.pk not in faces:
        drawn = render_faces(card, card.current, sample=bool(card.set.sample))
        faces[card.pk] = [face.image.resize(CARD, Image.Resampling.LANCZOS) for face in drawn]
    return faces[card.pk]


def _cut_marks(draw: ImageDraw.ImageDraw, ox: int, oy: int) -> None:
    """Short lines in the margins continuing every vertical and horizontal cut line."""
    right, bottom = ox + COLS * CARD[0], oy + ROWS * CARD[1]
    for c in range(COLS + 1):
        x = ox + c * CARD[0]
        draw.line((x, oy - GAP - MARK, x, oy - GAP), fill="black", width=3)
        draw.line((x, bottom + GAP, x, bottom + GAP + MARK), fill="black", width=3)
    for r in range(ROWS + 1):
        y = oy + r * CARD[1]
        draw.line((ox - GAP - MARK, y, ox - GAP, y), fill="black", width=3)
        draw.line((right + GAP, y, right + GAP + MARK, y), fill="black", width=3)
