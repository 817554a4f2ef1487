"""Fixtures for the site's tests: the bundled catalogue, users, API clients.

The one set of fixtures every test folder shares; a folder's own conftest adds only what is
particular to it (the collection's small catalogue, the table's decks).
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def fast_passwords(settings):  # type: ignore[no-untyped-def]
    """Hash test passwords with MD5: the real hasher costs a quarter of a second a user."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def site_language():  # type: ignore[no-untyped-def]
    """Every test starts in the site's language (Spanish). A request through the test client leaves
    the language it answered in active in the thread, so an English page in one test made the next
    test's messages English (found when pytest-xdist changed the order of the tests)."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture
def bundled(db):  # type: ignore[no-untyped-def]
    """The bundled sample catalogue and rulings, loaded as `make run` does."""
    call_command("load_bundled", stdout=open("/dev/null", "w"))


@pytest.fixture
def player(db):  # type: ignore[no-untyped-def]
    """A player with an account, named "ana" (tests read the name back from pages and notes)."""
    from tests.factories import UserFactory

    return UserFactory(username="ana")


@pytest.fixture
def other(db):  # type: ignore[no-untyped-def]
    """A second player, "bruno", for everything that must stay out of the first one's reach."""
    from tests.factories import UserFactory

    return UserFactory(username="bruno")


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()
