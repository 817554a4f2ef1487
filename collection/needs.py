"""Have / need arithmetic, pure Python over counts already read from the database.

Copies of a card count across its editions unless a deck entry pins one. Copies in another
deck of the same player marked *built* are taken: that deck holds them physically. A built
deck's pinned entry takes copies of that edition; what the player does not own of it (and
every unpinned entry) takes copies of the card from any edition, the editions nobody pinned
first. Nothing here queries: `collection.selectors` reads the counts in a fixed number of
queries and calls `allocate`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Need:
    """One line to satisfy: `quantity` copies of `card_id` (of `edition_id` when pinned)."""

    key: object  # the caller's handle on the line (a DeckEntry, a tuple…)
    card_id: int
    edition_id: int | None
    quantity: int


@dataclass(frozen=True)
class Use:
    """Copies of a card held by another built deck."""

    deck_id: int
    deck_name: str
    card_id: int
    edition_id: int | None
    quantity: int


@dataclass
class Result:
    needed: int
    owned: int  # of the card (every edition), or of the pinned edition
    taken: int  # of those owned copies, held by other built decks
    available: int  # owned - taken
    missing: int  # needed beyond what is available
    taken_by: list[tuple[str, int]] = field(default_factory=list)  # (deck name, copies)

    @property
    def have(self) -> int:
        return self.needed - self.missing


@dataclass
class _Pool:
    """One card's copies: by edition, and what built decks outside the lines take."""

    owned: dict[int, int] = field(default_factory=dict)
    taken_pinned: dict[int, int] = field(default_factory=dict)
    taken_any: int = 0
    users: dict[str, int] = field(default_factory=dict)

    def total(self) -> int:
        return sum(self.owned.values())

    def free(self, edition: int) -> int:
        return max(0, self.owned.get(edition, 0) - self.taken_pinned.get(edition, 0))

    def loose_demand(self) -> int:
        """Copies built decks take from any edition: unpinned entries, plus pins not owned."""
        spill = sum(max(0, q - self.owned.get(e, 0)) for e, q in self.taken_pinned.items())
        return self.taken_any + spill


def allocate(
    needs: Iterable[Need],
    owned: Iterable[tuple[int, int, int]],
    uses: Iterable[Use],
) -> dict[object, Result]:
    """Each need's Result. `owned` holds (card_id, edition_id, copies) rows.

    Pinned needs are served first, then unpinned ones, each from what is left of the card's
    pool, in the order given (several lines of one card share the copies)."""
    needs = list(needs)
    pools: dict[int, _Pool] = defaultdict(_Pool)
    for card_id, edition_id, copies in owned:
        pool = pools[card_id]
        pool.owned[edition_id] = pool.owned.get(edition_id, 0) + copies
    for use in uses:
        pool = pools[use.card_id]
        if use.edition_id is None:
            pool.taken_any += use.quantity
        else:
            pool.taken_pinned[use.edition_id] = pool.taken_pinned.get(use.edition_id, 0) + use.quantity
        pool.users[use.deck_name] = pool.users.get(use.deck_name, 0) + use.quantity
    consumed: dict[int, int] = defaultdict(int)  # copies given to earlier lines, per card
    consumed_ed: dict[tuple[int, int], int] = defaultdict(int)  # … and per pinned edition
    out: dict[object, Result] = {}
    for need in sorted(needs, key=lambda n: n.edition_id is None):  # stable: pins first
        pool = pools[need.card_id]
        if need.edition_id is not None:
            owned_n, free = _pinned(pool, need.edition_id)
            already = consumed_ed[(need.card_id, need.edition_id)]
        else:
            owned_n = pool.total()
            # Every copy another built deck holds comes out of the card's pool.
            free = max(0, owned_n - pool.taken_any - sum(pool.taken_pinned.values()))
            already = consumed[need.card_id]
        got = min(need.quantity, max(0, free - already))
        consumed[need.card_id] += got
        if need.edition_id is not None:
            consumed_ed[(need.card_id, need.edition_id)] += got
        taken = owned_n - free
        out[need.key] = Result(
            needed=need.quantity, owned=owned_n, taken=taken, available=free,
            missing=need.quantity - got, taken_by=sorted(pool.users.items()) if taken else [],
        )
    return out


def _pinned(pool: _Pool, edition: int) -> tuple[int, int]:
    """(owned, available) of one edition: its own pins elsewhere, then any loose demand the
    other editions cannot absorb."""
    owned = pool.owned.get(edition, 0)
    others = sum(pool.free(e) for e in pool.owned if e != edition)
    spill = max(0, pool.loose_demand() - others)
    return owned, max(0, pool.free(edition) - spill)
