"""What the cluster drivers share (tests/play/cluster_check.py, tests/play/chaos_check.py): waiting
for the servers, the two deck lists they submit, the compact JSON they compare byte for byte.
Imported after django.setup(); not collected by pytest (no test_ prefix)."""

from __future__ import annotations

import json
import sys
import time
import urllib.request
from typing import Any

from cards.models import Card


def wait_up(*bases: str, tries: int = 100) -> None:
    """Return once every server answers /healthz (0.2 s between tries), or end the driver."""
    for base in bases:
        for _ in range(tries):
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2):  # noqa: S310
                    break
            except OSError:
                time.sleep(0.2)
        else:
            sys.exit(f"{base} did not start")


def deck_lists() -> tuple[str, str]:
    """Two overlapping 40-card Eliria lists from the bundled catalogue, one copy of each name."""
    seen, lines = set(), []
    for c in Card.objects.filter(game="eliria", type__in=["combat", "reaction", "summon"]).order_by("code"):
        if c.name_folded not in seen:
            seen.add(c.name_folded)
            lines.append(f"1 {c.name} ({c.code})")
    return "Mazo:\n" + "\n".join(lines[:40]) + "\n", "Mazo:\n" + "\n".join(lines[20:60]) + "\n"


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
