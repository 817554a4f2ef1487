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


def test_a_slotted_piece_fills_its_slots_in_one_pass() -> None:
    from cards.pagecache import Slotted

    piece = Slotted("<a>\x00csrf\x00</a>\x00q\x00<b>\x00other\x00</b>\x00csrf\x00")
    assert piece.names == {"csrf", "q", "other"}
    # A value that looks like a slot is not read again; a slot not named stays as it was.
    assert piece.fill({"csrf": "T", "q": "\x00csrf\x00"}) == "<a>T</a>\x00csrf\x00<b>\x00other\x00</b>T"
    assert Slotted("sin huecos, ñ").fill({"csrf": "T"}) == "sin huecos, ñ"
    assert piece.fill({"csrf": "U", "q": "", "other": "o"}) == "<a>U</a><b>o</b>U"  # the split is reused


@pytest.mark.django_db
def test_a_slotted_fragment_is_built_once_and_dropped_with_the_catalogue() -> None:
    from cards.pagecache import _slotted, catalogue_changed, slotted_fragment

    built: list[int] = []

    def build() -> str:
        built.append(1)
        return f"v{len(built)} \x00csrf\x00"

    first = slotted_fragment(("prueba-slotted",), build)
    assert slotted_fragment(("prueba-slotted",), build) is first and len(built) == 1
    assert first.fill({"csrf": "T"}) == "v1 T"
    catalogue_changed()
    assert not _slotted.items
    assert slotted_fragment(("prueba-slotted",), build).fill({"csrf": "T"}) == "v2 T"


def test_the_split_memo_is_bounded_in_characters() -> None:
    from cards.pagecache import SizedLRU, Slotted

    memo: SizedLRU[Slotted] = SizedLRU(25, lambda piece: piece.size)
    for i in range(5):
        memo.set(f"k{i}", Slotted("x" * 10))
    assert memo.used <= 25 and list(memo.items) == ["k3", "k4"]
    assert memo.get("k0") is None and memo.get("k4") is not None


SEARCH = "/api/cards/?game=eliria&q=t:combat%20pot%3E%3D3"


@pytest.mark.django_db
def test_a_signed_in_json_search_is_served_the_anonymous_copy_and_stays_private(bundled, client, django_user_model):
    """The search's JSON depends on the URL alone when the query is not personal."""
    anonymous = client.get(SEARCH)
    assert anonymous["X-Cache"] == "miss"
    user = django_user_model.objects.create_user("lector", password="x-x-x-x-1")
    client.force_login(user)
    signed_in = client.get(SEARCH)
    assert signed_in["X-Cache"] == "hit" and signed_in.content == anonymous.content
    assert "private" in signed_in["Cache-Control"] and "no-store" in signed_in["Cache-Control"]
    assert "Cookie" in signed_in["Vary"]


@pytest.mark.django_db
def test_a_signed_in_answer_is_never_stored_for_others(bundled, client, django_user_model):
    user = django_user_model.objects.create_user("primero", password="x-x-x-x-1")
    client.force_login(user)
    assert "X-Cache" not in client.get(SEARCH)  # computed for a player: not kept
    client.logout()
    assert client.get(SEARCH)["X-Cache"] == "miss"


@pytest.mark.django_db
@pytest.mark.parametrize(("query", "headers"), [
    ("?game=eliria&q=t:combat", {"HTTP_ACCEPT": "text/html"}),  # the browsable page names the player
    ("?game=eliria&q=t:combat&format=json", {}),
    ("?game=eliria&q=owned%3E0", {}),  # personal: the player's own copies
    ("?game=eliria&q=(t:combat", {}),  # malformed: answered by the view
])
def test_what_may_depend_on_the_player_is_answered_fresh(bundled, client, django_user_model, query, headers):
    client.get("/api/cards/" + query, **headers)  # an anonymous copy, where there is one
    user = django_user_model.objects.create_user("propio", password="x-x-x-x-1")
    client.force_login(user)
    answer = client.get("/api/cards/" + query, **headers)
    assert "X-Cache" not in answer
    if "text/html" in headers.get("HTTP_ACCEPT", ""):
        assert "propio" in answer.content.decode()


@pytest.mark.django_db
def test_a_personal_search_counts_the_players_own_copies(bundled, client, django_user_model):
    from cards.models import Card
    from collection.models import CollectionItem

    card = Card.objects.get(game="eliria", code="BASE-105")
    assert client.get("/api/cards/?game=eliria&q=owned%3E0").json()["count"] == 0
    user = django_user_model.objects.create_user("coleccionista", password="x-x-x-x-1")
    CollectionItem.objects.create(owner=user, card=card, edition=card.current, quantity=2)
    client.force_login(user)
    found = client.get("/api/cards/?game=eliria&q=owned%3E0").json()
    assert [c["code"] for c in found["results"]] == ["BASE-105"]


@pytest.mark.django_db
def test_a_request_with_a_cookie_is_served_the_shared_copy_but_never_stores_one(bundled, client):
    """An unknown cookie may identify someone: its answer is not kept, though it may read the kept one."""
    client.cookies["rastreo"] = "abc"
    assert "X-Cache" not in client.get(SEARCH)
    del client.cookies["rastreo"]
    assert client.get(SEARCH)["X-Cache"] == "miss"
    client.cookies["rastreo"] = "abc"
    assert client.get(SEARCH)["X-Cache"] == "hit"
