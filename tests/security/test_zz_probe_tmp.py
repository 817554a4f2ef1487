import pytest, traceback
from rest_framework.test import APIClient

from tests.security.test_access_table import world  # noqa: F401

@pytest.mark.django_db
def test_p(world, monkeypatch):
    import common.errors as e
    orig = e.api_exception_handler
    def h(exc, ctx):
        if isinstance(exc, RecursionError):
            tb = traceback.format_exception(exc)
            print("".join(tb[:6]), "...", "".join(tb[-12:]))
        return orig(exc, ctx)
    monkeypatch.setattr(e, "api_exception_handler", h)
    from rest_framework.settings import api_settings
    monkeypatch.setattr(api_settings, "EXCEPTION_HANDLER", h, raising=False)
    c = APIClient()
    r = c.post("/api/matchups/", {'game': 'mision', 'deck_a': 'Entes:\nCapitana Marea', 'deck_b': 'Entes:\nCapitana Marea', 'games': 2, 'seed': 1}, format="json")
    print(r.status_code, r.content[:200])
