"""Anonymous catalogue reads are served from the cache, and a catalogue change is seen at once."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_second_anonymous_read_is_a_hit_with_no_query(bundled, client, django_assert_num_queries):
    first = client.get("/cartas/eliria/BASE-105/")
    assert first["X-Cache"] == "miss"
    with django_assert_num_queries(0):
        second = client.get("/cartas/eliria/BASE-105/")
    assert second["X-Cache"] == "hit" and second.content == first.content


@pytest.mark.django_db
def test_an_import_invalidates_cached_pages_and_api(bundled, client, tmp_path, django_capture_on_commit_callbacks):
    url = "/api/cards/eliria/BASE-105/"
    assert client.get(url).json()["current"]["edition"] == 2
    doc = json.loads(io.StringIO(_export()).getvalue())
    card = next(c for c in doc["cards"] if c["code"] == "BASE-105")
    card["editions"].append({**card["editions"][-1], "edition": 3, "released": "2026-12-01", "resistance": 9})
    path = tmp_path / "e.json"
    path.write_text(json.dumps(doc, ensure_ascii=False))
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_catalogue", str(path), stdout=io.StringIO())
    body = client.get(url).json()
    assert body["current"]["edition"] == 3 and body["current"]["resistance"] == 9


@pytest.mark.django_db
def test_logged_in_players_are_never_served_from_the_cache(bundled, client, django_user_model):
    client.get("/cartas/eliria/BASE-105/")
    user = django_user_model.objects.create_user("p", password="x-x-x-x-1")
    client.force_login(user)
    r = client.get("/cartas/eliria/BASE-105/")
    assert "X-Cache" not in r and user.username in r.content.decode()


@pytest.mark.django_db
def test_languages_are_cached_apart(bundled, client):
    es = client.get("/cartas/").content.decode()
    client.get("/idioma/en/")
    en = client.get("/cartas/").content.decode()
    assert '<html lang="es">' in es and '<html lang="en">' in en


def _export() -> str:
    out = io.StringIO()
    call_command("export_catalogue", "--game", "eliria", stdout=out)
    return out.getvalue()
