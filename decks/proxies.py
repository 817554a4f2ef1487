"""Printable proxies: the deck's cards laid out as vector text (fpdf2), nine to an A4 page.

Each card is 63 × 88 mm on a 3 × 3 grid centred on the page, with cut marks in the margins along
every cut line. The text of each face comes from the same layout as the catalogue's drawn faces
(`cards.render._plan` over the card's *current* edition, ruling TERCERO, whatever edition the deck
pins) but at printed sizes (PROXY_SIZES: rules text up to 7.9 pt, shrunk only to fit), written as text in the embedded DejaVu fonts (Spanish accents; runes from Noto Sans Runic),
so it is selectable and sharp at any zoom. A card whose text needs a second face gets it in the next
cell (its back: sleeve it behind the front), so no rules text is ever cut; a line that the PDF's
font measures wider than its box is condensed horizontally, never clipped. Every text written is
recorded in `Sheets.drawn` with its box, so a test can check that none leaves its card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fpdf import FPDF

from cards import render
from common.errors import SiteError
from decks.models import DeckEntry

MM_PER_PX = 0.1  # the drawn faces are 630 × 880 px for 63 × 88 mm
PT_PER_PX = MM_PER_PX * 72 / 25.4  # a face's pixel font size as PDF points
PAGE = (210.0, 297.0)  # A4 portrait, mm
CARD = (63.0, 88.0)  # mm
COLS, ROWS = 3, 3
PER_PAGE = COLS * ROWS
MAX_CARDS = 270  # 30 pages: a generous deck with its tokens, and a bound on the work
MARK, GAP = 5.0, 1.0  # cut marks: 5 mm long, 1 mm away from the cards
ORIGIN = ((PAGE[0] - COLS * CARD[0]) / 2, (PAGE[1] - ROWS * CARD[1]) / 2)
# Printed rules text is about 8 pt and flavour a little smaller: the largest sizes a proxy's text
# takes (28 px = 7.9 pt, 24 px = 6.8 pt), shrunk step by step only when the text does not fit its
# box; the smallest step is the drawn faces' smallest (13 px = 3.7 pt), past which a second face
# takes the rest. (The drawn faces' sizes, 22 and 17 px, left a short text at 6.2 and 4.8 pt.)
PROXY_SIZES = render.TextSizes(passive=28, attack=28, attack_effect=28, effect=28, flavor=24)
PROXY_SCALES = (1.0, 0.93, 0.86, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.47)


class TooManyCards(SiteError):
    """A deck with more copies than the printable sheets take (MAX_CARDS): a 400 naming why."""


@dataclass(frozen=True)
class Cell:
    """One printed face: the card, its current edition, the art box and the body lines on it."""

    card: Any
    edition: Any
    art: int
    lines: list[render.Line]
    number: int
    total: int


@dataclass(frozen=True)
class Drawn:
    """A text written on the sheet: page (0-based), left, top, width and height in mm."""

    page: int
    text: str
    x: float
    y: float
    width: float
    height: float


@dataclass
class Sheets:
    pdf: FPDF
    drawn: list[Drawn] = field(default_factory=list)


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
    return bytes(proxy_sheets(rows, title=title).pdf.output())


def proxy_faces(rows: Sequence[DeckEntry]) -> list[Cell]:
    """One printed cell per face of each copy: a card whose text needs two faces takes two."""
    planned: dict[int, list[Cell]] = {}
    cells = []
    for row in proxy_cards(rows):
        card = row.card
        if card.pk not in planned:
            art, pages = render._plan(card, card.current, sizes=PROXY_SIZES, scales=PROXY_SCALES, text_first=True)
            planned[card.pk] = [Cell(card, card.current, art, lines, n, len(pages)) for n, lines in enumerate(pages)]
        cells += planned[card.pk]
    return cells


def proxy_sheets(rows: Sequence[DeckEntry], *, title: str = "") -> Sheets:
    cells = proxy_faces(rows)
    sheets = Sheets(_new_pdf(title))
    total = page_count(len(cells))
    for number in range(total):
        sheets.pdf.add_page()
        for i, cell in enumerate(cells[number * PER_PAGE : (number + 1) * PER_PAGE]):
            origin = (ORIGIN[0] + (i % COLS) * CARD[0], ORIGIN[1] + (i // COLS) * CARD[1])
            _Face(sheets, number, origin).paint(cell)
        _cut_marks(sheets.pdf)
        caption = f"{title} · página {number + 1} de {total} · 63 × 88 mm, imprime al 100 %"
        sheets.pdf.set_font("dejavu", size=6.7)
        sheets.pdf.set_text_color("#555555")
        sheets.pdf.text(ORIGIN[0], PAGE[1] - ORIGIN[1] / 2 + 2.5, caption)
    return sheets


def _new_pdf(title: str) -> FPDF:
    # The fonts are read for each document: fpdf2 subsets them in place when it writes the file,
    # so a document copied from a shared one loses glyphs (measured: a copy saves 0.2 s, and broke).
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    pdf.set_title(title or "Pruebas")
    pdf.set_creator("Eliria")
    regular, bold = render.FONT_FILES
    pdf.add_font("dejavu", "", regular)
    pdf.add_font("dejavu", "B", bold)
    if Path(render.RUNIC_FONT).exists():
        pdf.add_font("runic", "", str(render.RUNIC_FONT))
    return pdf


class _Face:
    """Paints one cell in the geometry of `cards.render` (pixels of a 630 × 880 face, ×0.1 mm)."""

    def __init__(self, sheets: Sheets, page: int, origin: tuple[float, float]) -> None:
        self.sheets, self.pdf, self.page, self.origin = sheets, sheets.pdf, page, origin

    def mm(self, x: float, y: float) -> tuple[float, float]:
        return self.origin[0] + x * MM_PER_PX, self.origin[1] + y * MM_PER_PX

    def box(self, x0: float, y0: float, x1: float, y1: float, *, fill: str, ink: str, width: float,
            radius: float = 0) -> None:
        self.pdf.set_fill_color(fill)
        self.pdf.set_draw_color(ink)
        self.pdf.set_line_width(width * MM_PER_PX)
        # Pillow draws an outline inside the box: inset by half the stroke to match.
        inset = width / 2
        x, y = self.mm(x0 + inset, y0 + inset)
        w, h = (x1 - x0 - width) * MM_PER_PX, (y1 - y0 - width) * MM_PER_PX
        self.pdf.rect(x, y, w, h, style="DF", round_corners=radius > 0, corner_radius=radius * MM_PER_PX)

    def text(self, x: float, y: float, text: str, size: int, *, bold: bool = False, fill: str = "#111111",
             anchor: str = "la", room: float = render.TEXT_WIDTH) -> None:
        """Write `text` anchored like Pillow's `anchor` at face pixel (x, y); never wider than `room`."""
        pdf = self.pdf
        runs = list(render._runs(text))
        widths = []
        for chunk, chunk_is_rune in runs:
            self._use(chunk_is_rune, size, bold)
            widths.append(pdf.get_string_width(chunk))
        width = sum(widths)
        stretch = min(1.0, room * MM_PER_PX / width) if width else 1.0
        width *= stretch
        left = x * MM_PER_PX - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
        ascent, descent = render.font(size, bold).getmetrics()
        base = y + (ascent if anchor[1] == "a" else (ascent - descent) / 2)
        cx, cy = self.origin[0] + left, self.origin[1] + base * MM_PER_PX
        pdf.set_text_color(fill)
        pdf.set_stretching(stretch * 100)
        for (chunk, chunk_is_rune), w in zip(runs, widths, strict=True):
            self._use(chunk_is_rune, size, bold)
            pdf.text(cx, cy, chunk)
            cx += w * stretch
        pdf.set_stretching(100)
        top = cy - ascent * MM_PER_PX
        self.sheets.drawn.append(Drawn(self.page, text, cx - width, top, width, (ascent + descent) * MM_PER_PX))

    def _use(self, rune: bool, size: int, bold: bool) -> None:
        if rune and "runic" in self.pdf.fonts:
            self.pdf.set_font("runic", size=round(size * 1.2) * PT_PER_PX)
        else:
            self.pdf.set_font("dejavu", "B" if bold else "", size * PT_PER_PX)

    def paint(self, cell: Cell) -> None:
        card, ed = cell.card, cell.edition
        bg, ink = render.COLOURS.get(card.type, ("#eeeeee", "#333333"))
        self._frame(cell, bg, ink)
        y = 150
        if cell.number == 0:
            self.box(30, y, render.SIZE[0] - 30, y + cell.art, fill="#ffffff", ink=ink, width=2)
            size = 40 if cell.art > 120 else 30
            self.text(render.SIZE[0] / 2, y + cell.art / 2, card.code, size, bold=True, fill=ink, anchor="mm")
            y = self._stats(card, ed, y + cell.art + 20, ink)
        for line in cell.lines:
            y += line.gap
            self.text(render.LEFT, y, line.text, line.size, bold=line.bold, fill=line.fill)
            y += int(line.size * 1.3)

    def _frame(self, cell: Cell, bg: str, ink: str) -> None:
        card, ed = cell.card, cell.edition
        w, h = render.SIZE
        self.box(8, 8, w - 8, h - 8, fill=bg, ink=ink, width=8, radius=28)
        self.box(30, 28, w - 30, 96, fill="#ffffff", ink=ink, width=3, radius=12)
        name = card.name + (" †" if getattr(ed, "cross", False) else "")
        self.text(44, 62, name, render._fit_size(name, render.TEXT_WIDTH - 10, 34, bold=True), bold=True,
                  anchor="lm", room=render.TEXT_WIDTH - 10)
        label = render.TYPE_LABEL.get(card.type, card.type)
        if card.type == "summon" and ed.subtype:
            label += f" — {render.SUBTYPE_LABEL.get(ed.subtype, ed.subtype)}"
        if card.type in ("combat", "token") and ed.card_class:
            label += f" — {ed.card_class}"
        if cell.total > 1:
            label += f" · {cell.number + 1}/{cell.total}"
        self.text(render.LEFT, 106, label, render._fit_size(label, render.TEXT_WIDTH, 24, bold=True), bold=True, fill=ink)
        footer = f"{card.code} · ed. {ed.edition} · {ed.released.isoformat()}"
        self.text(render.LEFT, h - 52, footer, 18, fill="#333333", room=420 if card.set.sample else render.TEXT_WIDTH)
        if card.set.sample:
            self.text(w - 40, h - 52, "MUESTRA", 18, bold=True, fill="#bb0000", anchor="ra", room=120)

    def _stats(self, card: Any, ed: Any, y: int, ink: str) -> int:
        if card.type in ("combat", "token"):
            half = render.TEXT_WIDTH / 2 - 5
            self.text(render.LEFT, y, f"Potencial {ed.potential}", 26, bold=True, fill=ink, room=half)
            self.text(render.SIZE[0] - 40, y, f"Resistencia {ed.resistance}", 26, bold=True, fill=ink, anchor="ra",
                      room=half)
            return y + 42
        if card.type in ("entity", "element"):
            for i, world in enumerate(("water", "air", "fire", "earth")):
                x = 40 + i * 140
                self.box(x, y, x + 125, y + 90, fill="#ffffff", ink=ink, width=3, radius=10)
                self.text(x + 62, y + 24, render.WORLD_LABEL[world], 20, fill=ink, anchor="mm", room=115)
                self.text(x + 62, y + 62, str(getattr(ed, world) or 0), 34, bold=True, anchor="mm", room=115)
            y += 110
            if card.type == "element":
                self.text(render.LEFT, y, f"BAÚL: {ed.chest} puntos", 28, bold=True, fill=ink)
                y += 44
        return y


def _cut_marks(pdf: FPDF) -> None:
    """Short lines in the margins continuing every vertical and horizontal cut line."""
    ox, oy = ORIGIN
    right, bottom = ox + COLS * CARD[0], oy + ROWS * CARD[1]
    pdf.set_draw_color(0)
    pdf.set_line_width(0.25)
    for c in range(COLS + 1):
        x = ox + c * CARD[0]
        pdf.line(x, oy - GAP - MARK, x, oy - GAP)
        pdf.line(x, bottom + GAP, x, bottom + GAP + MARK)
    for r in range(ROWS + 1):
        y = oy + r * CARD[1]
        pdf.line(ox - GAP - MARK, y, ox - GAP, y)
        pdf.line(right + GAP, y, right + GAP + MARK, y)
