"""A goldfish request's path through the project's files (issue 37): few rooms, few returns.

The path is measured by tests/play/request_path.py over a warmed site (the catalogue index built by
a first request), file to file, the engine one room behind its public names."""

from __future__ import annotations

import pytest

from tests.play.request_path import trace


@pytest.mark.django_db
def test_a_goldfish_request_walks_a_short_path(api_client, eliria_list):
    from play.goldfish.api import goldfish_run

    body = {"game": "eliria", "list": eliria_list, "games": 200, "turns": 10}
    api_client.post("/api/goldfish/", body, format="json")  # the site warmed up: its catalogue index built
    answer, path = trace(goldfish_run, lambda: api_client.post("/api/goldfish/", body, format="json"))
    assert answer.status_code == 200 and answer.json()["games"] == 200
    enters, returns, climbs = path.counts
    assert enters <= 12, path.files
    assert returns <= 6, path.returns
    assert climbs <= 2, path.climbs
    # The view makes one call, and the list is read by the job alone.
    assert [s for s in path.steps if s[0] == "play/goldfish/api.py"] == [
        ("play/goldfish/api.py", "play/runs/answer.py", "answer")]
