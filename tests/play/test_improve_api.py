"""POST /api/goldfish/improve/ (docs/contract.md §6), on the bundled catalogue: a weak legal deck gets
better under the deck rules, keep and the owned pool hold, a big search is a run whose steps show
as they are found and whose answer is the inline one, and bad input is a 400 naming the field."""

from __future__ import annotations

import json

import pytest

from cards.models import Card
from collection.services import collection_add
from engine import parse_decklist
from play.models import SimulationRun
from play.runs.worker import execute_chunk

IMPROVE = "/api/goldfish/improve/"


def weak_eliria() -> str:
    cards = Card.objects.filter(game="eliria", type="combat").with_current().order_by("code")
    weak = sorted((c for c in cards if not c.current.cross), key=lambda c: (c.current.potential or 0, c.code))
    return "Mazo:\n" + "".join(f"1 {c.name} ({c.code})\n" for c in weak[:14])


def weak_mision() -> str:
    ents = Card.objects.filter(game="mision", type="entity").order_by("code")[:4]
    elems = Card.objects.filter(game="mision", type="element").order_by("code")[:8]
    return "Entes:\n" + "".join(f"2 {c.name} ({c.code})\n" for c in ents) + \
        "Elementos:\n" + "".join(f"2 {c.name} ({c.code})\n" for c in elems)


def counts(text: str, game: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in parse_decklist(text, game).lines:
        out[line.code] = out.get(line.code, 0) + line.quantity
    return out


@pytest.fixture(autouse=True)
def roomy_limits(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 5


def post(client, **body):  # type: ignore[no-untyped-def]
    return client.post(IMPROVE, body, format="json")


def run_queued(client, response) -> dict:  # type: ignore[no-untyped-def]
    assert response.status_code == 202, response.content
    run = SimulationRun.objects.get(pk=response.json()["id"])
    assert run.chunks_total == 1 and run.kind == "improve"
    assert execute_chunk(run.pk, 0, "test") == "done"
    status = client.get(response["Location"]).json()
    assert status["status"] == "done", status
    return status


@pytest.mark.django_db
def test_a_weak_deck_gets_better_and_the_answer_holds_the_contract_keys(api_client, bundled):
    text = weak_eliria()
    r = post(api_client, game="eliria", list=text, goal={"field": "mean_power_max", "turn": 6}, budget=6000, seed=4,
             keep=["Gólem de barro"])
    assert r.status_code == 200, r.content
    body = r.json()
    assert {"start", "best", "steps", "games", "verified"} <= set(body)
    assert set(body["start"]) >= {"list", "value"} and set(body["verified"]) >= {"delta", "ci95", "games", "seed"}
    assert body["steps"] and all(set(s) >= {"cut", "add", "delta", "ci95", "games"} for s in body["steps"])
    assert body["verified"]["ci95"][0] > 0 and body["games"] <= 6000
    valid = api_client.post("/api/decks/validate/", {"game": "eliria", "list": body["best"]["list"]}, format="json")
    assert valid.json()["valid"] is True
    assert counts(body["best"]["list"], "eliria").get("BASE-009", 0) == 1  # Gólem de barro, kept
    again = post(api_client, game="eliria", list=text, goal={"field": "mean_power_max", "turn": 6}, budget=6000,
                 seed=4, keep=["Gólem de barro"])
    assert again.content == r.content


@pytest.mark.django_db
def test_collection_pool_never_adds_more_than_the_player_owns(api_client, bundled, player):
    text = weak_mision()
    mine = counts(text, "mision")
    # The list's copies, and one more copy of a card in three (one copy of each card not listed).
    owned = {c.code: mine.get(c.code, 0) + (i % 3 == 0) or 1
             for i, c in enumerate(Card.objects.filter(game="mision").order_by("code"))}
    for card in Card.objects.filter(game="mision"):
        collection_add(owner=player, card=card, delta=owned[card.code])
    api_client.force_authenticate(player)
    r = post(api_client, game="mision", list=text, goal={"field": "mean_chest", "turn": 8}, pool="collection",
             budget=8000, seed=2)
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["steps"]
    assert all(n <= owned[code] for code, n in counts(body["best"]["list"], "mision").items())


@pytest.mark.django_db
def test_collection_pool_needs_an_account_and_the_copies(api_client, bundled, player):
    text = weak_mision()
    r = post(api_client, game="mision", list=text, goal={"field": "mean_chest", "turn": 8}, pool="collection", budget=2000)
    assert r.status_code == 400 and "pool" in r.json()
    api_client.force_authenticate(player)  # owns nothing: the list already holds more than that
    r = post(api_client, game="mision", list=text, goal={"field": "mean_chest", "turn": 8}, pool="collection", budget=2000)
    assert r.status_code == 400 and "pool" in r.json()


@pytest.mark.django_db
@pytest.mark.parametrize("bad, field", [
    ({"budget": 10}, "budget"),
    ({"budget": 10**9}, "budget"),
    ({"budget": "mucho"}, "budget"),
    ({"keep": ["No existe"]}, "keep"),
    ({"pool": "todo"}, "pool"),
    ({"goal": {"field": "mean_chest", "turn": 6}}, "goal"),
    ({"goal": {"field": "win_turn", "turn": 6}}, "goal"),  # Misión S.O.S's goal only
    ({"goal": {"field": "p_alive", "turn": 0}}, "goal"),
    ({"list": "No existe\n"}, "list"),
    ({"list": "Mazo:\n1 Gólem de barro\n1 Gólem de barro (BASE-009)\n"}, "list"),  # rule 4: not a legal deck
    ({"seed": -3}, "seed"),
    ({"against": 99999}, "against"),
])
def test_bad_requests_are_a_400_naming_the_field(api_client, bundled, bad, field):
    body = {"game": "eliria", "list": weak_eliria(), "goal": {"field": "p_alive", "turn": 6}, "budget": 2000, **bad}
    r = api_client.post(IMPROVE, body, format="json")
    assert r.status_code == 400 and field in r.json(), r.content


@pytest.mark.django_db
def test_a_big_search_is_a_run_showing_its_steps_and_answering_as_inline(api_client, bundled, settings):
    first = Card.objects.filter(game="mision", type="element").order_by("code").first()
    request = {"game": "mision", "list": weak_mision(), "goal": {"field": "mean_chest", "turn": 6}, "budget": 5000,
               "seed": 9, "keep": [f"{first.name} ({first.code})"]}
    inline = post(api_client, **request)
    assert inline.status_code == 200
    settings.SIMULATION_INLINE_BUDGET = 0.0001
    queued = post(api_client, **request)
    assert queued.json()["found"] == []
    status = run_queued(api_client, queued)
    assert json.dumps(status["result"], ensure_ascii=False, separators=(",", ":")).encode() == inline.content
    assert [s["add"] for s in status["found"]] == [s["add"] for s in inline.json()["steps"]]


@pytest.mark.django_db
def test_anyone_may_search_and_runs_are_their_owners(api_client, bundled, settings, player, other):
    settings.SIMULATION_INLINE_BUDGET = 0.0001
    api_client.force_authenticate(player)
    queued = post(api_client, game="eliria", list=weak_eliria(), goal={"field": "p_alive", "turn": 4}, budget=1000)
    assert queued.status_code == 202
    api_client.force_authenticate(other)
    assert api_client.get(queued["Location"]).status_code == 404


@pytest.mark.django_db
def test_against_a_saved_field_the_goal_is_the_win_rate_and_the_field_its_owners(api_client, bundled, player, other):
    from play.compare.fields import saved_field_create, saved_field_set_rival
    from tests.factories import deck_from_list

    field = saved_field_create(owner=player, name="Mi metajuego", game="eliria")
    saved_field_set_rival(field=field, actor=player, deck=deck_from_list(player, weak_eliria(), name="Rival"), weight=1)
    request = {"game": "eliria", "list": weak_eliria(), "budget": 1000, "seed": 1, "against": field.pk}
    api_client.force_authenticate(other)
    r = post(api_client, **request)
    assert r.status_code == 400 and "against" in r.json()
    api_client.force_authenticate(player)
    r = post(api_client, **request)
    result = r.json() if r.status_code == 200 else run_queued(api_client, r)["result"]
    assert result["goal"]["field"] == "win_rate" and result["against"]["field"] == field.pk
    assert result["games"] <= 1000 and 0 <= result["start"]["value"] <= 1


@pytest.mark.django_db
def test_an_inline_search_reads_the_database_a_few_times_whatever_its_budget(api_client, bundled,
                                                                           django_assert_max_num_queries):
    text = weak_eliria()
    post(api_client, game="eliria", list=text, goal={"field": "p_alive", "turn": 4}, budget=1000, seed=1)  # warm
    for budget in (1000, 4000):
        with django_assert_max_num_queries(12):
            r = post(api_client, game="eliria", list=text, goal={"field": "p_alive", "turn": 4}, budget=budget)
        assert r.status_code == 200 and r.json()["games"] <= budget


@pytest.mark.django_db
def test_misions_win_turn_goal_is_lower_is_better(api_client, bundled):
    r = post(api_client, game="mision", list=weak_mision(), goal={"field": "win_turn", "turn": 12}, budget=2000, seed=1)
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["goal"] == {"field": "win_turn", "turn": 12}
    assert all(s["ci95"][1] < 0 for s in body["steps"])
    assert 1 <= body["best"]["value"] <= body["start"]["value"] <= 13
