"""Card faces drawn by Pillow from a card's current text, for cards without a scan.

Faces are stored on disk under MEDIA_ROOT/faces, keyed by a hash of the text drawn, so an errata
draws a new face and an unchanged card is drawn once. They are drawn ahead, when the catalogue
changes (`faces_render`, run by the job in cards.tasks), not while a player waits.

No text is ever cut: the layout first shrinks the art box, then the type, and only when the
smallest type still does not fit does the rest of the text continue on a second face (printed
beside the first on proxies, to sleeve behind it). `render_faces` returns the lines it drew, so a
test can check that every word of every card reaches the picture.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from PIL import Image, ImageDraw, ImageFont

from cards.catalogue import edition_to_dict

log = logging.getLogger(__name__)

SIZE = (630, 880)  # 63 × 88 mm at 10 px per mm
LEFT, TEXT_WIDTH = 40, 550
BODY_BOTTOM = SIZE[1] - 66  # the footer line sits below
FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
)
# DejaVu has no runes (ᚱ ᛇ on the type line): they come from Noto Sans Runic, vendored (OFL).
RUNIC_FONT = Path(__file__).resolve().parent.parent / "static" / "fonts" / "NotoSansRunic-Regular.ttf"
COLOURS = {
    "combat": ("#e9d8b4", "#8a6a32"), "token": ("#dcdcdc", "#6b6b6b"),
    "reaction": ("#f1c4c0", "#9b2d25"), "summon": ("#c6d8f2", "#2b5c9e"),
    "entity": ("#d4ecd9", "#2e7d4f"), "element": ("#f6e6c4", "#a26a12"),
}
TYPE_LABEL = {
    "combat": "Combate", "token": "Token", "reaction": "Reacción ᚱ", "summon": "Invocación ᛇ",
    "entity": "Ente", "element": "Elemento",
}
SUBTYPE_LABEL = {"ephemeral": "Efímera", "attached": "Adhesión", "field": "Campo"}
WORLD_LABEL = {"water": "Agua", "air": "Aire", "fire": "Fuego", "earth": "Tierra"}
ART_HEIGHTS = (250, 170, 100)
SCALES = (1.0, 0.9, 0.8, 0.72, 0.65, 0.6)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = FONT_FILES[1 if bold else 0]
    if Path(path).exists():
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=16)
def runic_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if RUNIC_FONT.exists():
        return ImageFont.truetype(str(RUNIC_FONT), size)
    return font(size)


def _is_rune(ch: str) -> bool:
    return "\u16a0" <= ch <= "\u16ff"


def _runs(text: str) -> Iterator[tuple[str, bool]]:
    """Split text into runs of (chunk, is_runic) so each run is drawn with a font that has it."""
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or _is_rune(text[i]) != _is_rune(text[start]):
            yield text[start:i], _is_rune(text[start])
            start = i


def text_width(text: str, size: int, bold: bool = False) -> float:
    return sum(
        (runic_font(round(size * 1.2)) if runic else font(size, bold)).getlength(chunk) for chunk, runic in _runs(text)
    )


def draw_text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, *,
              bold: bool = False, fill: str = "#111", anchor: str = "la") -> None:
    """Draw text left-, right- or centre-anchored, switching to the runic font for runes."""
    x, y = xy
    width = text_width(text, size, bold)
    if anchor[0] == "r":
        x -= width
    elif anchor[0] == "m":
        x -= width / 2
    vertical = anchor[1]
    if vertical == "a" and any(runic for _chunk, runic in _runs(text)):
        # Mixed fonts share the main font's baseline, so the runes sit on the line.
        vertical, y = "s", y + font(size, bold).getmetrics()[0]
    for chunk, runic in _runs(text):
        f = runic_font(round(size * 1.2)) if runic else font(size, bold)
        d.text((x, y), chunk, font=f, fill=fill, anchor="l" + vertical)
        x += f.getlength(chunk)


def wrap(text: str, size: int, bold: bool = False, width: int = TEXT_WIDTH) -> list[str]:
    """Greedy word wrap by drawn width; a word wider than the line is split, never dropped."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if text_width(candidate, size, bold) <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            while text_width(word, size, bold) > width:
                cut = len(word) - 1
                while cut > 1 and text_width(word[:cut], size, bold) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            current = word
        if current:
            lines.append(current)
    return lines


@dataclass(frozen=True)
class Block:
    """A paragraph of the card's text: its base size, weight and colour."""

    text: str
    size: int
    bold: bool = False
    fill: str = "#111"


@dataclass(frozen=True)
class Line:
    text: str
    size: int
    bold: bool
    fill: str
    gap: int  # space before the line (paragraph spacing)

    @property
    def height(self) -> int:
        return self.gap + int(self.size * 1.3)


@dataclass
class Face:
    image: Image.Image
    lines: list[str] = field(default_factory=list)  # every text drawn on it, in order
    body: list[str] = field(default_factory=list)  # the rules text and flavour lines alone


@dataclass(frozen=True)
class TextSizes:
    """Base pixel sizes of the body's paragraphs (10 px per mm: 1 px is about 0.28 pt), before the
    layout scales them down to fit. The drawn faces keep their sizes; the printed proxies ask for
    larger ones (decks.proxies)."""

    passive: int = 20
    attack: int = 22
    attack_effect: int = 19
    effect: int = 22
    flavor: int = 17


FACE_SIZES = TextSizes()


def _blocks(card: Any, ed: Any, sizes: TextSizes = FACE_SIZES) -> list[Block]:
    if card.type in ("combat", "token"):
        blocks = [Block(f"Pasiva: {ed.passive}", sizes.passive)] if ed.passive else []
        for atk in ed.attacks:
            blocks.append(Block(f"[{atk.get('cost')}] {atk.get('name')} — {atk.get('damage')}", sizes.attack,
                                bold=True))
            if atk.get("effect"):
                blocks.append(Block(atk["effect"], sizes.attack_effect))
    elif card.type in ("reaction", "summon"):
        blocks = [Block(ed.effect or "", sizes.effect)]
    else:
        blocks = []
    if ed.flavor:
        blocks.append(Block(ed.flavor, sizes.flavor, fill="#444"))
    return [b for b in blocks if b.text.strip()]


def _lines(blocks: list[Block], scale: float) -> list[Line]:
    out: list[Line] = []
    for n, block in enumerate(blocks):
        size = max(9, round(block.size * scale))
        for i, text in enumerate(wrap(block.text, size, block.bold)):
            out.append(Line(text, size, block.bold, block.fill, gap=round(6 * scale) if i == 0 and n else 0))
    return out


def _stats_height(card: Any) -> int:
    if card.type in ("combat", "token"):
        return 42
    if card.type == "entity":
        return 110
    if card.type == "element":
        return 154
    return 0


def _plan(card: Any, ed: Any, *, sizes: TextSizes = FACE_SIZES, scales: tuple[float, ...] = SCALES,
          text_first: bool = False) -> tuple[int, list[list[Line]]]:
    """The art box height and the body lines of each face: one face whenever the text fits. A face
    keeps the largest art box and shrinks the text to fit under it; with `text_first` the text
    keeps the largest size that fits under any art box (the proxies' art box is only the code)."""
    blocks = _blocks(card, ed, sizes)
    laid: dict[float, list[Line]] = {}

    def lines_at(scale: float) -> list[Line]:
        if scale not in laid:
            laid[scale] = _lines(blocks, scale)
        return laid[scale]

    tries = ([(art, scale) for scale in scales for art in ART_HEIGHTS] if text_first
             else [(art, scale) for art in ART_HEIGHTS for scale in scales])
    for art, scale in tries:
        lines = lines_at(scale)
        if sum(line.height for line in lines) <= BODY_BOTTOM - (150 + art + 20) - _stats_height(card):
            return art, [lines]
    art = ART_HEIGHTS[-1]
    lines = lines_at(scales[-1])
    pages: list[list[Line]] = []
    room = BODY_BOTTOM - (150 + art + 20) - _stats_height(card)
    current: list[Line] = []
    used = 0
    for line in lines:
        if current and used + line.height > room:
            pages.append(current)
            current, used, room = [], 0, BODY_BOTTOM - 150  # a continuation face is all text
        current.append(line)
        used += line.height
    pages.append(current)
    return art, pages


def face_key(card: Any, edition: Any, sample: bool) -> str:
    data = {"c": [card.game, card.code, card.name, card.type, sample], "e": edition_to_dict(edition, card.type)}
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:20]


def face_count(card: Any, edition: Any) -> int:
    """How many faces the edition's text needs. Laying the text out measures every word, so the
    answer is remembered by what is drawn (face_key): a card page asks for it on every view."""
    key = face_key(card, edition, bool(card.set.sample))
    count = _face_counts.get(key)
    if count is None:
        count = len(_plan(card, edition)[1])
        if len(_face_counts) >= 20_000:  # a bounded memo: one small int per drawn text
            _face_counts.clear()
        _face_counts[key] = count
    return count


_face_counts: dict[str, int] = {}


# Faces are drawn ahead when the catalogue changes (faces_render, run by cards.tasks). A face a
# request still has to draw (the job has not run yet, or was turned off) is drawn then, counted
# here and logged, so a missing job shows in the logs rather than as a slow page.
drawn_on_request = 0


def face_path(card: Any, edition: Any, index: int = 0) -> Path:
    suffix = f"-{index + 1}" if index else ""
    name = f"{card.code}-{face_key(card, edition, bool(card.set.sample))}{suffix}.png"
    return Path(settings.MEDIA_ROOT) / "faces" / card.game / name


def face_png(card: Any, edition: Any, index: int = 0) -> bytes:
    """PNG bytes of drawn face `index` of `edition` (the current one for catalogue pictures)."""
    global drawn_on_request
    path = face_path(card, edition, index)
    if path.exists():
        return path.read_bytes()
    faces = _store_faces(card, edition)
    if index >= len(faces):
        raise IndexError(index)
    drawn_on_request += 1
    log.info("face %s/%s drawn on request: the faces job has not drawn it", card.game, card.code)
    return faces[index]


def faces_render(*, cards: Iterable[Any], progress: Callable[[int, int], None] | None = None) -> int:
    """Draw and store every face of each card's current edition that is not stored yet (cards with a
    scan have none to draw); returns how many faces were drawn."""
    todo = [card for card in cards if card.current is not None and not card.current.image]
    drawn = 0
    for done, card in enumerate(todo, 1):
        if not face_path(card, card.current).exists():
            drawn += len(_store_faces(card, card.current))
        if progress is not None:
            progress(done, len(todo))
    return drawn


def _store_faces(card: Any, edition: Any) -> list[bytes]:
    """Draw every face of `edition` once and store each under its key."""
    stored = []
    for index, face in enumerate(render_faces(card, edition, sample=bool(card.set.sample))):
        out = io.BytesIO()
        face.image.save(out, format="PNG", optimize=True)
        path = face_path(card, edition, index)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(out.getvalue())
        tmp.replace(path)  # atomic: a concurrent reader never sees half a file
        stored.append(out.getvalue())
    return stored


def draw_face(card: Any, ed: Any, *, sample: bool = False) -> Image.Image:
    """The front face (kept for callers that want one picture)."""
    return render_faces(card, ed, sample=sample)[0].image


def render_faces(card: Any, ed: Any, *, sample: bool = False) -> list[Face]:
    """Every face of the card: the front, and continuation faces when the text needs them."""
    art, pages = _plan(card, ed)
    faces = []
    for number, lines in enumerate(pages):
        face = _frame(card, ed, sample, number, len(pages))
        d = ImageDraw.Draw(face.image)
        ink = COLOURS.get(card.type, ("#eeeeee", "#333333"))[1]
        if number == 0:
            y = 150
            d.rectangle((30, y, SIZE[0] - 30, y + art), fill="#ffffff", outline=ink, width=2)
            draw_text(d, (SIZE[0] / 2, y + art / 2), card.code, 40 if art > 120 else 30, bold=True, fill=ink, anchor="mm")
            y = _stats(d, card, ed, y + art + 20, ink, face.lines)
        else:
            y = 150
        for line in lines:
            y += line.gap
            draw_text(d, (LEFT, y), line.text, line.size, bold=line.bold, fill=line.fill)
            face.lines.append(line.text)
            face.body.append(line.text)
            y += int(line.size * 1.3)
        faces.append(face)
    return faces


def _frame(card: Any, ed: Any, sample: bool, number: int, total: int) -> Face:
    bg, ink = COLOURS.get(card.type, ("#eeeeee", "#333333"))
    img = Image.new("RGB", SIZE, "white")
    d = ImageDraw.Draw(img)
    face = Face(img)
    d.rounded_rectangle((8, 8, SIZE[0] - 8, SIZE[1] - 8), radius=28, fill=bg, outline=ink, width=8)
    d.rounded_rectangle((30, 28, SIZE[0] - 30, 96), radius=12, fill="white", outline=ink, width=3)
    name = card.name + (" †" if getattr(ed, "cross", False) else "")
    size = _fit_size(name, TEXT_WIDTH - 10, 34, bold=True)
    draw_text(d, (44, 62), name, size, bold=True, anchor="lm")
    face.lines.append(name)
    label = TYPE_LABEL.get(card.type, card.type)
    if card.type == "summon" and ed.subtype:
        label += f" — {SUBTYPE_LABEL.get(ed.subtype, ed.subtype)}"
    if card.type in ("combat", "token") and ed.card_class:
        label += f" — {ed.card_class}"
    if total > 1:
        label += f" · {number + 1}/{total}"
    draw_text(d, (LEFT, 106), label, _fit_size(label, TEXT_WIDTH, 24, bold=True), bold=True, fill=ink)
    face.lines.append(label)
    footer = f"{card.code} · ed. {ed.edition} · {ed.released.isoformat()}"
    draw_text(d, (LEFT, SIZE[1] - 52), footer, 18, fill="#333")
    face.lines.append(footer)
    if sample:
        draw_text(d, (SIZE[0] - 40, SIZE[1] - 52), "MUESTRA", 18, bold=True, fill="#b00", anchor="ra")
    return face


def _stats(d: ImageDraw.ImageDraw, card: Any, ed: Any, y: int, ink: str, drawn: list[str]) -> int:
    if card.type in ("combat", "token"):
        left, right = f"Potencial {ed.potential}", f"Resistencia {ed.resistance}"
        draw_text(d, (LEFT, y), left, 26, bold=True, fill=ink)
        draw_text(d, (SIZE[0] - 40, y), right, 26, bold=True, fill=ink, anchor="ra")
        drawn += [left, right]
        return y + 42
    if card.type in ("entity", "element"):
        for i, world in enumerate(("water", "air", "fire", "earth")):
            x = 40 + i * 140
            d.rounded_rectangle((x, y, x + 125, y + 90), radius=10, outline=ink, width=3, fill="white")
            draw_text(d, (x + 62, y + 24), WORLD_LABEL[world], 20, fill=ink, anchor="mm")
            value = str(getattr(ed, world) or 0)
            draw_text(d, (x + 62, y + 62), value, 34, bold=True, anchor="mm")
            drawn += [WORLD_LABEL[world], value]
        y += 110
        if card.type == "element":
            chest = f"BAÚL: {ed.chest} puntos"
            draw_text(d, (LEFT, y), chest, 28, bold=True, fill=ink)
            drawn.append(chest)
            y += 44
    return y


def _fit_size(text: str, width: int, size: int, *, bold: bool = False) -> int:
    """The largest size, from `size` down, at which `text` fits `width` (never cut)."""
    while size > 8 and text_width(text, size, bold) > width:
        size -= 1
    return size
