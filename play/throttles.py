"""Request budgets of the simulation endpoints (goldfish, matchups, replays, runs)."""

from __future__ import annotations

from rest_framework.throttling import UserRateThrottle


class GoldfishThrottle(UserRateThrottle):
    """CPU-heavy: its own, stricter budget per user (or per address when anonymous)."""

    scope = "goldfish"
