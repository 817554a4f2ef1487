"""Attacks on play.runs.answer (issue 37) through the API, on a real database and real queue rows:
a request that overruns its deadline is queued from its next game and answers the one-go bytes for
every kind; refusals leave nothing behind; odd bodies are refused; the memo keeps no cut-short answer."""

from __future__ import annotations

import json

import pytest

import play.runs.answer
from play.models import SimulationChunk, SimulationRun
from play.runs.worker import execute_chunk
from tests.play.conftest import eliria_text

SWAP = {"game": "eliria", "cut": "defensa FINAL", "goal": {"field": "mean_power_max", "turn": 6}, "turns": 6}
CANDIDATES = ["Hidra de la cienaga", "exp-013", "Emboscada nocturna"]


def compact(value) -> bytes:  # type: ignore[no-untyped-def]
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


@pytest.fixture(autouse=True)
def roomy_limits(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 5
    settings.SIMULATION_CHUNK_SECONDS = 0.01


def requests(bundled) -> dict[str, tuple[str, dict]]:  # type: ignore[no-untyped-def]
    a, b = eliria_text(), eliria_text(20, 40)
    return {
        "goldfish": ("/api/goldfish/", {"game": "eliria", "list": a, "games": 200, "turns": 6, "seed": 7}),
        "compare": ("/api/goldfish/compare/", {"game": "eliria", "list_a": a, "list_b": b, "games": 120, "turns": 6,
                                               "seed": 7}),
        "swaps": ("/api/goldfish/swaps/", {**SWAP, "list": a, "candidates": CANDIDATES, "games": 120, "seed": 5}),
        "matchup": ("/api/matchups/", {"game": "eliria", "deck_a": a, "deck_b": b, "games": 40, "seed": 3}),
        "matchup_compare": ("/api/matchups/compare/", {
            "game": "eliria", "deck_a": a, "deck_b": a.replace("Defensa final (BASE-011)", "Hidra de la ciénaga (EXP-004)"),
            "rival": b, "games": 30, "seed": 8}),
    }


KINDS = ["goldfish", "compare", "swaps", "matchup", "matchup_compare"]


def play_out(run: SimulationRun) -> None:
    """Play every chunk not done, in order, as workers would."""
    for index in SimulationChunk.objects.filter(run=run).exclude(status="done").order_by("index") \
            .values_list("index", flat=True):
        assert execute_chunk(run.pk, index, "test") == "done"


@pytest.mark.django_db
@pytest.mark.parametrize("kind", KINDS)
def test_an_overrun_run_of_every_kind_answers_the_one_go_bytes_with_each_game_once(
    api_client, bundled, kind, monkeypatch,
):
    url, body = requests(bundled)[kind]
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)  # the first slice (one game) already outlasts it
        queued = api_client.post(url, body, format="json")
    assert queued.status_code == 202, queued.content[:300]
    run = SimulationRun.objects.get(pk=queued.json()["id"])
    chunks = list(run.chunks.order_by("index").values_list("start", "stop", "status", "done"))
    assert chunks[0] == (0, 1, "done", 1)  # the game the request played, its tally kept
    assert queued.json()["done"] == 1
    assert all(a[1] == b[0] for a, b in zip(chunks, chunks[1:], strict=False)) and chunks[-1][1] == run.total
    play_out(run)
    run.refresh_from_db()
    assert run.status == "done" and sum(c.done for c in run.chunks.all()) == run.total
    inline = api_client.post(url, body, format="json")
    assert inline.status_code == 200
    assert run.result_json.encode() == inline.content


@pytest.mark.django_db
def test_an_overrun_run_is_its_owners_and_cancelling_it_stops_the_rest(api_client, bundled, monkeypatch, player, other):
    url, body = requests(bundled)["goldfish"]
    api_client.force_authenticate(player)
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)
        queued = api_client.post(url, body, format="json")
    assert queued.status_code == 202
    run = SimulationRun.objects.get(pk=queued.json()["id"])
    assert run.owner == player and run.chunks.count() > 1
    api_client.force_authenticate(other)
    assert api_client.get(queued["Location"]).status_code == 404
    assert api_client.post(queued.json()["cancel_url"]).status_code == 404
    api_client.force_authenticate(player)
    assert api_client.post(queued.json()["cancel_url"]).status_code in (200, 202)
    run.refresh_from_db()
    assert run.status == "cancelled"
    for index in run.chunks.exclude(status="done").values_list("index", flat=True):
        assert execute_chunk(run.pk, index, "test") == "skipped"
    status = api_client.get(queued["Location"]).json()
    assert status["status"] == "cancelled" and status["result"] is None and status["done"] == 1


@pytest.mark.django_db
def test_a_search_that_overruns_its_deadline_is_queued_whole_not_played_on(api_client, bundled, monkeypatch):
    """Attack finding: the improve search (a job played whole) went on playing in the request past
    CEILING × the budget, however slow its games; now it stops there and its run starts over."""
    from tests.play.test_improve_api import weak_eliria

    body = {"game": "eliria", "list": weak_eliria(), "goal": {"field": "p_alive", "turn": 6}, "budget": 2000, "seed": 3}
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)
        queued = api_client.post("/api/goldfish/improve/", body, format="json")
    assert queued.status_code == 202, queued.content[:200]
    run = SimulationRun.objects.get(pk=queued.json()["id"])
    assert list(run.chunks.values_list("start", "stop", "status")) == [(0, 2000, "queued")]
    assert queued.json()["found"] == [] and queued.json()["done"] == 0
    play_out(run)
    run.refresh_from_db()
    inline = api_client.post("/api/goldfish/improve/", body, format="json")
    assert inline.status_code == 200 and run.status == "done" and run.result_json.encode() == inline.content


UNKNOWN = "1 Carta que no existe (ZZZ-999)\n"


def bad_requests(bundled) -> list[tuple[str, dict, str]]:  # type: ignore[no-untyped-def]
    """(url, body, the field its 400 names): lists that fail only when the job reads them."""
    from tests.play.test_improve_api import weak_eliria

    reqs = requests(bundled)
    out = []
    for kind, field in (("goldfish", "list"), ("compare", "list_b"), ("swaps", "list"), ("matchup", "deck_b"),
                        ("matchup_compare", "rival")):
        url, body = reqs[kind]
        out.append((url, {**body, field: body[field] + UNKNOWN}, field))
    url, body = reqs["swaps"]
    out.append((url, {**body, "cut": "Hidra de la cienaga"}, "cut"))
    out.append((url, {**body, "candidates": ["Nadie sabe quién"]}, "candidates"))
    improve = {"game": "eliria", "list": weak_eliria(), "goal": {"field": "p_alive", "turn": 6}, "budget": 2000, "seed": 3}
    out.append(("/api/goldfish/improve/", {**improve, "keep": ["Hidra de la cienaga"]}, "keep"))
    out.append(("/api/goldfish/improve/", {**improve, "list": improve["list"] + UNKNOWN}, "list"))
    return out


@pytest.mark.django_db
@pytest.mark.parametrize("case", range(9))
@pytest.mark.parametrize("budget", [2.0, 0.0])
def test_a_list_that_fails_when_its_job_is_built_is_a_400_naming_it_and_leaves_nothing(
    api_client, bundled, case, budget, settings,
):
    settings.SIMULATION_INLINE_BUDGET = budget  # answered here, or queued: the job is built first either way
    url, body, field = bad_requests(bundled)[case]
    r = api_client.post(url, body, format="json")
    assert r.status_code == 400 and field in r.json(), (r.status_code, r.content[:300])
    assert not SimulationRun.objects.exists() and not SimulationChunk.objects.exists()


@pytest.mark.django_db
def test_the_commands_memoised_matchup_does_not_break_the_apis(api_client, bundled):
    """Attack finding (latent): play.matchups.services.matchup_run (manage.py matchup) memoises a dict
    under ("matchup", the same parts) the API's memo keeps an Answered under; only the repr of the
    kind's enum kept the keys apart (with str(kind), the API answered a 500 after the command). The
    API's memo now has its own namespace."""
    from play.matchups.services import matchup_run

    url, body = requests(bundled)["matchup"]
    command = matchup_run(game="eliria", list_a=body["deck_a"], list_b=body["deck_b"], games=body["games"],
                          seed=body["seed"])
    r = api_client.post(url, body, format="json")
    assert r.status_code == 200, r.content[:300]
    assert r.json()["wins_a"] == command["wins_a"]
    other = {**body, "seed": body["seed"] + 1}
    assert api_client.post(url, other, format="json").status_code == 200
    again = matchup_run(game="eliria", list_a=body["deck_a"], list_b=body["deck_b"], games=body["games"],
                        seed=other["seed"])
    assert isinstance(again, dict) and again["seed"] == other["seed"]


URLS = ["/api/goldfish/", "/api/goldfish/compare/", "/api/goldfish/swaps/", "/api/matchups/", "/api/matchups/compare/",
        "/api/goldfish/improve/"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("raw", ["null", "[]", "3", "\"texto\"", "{", "{\"game\": null}", "{\"game\": \"eliria\"}"])
def test_an_odd_json_body_is_a_400_and_queues_nothing(api_client, bundled, url, raw):
    r = api_client.post(url, raw, content_type="application/json")
    assert r.status_code == 400, (r.status_code, r.content[:200])
    assert r["Content-Type"].startswith("application/json") and not SimulationRun.objects.exists()


def all_bodies(bundled) -> dict[str, dict]:  # type: ignore[no-untyped-def]
    from tests.play.test_improve_api import weak_eliria

    bodies = {url: body for url, body in requests(bundled).values()}
    bodies["/api/goldfish/improve/"] = {"game": "eliria", "list": weak_eliria(), "goal": {"field": "p_alive", "turn": 6},
                                        "budget": 2000, "seed": 3}
    return bodies


GAMES = {"/api/goldfish/improve/": "budget"}


@pytest.mark.django_db
@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("value", [True, False, 1.5, "12", [12], {"n": 12}, -1, 0, 10**12, 2**64])
def test_games_that_are_not_a_count_are_a_400_naming_it(api_client, bundled, url, value):
    field = GAMES.get(url, "games")
    body = {**all_bodies(bundled)[url], field: value}
    r = api_client.post(url, body, format="json")
    if value == "12":  # a numeral in a string is a number in DRF (as a form would send it)
        assert r.status_code in (200, 202, 400)
        return
    assert r.status_code == 400 and field in r.json(), (value, r.status_code, r.content[:200])
    assert not SimulationRun.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("value", [True, -1, 1.5, "siete", 2**63])
def test_a_seed_that_is_not_one_is_a_400_naming_it(api_client, bundled, url, value):
    r = api_client.post(url, {**all_bodies(bundled)[url], "seed": value}, format="json")
    assert r.status_code == 400 and "seed" in r.json(), (value, r.status_code, r.content[:200])


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_the_comparison_page_polls_comparisons_only(client, bundled, player, htmx):
    """Attack finding: the comparison page polled any run whose params had its two lists, so a done
    matchup of the same two decks, named by ?run=, failed on keys its result lacks (a 500); now it
    is not this page's run (404), as a run of another player is."""
    from play.compare.views import resolve_side
    from tests.factories import deck_from_list
    from tests.play.queued import queued_matchup

    decks = deck_from_list(player, eliria_text(), name="A"), deck_from_list(player, eliria_text(20, 40), name="B")
    a, b = (resolve_side(player, str(d.pk)) for d in decks)
    run = queued_matchup(game="eliria", list_a=a.text, list_b=b.text, games=20, seed=1, owner=player)
    play_out(run)
    client.force_login(player)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    r = client.get(f"/mazos/comparar/?a={a.token}&b={b.token}&run={run.pk}", **headers)
    assert r.status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/goldfish/", "/api/goldfish/compare/", "/api/matchups/", "/api/matchups/compare/"])
def test_a_form_encoded_body_and_any_accept_get_the_json_answer(api_client, bundled, url):
    body = all_bodies(bundled)[url]
    as_json = api_client.post(url, body, format="json")
    assert as_json.status_code == 200
    form = api_client.post(url, body, HTTP_ACCEPT="*/*")  # multipart, as a browser's form sends it
    assert form.status_code == 200 and form.content == as_json.content
    from urllib.parse import urlencode

    encoded = api_client.post(url, urlencode(body), content_type="application/x-www-form-urlencoded")
    assert encoded.status_code == 200 and encoded.content == as_json.content


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/goldfish/swaps/", "/api/goldfish/improve/"])
def test_a_form_cannot_carry_a_goal_and_is_told_so(api_client, bundled, url):
    body = {k: v for k, v in all_bodies(bundled)[url].items() if k != "goal"}
    r = api_client.post(url, {**body, "goal": "p_alive"})
    assert r.status_code == 400 and "goal" in r.json() and not SimulationRun.objects.exists()


MOST = {"/api/goldfish/": 100_000, "/api/goldfish/compare/": 100_000, "/api/goldfish/swaps/": 100_000,
        "/api/matchups/": 10_000, "/api/matchups/compare/": 10_000, "/api/goldfish/improve/": 300_000}


@pytest.mark.django_db
@pytest.mark.parametrize("url", URLS)
def test_the_most_games_each_endpoint_takes_are_queued_not_played_here(api_client, bundled, url, settings):
    settings.SIMULATION_INLINE_BUDGET = 0.1  # the site's
    field = GAMES.get(url, "games")
    body = {**all_bodies(bundled)[url], field: MOST[url]}
    r = api_client.post(url, body, format="json")
    assert r.status_code == 202, r.content[:200]
    run = SimulationRun.objects.get()
    assert run.total == MOST[url] and run.chunks.filter(status="done").count() == 0  # none played here
    too_many = api_client.post(url, {**body, field: MOST[url] + 1}, format="json")
    assert too_many.status_code == 400 and field in too_many.json()


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["gauntlet", "field"])
def test_an_overrun_gauntlet_or_field_answers_the_one_go_rows_and_stays_its_owners(bundled, decks, players, kind,
                                                                                  monkeypatch):
    """The pages' kinds through play.runs.answer.simulate, as their pages call it."""
    from play.compare.fields import field_params, saved_field_create, saved_field_set_rival
    from play.matchups.services import gauntlet_prepare
    from play.runs.answer import simulate
    from play.runs.jobs import Prepared
    from play.runs.services import can_view

    ana, bruno = players
    deck = decks["ana_private"]
    if kind == "gauntlet":
        def prepare():  # type: ignore[no-untyped-def]
            return gauntlet_prepare(deck=deck, games=6, seed=2)
    else:
        field = saved_field_create(owner=ana, name="Campo", game="eliria")
        for rival in ("ana_public", "bruno_public"):
            saved_field_set_rival(field=field, actor=ana, deck=decks[rival], weight=1)

        def prepare():  # type: ignore[no-untyped-def]
            return Prepared("field", "eliria", field_params(field=field, actor=ana, deck=deck), private=True)
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)
        done = simulate(prepare(), owner=ana, client="10.0.0.1")
    run = done.run
    assert run is not None and run.private and run.owner == ana
    assert can_view(run, ana) and not can_view(run, bruno) and not can_view(run, None)
    chunks = list(run.chunks.order_by("index").values_list("start", "stop", "status"))
    assert chunks[0] == (0, 1, "done") and chunks[-1][1] == run.total
    play_out(run)
    run.refresh_from_db()
    one_go = simulate(prepare(), owner=ana)
    assert one_go.run is None and run.status == "done" and compact(run.result) == compact(one_go.result)


@pytest.mark.django_db
def test_an_overrun_over_the_run_limit_is_refused_with_nothing_written(api_client, bundled, monkeypatch, settings):
    """The games played in the request are dropped, not kept as a run the client may not have."""
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 1
    url, body = requests(bundled)["goldfish"]
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)
        first = api_client.post(url, body, format="json")
        assert first.status_code == 202
        rows = SimulationChunk.objects.count()
        refused = api_client.post(url, {**body, "seed": 8}, format="json")
    assert refused.status_code == 429 and "Retry-After" in refused
    assert SimulationRun.objects.count() == 1 and SimulationChunk.objects.count() == rows


class Clock:
    """A thread clock that only games move: each costs *pace* seconds."""

    def __init__(self) -> None:
        self.now = 0.0

    def thread_time(self) -> float:
        return self.now


class PacedJob:
    """A job whose games cost 10 ms of the clock each, whatever its fixed costs said."""

    slice = 10_000

    def __init__(self, clock: Clock, pace: float = 0.01) -> None:
        self.clock, self.pace, self.slices = clock, pace, []

    def new_tally(self) -> list:
        return []

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[list, int]:
        self.slices.append((start, stop))
        self.clock.now += self.pace * (stop - start)
        return list(range(start, stop)), stop - start


class ListTally(list):
    def merge(self, other: list) -> None:
        self.extend(other)


@pytest.mark.parametrize(("deadline", "most"), [(0.1, 11), (0.2, 21), (0.5, 51), (0.03, 4)])
def test_no_slice_runs_past_the_deadline_at_the_pace_of_the_games_before(monkeypatch, deadline, most):
    """Attack finding: slices grew fourfold whatever the time left, so games slower than their fixed
    costs said overran CEILING × the budget up to fourfold (0.1 s of 10 ms games: 21 played, 0.21 s).
    Now a slice ends by the deadline at the pace measured so far: a game late at most."""
    clock = Clock()
    monkeypatch.setattr(play.runs.answer, "time", clock)
    job = PacedJob(clock)
    monkeypatch.setattr(job, "new_tally", ListTally)
    tally, played, spent = play.runs.answer.play_inline(job, 1_000, deadline)
    assert played <= most and spent <= deadline + 0.01 + 1e-9 and spent >= deadline
    assert tally == list(range(played))  # each game once, in order
    assert [a for a, _ in job.slices] == [0] + [b for _, b in job.slices[:-1]]
    full = PacedJob(clock)
    monkeypatch.setattr(full, "new_tally", ListTally)
    assert play.runs.answer.play_inline(full, 50, None)[1] == 50  # no deadline: every game


@pytest.mark.django_db
def test_a_race_of_every_cut_is_priced_by_its_pairs(api_client, bundled, settings):
    """Attack finding: "cut": "*" races every (cut, candidate) pair, but its fixed cost was its
    candidates' alone: 60 pairs of 3 candidates fitted the request as 4 players a game, not 61."""
    from play.swaps.services import swaps_seconds

    settings.SIMULATION_INLINE_BUDGET = 0.02
    games = int(0.02 / swaps_seconds("eliria", 3, 1, 6))  # fits by the candidates, 15 times over by the pairs
    body = {**SWAP, "list": eliria_text(0, 20), "candidates": CANDIDATES, "games": games, "seed": 5, "cut": "*"}
    queued = api_client.post("/api/goldfish/swaps/", body, format="json")
    assert queued.status_code == 202, queued.content[:200]
    run = SimulationRun.objects.get()
    assert run.params["pairs"] == 60 and not run.chunks.filter(status="done").exists()  # none played here
    play_out(run)
    run.refresh_from_db()
    settings.SIMULATION_INLINE_BUDGET = 100.0
    inline = api_client.post("/api/goldfish/swaps/", body, format="json")
    assert inline.status_code == 200 and run.result_json.encode() == inline.content


@pytest.mark.django_db
def test_a_seeded_search_on_ones_collection_is_neither_memoised_for_others_nor_shown_to_them(
    api_client, bundled, player, other, monkeypatch,
):
    """The memo keys a collection search on the copies owned: the same body from a player who owns
    none is refused, not answered from the first player's memo; its queued run is its owner's."""
    from cards.models import Card
    from collection.services import collection_add
    from tests.play.test_improve_api import weak_mision

    for card in Card.objects.filter(game="mision"):
        collection_add(owner=player, card=card, delta=2)
    body = {"game": "mision", "list": weak_mision(), "goal": {"field": "mean_chest", "turn": 8}, "pool": "collection",
            "budget": 2000, "seed": 2}
    api_client.force_authenticate(player)
    mine = api_client.post("/api/goldfish/improve/", body, format="json")
    assert mine.status_code == 200, mine.content[:200]
    api_client.force_authenticate(other)
    theirs = api_client.post("/api/goldfish/improve/", body, format="json")
    assert theirs.status_code == 400 and "pool" in theirs.json()
    api_client.force_authenticate(None)
    assert api_client.post("/api/goldfish/improve/", body, format="json").status_code == 400
    api_client.force_authenticate(player)
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)
        queued = api_client.post("/api/goldfish/improve/", {**body, "seed": 3}, format="json")
    assert queued.status_code == 202
    run = SimulationRun.objects.get()
    assert run.private and run.owner == player
    for who in (other, None):
        api_client.force_authenticate(who)
        assert api_client.get(queued["Location"]).status_code == 404
        assert api_client.post(queued.json()["cancel_url"]).status_code == 404


@pytest.mark.django_db
def test_an_overrun_race_from_the_page_of_a_private_deck_is_its_owners(client, bundled, decks, players, monkeypatch):
    from django.urls import reverse

    ana, bruno = players
    deck = decks["ana_private"]
    from decks.selectors import deck_rows

    cut = deck_rows(deck)[0].card.code
    form = {"cut": cut, "query": "t:combate", "field": "mean_power_max", "turn": 4, "games": 60, "turns": 4, "seed": 3}
    client.force_login(ana)
    url = reverse("play:swaps") + f"?deck={deck.pk}"
    with monkeypatch.context() as m:
        m.setattr(play.runs.answer, "CEILING", 1e-12)
        r = client.post(url, form)
    assert r.status_code == 302 and "run=" in r["Location"], r.content[:300]
    run = SimulationRun.objects.get()
    assert run.private and run.owner == ana and run.chunks.filter(status="done").count() == 1
    play_out(run)
    shown = client.get(r["Location"])
    assert shown.status_code == 200 and shown.context["run"].status == "done" and shown.context.get("rows")
    assert not shown.context.get("errors")
    client.force_login(bruno)
    assert client.get(r["Location"]).status_code == 404
    assert client.get(run.get_absolute_url()).status_code == 404
    client.logout()
    assert client.get(run.get_absolute_url()).status_code == 404
