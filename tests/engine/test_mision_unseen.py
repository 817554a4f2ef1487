"""The rule-based Misión player's expected Elemento (MisionView.expected_element / expected_chest):
kept as counts as the BAÚL and the OLVIDO grow (engine.mision.match.UnseenElements), it must
equal listing every unseen copy and averaging, whatever the deck list and the order of the cards
seen: repeated codes across entries, unknown codes, more copies seen than the list holds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CardData, DeckEntry, MisionMatch

from .scenes import M

ENTE = CardData(M, "E-1", "Ente", "entity", worlds=(5, 1, 1, 1))


def listed_unseen(entries: list[DeckEntry], chest: list[CardData], olvido: list[CardData]) -> list[CardData]:
    """The definition: the deck list minus the BAÚL and the OLVIDO, every copy listed."""
    seen: dict[str, int] = {}
    for card in (*chest, *olvido):
        seen[card.code] = seen.get(card.code, 0) + 1
    out: list[CardData] = []
    for e in entries:
        if e.card.type == "element":
            out.extend([e.card] * max(e.quantity - seen.get(e.card.code, 0), 0))
    return out


def mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


elements = st.builds(
    lambda code, worlds, chest: CardData(M, f"L-{code}", f"Elemento {code}", "element", worlds=worlds, chest=chest),
    st.integers(0, 4),
    st.tuples(*[st.integers(-3, 12)] * 4),
    st.one_of(st.none(), st.integers(-2, 15)),
)


@settings(max_examples=150, deadline=None)
@given(
    listed=st.lists(st.tuples(elements, st.integers(1, 4)), min_size=0, max_size=6),
    steps=st.lists(st.tuples(st.booleans(), elements, st.booleans()), max_size=25),
)
def test_expected_elements_equal_listing_every_unseen_copy(listed, steps):
    entries = [DeckEntry("entities", 6, ENTE)] + [DeckEntry("elements", q, card) for card, q in listed]
    match = MisionMatch([entries, entries], seed=3)
    side = match.sides[0]
    view = match.view(0)
    side.chest.clear()
    side.olvido.clear()
    for to_chest, card, ask in [(False, ENTE, True), *steps]:
        if card is not ENTE:
            (side.chest if to_chest else side.olvido).append(card)
        if not ask:
            continue  # several cards may arrive between two questions
        unseen = listed_unseen(entries, side.chest, side.olvido)
        assert view.unseen_elements() == unseen
        assert view.expected_chest() == mean([c.chest or 0 for c in unseen])
        for world in range(4):
            assert view.expected_element(world) == mean([c.worlds[world] for c in unseen])
