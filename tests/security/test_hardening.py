"""Findings that need one process's settings changed (a broken cache, a proxy in front, quotas),
checked in-process on the real database."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import RequestFactory

from cards.pagecache import ByteLRU
from common.errors import BadInput
from common.gate import check_json_depth, check_text
from common.net import client_ip


@pytest.fixture(params=["common.cache.KeptDiskCache", "django.core.cache.backends.filebased.FileBasedCache"])
def broken_cache(settings, tmp_path, request):  # type: ignore[no-untyped-def]
    """M8: the one-machine cache cannot write (its folder is a file), as on a full disk: the
    backend `make run` uses (diskcache) and Django's file cache it replaced."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    settings.CACHES = {"default": {"BACKEND": request.param, "LOCATION": str(blocker / "cache")}}
    return blocker


@pytest.mark.django_db
def test_m8_a_cache_that_cannot_write_costs_no_api_answer_and_healthz_says_so(client, bundled, broken_cache,
                                                                             settings):
    assert client.get("/api/cards/?q=lobo").status_code == 200
    assert client.get("/api/rulings/").status_code == 200
    assert client.post("/api/decks/validate/", {"game": "eliria", "list": "Lobo de ceniza"},
                       content_type="application/json").status_code == 200
    health = client.get("/healthz")
    assert health.status_code == 503
    # The one-machine cache's folder cannot be made: its own check says so too (issue 38 R3).
    folder = ["cache_folder"] if settings.CACHES["default"]["BACKEND"].endswith("KeptDiskCache") else []
    assert health.json()["failing"] == ["shared_cache", *folder]


@pytest.mark.django_db
def test_healthz_is_ok_and_names_its_checks(client):
    answer = client.get("/healthz").json()
    assert answer["status"] == "ok" and set(answer["checks"]) >= {"database", "shared_cache", "disk"}


def test_healthz_runs_only_the_checks_asked_for(client, settings, db):  # type: ignore[no-untyped-def]
    settings.HEALTH_MIN_FREE_MB = 10**9  # the disk check would fail: it is not asked for
    answer = client.get("/healthz?check=database")
    assert answer.status_code == 200 and set(answer.json()["checks"]) == {"database"}
    assert client.get("/healthz?check=database,disk").json()["failing"] == ["disk"]
    unknown = client.get("/healthz?check=database,dsik")
    assert unknown.status_code == 400 and "dsik" in unknown.json()["detail"]
    assert client.get("/healthz?check=").status_code == 400


def test_healthz_fails_when_the_disk_is_nearly_full(client, settings, db):  # type: ignore[no-untyped-def]
    settings.HEALTH_MIN_FREE_MB = 10**9  # a petabyte free: no disk here has that
    answer = client.get("/healthz")
    assert answer.status_code == 503 and "disk" in answer.json()["failing"]


def test_m6_the_client_behind_the_documented_proxy_is_the_address_the_proxy_saw(settings):
    factory = RequestFactory()
    forged = factory.get("/", HTTP_X_FORWARDED_FOR="1.2.3.4", REMOTE_ADDR="10.0.0.1")
    settings.NUM_PROXIES = 0
    assert client_ip(forged) == "10.0.0.1"  # no proxy: the header is the client's own words
    settings.NUM_PROXIES = 1
    behind = factory.get("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9", REMOTE_ADDR="10.0.0.1")
    assert client_ip(behind) == "203.0.113.9"  # what the client wrote on the left is ignored
    junk = factory.get("/", HTTP_X_FORWARDED_FOR="not-an-address", REMOTE_ADDR="10.0.0.1")
    assert client_ip(junk) == "10.0.0.1"


@pytest.mark.django_db
def test_m6_lockouts_behind_a_proxy_are_per_client_not_for_everyone(client, settings):
    settings.NUM_PROXIES = 1
    User.objects.create_user("carla", password="la-clave-de-carla-77")
    for _ in range(5):
        client.post("/cuenta/login/", {"username": "carla", "password": "x"}, HTTP_X_FORWARDED_FOR="198.51.100.7")
    locked = client.post("/cuenta/login/", {"username": "carla", "password": "la-clave-de-carla-77"},
                         HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert locked.status_code == 429
    owner = client.post("/cuenta/login/", {"username": "carla", "password": "la-clave-de-carla-77"},
                        HTTP_X_FORWARDED_FOR="203.0.113.50")
    assert owner.status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["аlice", "alıce", "Alice", "alíce", "ａｌｉｃｅ", "al ice"])
def test_l6_lookalike_and_invalid_names_are_refused(client, name):
    User.objects.create_user("alice", password="clave-larga-de-alice-1")
    answer = client.post("/cuenta/registro/", {"username": name, "email": "n@example.org",
                                               "password1": "otra-clave-larga-9", "password2": "otra-clave-larga-9"})
    assert answer.status_code == 200 and not User.objects.filter(username=name).exists()


@pytest.mark.django_db
def test_l6_a_spanish_name_is_welcome(client):
    answer = client.post("/cuenta/registro/", {"username": "Begoña", "email": "b@example.org",
                                               "password1": "otra-clave-larga-9", "password2": "otra-clave-larga-9"})
    assert answer.status_code == 302 and User.objects.filter(username="Begoña").exists()


@pytest.mark.django_db
def test_l4_a_player_has_a_deck_quota(monkeypatch):
    from decks import services

    monkeypatch.setattr(services, "MAX_DECKS_PER_PLAYER", 2)
    owner = User.objects.create_user("coleccionista")
    for i in range(2):
        services.deck_create(owner=owner, game="eliria", name=f"Mazo {i}")
    with pytest.raises(services.DeckError, match="máximo"):
        services.deck_create(owner=owner, game="eliria", name="Uno más")


def test_h2_the_answer_memo_is_bounded_in_bytes():
    memo = ByteLRU(1000)
    for i in range(50):
        memo.set(f"k{i}", b"x" * 300)
    assert memo.used <= 1000 and len(memo.items) == 3
    memo.set("huge", b"x" * 5000)
    assert memo.get("huge") is None and memo.get("k49") is not None


def test_the_gate_names_the_problem():
    with pytest.raises(BadInput, match="nulo.*posición 3"):
        check_text("ab\x00c", "El campo")
    with pytest.raises(BadInput, match="U\\+001B"):
        check_text("a\x1b", "El campo")
    check_text("tab\tand\r\nlines", "El campo")
    check_json_depth(b'{"a": [[1]], "s": "[[[[[[[[["}', limit=3)  # brackets in strings do not count
    with pytest.raises(BadInput, match="anidado"):
        check_json_depth(b"[[[[1]]]]", limit=3)


@pytest.mark.django_db
def test_head_is_answered_where_get_is(client):
    answer = client.head("/healthz")
    assert answer.status_code == 200 and answer.content == b""


@pytest.mark.django_db
def test_healthz_fails_when_runs_wait_and_no_worker_beats(client):
    from django.core.cache import cache

    from play.models import SimulationRun
    from play.runs.health import HEARTBEAT_KEY, beat

    assert client.get("/healthz").json()["checks"]["workers"]["ok"]  # nothing queued: no worker needed
    SimulationRun.objects.create(kind="goldfish", game="eliria", params={}, total=10)
    answer = client.get("/healthz")
    assert answer.status_code == 503 and answer.json()["failing"] == ["workers"]
    beat()  # what every sim_worker does at each reaper pass
    assert client.get("/healthz").status_code == 200
    cache.set(HEARTBEAT_KEY, 0)  # a heartbeat from 1970: the workers are gone
    assert client.get("/healthz").status_code == 503
