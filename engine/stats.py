"""Exact probabilities and Monte Carlo summaries."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

__all__ = ["hypergeometric_at_least", "mean", "restore_tally", "wilson_interval"]

T = TypeVar("T")


def restore_tally(make: Callable[[int], T], turns: int, fields: Mapping[str, Any]) -> T:
    """A tally unpickled from its fields (``EliriaTally.__reduce__``, ``MisionTally.__reduce__``)."""
    tally = make(turns)
    for name, value in fields.items():
        setattr(tally, name, value)
    return tally


def hypergeometric_at_least(N: int, K: int, n: int, k: int = 1) -> Fraction:
    """Exact P(at least *k* successes in *n* draws without replacement from *N* holding *K*).

    Zero when fewer than *n* cards can be drawn (N < n).

    >>> hypergeometric_at_least(40, 12, 5)
    Fraction(598, 703)
    >>> hypergeometric_at_least(4, 4, 5)
    Fraction(0, 1)
    """
    if min(N, K, n) < 0 or K > N:
        raise ValueError(f"Parámetros imposibles: N={N}, K={K}, n={n}.")
    if n > N:
        return Fraction(0)
    total = math.comb(N, n)
    hits = sum(math.comb(K, i) * math.comb(N - K, n - i) for i in range(max(k, 0), min(K, n) + 1))
    return Fraction(hits, total)


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% with z = 1.96).

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    """
    if not 0 <= successes <= n:
        raise ValueError(f"Se necesita 0 <= éxitos <= n (éxitos={successes}, n={n}).")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean(total: float, n: int) -> float | None:
    """``total / n`` rounded to six decimals, or None when there is nothing to average."""
    return round(total / n, 6) if n else None
