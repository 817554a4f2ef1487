"""Have / need arithmetic (pure): copies count across editions unless pinned; built decks take."""

from __future__ import annotations

from collection.needs import Need, Use, allocate

CARD, E1, E2 = 1, 11, 12


def one(need: Need, owned, uses=()):  # type: ignore[no-untyped-def]
    return allocate([need], owned, uses)[need.key]


def test_copies_of_every_edition_count_for_an_unpinned_entry():
    r = one(Need("a", CARD, None, 4), [(CARD, E1, 1), (CARD, E2, 2)])
    assert (r.needed, r.owned, r.taken, r.available, r.missing) == (4, 3, 0, 3, 1)


def test_another_built_deck_takes_its_copies():
    r = one(Need("a", CARD, None, 3), [(CARD, E1, 4)], [Use(9, "Otro", CARD, None, 2)])
    assert (r.owned, r.taken, r.available, r.missing) == (4, 2, 2, 1)
    assert r.taken_by == [("Otro", 2)]


def test_more_committed_than_owned_leaves_nothing_available():
    r = one(Need("a", CARD, None, 1), [(CARD, E1, 1)], [Use(9, "Otro", CARD, None, 3)])
    assert (r.available, r.missing, r.taken) == (0, 1, 1)


def test_a_pinned_entry_counts_only_its_edition():
    r = one(Need("a", CARD, E2, 2), [(CARD, E1, 5), (CARD, E2, 1)])
    assert (r.owned, r.available, r.missing) == (1, 1, 1)


def test_unpinned_built_copies_come_from_other_editions_first():
    owned = [(CARD, E1, 2), (CARD, E2, 2)]
    r = one(Need("a", CARD, E2, 2), owned, [Use(9, "Otro", CARD, None, 2)])
    assert r.missing == 0  # the built deck holds the two E1 copies
    r = one(Need("a", CARD, E2, 2), owned, [Use(9, "Otro", CARD, None, 3)])
    assert (r.taken, r.missing) == (1, 1)  # the third copy it holds has to be an E2


def test_a_built_deck_pinned_to_an_edition_not_owned_takes_other_copies():
    r = one(Need("a", CARD, None, 2), [(CARD, E2, 2)], [Use(9, "Otro", CARD, E1, 1)])
    assert (r.available, r.missing) == (1, 1)


def test_lines_of_the_same_card_share_the_copies_pins_first():
    a, b = Need("main", CARD, None, 2), Need("pinned", CARD, E1, 2)
    out = allocate([a, b], [(CARD, E1, 2), (CARD, E2, 1)], [])
    assert out["pinned"].missing == 0
    assert out["main"].missing == 1


def test_nothing_owned_means_everything_missing():
    r = one(Need("a", CARD, None, 3), [])
    assert (r.owned, r.available, r.missing, r.have) == (0, 0, 3, 0)
