"""A run limit is answered one way by every simulation endpoint and page (issue 37): the status,
`{"detail": message}` on the API, and the wait as Retry-After, all from the error itself
(common.errors.QuotaExceeded, answered by common.errors.api_exception_handler)."""

from __future__ import annotations

import pytest

from cards.models import Card
from play.matchups.services import MAX_GAMES


@pytest.fixture
def deck_text(bundled):  # type: ignore[no-untyped-def]
    names = Card.objects.filter(game="eliria", type="combat", current__cross=False).values_list("name", flat=True)
    return "\n".join(sorted(set(names))[:25])


@pytest.fixture
def no_anonymous_runs(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_INLINE_BUDGET, settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 0.1, 0


@pytest.mark.django_db
def test_every_simulation_endpoint_answers_a_run_limit_with_its_retry_after(api_client, deck_text, no_anonymous_runs):
    requests = {
        "/api/goldfish/": {"game": "eliria", "list": deck_text, "games": 100_000, "turns": 50},
        "/api/goldfish/compare/": {"game": "eliria", "list_a": deck_text, "list_b": deck_text, "games": 100_000,
                                   "turns": 50},
        "/api/matchups/": {"game": "eliria", "deck_a": deck_text, "deck_b": deck_text, "games": MAX_GAMES},
        "/api/matchups/compare/": {"game": "eliria", "deck_a": deck_text, "deck_b": deck_text, "rival": deck_text,
                                   "games": MAX_GAMES},
    }
    for url, body in requests.items():
        answer = api_client.post(url, body, format="json")
        assert answer.status_code == 429, (url, answer.content)
        assert answer["Retry-After"] == "30" and set(answer.json()) == {"detail"}, (url, answer.json())
        assert "cuenta" in answer.json()["detail"], url


@pytest.mark.django_db
def test_the_matchup_page_answers_a_run_limit_as_the_api_does(client, deck_text, no_anonymous_runs):
    page = client.post("/enfrentamientos/", {"game": "eliria", "list_a": deck_text, "list_b": deck_text,
                                             "games": MAX_GAMES, "policy_a": "rules", "policy_b": "rules"})
    assert page.status_code == 429 and page["Retry-After"] == "30"
    assert "cuenta" in page.content.decode()
