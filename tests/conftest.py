"""Fixtures for the site's tests: the bundled catalogue, users, API clients."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient


@pytest.fixture
def bundled(db):  # type: ignore[no-untyped-def]
    """The bundled sample catalogue (and rulings, once that app exists), loaded as `make run` does."""
    call_command("load_bundled", stdout=open("/dev/null", "w"))


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()
