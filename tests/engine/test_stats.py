"""engine.stats: exact hypergeometric law and Wilson interval."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from engine import hypergeometric_at_least, wilson_interval


@pytest.mark.parametrize(
    ("N", "K", "n", "k"), [(6, 2, 3, 1), (7, 3, 4, 2), (5, 5, 5, 5), (8, 0, 3, 1), (6, 3, 2, 0)]
)
def test_hypergeometric_matches_enumeration(N, K, n, k):
    hits = sum(1 for hand in combinations(range(N), n) if sum(c < K for c in hand) >= k)
    total = sum(1 for _ in combinations(range(N), n))
    assert hypergeometric_at_least(N, K, n, k) == Fraction(hits, total)


def test_hypergeometric_is_zero_when_the_hand_cannot_be_drawn():
    assert hypergeometric_at_least(4, 4, 5) == 0


def test_hypergeometric_rejects_impossible_arguments():
    with pytest.raises(ValueError):
        hypergeometric_at_least(3, 4, 2)


def test_wilson_interval_known_values():
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(1.96**2 / (10 + 1.96**2), abs=1e-9)  # z²/(n+z²)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(8500, 10_000)
    assert high - low == pytest.approx(2 * 1.96 * (0.85 * 0.15 / 10_000) ** 0.5, rel=1e-3)


def test_wilson_rejects_impossible_counts():
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
