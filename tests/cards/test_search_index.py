"""The catalogue's search index for the browser: versioned, kept for ever, the server's own flags."""

from __future__ import annotations

import gzip

import pytest
from django.urls import reverse

from cards.models import Card
from cards.pagecache import catalogue_changed, catalogue_version
from cards.search import parse_query

pytestmark = pytest.mark.django_db


def index_url() -> str:
    return reverse("cards:search-index", args=[catalogue_version()])


def test_the_catalogue_page_names_the_index_of_the_current_version(bundled, client):
    page = client.get(reverse("cards:list")).content.decode()
    assert f'data-search-index="{index_url()}"' in page
    assert "js/search-index.js" in page and 'id="card-type-labels"' in page


def test_the_index_holds_every_card_with_its_searchable_fields_and_is_kept_for_ever(bundled, client):
    response = client.get(index_url())
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert "max-age=31536000" in response["Cache-Control"] and "immutable" in response["Cache-Control"]
    data = response.json()
    assert data["version"] == catalogue_version()
    assert len(data["cards"]) == Card.objects.count()
    canon = next(c for c in data["cards"] if c["n"] == "Cañón del sacrificio")
    assert canon["nf"] == "canon del sacrificio" and canon["t"] == "combat" and canon["potential"] is not None
    assert data["syntax"]["types"]["combate"] == "combat" and data["syntax"]["order"]["pot"] == "potential"


def test_the_index_is_compressed_for_clients_that_accept_it(bundled, client):
    plain = client.get(index_url())
    packed = client.get(index_url(), HTTP_ACCEPT_ENCODING="gzip, br")
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content and len(packed.content) < len(plain.content) / 3


def test_flags_are_the_servers_own_matches(bundled, client):
    data = client.get(index_url()).json()
    codes = [c["c"] for c in data["cards"]]
    for flag in ("cross", "reprint", "rulings", "efimera", "unsimulated"):
        expected = set(Card.objects.matching(parse_query(f"is:{flag}")).values_list("code", flat=True))
        assert {codes[i] for i in data["flags"][flag]} == expected, flag
    assert data["flags"]["reprint"], "the bundled catalogue has reprints"


def test_an_old_version_redirects_to_the_current_index(bundled, client):
    old = index_url()
    catalogue_changed()
    assert old != index_url()
    response = client.get(old)
    assert response.status_code == 302 and response["Location"] == index_url()
    assert client.get(index_url()).json()["version"] == catalogue_version()


def test_signed_in_tiles_with_copies_are_left_to_the_server(bundled, client, django_user_model):
    # Signed in, each tile carries the player's copies and +1/−1 buttons: the server draws them.
    client.force_login(django_user_model.objects.create_user(username="ana", password="x" * 20))
    assert "data-search-index" not in client.get(reverse("cards:list")).content.decode()


def test_the_service_worker_is_served_at_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert b"caches.open" in response.content and response["Cache-Control"] == "no-cache"
