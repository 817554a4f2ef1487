"""A deck shared as a picture: a real PNG, the deck page's visibility rules, Open Graph tags."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from PIL import Image

from decks.models import Visibility
from decks.services import deck_change_card
from tests.factories import UserFactory, deck_from_list


@pytest.fixture(autouse=True)
def media(settings, tmp_path):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def owner(db):  # type: ignore[no-untyped-def]
    return UserFactory(username="autora")


def _meta(html: str) -> dict[str, str]:
    return {m[0]: unescape(m[1]) for m in re.findall(r'<meta (?:property|name)="([^"]+)" content="([^"]*)"', html)}


@pytest.mark.django_db
def test_public_deck_picture_is_a_1200_by_630_png(client, owner, bundled):
    deck = deck_from_list(owner, name="Ceniza y ámbar", visibility=Visibility.PUBLIC)
    r = client.get(f"/mazos/{deck.pk}/imagen.png")
    assert r.status_code == 200 and r["Content-Type"] == "image/png" and r["Cache-Control"].startswith("public")
    image = Image.open(io.BytesIO(r.content))
    assert image.format == "PNG" and image.size == (1200, 630)
    assert 10_000 < len(r.content) < 400_000


@pytest.mark.django_db
def test_private_deck_picture_is_404_for_others_and_200_for_its_owner(client, owner, bundled):
    deck = deck_from_list(owner)  # private by default
    assert client.get(f"/mazos/{deck.pk}/imagen.png").status_code == 404
    client.force_login(UserFactory())
    assert client.get(f"/mazos/{deck.pk}/imagen.png").status_code == 404
    client.force_login(owner)
    r = client.get(f"/mazos/{deck.pk}/imagen.png")
    assert r.status_code == 200 and r["Cache-Control"].startswith("private")


@pytest.mark.django_db
def test_unlisted_deck_picture_opens_by_its_link_only(client, owner, bundled):
    deck = deck_from_list(owner, visibility=Visibility.UNLISTED)
    assert client.get(f"/mazos/{deck.pk}/imagen.png").status_code == 404
    assert client.get(f"/mazos/enlace/{deck.slug}/imagen.png").status_code == 200


@pytest.mark.django_db
def test_picture_is_kept_per_version_and_redrawn_after_a_change(client, owner, bundled, media):
    deck = deck_from_list(owner, visibility=Visibility.PUBLIC)
    first = client.get(f"/mazos/{deck.pk}/imagen.png").content
    files = list((media / "deck-pictures").glob(f"{deck.pk}-*.png"))
    assert len(files) == 1 and client.get(f"/mazos/{deck.pk}/imagen.png").content == first
    lobo = deck.entries.get(card__name="Lobo de ceniza").card
    deck_change_card(deck, actor=owner, card=lobo, section="main", delta=-1, expected_version=deck.version)
    second = client.get(f"/mazos/{deck.pk}/imagen.png").content
    now = list((media / "deck-pictures").glob(f"{deck.pk}-*.png"))
    assert second != first and len(now) == 1 and now != files


@pytest.mark.django_db
def test_public_deck_page_has_open_graph_tags_with_name_game_cards_and_absolute_image(client, owner, bundled):
    deck = deck_from_list(owner, name="Ceniza y ámbar", visibility=Visibility.PUBLIC)
    meta = _meta(client.get(f"/mazos/{deck.pk}/").content.decode())
    assert meta["og:title"] == "Ceniza y ámbar" and meta["twitter:card"] == "summary_large_image"
    assert meta["og:description"].startswith("Eliria · 7 cartas · ") and "Lobo de ceniza" in meta["og:description"]
    assert meta["og:image"] == f"http://testserver/mazos/{deck.pk}/imagen.png"


@pytest.mark.django_db
def test_unlisted_deck_page_points_its_tags_at_the_secret_link(client, owner, bundled):
    deck = deck_from_list(owner, visibility=Visibility.UNLISTED)
    meta = _meta(client.get(f"/mazos/enlace/{deck.slug}/").content.decode())
    assert meta["og:image"] == f"http://testserver/mazos/enlace/{deck.slug}/imagen.png"
    assert meta["og:url"] == f"http://testserver/mazos/enlace/{deck.slug}/"


@pytest.mark.django_db
def test_private_deck_page_has_no_open_graph_tags(client, owner, bundled):
    deck = deck_from_list(owner)
    client.force_login(owner)
    assert "og:image" not in client.get(f"/mazos/{deck.pk}/").content.decode()
