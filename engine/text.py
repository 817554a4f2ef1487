"""Text folding shared by the deck-list parser, the lookups and the rules.

Names are compared "without regard to case or accents" (docs/contract.md §3), so
«Cañón de hielo», «CANON  de hielo» and «cañon de Hielo» are one name.
"""

from __future__ import annotations

import functools
import unicodedata

__all__ = ["fold"]


def fold(s: str) -> str:
    """Fold *s* for comparison: NFKD, drop combining marks, casefold, collapse whitespace.

    >>> fold("  Cañón   de HIELO ")
    'canon de hielo'
    >>> fold("Ñandú") == fold("nandu")
    True
    """
    # Card names and list lines repeat from request to request: short ones are remembered
    # (bounded: at most 16,384 strings of at most 200 characters).
    return _fold_short(s) if len(s) <= 200 else _fold(s)


@functools.lru_cache(maxsize=16_384)
def _fold_short(s: str) -> str:
    return _fold(s)


def _fold(s: str) -> str:
    decomposed = unicodedata.normalize("NFKD", s)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    # casefold may produce new combining marks only for exotic letters; a second NFKD
    # pass keeps fold idempotent (fold(fold(s)) == fold(s)).
    folded = unicodedata.normalize("NFKD", bare.casefold())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return " ".join(folded.split())
