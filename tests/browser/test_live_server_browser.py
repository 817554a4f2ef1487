"""The live server the browser tests drive answers requests that arrive together as a deployment
would: none fails because the test's one in-memory SQLite connection is shared between the
server's request threads (tests/browser/conftest.py, `_one_at_a_time`). Found on CI: a builder
change failed with "database table is locked: decks_deckentry" while another request of the same
page was still being answered."""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Mazos-de-fision-9"


@pytest.fixture
def deck(transactional_db, settings):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model

    from cards.models import Card
    from decks.services import deck_import_list

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("load_bundled", stdout=open("/dev/null", "w"))  # noqa: SIM115, PTH123
    user = get_user_model().objects.create_user("paralela", "p@example.com", PASSWORD)
    names = sorted({c.name for c in Card.objects.filter(game="eliria", type="combat", current__cross=False)})[:10]
    made, _ = deck_import_list(owner=user, game="eliria", text="Mazo:\n" + "".join(f"1 {n}\n" for n in names),
                               name="En paralelo")
    return made


def _signed_in(base: str) -> tuple[urllib.request.OpenerDirector, str]:
    """An opener holding the owner's session, and the CSRF token for its posts."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(base + "/cuenta/login/").read()
    token = next(c.value for c in jar if c.name == "csrftoken")
    body = urllib.parse.urlencode({"username": "paralela", "password": PASSWORD, "csrfmiddlewaretoken": token})
    opener.open(urllib.request.Request(base + "/cuenta/login/", data=body.encode(),  # noqa: S310 - the live server
                                       headers={"Referer": base + "/"}))
    token = next(c.value for c in jar if c.name == "csrftoken")
    return opener, token


def test_reads_and_writes_of_one_deck_at_once_never_fail(live_server, deck):  # type: ignore[no-untyped-def]
    from cards.models import Card

    base = live_server.url
    opener, token = _signed_in(base)
    cards = list(Card.objects.filter(game="eliria", type="combat", current__cross=False)
                 .exclude(pk__in=deck.entries.values("card")).values_list("pk", flat=True)[:4])
    failures: list[str] = []
    done: list[int] = []
    versions = [deck.version]  # the newest any answer showed: most writes land, some are refused as stale

    def read() -> None:
        for _ in range(12):
            try:
                with opener.open(f"{base}/mazos/{deck.pk}/") as answer:
                    answer.read()
                    done.append(answer.status)
            except urllib.error.HTTPError as exc:
                failures.append(f"GET {exc.code}")

    def write(card: int) -> None:
        for delta in ("1", "-1") * 4:  # each change of this card, against whatever version is there
            body = urllib.parse.urlencode({"card": card, "section": "main", "delta": delta, "version": max(versions),
                                           "q": "", "csrfmiddlewaretoken": token})
            request = urllib.request.Request(f"{base}/mazos/{deck.pk}/cartas/", data=body.encode(),  # noqa: S310
                                             headers={"HX-Request": "true", "Referer": base + "/"})
            try:
                with opener.open(request) as answer:
                    shown = re.findall(r'name="version" value="(\d+)"', answer.read().decode())
                    versions.extend(int(v) for v in shown)
                    done.append(answer.status)
            except urllib.error.HTTPError as exc:
                failures.append(f"POST {exc.code}")

    threads = [threading.Thread(target=read) for _ in range(3)] + [threading.Thread(target=write, args=(c,)) for c in cards]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures
    assert len(done) == 3 * 12 + len(cards) * 8
    assert max(versions) > deck.version + 4, "too few of the changes landed to have raced anything"
