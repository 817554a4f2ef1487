"""A deck as a picture to share: its name, game, size, legality and list on one 1200 × 630 PNG.

1200 × 630 is the size chat apps and social sites show for an Open Graph image. The fonts and
type colours are the card faces' (cards/render.py: DejaVu, Noto Sans Runic for the runes). A
picture is drawn once per deck version and language and kept under MEDIA_ROOT/deck-pictures/;
a new version draws a new file and removes the old ones.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw

from cards.render import COLOURS, TYPE_LABEL, draw_text, text_width
from common.games import site_game
from decks.messages import SECTION_LABELS
from decks.models import Deck, sections_of
from decks.selectors import deck_report, deck_rows, deck_text

SIZE = WIDTH, HEIGHT = 1200, 630
MARGIN = 40
LIST_TOP, LIST_BOTTOM, LINE = 250, 580, 30
COLUMNS = 3


def deck_picture_png(deck: Deck) -> bytes:
    """The deck's picture as PNG bytes, drawn on first request of each version and kept."""
    rows = deck_rows(deck)
    key = hashlib.sha256("\n".join([
        str(deck.version), deck.name, deck.owner.get_username(), get_language() or "es", deck_text(rows, deck.game),
    ]).encode()).hexdigest()[:16]
    folder = Path(settings.MEDIA_ROOT) / "deck-pictures"
    path = folder / f"{deck.pk}-{key}.png"
    if path.exists():
        return path.read_bytes()
    data = _png(draw_deck(deck, rows))
    folder.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)  # atomic: a concurrent reader never sees half a file
    for old in folder.glob(f"{deck.pk}-*.png"):
        if old != path:
            old.unlink(missing_ok=True)
    return data


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def draw_deck(deck: Deck, rows: Sequence[Any]) -> Image.Image:
    image = Image.new("RGB", SIZE, "#fbf8f2")
    d = ImageDraw.Draw(image)
    _header(d, deck, rows)
    _stats(d, deck, rows)
    _card_list(d, deck, rows)
    draw_text(d, (WIDTH - MARGIN, HEIGHT - 22), "Eliria · Misión S.O.S", 18, fill="#6b645a", anchor="rs")
    return image


def _header(d: ImageDraw.ImageDraw, deck: Deck, rows: Sequence[Any]) -> None:
    d.rectangle((0, 0, WIDTH, 150), fill=site_game(deck.game).accent)  # the game's accent
    # A long name steps down a size before it is cut.
    size = next((s for s in (54, 44) if text_width(deck.name, s, True) <= WIDTH - 2 * MARGIN), 38)
    draw_text(d, (MARGIN, 82), fit(deck.name, size, WIDTH - 2 * MARGIN, bold=True), size, bold=True,
              fill="#ffffff", anchor="ls")
    count = sum(r.quantity for r in rows)
    line = " · ".join([
        deck.get_game_display(),
        ngettext("%(n)s carta", "%(n)s cartas", count) % {"n": count},
        _("de %(owner)s") % {"owner": deck.owner.get_username()},
    ])
    draw_text(d, (MARGIN, 100), fit(line, 26, WIDTH - 2 * MARGIN), 26, fill="#fbeee0")


def _stats(d: ImageDraw.ImageDraw, deck: Deck, rows: Sequence[Any]) -> None:
    """Legality (the engine's check) and how many cards of each type, as chips on one line."""
    report = deck_report(rows, deck.game)
    problems = len(report.errors)
    if report.valid:
        chips = [(_("✓ Legal"), "#1f6f3a")]
    else:
        chips = [(ngettext("✗ %(n)s problema", "✗ %(n)s problemas", problems) % {"n": problems}, "#a3231a")]
    by_type: dict[str, int] = {}
    for r in rows:
        by_type[r.card.type] = by_type.get(r.card.type, 0) + r.quantity
    for kind, n in sorted(by_type.items(), key=lambda kv: -kv[1]):
        chips.append((f"{TYPE_LABEL.get(kind, kind)} {n}", COLOURS.get(kind, ("#eee", "#333"))[1]))
    x = MARGIN
    for text, colour in chips:
        width = text_width(text, 22, True) + 28
        if x + width > WIDTH - MARGIN:
            break
        d.rounded_rectangle((x, 176, x + width, 218), radius=20, fill=colour)
        draw_text(d, (x + 14, 184), text, 22, bold=True, fill="#ffffff")
        x += width + 10


def _card_list(d: ImageDraw.ImageDraw, deck: Deck, rows: Sequence[Any]) -> None:
    """The list in columns, by section; what does not fit ends in «… y N cartas más»."""
    lines = _lines(rows, deck.game)
    per_column = (LIST_BOTTOM - LIST_TOP) // LINE
    room = per_column * COLUMNS
    if len(lines) > room:
        rest = sum(q for _h, q, _t, _n in lines[room - 1:] if q)
        lines = [*lines[:room - 1], (False, 0, "", ngettext("… y %(n)s carta más", "… y %(n)s cartas más", rest) % {"n": rest})]
    if not lines:
        draw_text(d, (MARGIN, LIST_TOP), _("Mazo vacío"), 24, fill="#6b645a")
        return
    column_width = (WIDTH - 2 * MARGIN) // COLUMNS
    for i, (header, quantity, kind, text) in enumerate(lines):
        x = MARGIN + (i // per_column) * column_width
        y = LIST_TOP + (i % per_column) * LINE
        if header:
            draw_text(d, (x, y), fit(text, 20, column_width - 16, bold=True), 20, bold=True, fill="#6b645a")
            continue
        if quantity:
            d.rounded_rectangle((x, y + 3, x + 12, y + 21), radius=3, fill=COLOURS.get(kind, ("#eee", "#333"))[1])
            text = f"{quantity}× {text}"
        draw_text(d, (x + 20, y), fit(text, 21, column_width - 34), 21, fill="#1d1a16")


def _lines(rows: Sequence[Any], game: str) -> list[tuple[bool, int, str, str]]:
    """(is a header, quantity, card type, text) per line; section headers only when there are two or more."""
    sections: dict[str, list[Any]] = {key: [] for key in sections_of(game)}  # in the order lists are written
    for r in rows:
        sections.setdefault(r.section, []).append(r)
    out: list[tuple[bool, int, str, str]] = []
    sections = {key: entries for key, entries in sections.items() if entries}
    for section, entries in sections.items():
        if len(sections) > 1:
            out.append((True, 0, "", str(SECTION_LABELS.get(section, section)).upper()))
        out += [(False, r.quantity, r.card.type, r.card.name) for r in entries]
    return out


def fit(text: str, size: int, width: float, *, bold: bool = False) -> str:
    """*text* cut with an ellipsis to fit *width* pixels."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"
