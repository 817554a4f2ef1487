"""POST /api/odds/: docs/contract.md §6 over the bundled catalogue."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from decks.services import deck_tag_set
from engine import hypergeometric_at_least
from tests.factories import MISION_LIST, MULLIGAN_LIST, UserFactory, deck_from_list

URL = "/api/odds/"

# Twelve combat cards without †: no hand can need a mulligan.
ALL_COMBAT = "Mazo:\n" + "".join(f"1 X (BASE-{n:03d})\n" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 17))


def odds(api_client, **body):  # type: ignore[no-untyped-def]
    body.setdefault("game", "eliria")
    return api_client.post(URL, body, format="json")


@pytest.mark.django_db
def test_the_answer_holds_the_contract_keys_and_the_hypergeometric_tail_without_mulligan(bundled, api_client):
    r = odds(api_client, list=ALL_COMBAT, query="pot>=5")
    assert r.status_code == 200, r.content
    body = r.json()
    assert {"deck", "group", "per_turn"} <= set(body)
    assert (body["deck"], body["group"]) == (12, 5)  # potentials 5, 6, 5, 7, 5
    assert [t["turn"] for t in body["per_turn"]] == list(range(1, 11))
    for t in body["per_turn"]:
        assert set(t) == {"turn", "cards_seen", "p"}
        assert t["cards_seen"] == 5 + t["turn"] - 1  # the first player skips turn 1's draw (11.d)
        assert abs(t["p"] - float(hypergeometric_at_least(12, 5, t["cards_seen"], 1))) < 1e-9
    assert body["mulligan"] is False


@pytest.mark.django_db
def test_the_second_player_draws_on_turn_1_and_at_least_counts(bundled, api_client):
    body = odds(api_client, list=ALL_COMBAT, query="pot>=5", at_least=2, turns=3, first=False).json()
    assert [t["cards_seen"] for t in body["per_turn"]] == [6, 7, 8]
    assert abs(body["per_turn"][0]["p"] - float(hypergeometric_at_least(12, 5, 6, 2))) < 1e-9


@pytest.mark.django_db
def test_rule_11b_a_deck_that_can_mulligan_follows_the_policy_and_shows_one_more(bundled, api_client):
    body = odds(api_client, list=MULLIGAN_LIST, query="t:reaccion", turns=4).json()
    assert body["mulligan"] is True
    assert (body["deck"], body["group"]) == (18, 6)
    plain = [float(hypergeometric_at_least(18, 6, t["cards_seen"], 1)) for t in body["per_turn"]]
    # Mulligans discard reactions first: fewer reactions are held than a plain draw would give.
    assert all(t["p"] < p for t, p in zip(body["per_turn"], plain, strict=True))
    more = body["one_more"]
    assert more["group"] == 7
    assert all(m["p"] > t["p"] for m, t in zip(more["per_turn"], body["per_turn"], strict=True))
    assert body["cards"] == ["BASE-011", "BASE-012", "BASE-013", "BASE-014", "BASE-015", "BASE-050"]


@pytest.mark.django_db
def test_a_malformed_query_is_a_400_naming_the_query(bundled, api_client):
    r = odds(api_client, list=ALL_COMBAT, query="pot>=cinco")
    assert r.status_code == 400
    assert "query" in r.json()


@pytest.mark.django_db
def test_unknown_cards_are_a_400_with_the_validation_report(bundled, api_client):
    r = odds(api_client, list="Mazo:\n1 Carta que no existe\n", query="t:combate")
    assert r.status_code == 400
    body = r.json()
    assert "list" in body
    assert [e["code"] for e in body["validation"]["errors"]] == ["unknown_card"]


@pytest.mark.django_db
@pytest.mark.parametrize("field,value", [("at_least", -1), ("turns", 0), ("turns", 51), ("first", "sí")])
def test_out_of_range_numbers_are_a_400_naming_the_field(bundled, api_client, field, value):
    r = odds(api_client, list=ALL_COMBAT, query="t:combate", **{field: value})
    assert r.status_code == 400
    assert field in r.json()


@pytest.mark.django_db
def test_a_tag_of_a_saved_deck_is_a_group_for_its_owner_and_hidden_from_others(bundled, api_client):
    owner = UserFactory()
    deck = deck_from_list(owner, MULLIGAN_LIST)
    defensa = deck.entries.get(card__code="BASE-011").card
    deck_tag_set(deck=deck, actor=owner, card=defensa, names=["defensa"])
    api_client.force_authenticate(owner)
    body = odds(api_client, list=MULLIGAN_LIST, query="tag:defensa", deck=deck.pk, turns=2).json()
    assert (body["group"], body["cards"]) == (1, ["BASE-011"])
    api_client.force_authenticate(UserFactory())
    r = odds(api_client, list=MULLIGAN_LIST, query="tag:defensa", deck=deck.pk)
    assert r.status_code == 400 and "deck" in r.json()  # a private deck of someone else
    r = odds(api_client, list=MULLIGAN_LIST, query="tag:defensa")
    assert r.status_code == 400 and "query" in r.json()


@pytest.mark.django_db
def test_mision_counts_elementos_and_entes_apart(bundled, api_client):
    body = odds(api_client, game="mision", list=MISION_LIST, query="t:elemento", turns=2).json()
    assert (body["deck"], body["group"]) == (4, 4)
    assert [t["cards_seen"] for t in body["per_turn"]] == [4, 4]  # 4 + t, but only four there
    assert body["entities"]["deck"] == 4 and body["entities"]["group"] == 0


@pytest.mark.django_db
def test_the_schema_documents_the_endpoint(api_client):
    schema = api_client.get("/api/schema/", {"format": "json"}).json()
    post = schema["paths"]["/api/odds/"]["post"]
    assert {"200", "400", "429"} <= set(post["responses"])


@pytest.mark.django_db
def test_tokens_are_never_drawn_nor_in_the_group(bundled, api_client):
    text = ALL_COMBAT + "Tokens:\n1 Token de fisión\n"
    body = odds(api_client, list=text, query="pot>=2", turns=1).json()
    assert body["deck"] == 12 and "BASE-109" not in body["cards"] and len(body["cards"]) == body["group"]


HEAVY = "Mazo:\n" + "".join(f"1 X (BASE-{n:03d})\n" for n in (1, 11, 12, 13, 14, 15, 50))


@pytest.mark.django_db
def test_r1_an_odds_request_over_the_inline_budget_is_refused_with_its_code(bundled, api_client, settings):
    """Issue 38, R1: the exact odds spend at most SIMULATION_INLINE_BUDGET of a worker's CPU."""
    from engine.odds import _MEMO

    _MEMO.clear()
    settings.SIMULATION_INLINE_BUDGET = -1.0  # a deadline already past when the request begins: no clock race
    r = odds(api_client, list=HEAVY, query="t:reaccion", turns=8)
    assert r.status_code == 400, r.content
    assert r.json()["code"] == "too_costly"
    settings.SIMULATION_INLINE_BUDGET = 3600.0  # a budget no machine reaches: the same question is answered
    assert odds(api_client, list=HEAVY, query="t:reaccion", turns=8).status_code == 200


@pytest.mark.django_db
def test_r1_anonymous_odds_have_their_own_budget_per_address(bundled, api_client, monkeypatch):
    from common.throttling import OddsThrottle

    monkeypatch.setattr(OddsThrottle, "THROTTLE_RATES", {**OddsThrottle.THROTTLE_RATES, "odds": "3/min"})
    codes = [odds(api_client, list=ALL_COMBAT, query="pot>=5", turns=2).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


@pytest.mark.django_db
def test_r1_the_deck_pages_odds_panel_is_throttled_for_anyone(bundled, client, settings):
    from django.urls import reverse

    from common.throttling import ScopedThrottle

    user = UserFactory()
    deck = deck_from_list(user, ALL_COMBAT, visibility="public")
    old = ScopedThrottle.THROTTLE_RATES
    ScopedThrottle.THROTTLE_RATES = {**old, "odds": "2/min"}
    try:
        codes = [client.get(reverse("decks:odds", args=[deck.pk]), {"q": "pot>=5"}).status_code for _ in range(3)]
    finally:
        ScopedThrottle.THROTTLE_RATES = old
    assert codes == [200, 200, 429]


@pytest.mark.django_db
def test_the_answer_says_how_many_games_7c_has_already_lost_and_whether_a_hand_can_be_kept(bundled, api_client):
    """Issue 36: p counts games lost by 7.c as not holding; the answer says how many they are."""
    body = odds(api_client, list=MULLIGAN_LIST, query="t:reaccion", turns=12).json()
    assert body["keepable"] is True
    lost = [t["p"] for t in body["lost"]]
    assert len(lost) == 12 and lost == sorted(lost) and 0.0 <= lost[0] <= lost[-1] < 1.0
    # Held plus lost never exceeds every game.
    assert all(t["p"] + x <= 1.0 + 1e-9 for t, x in zip(body["per_turn"], lost, strict=True))
    plain = odds(api_client, list=ALL_COMBAT, query="pot>=5").json()
    assert plain["keepable"] is True and "lost" not in plain


@pytest.mark.django_db
def test_a_deck_without_a_combat_card_is_said_to_lose_every_game_in_the_mulligan(bundled, client):
    from django.urls import reverse

    no_combat = "Mazo:\n" + "".join(f"1 X (BASE-{n:03d})\n" for n in (11, 12, 13, 14, 15))
    body = odds(APIClient(), list=no_combat, query="t:reaccion").json()
    assert body["keepable"] is False
    deck = deck_from_list(UserFactory(), no_combat, visibility="public")
    page = client.get(reverse("decks:odds", args=[deck.pk]), {"q": "t:reaccion"}).content.decode()
    assert "ninguna mano se puede quedar" in page
