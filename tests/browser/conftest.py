"""What every browser test shares beyond tests/conftest.py."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def simulations_play_in_the_request(settings):  # type: ignore[no-untyped-def]
    """No worker runs beside the browser tests' live server, and the request's budget is priced on
    the machine's measured speed: with two browsers and two servers sharing two cores, a small
    matchup could be priced as a queued run that nothing plays. A test about queued runs sets its
    own budget (tests/browser/test_run_page_browser.py)."""
    settings.SIMULATION_INLINE_BUDGET = 10.0
