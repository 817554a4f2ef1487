"""Card faces drawn by Pillow from a card's current text, for cards without a scan.

Also used for printable proxies. Faces are cached on disk under MEDIA_ROOT/faces, keyed by a hash
of the text drawn, so an errata draws a new face and an unchanged card is drawn once.
"""

from __future__ import annotations

import hashlib
import io
import json
import textwrap
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from PIL import Image, ImageDraw, ImageFont

from cards.catalogue import edition_to_dict

SIZE = (630, 880)  # 63 × 88 mm at 10 px per mm
FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
)
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


@lru_cache(maxsize=16)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = FONT_FILES[1 if bold else 0]
    if Path(path).exists():
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def face_key(card: Any, edition: Any, sample: bool) -> str:
    data = {"c": [card.game, card.code, card.name, card.type, sample], "e": edition_to_dict(edition, card.type)}
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:20]


def face_png(card: Any, edition: Any) -> bytes:
    """PNG bytes of the drawn face of `edition` (the current one for catalogue pictures)."""
    sample = bool(card.set.sample)
    path = Path(settings.MEDIA_ROOT) / "faces" / card.game / f"{card.code}-{face_key(card, edition, sample)}.png"
    if path.exists():
        return path.read_bytes()
    out = io.BytesIO()
    draw_face(card, edition, sample=sample).save(out, format="PNG", optimize=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(out.getvalue())
    tmp.replace(path)  # atomic: a concurrent reader never sees half a file
    return out.getvalue()


def draw_face(card: Any, ed: Any, *, sample: bool = False) -> Image.Image:
    bg, ink = COLOURS.get(card.type, ("#eeeeee", "#333333"))
    img = Image.new("RGB", SIZE, "white")
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((8, 8, SIZE[0] - 8, SIZE[1] - 8), radius=28, fill=bg, outline=ink, width=8)
    d.rounded_rectangle((30, 28, SIZE[0] - 30, 96), radius=12, fill="white", outline=ink, width=3)
    name = card.name + (" †" if getattr(ed, "cross", False) else "")
    d.text((44, 44), _fit(d, name, 540, 34), font=_fit_font(d, name, 540), fill="#111")
    label = TYPE_LABEL.get(card.type, card.type)
    if card.type == "summon" and ed.subtype:
        label += f" — {SUBTYPE_LABEL.get(ed.subtype, ed.subtype)}"
    if card.type in ("combat", "token") and ed.card_class:
        label += f" — {ed.card_class}"
    d.text((40, 106), label, font=font(24, True), fill=ink)
    y = 150
    d.rectangle((30, y, SIZE[0] - 30, y + 250), fill="#ffffff80", outline=ink, width=2)
    d.text((SIZE[0] / 2, y + 125), card.code, font=font(40, True), fill=ink, anchor="mm")
    y += 270
    y = _body(d, card, ed, y, ink)
    footer = f"{card.code} · ed. {ed.edition} · {ed.released.isoformat()}"
    d.text((40, SIZE[1] - 52), footer, font=font(18), fill="#333")
    if sample:
        d.text((SIZE[0] - 40, SIZE[1] - 52), "MUESTRA", font=font(18, True), fill="#b00", anchor="ra")
    return img


def _body(d: ImageDraw.ImageDraw, card: Any, ed: Any, y: int, ink: str) -> int:
    if card.type in ("combat", "token"):
        d.text((40, y), f"Potencial {ed.potential}", font=font(26, True), fill=ink)
        d.text((SIZE[0] - 40, y), f"Resistencia {ed.resistance}", font=font(26, True), fill=ink, anchor="ra")
        y += 42
        if ed.passive:
            y = _paragraph(d, f"Pasiva: {ed.passive}", y, 20)
        for atk in ed.attacks:
            dmg = atk.get("damage")
            y = _paragraph(d, f"[{atk.get('cost')}] {atk.get('name')} — {dmg}", y, 22, bold=True)
            if atk.get("effect"):
                y = _paragraph(d, atk["effect"], y, 19)
    elif card.type in ("reaction", "summon"):
        y = _paragraph(d, ed.effect, y, 22)
    else:
        for i, world in enumerate(("water", "air", "fire", "earth")):
            x = 40 + i * 140
            d.rounded_rectangle((x, y, x + 125, y + 90), radius=10, outline=ink, width=3, fill="white")
            d.text((x + 62, y + 24), WORLD_LABEL[world], font=font(20), fill=ink, anchor="mm")
            d.text((x + 62, y + 62), str(getattr(ed, world) or 0), font=font(34, True), fill="#111", anchor="mm")
        y += 110
        if card.type == "element":
            d.text((40, y), f"BAÚL: {ed.chest} puntos", font=font(28, True), fill=ink)
            y += 44
    if ed.flavor and y < SIZE[1] - 120:
        y = _paragraph(d, ed.flavor, y + 6, 17, fill="#444")
    return y


def _paragraph(d: ImageDraw.ImageDraw, text: str, y: int, size: int, *, bold: bool = False, fill: str = "#111") -> int:
    width = max(20, int(1000 / size))
    for line in textwrap.wrap(text, width=width)[:8]:
        if y > SIZE[1] - 90:
            break
        d.text((40, y), line, font=font(size, bold), fill=fill)
        y += int(size * 1.3)
    return y + 6


def _fit_font(d: ImageDraw.ImageDraw, text: str, width: int) -> Any:
    for size in (34, 30, 26, 22, 18):
        if d.textlength(text, font=font(size, True)) <= width:
            return font(size, True)
    return font(18, True)


def _fit(d: ImageDraw.ImageDraw, text: str, width: int, size: int) -> str:
    f = _fit_font(d, text, width)
    while d.textlength(text, font=f) > width and len(text) > 4:
        text = text[:-2] + "…"
    return text
