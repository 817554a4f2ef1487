"""The prepared session and user reads (common/prepared.py) answer as Django's ORM reads they replace,
on SQLite and on PostgreSQL (the PostgreSQL leg runs this folder too)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY, get_user
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.db import connection, connections
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.backends import PATH, ModelBackend
from common.prepared import Prepared
from common.sessions import SessionStore

pytestmark = pytest.mark.django_db(transaction=False)


def test_a_session_reads_as_django_reads_it() -> None:
    store = SessionStore()
    store["cart"] = {"ñandú": [1, 2, 3]}
    store.create()
    key = store.session_key
    assert SessionStore(key).load() == DjangoStore(key).load() == {"cart": {"ñandú": [1, 2, 3]}}
    fresh = SessionStore(key)
    assert fresh["cart"] == {"ñandú": [1, 2, 3]}
    assert fresh.session_key == key


def test_an_expired_unknown_or_malformed_session_is_empty_and_keyless() -> None:
    store = SessionStore()
    store["x"] = 1
    store.create()
    Session.objects.filter(session_key=store.session_key).update(expire_date=timezone.now() - timedelta(seconds=1))
    for key in (store.session_key, "a" * 32, "bad key;", None):
        mine, django = SessionStore(key), DjangoStore(key)
        assert mine.load() == django.load() == {}
        assert mine.session_key is None and django.session_key is None


def test_a_session_that_expires_in_the_future_is_read() -> None:
    store = SessionStore()
    store["x"] = 1
    store.create()
    Session.objects.filter(session_key=store.session_key).update(expire_date=timezone.now() + timedelta(seconds=5))
    assert SessionStore(store.session_key).load() == {"x": 1}


def test_the_user_read_builds_the_same_user_as_the_orm() -> None:
    user = User.objects.create_user("prep", email="p@example.com", password="clave-larga-123", first_name="Ñoño")
    user.last_login = timezone.now()
    user.save()
    mine = ModelBackend().get_user(user.pk)
    orm = User.objects.get(pk=user.pk)
    assert mine is not None
    for field in User._meta.concrete_fields:
        assert getattr(mine, field.attname) == getattr(orm, field.attname), field.name
    assert mine.date_joined.tzinfo is not None and mine.is_active is True
    assert mine._state.adding is False and mine._state.db == "default"
    mine.first_name = "Otro"  # a user built from the row saves as an update of that row
    mine.save()
    assert User.objects.get(pk=user.pk).first_name == "Otro" and User.objects.count() == 1


def test_an_inactive_or_missing_user_is_none() -> None:
    user = User.objects.create_user("inactivo", password="clave-larga-123", is_active=False)
    assert ModelBackend().get_user(user.pk) is None
    assert ModelBackend().get_user(user.pk + 1000) is None


def test_a_signed_in_request_reads_session_and_user_in_one_query_each(client) -> None:  # type: ignore[no-untyped-def]
    user = User.objects.create_user("dos", password="clave-larga-123")
    client.force_login(user, backend=PATH)
    key = client.cookies["sessionid"].value
    assert Session.objects.get(session_key=key).get_decoded()[BACKEND_SESSION_KEY] == PATH
    request = RequestFactory().get("/")
    request.session = SessionStore(key)
    with CaptureQueriesContext(connection) as queries:
        assert get_user(request) == user
    assert len(queries) == 2
    assert "django_session" in queries[0]["sql"] and "auth_user" in queries[1]["sql"]


def test_a_password_change_signs_the_other_sessions_out(client) -> None:  # type: ignore[no-untyped-def]
    """The session hash is still checked against the user the prepared read built."""
    user = User.objects.create_user("hash", password="clave-larga-123")
    client.force_login(user, backend=PATH)
    assert client.get(reverse("decks:mine")).status_code == 200
    user.set_password("otra-clave-larga-456")
    user.save()
    assert client.get(reverse("decks:mine")).status_code == 302  # to the login page


def test_logging_in_through_the_form_records_this_backend(client) -> None:  # type: ignore[no-untyped-def]
    User.objects.create_user("form", password="clave-larga-123")
    answer = client.post(reverse("login"), {"username": "form", "password": "clave-larga-123"})
    assert answer.status_code == 302
    session = SessionStore(client.cookies["sessionid"].value)
    assert session[BACKEND_SESSION_KEY] == PATH and session[SESSION_KEY]


def test_a_prepared_query_refuses_parameters_out_of_the_sqls_order() -> None:
    """Django sorts keyword filters: given in another order, the query is an error, not a wrong row."""
    swapped = Prepared(
        Session,
        lambda key, now: Session.objects.filter(session_key=key, expire_date__gt=now),
        lambda ops, key, now: [key, ops.adapt_datetimefield_value(now)],
    )
    with pytest.raises(ValueError, match="the query's parameters are"):
        swapped.row("k" * 32, timezone.now())


def test_a_prepared_query_refuses_the_wrong_number_of_parameters() -> None:
    query = Prepared(User, lambda pk: User.objects.filter(pk=pk))
    assert query.row(1) is None  # compiled for one parameter
    with pytest.raises(TypeError, match="takes 1 parameters"):
        query.row(1, 2)


def test_each_thread_compiles_for_its_own_connection() -> None:
    """The compiled query is kept on the connection, which is the thread's own."""
    query = Prepared(User, lambda name: User.objects.filter(username=name))
    User.objects.create_user("hilo", password="clave-larga-123")
    assert query.row("hilo") is not None
    assert query in connections["default"].__dict__["prepared_queries"]
    seen: list[bool] = []

    def other() -> None:
        theirs = connections["default"]
        seen.append(query in theirs.__dict__.get("prepared_queries", {}))
        theirs.close()

    worker = threading.Thread(target=other)
    worker.start()
    worker.join()
    assert seen == [False]


def test_a_row_with_select_related_and_an_annotation_is_built_as_the_orm_builds_it() -> None:
    """The deck page's read: the deck, its owner (select_related) and its last note (an annotation)."""
    from decks.models import Deck, DeckRevision
    from decks.views.access import with_last_note
    from tests.factories import DeckFactory

    deck = DeckFactory()
    DeckRevision.objects.create(deck=deck, number=1, note="primera")
    DeckRevision.objects.create(deck=deck, number=2, note="segunda, ñ")
    query = Prepared(Deck, lambda pk: with_last_note(Deck.objects.filter(pk=pk)))
    mine, orm = query.row(deck.pk), with_last_note(Deck.objects.filter(pk=deck.pk)).get()
    assert mine is not None
    for field in Deck._meta.concrete_fields:
        assert getattr(mine, field.attname) == getattr(orm, field.attname), field.name
    assert mine.last_note == orm.last_note == "segunda, ñ"
    with CaptureQueriesContext(connection) as queries:
        assert mine.owner == orm.owner and mine.owner.username == orm.owner.username  # no query: selected
    assert len(queries) == 0
    assert query.row(deck.pk + 1000) is None
