"""Catalogue API: docs/contract.md §7."""

from __future__ import annotations

import pytest

from tests.factories import EditionFactory


@pytest.mark.django_db
def test_card_list_is_paginated_and_searches(bundled, api_client):
    r = api_client.get("/api/cards/", {"game": "eliria", "q": "canon"})
    assert r.status_code == 200
    body = r.json()
    assert set(body) >= {"count", "next", "previous", "results"}
    assert {c["code"] for c in body["results"]} == {"BASE-105", "EXP-010"}
    assert body["results"][0]["current"]["edition"] >= 1


@pytest.mark.django_db
def test_bad_query_is_a_400_with_the_message(bundled, api_client):
    r = api_client.get("/api/cards/", {"q": "pot>=alto"})
    assert r.status_code == 400 and "pot" in r.json()["q"]
    assert api_client.get("/api/cards/", {"game": "poker"}).status_code == 400


@pytest.mark.django_db
def test_card_detail_has_current_editions_oldest_first_and_rulings(bundled, api_client):
    body = api_client.get("/api/cards/eliria/BASE-105/").json()
    assert {"game", "code", "set", "name", "type", "current", "editions", "rulings"} <= set(body)
    assert [e["edition"] for e in body["editions"]] == [1, 2]
    assert body["current"] == body["editions"][-1]
    assert {"potential", "class", "cross", "passive", "resistance", "attacks"} <= set(body["current"])


@pytest.mark.django_db
def test_editions_listed_newest_first_in_the_file_still_come_oldest_first(bundled, api_client):
    body = api_client.get("/api/cards/eliria/BASE-102/").json()
    dates = [e["released"] for e in body["editions"]]
    assert dates == sorted(dates)
    assert body["current"]["edition"] == 2


@pytest.mark.django_db
def test_mision_edition_objects(bundled, api_client):
    body = api_client.get("/api/cards/", {"game": "mision", "q": "t:elemento"}).json()
    cur = body["results"][0]["current"]
    assert set(cur["worlds"]) == {"water", "air", "fire", "earth"} and "chest" in cur


@pytest.mark.django_db
def test_unknown_card_is_404(api_client):
    assert api_client.get("/api/cards/eliria/NOPE-1/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("page_size", [5, 50, 100])
def test_list_query_count_does_not_grow_with_page_size(api_client, django_assert_max_num_queries, page_size):
    for _ in range(120):
        EditionFactory()
    with django_assert_max_num_queries(3):
        r = api_client.get("/api/cards/", {"page_size": page_size})
    assert len(r.json()["results"]) == page_size


@pytest.mark.django_db
def test_schema_and_docs(api_client):
    r = api_client.get("/api/schema/", {"format": "json"})
    assert r.status_code == 200 and "/api/cards/" in r.json()["paths"]
    assert api_client.get("/api/docs/").status_code == 200


@pytest.mark.django_db
def test_healthz(client):
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["status"] == "ok"


@pytest.mark.django_db
def test_an_empty_game_means_both_games(bundled, api_client):
    both = api_client.get("/api/cards/", {"game": "", "q": "t:entity OR t:combat"}).json()["count"]
    assert both == api_client.get("/api/cards/", {"q": "t:entity OR t:combat"}).json()["count"]
    assert both > api_client.get("/api/cards/", {"game": "mision", "q": "t:entity OR t:combat"}).json()["count"] > 0


@pytest.mark.django_db
def test_search_answers_follow_every_catalogue_change_for_signed_in_players(client, player):
    """Signed-in answers skip the page cache but reuse each card's API object (cards.index.api_cards):
    an edit saved here, and one made elsewhere that moves the catalogue version, both show at once."""
    from cards.models import Edition
    from cards.pagecache import catalogue_changed

    edition = EditionFactory(potential=1)
    client.force_login(player)
    url = f"/api/cards/?game={edition.card.game}"

    def potential() -> int:
        return int(client.get(url).json()["results"][0]["current"]["potential"])

    assert potential() == 1
    edition.potential = 2
    edition.save()  # a save in this process drops the memo
    assert potential() == 2
    Edition.objects.filter(pk=edition.pk).update(potential=3)  # no signal: as if saved by another process
    assert potential() == 2  # this process still serves the version it knows
    catalogue_changed()  # what imports and the admin do: every process sees the new version
    assert potential() == 3


@pytest.mark.django_db
def test_each_host_gets_its_own_absolute_urls(client, player, settings):
    settings.ALLOWED_HOSTS = ["a.example", "b.example"]
    EditionFactory()
    client.force_login(player)
    for host in ("a.example", "b.example", "a.example"):
        card = client.get("/api/cards/", HTTP_HOST=host).json()["results"][0]
        assert card["url"].startswith(f"http://{host}/") and card["face"].startswith(f"http://{host}/")


@pytest.mark.django_db
def test_kept_matches_follow_the_catalogue_and_personal_searches_are_never_shared(client, player):
    """The search API keeps each query's matching ids per catalogue version (cards.api.CardList),
    except for queries that depend on who searches (`owned`), which are answered for each player."""
    from cards.pagecache import catalogue_changed
    from collection.services import collection_add
    from tests.factories import UserFactory

    first = EditionFactory()
    client.force_login(player)
    assert client.get("/api/cards/", {"q": "t:combat"}).json()["count"] == 1
    EditionFactory()
    catalogue_changed()  # what an import or an editor's change does
    assert client.get("/api/cards/", {"q": "t:combat"}).json()["count"] == 2
    collection_add(owner=player, card=first.card, delta=1)
    assert [c["code"] for c in client.get("/api/cards/", {"q": "owned>0"}).json()["results"]] == [first.card.code]
    other = UserFactory()
    client.force_login(other)
    assert client.get("/api/cards/", {"q": "owned>0"}).json()["count"] == 0


@pytest.mark.django_db
def test_migrate_moves_the_catalogue_version_so_a_new_release_meets_nothing_kept():
    from django.core.management import call_command

    from cards.pagecache import catalogue_version

    before = catalogue_version()
    call_command("migrate", verbosity=0)
    assert catalogue_version() != before
