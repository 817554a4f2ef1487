"""Request budgets of the simulation endpoints (goldfish, matchups, replays) and pages: the site's
throttles (common.throttling: one reading of the client's address, fail-open on a cache failure)."""

from __future__ import annotations

from common.throttling import AnonRateThrottle, GoldfishThrottle

__all__ = ["AnonRateThrottle", "GoldfishThrottle"]
