"""Search ranking by name first (issue 25): the exact name, then a name that starts with the words,
then names holding every word, then cards that match in their text only. Run on SQLite and, in
`make test`, on PostgreSQL: the rank is an ORDER BY expression on the folded name."""

from __future__ import annotations

import pytest

from cards.models import Card
from tests.factories import CardFactory, EditionFactory


def names(q: str, game: str | None = None) -> list[str]:
    return list(Card.objects.with_current().for_game(game).search(q).values_list("name", flat=True))


@pytest.fixture
def fission(db):  # type: ignore[no-untyped-def]
    """Four cards whose text or name holds «fisión», coded so the code order is the wrong one."""
    made = {}
    for code, name, passive in [
        ("RNK-001", "Organismo de fisión", "Coloca un «Token de fisión» en un espacio libre."),
        ("RNK-002", "Pacto de fisión", "Crea un Token de fisión."),
        ("RNK-003", "Token de fisión gigante", ""),
        ("RNK-004", "Token de fisión", ""),
        ("RNK-005", "Fisión del token", ""),
    ]:
        card = CardFactory(code=code, name=name)
        EditionFactory(card=card, passive=passive)
        made[code] = card
    return made


@pytest.mark.django_db
def test_exact_name_comes_first_then_prefix_then_words_then_text(fission):
    assert names("token de fision") == [
        "Token de fisión",          # the whole name
        "Token de fisión gigante",  # the name starts with the words
        "Fisión del token",         # every word in the name (a folded substring: «de» is in «del»)
        "Organismo de fisión",      # the words only in the text, by name
        "Pacto de fisión",
    ]


@pytest.mark.django_db
def test_ranking_ignores_case_and_accents(fission):
    assert names("TOKEN DE FISIÓN")[0] == "Token de fisión"
    assert names('"token de fision"')[0] == "Token de fisión"


@pytest.mark.django_db
def test_name_field_ranks_too(fission):
    assert names("name:fision")[:1] == ["Fisión del token"]  # a prefix of that name only


@pytest.mark.django_db
def test_an_explicit_order_wins_over_the_ranking(fission):
    assert names("fision order:code") == [c.name for c in sorted(fission.values(), key=lambda c: c.code)]
    assert names("fision order:name dir:desc")[0] == "Token de fisión gigante"


@pytest.mark.django_db
def test_negated_words_do_not_rank(fission):
    # «-gigante» is not a name the player looks for: the exact name still comes first.
    assert names("token de fision -gigante")[0] == "Token de fisión"


@pytest.mark.django_db
def test_queries_without_words_keep_the_catalogue_order(fission):
    assert names("code:RNK*") == [c.name for c in sorted(fission.values(), key=lambda c: c.code)]


@pytest.mark.django_db
def test_catalogue_page_lists_the_named_card_first(bundled, client):
    html = client.get("/cartas/", {"q": "token de fision"}).content.decode()
    assert html.index("/cartas/eliria/BASE-109/") < html.index("/cartas/eliria/BASE-108/")


@pytest.mark.django_db
def test_api_pages_follow_the_ranking_and_its_kept_ids(bundled, api_client):
    first = api_client.get("/api/cards/", {"q": "token de fision", "page_size": 1})
    assert first.status_code == 200
    assert first.json()["results"][0]["name"] == "Token de fisión"
    # The second answer comes from the kept id list: the same ranked order, page by page.
    again = [r["name"] for r in api_client.get("/api/cards/", {"q": "token de fision"}).json()["results"]]
    assert again[0] == "Token de fisión" and again.index("Organismo de fisión") > 0
    assert again == names("token de fision")


@pytest.mark.django_db
def test_builder_search_lists_the_named_card_first(bundled, player, client):
    from django.urls import reverse

    from tests.factories import DeckFactory

    deck = DeckFactory(owner=player, game="eliria")
    client.force_login(player)
    html = client.get(reverse("decks:search", args=[deck.pk]), {"q": "token de fision"}).content.decode()
    assert html.index('data-code="BASE-109"') < html.index('data-code="BASE-108"')
