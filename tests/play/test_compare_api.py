"""POST /api/goldfish/compare/ and POST /api/goldfish/swaps/ (docs/contract.md §6), on the bundled
catalogue: each side is the goldfish answer byte for byte, big requests become runs whose answer
is the inline one, and bad input is a 400 naming the field."""

from __future__ import annotations

import json

import pytest

from play.models import SimulationRun
from play.runs.worker import execute_chunk
from tests.play.conftest import eliria_text

COMPARE, SWAPS, GOLDFISH = "/api/goldfish/compare/", "/api/goldfish/swaps/", "/api/goldfish/"


def compact(value) -> bytes:  # type: ignore[no-untyped-def]
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def post(api_client, url, **body):  # type: ignore[no-untyped-def]
    return api_client.post(url, body, format="json")


@pytest.fixture
def lists(bundled):  # type: ignore[no-untyped-def]
    return eliria_text(), eliria_text(20, 40)


@pytest.fixture(autouse=True)
def roomy_limits(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 5


def run_queued(api_client, response) -> dict:  # type: ignore[no-untyped-def]
    """Play a 202's run as a worker would, chunk by chunk; its answer once merged."""
    assert response.status_code == 202, response.content
    run = SimulationRun.objects.get(pk=response.json()["id"])
    for index in range(run.chunks_total):
        assert execute_chunk(run.pk, index, "test") == "done"
    status = api_client.get(response["Location"]).json()
    assert status["status"] == "done", status
    return status["result"]


@pytest.mark.django_db
def test_each_side_is_the_goldfish_answer_byte_for_byte(api_client, lists):
    a, b = lists
    r = post(api_client, COMPARE, game="eliria", list_a=a, list_b=b, games=300, turns=6, seed=7)
    assert r.status_code == 200
    body = r.json()
    for side, text in (("a", a), ("b", b)):
        plain = post(api_client, GOLDFISH, game="eliria", list=text, games=300, turns=6, seed=7)
        assert compact(body[side]) == plain.content
    assert body["paired"] is True and body["seed"] == 7
    rows = body["diff"]["per_turn"]
    assert [row["turn"] for row in rows] == list(range(1, 7))
    assert {"p_alive", "p_combatant", "mean_power_max"} <= set(rows[0])
    for row, ta, tb in zip(rows, body["a"]["per_turn"], body["b"]["per_turn"], strict=True):
        low, high = row["mean_power_max"]["ci95"]
        assert low <= row["mean_power_max"]["delta"] <= high
        assert row["mean_power_max"]["delta"] == pytest.approx(tb["mean_power_max"] - ta["mean_power_max"], abs=2e-6)
    assert set(body["diff"]["mulligans_mean"]) == {"delta", "ci95"}


@pytest.mark.django_db
def test_a_list_compared_with_itself_gives_zero_and_an_empty_interval(api_client, lists):
    a, _ = lists
    body = post(api_client, COMPARE, game="eliria", list_a=a, list_b=a, games=200, turns=5, seed=1).json()
    values = [v for row in body["diff"]["per_turn"] for k, v in row.items() if k != "turn"]
    values.append(body["diff"]["mulligans_mean"])
    assert values and all(v == {"delta": 0.0, "ci95": [0.0, 0.0]} for v in values)


@pytest.mark.django_db
def test_mision_compare_pairs_the_win_turn(api_client, mision_list):
    body = post(api_client, COMPARE, game="mision", list_a=mision_list, list_b=mision_list, games=100, turns=12).json()
    assert body["diff"]["per_turn"][0]["mean_chest"] == {"delta": 0.0, "ci95": [0.0, 0.0]}
    assert "win_turn_mean" in body["diff"] and isinstance(body["seed"], int)


@pytest.mark.django_db
@pytest.mark.parametrize("bad, field", [
    ({"games": 0}, "games"), ({"games": 100_001}, "games"), ({"turns": 51}, "turns"), ({"seed": -1}, "seed"),
    ({"game": "poker"}, "game"), ({"list_b": "No existe\n"}, "list_b"), ({"list_a": None}, "list_a"),
])
def test_bad_compare_requests_are_a_400_naming_the_field(api_client, lists, bad, field):
    body = {"game": "eliria", "list_a": lists[0], "list_b": lists[1], "games": 10, **bad}
    r = api_client.post(COMPARE, body, format="json")
    assert r.status_code == 400 and field in r.json()
    if field == "list_b":
        assert r.json()["validation"]["b"]["errors"][0]["line"] == 1


@pytest.mark.django_db
def test_a_big_comparison_is_a_run_whose_answer_is_the_inline_one(api_client, client, lists, settings):
    a, b = lists
    request = {"game": "eliria", "list_a": a, "list_b": b, "games": 600, "turns": 4, "seed": 21}
    settings.SIMULATION_INLINE_BUDGET = 10.0  # played in the request whatever the machine's load
    inline = post(api_client, COMPARE, **request)
    assert inline.status_code == 200, inline.content[:200]
    settings.SIMULATION_INLINE_BUDGET, settings.SIMULATION_CHUNK_SECONDS = 0.0001, 0.01
    queued = post(api_client, COMPARE, **request)
    assert queued.json()["kind"] == "compare" and len(queued.json()["chunks"]) > 1
    assert compact(run_queued(api_client, queued)) == inline.content
    assert client.get(queued.json()["url"]).status_code == 200  # the run's page shows a done comparison


SWAP = {"game": "eliria", "cut": "defensa FINAL", "goal": {"field": "mean_power_max", "turn": 6}, "turns": 6}
# Out of the list: a potential-8 combatant, a potential-1 one, a reaction (as the cut card is).
CANDIDATES = ["Hidra de la cienaga", "exp-013", "Emboscada nocturna"]


@pytest.mark.django_db
def test_swaps_rank_the_candidates_best_first(api_client, lists):
    r = post(api_client, SWAPS, list=lists[0], candidates=CANDIDATES, games=400, seed=3, **SWAP)
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["cut"] == "BASE-011" and body["goal"] == {"field": "mean_power_max", "turn": 6}
    ranking = body["ranking"]
    assert ranking[0]["card"] == "EXP-004" and ranking[0]["ci95"][0] > 0 and ranking[0]["games"] == 400
    ambush = next(row for row in ranking if row["card"] == "BASE-050")
    assert ambush["delta"] == 0.0 and ambush["ci95"] == [0.0, 0.0]  # a reaction for a reaction: the same games
    assert all(set(row) >= {"card", "delta", "ci95", "games"} and row["games"] <= 400 for row in ranking)


@pytest.mark.django_db
def test_cut_and_candidates_are_named_as_a_list_line_names_a_card(api_client, lists):
    """docs/contract.md §6: the name, the code or `Name (CODE)`, as a list line (once a 400)."""
    by_code = post(api_client, SWAPS, list=lists[0], candidates=["EXP-004", "EXP-013"], games=100, seed=3,
                   **{**SWAP, "cut": "BASE-011"})
    as_lines = post(api_client, SWAPS, list=lists[0], games=100, seed=3,
                    candidates=["Hidra de la ciénaga (EXP-004)", "1 Escudera novata (exp-013)"],
                    **{**SWAP, "cut": "Defensa final (BASE-011)"})
    assert as_lines.status_code == 200, as_lines.content
    assert as_lines.content == by_code.content and as_lines.json()["cut"] == "BASE-011"
    watched = post(api_client, GOLDFISH, game="eliria", list=lists[0], games=50, turns=3, seed=1,
                   watch=["Defensa final (BASE-011)"])
    assert watched.status_code == 200 and watched.json()["watch"]["cards"] == ["BASE-011"]
    wrong = post(api_client, SWAPS, list=lists[0], games=20, candidates=["EXP-013"],
                 **{**SWAP, "cut": "Defensa final (EXP-004)"})  # a given code decides, as in a list
    assert wrong.status_code == 400 and "cut" in wrong.json()


@pytest.mark.django_db
@pytest.mark.parametrize("bad, field", [
    ({"cut": "Nadie"}, "cut"),
    ({"candidates": ["Hidra de la ciénaga (NO-999)"]}, "candidates"),
    ({"candidates": ["No existe"]}, "candidates"),
    ({"candidates": ["Lobo de ceniza"]}, "candidates"),  # already in the list: rule 4
    ({"candidates": [f"c{i}" for i in range(21)]}, "candidates"),
    ({"candidates": []}, "candidates"),
    ({"goal": {"field": "mean_hand", "turn": 2}}, "goal"),
    ({"goal": {"field": "mean_chest", "turn": 2}}, "goal"),
    ({"goal": {"field": "p_alive", "turn": 7}}, "goal"),
    ({"list": "No existe\n"}, "list"),
])
def test_bad_swap_requests_are_a_400_naming_the_field(api_client, lists, bad, field):
    body = {**SWAP, "list": lists[0], "candidates": CANDIDATES[:1], "games": 20, **bad}
    r = api_client.post(SWAPS, body, format="json")
    assert r.status_code == 400 and field in r.json(), r.content


@pytest.mark.django_db
def test_a_big_swap_race_is_a_run_whose_answer_is_the_inline_one(api_client, lists, settings):
    request = {**SWAP, "list": lists[0], "candidates": CANDIDATES, "games": 300, "seed": 5}
    inline = post(api_client, SWAPS, **request)
    settings.SIMULATION_INLINE_BUDGET = 0.0001
    queued = post(api_client, SWAPS, **request)
    assert queued.json()["kind"] == "swaps" and len(queued.json()["chunks"]) == 1
    assert compact(run_queued(api_client, queued)) == inline.content
    # Cut in chunks played one after the other (issue 38 R13), each resumed from those before: the
    # same race, whose later chunks cannot start before the earlier ones landed.
    settings.SIMULATION_CHUNK_SECONDS = 0.001
    queued = post(api_client, SWAPS, **request)
    run = SimulationRun.objects.get(pk=queued.json()["id"])
    assert run.chunks_total > 2
    assert execute_chunk(run.pk, 1, "early") == "skipped"
    assert compact(run_queued(api_client, queued)) == inline.content


@pytest.mark.django_db
def test_the_pages_path_answers_as_the_api(api_client, lists):
    """The pages prepare a request and simulate it (play.runs.answer), as the API does: the same bytes."""
    from play.compare.services import compare_prepare
    from play.swaps.services import swaps_prepare
    from tests.play.queued import answered

    a, b = lists
    api = post(api_client, COMPARE, game="eliria", list_a=a, list_b=b, games=100, turns=3, seed=2)
    asked = {"game": "eliria", "list_a": a, "list_b": b, "games": 100, "turns": 3, "seed": 2}
    assert compact(answered(compare_prepare(asked))) == api.content
    race = {"game": "eliria", "list": a, "cut": "BASE-011", "candidates": CANDIDATES[:2],
            "goal": {"field": "p_alive", "turn": 3}, "games": 50, "turns": 3, "seed": 2}
    ranking = answered(swaps_prepare(race))["ranking"]
    assert [row["card"] for row in ranking] and {row["card"] for row in ranking} == {"EXP-004", "EXP-013"}


MATCHUPS = "/api/matchups/"


@pytest.mark.django_db
def test_two_versions_against_one_rival_are_each_the_matchup_answer(api_client, lists):
    a, rival = lists
    b = a.replace("Defensa final (BASE-011)", "Hidra de la ciénaga (EXP-004)")
    assert b != a
    r = post(api_client, MATCHUPS + "compare/", game="eliria", deck_a=a, deck_b=b, rival=rival, games=16, seed=4)
    assert r.status_code == 200, r.content
    body = r.json()
    for side, text in (("a", a), ("b", b)):
        plain = post(api_client, MATCHUPS, game="eliria", deck_a=text, deck_b=rival, games=16, seed=4)
        assert compact(body[side]) == plain.content
    win = body["diff"]["win_rate"]
    assert win["delta"] == pytest.approx(body["b"]["win_rate_a"] - body["a"]["win_rate_a"], abs=2e-6)
    assert body["paired"] is True and set(body["diff"]) == {"win_rate", "score"}


@pytest.mark.django_db
def test_bad_matchup_comparisons_name_every_list_that_cannot_be_played(api_client, lists):
    body = {"game": "eliria", "deck_a": lists[0], "deck_b": "No existe\n", "rival": "Tampoco\n", "games": 4}
    r = api_client.post(MATCHUPS + "compare/", body, format="json")
    assert r.status_code == 400 and {"deck_b", "rival"} <= set(r.json()) and "deck_a" not in r.json()
    assert set(r.json()["validation"]) == {"deck_b", "rival"}
    assert api_client.post(MATCHUPS + "compare/", {**body, "deck_b": lists[0], "rival": lists[1], "games": 0},
                           format="json").json().keys() == {"games"}


@pytest.mark.django_db
def test_a_big_matchup_comparison_is_a_run_whose_answer_is_the_inline_one(api_client, lists, settings):
    a, rival = lists
    request = {"game": "eliria", "deck_a": a, "deck_b": a.replace("Defensa final (BASE-011)", "Hidra de la ciénaga (EXP-004)"),
               "rival": rival, "games": 30, "seed": 8}
    inline = post(api_client, MATCHUPS + "compare/", **request)
    settings.SIMULATION_INLINE_BUDGET, settings.SIMULATION_CHUNK_SECONDS = 0.0001, 0.01
    queued = post(api_client, MATCHUPS + "compare/", **request)
    assert queued.json()["kind"] == "matchup_compare" and len(queued.json()["chunks"]) > 1
    assert compact(run_queued(api_client, queued)) == inline.content


@pytest.mark.django_db
def test_cut_star_tries_every_card_of_the_list_and_keeps_each_cuts_numbers(api_client, bundled, settings):
    """Issue 24: "or lets the site try each". ``"cut": "*"`` races every (cut, candidate) pair; each
    row names both, and a pair's numbers are those of the race with that cut marked (one round of
    30 games: nobody is stopped early, so every pair plays every game)."""
    text = eliria_text(0, 8)
    request = {**SWAP, "list": text, "candidates": CANDIDATES[:2], "games": 30, "seed": 4, "cut": "*"}
    body = post(api_client, SWAPS, **request).json()
    assert body["cut"] == "*" and body["rounds"] == [30]
    pairs = {(row["cut"], row["card"]) for row in body["ranking"]}
    assert len(pairs) == len(body["ranking"]) == 16 and all(row["cut_name"] and row["name"] for row in body["ranking"])
    for cut in {row["cut"] for row in body["ranking"]}:
        alone = post(api_client, SWAPS, **{**request, "cut": cut}).json()
        assert "cut" not in alone["ranking"][0] and alone["cut"] == cut
        mine = {row["card"]: (row["delta"], row["ci95"], row["games"]) for row in body["ranking"] if row["cut"] == cut}
        assert mine == {row["card"]: (row["delta"], row["ci95"], row["games"]) for row in alone["ranking"]}
    settings.SIMULATION_INLINE_BUDGET = 0.0001
    queued = post(api_client, SWAPS, **request)
    assert compact(run_queued(api_client, queued)) == compact(body)


@pytest.mark.django_db
def test_cut_star_with_too_many_pairs_is_a_400_naming_the_cut(api_client, lists):
    r = post(api_client, SWAPS, **{**SWAP, "list": lists[0], "candidates": CANDIDATES, "games": 30, "cut": "*"})
    assert r.status_code == 400 and "cut" in r.json(), r.content
