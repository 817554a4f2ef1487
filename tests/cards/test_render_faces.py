"""Drawn faces never cut a text: every word of every bundled card reaches the picture."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from cards.models import Card
from cards.render import RUNIC_FONT, SIZE, face_count, render_faces, text_width, wrap

pytestmark = pytest.mark.django_db


def _texts(card: Card, ed) -> list[str]:  # type: ignore[no-untyped-def]
    texts = [card.name, card.code, ed.passive or "", ed.effect or "", ed.flavor or "", ed.card_class or ""]
    for atk in ed.attacks or []:
        texts += [str(atk.get("name") or ""), str(atk.get("effect") or ""), str(atk.get("damage"))]
    return [t for t in texts if t.strip()]


def _contains(words: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return any(words[i : i + n] == needle for i in range(len(words) - n + 1))


def test_every_edition_of_every_bundled_card_draws_all_its_words(bundled):
    cards = Card.objects.select_related("set").prefetch_related("editions")
    assert cards.count() > 100
    for card in cards:
        for ed in card.editions.all():
            faces = render_faces(card, ed, sample=True)
            drawn = " ".join(line for face in faces for line in face.lines).split()
            for text in _texts(card, ed):
                assert _contains(drawn, text.split()), f"{card.code} ed. {ed.edition}: {text!r} not drawn"
            for face in faces:
                assert face.image.size == SIZE


def test_defensa_final_keeps_the_clause_ruling_segundo_added(bundled):
    card = Card.objects.get(code="BASE-011")
    drawn = " ".join(line for face in render_faces(card, card.current) for line in face.lines)
    assert "aunque no hayas jugado las tres" in drawn
    assert " ".join(card.current.effect.split()) in drawn


def test_a_text_too_long_for_one_face_continues_on_a_second(bundled):
    card = Card.objects.get(code="BASE-011")
    ed = card.current
    ed.effect = " ".join(["Roba una carta y después descarta otra de tu mano."] * 90)
    faces = render_faces(card, ed)
    assert face_count(card, ed) == len(faces) >= 2
    drawn = " ".join(line for face in faces for line in face.body)
    assert " ".join(ed.effect.split()) in drawn


def test_the_runes_of_the_type_line_come_from_a_font_that_has_them():
    runic = ImageFont.truetype(str(RUNIC_FONT), 24)
    for rune in "ᚱᛇ":
        # a font without the glyph draws the same .notdef box for both; the runes differ
        assert runic.getmask(rune).getbbox() is not None
    assert bytes(runic.getmask("ᚱ")) != bytes(runic.getmask("ᛇ"))
    assert text_width("Reacción ᚱ", 24) > text_width("Reacción ", 24)


def test_wrap_never_drops_a_word():
    text = "Supercalifragilisticoespialidoso " * 3 + "fin"
    assert "".join(wrap(text, 60)).replace(" ", "") == text.replace(" ", "")
