"""Fixtures for the site's tests: the bundled catalogue, users, API clients."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient


@pytest.fixture
def bundled(db):  # type: ignore[no-untyped-def]
    """The bundled sample catalogue and rulings, loaded as `make run` does."""
    call_command("load_bundled", stdout=open("/dev/null", "w"))


@pytest.fixture
def player(db):  # type: ignore[no-untyped-def]
    """A player with an account (tests/collection overrides it with a named one)."""
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()
