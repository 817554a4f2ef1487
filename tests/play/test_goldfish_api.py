"""POST /api/goldfish/ and the goldfish command: docs/contract.md §1 and §5."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.models import Card
from tests.play.conftest import eliria_text

URL = "/api/goldfish/"


@pytest.fixture
def eliria_list(bundled):  # type: ignore[no-untyped-def]
    return eliria_text()


@pytest.fixture
def mision_list(bundled):  # type: ignore[no-untyped-def]
    entes = Card.objects.filter(game="mision", type="entity")[:8]
    elems = Card.objects.filter(game="mision", type="element")[:20]
    return "Entes:\n" + "".join(f"{c.name}\n" for c in entes) + "Elementos:\n" + "".join(f"{c.name}\n" for c in elems)


def post(api_client, **body):  # type: ignore[no-untyped-def]
    return api_client.post(URL, body, format="json")


@pytest.mark.django_db
def test_same_seed_same_bytes(api_client, eliria_list):
    a = post(api_client, game="eliria", list=eliria_list, games=300, turns=6, seed=7)
    b = post(api_client, game="eliria", list=eliria_list, games=300, turns=6, seed=7)
    assert a.status_code == 200 and a.content == b.content
    body = a.json()
    assert {"game", "games", "turns", "seed", "per_turn", "mulligans", "losses", "opening_hand"} <= set(body)
    assert [t["turn"] for t in body["per_turn"]] == list(range(1, 7))
    assert {"p_alive", "p_combatant", "mean_power_max"} <= set(body["per_turn"][0])


@pytest.mark.django_db
def test_an_inline_goldfish_reads_its_list_once(api_client, eliria_list, monkeypatch):
    """The job's validation is the answer's (play.runs.answer): the list is not read twice a request."""
    import cards.validation
    import play.goldfish.services

    reads = []

    def counted(game, text):  # type: ignore[no-untyped-def]
        reads.append(text)
        return cards.validation.validate_list(game, text)

    monkeypatch.setattr(play.goldfish.services, "validate_list", counted)
    answer = post(api_client, game="eliria", list=eliria_list, games=40, turns=5)
    assert answer.status_code == 200 and answer.json()["validation"]["errors"] == []
    assert reads == [eliria_list]
    bad = post(api_client, game="eliria", list="4 Carta que no existe\n", games=40, turns=5)
    assert bad.status_code == 400 and "validation" in bad.json() and len(reads) == 2


def test_without_a_seed_the_answer_names_the_one_used(api_client, eliria_list):
    body = post(api_client, game="eliria", list=eliria_list, games=50).json()
    again = post(api_client, game="eliria", list=eliria_list, games=50, seed=body["seed"]).json()
    assert again == body


@pytest.mark.django_db
def test_mision_numbers(api_client, mision_list):
    body = post(api_client, game="mision", list=mision_list, games=200, turns=12, seed=3).json()
    assert {"win_turn", "per_turn"} <= set(body)
    assert {"mean", "histogram", "never"} <= set(body["win_turn"])
    chests = [t["mean_chest"] for t in body["per_turn"]]
    assert chests == sorted(chests) and chests[0] == 0


@pytest.mark.django_db
def test_trace_only_with_one_game(api_client, eliria_list):
    body = post(api_client, game="eliria", list=eliria_list, games=1, seed=1, trace=True).json()
    assert body["trace"] and body["trace"][0]["turn"] in (0, 1)
    assert post(api_client, game="eliria", list=eliria_list, games=5, trace=True).status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("bad", [{"games": 0}, {"games": 100_001}, {"turns": 0}, {"turns": 51}, {"seed": "abc"}, {"game": "poker"}])
def test_bounds_are_enforced(api_client, eliria_list, bad):
    body = {"game": "eliria", "list": eliria_list, **bad}
    assert api_client.post(URL, body, format="json").status_code == 400


@pytest.mark.django_db
def test_unknown_cards_are_a_400_naming_the_line(api_client, bundled):
    r = post(api_client, game="eliria", list="Lobo de ceniza\nNo existe\n")
    assert r.status_code == 400 and r.json()["validation"]["errors"][0]["line"] == 2


@pytest.mark.django_db
def test_command_prints_the_same_numbers_as_the_api(api_client, eliria_list, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(eliria_list)
    out, err = io.StringIO(), io.StringIO()
    call_command("goldfish", str(deck), "--game", "eliria", "--games", "2000", "--turns", "5", "--seed", "11", "--json", stdout=out, stderr=err)
    api = post(api_client, game="eliria", list=eliria_list, games=2000, turns=5, seed=11)
    assert out.getvalue().strip() == api.content.decode()
    assert "2000/2000" in err.getvalue()  # the progress bar
    text = io.StringIO()
    call_command("goldfish", str(deck), "--game", "eliria", "--games", "100", "--seed", "1", stdout=text, stderr=io.StringIO())
    assert "Mulligans" in text.getvalue()


@pytest.mark.django_db
def test_the_command_shares_a_long_run_between_processes_to_the_same_numbers(api_client, eliria_list, tmp_path,
                                                                           monkeypatch):
    """`--processes 2` (the default: every core) forks out what the first games say is long; the JSON
    and the progress bar are the API's, as with one process."""
    from engine import goldfish

    monkeypatch.setattr(goldfish, "PARALLEL_FROM_SECONDS", 0.0)  # long enough on any machine
    deck = tmp_path / "deck.txt"
    deck.write_text(eliria_list)
    answers = []
    for processes in ("1", "2"):
        out, err = io.StringIO(), io.StringIO()
        call_command("goldfish", str(deck), "--game", "eliria", "--games", "3000", "--turns", "5", "--seed", "12",
                     "--json", "--processes", processes, stdout=out, stderr=err)
        answers.append(out.getvalue().strip())
        assert "3000/3000" in err.getvalue()
    api = post(api_client, game="eliria", list=eliria_list, games=3000, turns=5, seed=12)
    assert answers == [api.content.decode()] * 2
    with pytest.raises(CommandError, match="processes"):
        call_command("goldfish", str(deck), "--game", "eliria", "--processes", "-1", stdout=io.StringIO(),
                     stderr=io.StringIO())


@pytest.mark.django_db
def test_command_reports_bad_lists(tmp_path, bundled):
    deck = tmp_path / "deck.txt"
    deck.write_text("No existe\n")
    with pytest.raises(CommandError):
        call_command("goldfish", str(deck), "--game", "eliria", stdout=io.StringIO(), stderr=io.StringIO())


@pytest.mark.django_db
def test_watch_reports_the_chance_of_drawing_a_chosen_group(api_client, eliria_list):
    body = post(api_client, game="eliria", list=eliria_list, games=400, turns=4, seed=5,
                watch=["Lobo de ceniza", "base-001"]).json()
    watch = body["watch"]
    assert watch["cards"] == sorted(["BASE-003", "BASE-001"]) and len(watch["per_turn"]) == 4
    chances = [row["p_simulated"] for row in watch["per_turn"]]
    assert chances == sorted(chances) and 0 < chances[0] < 1
    assert set(body["attack_costs"]) and all("never" in v for v in body["attack_costs"].values())
    bad = post(api_client, game="eliria", list=eliria_list, games=10, watch=["No está en el mazo"])
    assert bad.status_code == 400 and "no está en el mazo" in bad.json()["detail"]


@pytest.mark.django_db
def test_goldfish_page_draws_the_watch_chart(client, eliria_list):
    r = client.post("/goldfish/", {"game": "eliria", "list": eliria_list, "games": 300, "turns": 5,
                                   "seed": 2, "watch": "Lobo de ceniza"})
    html = r.content.decode()
    assert "Probabilidad de haber robado: Lobo de ceniza" in html and "Ataques pagables por coste" in html


@pytest.mark.django_db
def test_big_runs_are_queued_and_give_the_single_process_numbers(api_client, eliria_list, settings,
                                                                  django_capture_on_commit_callbacks):
    from cards.validation import validate_list
    from engine import run_goldfish

    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.SIMULATION_INLINE_BUDGET, settings.SIMULATION_CHUNK_SECONDS = 0.1, 0.2
    with django_capture_on_commit_callbacks(execute=True):
        r = post(api_client, game="eliria", list=eliria_list, games=20_000, turns=3, seed=13)  # chunks of 0.2 s
    assert r.status_code == 202 and r.json()["status"] == "queued" and len(r.json()["chunks"]) > 1
    body = api_client.get(r["Location"]).json()["result"]
    single = run_goldfish("eliria", validate_list("eliria", eliria_list).entries, games=20_000, turns=3, seed=13)
    assert {k: body[k] for k in single} == single and list(body)[:len(single)] == list(single)
