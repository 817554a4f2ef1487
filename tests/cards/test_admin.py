"""The editors' admin: editions inline, image uploads checked like imports, TERCERO kept."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from cards.models import Card
from tests.factories import EditionFactory


def _form(card, ed, image):  # type: ignore[no-untyped-def]
    return {
        "game": card.game, "code": card.code, "set": card.set_id, "name": card.name, "type": card.type,
        "editions-TOTAL_FORMS": "2", "editions-INITIAL_FORMS": "1", "editions-MIN_NUM_FORMS": "0",
        "editions-MAX_NUM_FORMS": "1000",
        "editions-0-id": ed.pk, "editions-0-card": card.pk, "editions-0-edition": "1",
        "editions-0-released": "2026-01-10", "editions-0-potential": "4", "editions-0-card_class": "guerrero",
        "editions-0-resistance": "3", "editions-0-attacks": "[]",
        "editions-1-card": card.pk, "editions-1-edition": "2", "editions-1-released": "2026-07-01",
        "editions-1-potential": "5", "editions-1-card_class": "guerrero", "editions-1-resistance": "6",
        "editions-1-attacks": "[]", "editions-1-image": image,
    }


@pytest.fixture
def staff_client(client):  # type: ignore[no-untyped-def]
    client.force_login(User.objects.create_superuser("editor", "e@example.com", "pw-pw-pw-123"))
    return client


@pytest.mark.django_db
def test_new_edition_with_a_scan_becomes_current(staff_client):
    ed = EditionFactory()
    card = ed.card
    buf = io.BytesIO()
    Image.new("RGB", (63, 88), "blue").save(buf, format="PNG")
    upload = SimpleUploadedFile("scan.png", buf.getvalue(), content_type="image/png")
    r = staff_client.post(f"/admin/cards/card/{card.pk}/change/", _form(card, ed, upload))
    assert r.status_code == 302, r.content.decode()[:2000]
    card = Card.objects.get(pk=card.pk)
    assert card.current.edition == 2 and card.current.resistance == 6
    assert card.current.image.name.endswith(".webp")


@pytest.mark.django_db
def test_a_non_image_upload_is_refused_with_a_message(staff_client):
    ed = EditionFactory()
    upload = SimpleUploadedFile("scan.png", b"GIF89a not really", content_type="image/png")
    r = staff_client.post(f"/admin/cards/card/{ed.card.pk}/change/", _form(ed.card, ed, upload))
    assert r.status_code == 200
    assert ed.card.editions.count() == 1
