"""Hostile and odd catalogue `effects` (issue 21): refused at import with each error named and
nothing written; odd-but-valid effects import and every simulation answers without a 500; data
that slips past the import (a direct database edit) stops each simulation with the card named."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.catalogue import effects_problems
from cards.catalogue_csv import document_to_csv
from cards.models import Card, Edition
from cards.pagecache import catalogue_changed
from engine.eliria.effects import MAX_EFFECTS
from play.models import SimulationRun
from play.runs.services import run_submit
from play.runs.worker import execute_chunk

from .test_catalogue_import import write

SET = {"code": "HX", "name": "Colección hostil", "released": "2026-01-10"}
ATTACKS = [
    {"cost": 1, "name": "Golpe", "damage": 2, "effect": ""},
    {"cost": 2, "name": "Rayo", "damage": "x", "effect": ""},
]


def document(cards: list[dict]) -> dict:
    return {"format": "catalogue/1", "game": "eliria", "sets": [SET], "cards": cards}


def combat(code: str, effects: object = None, name: str | None = None) -> dict:
    ed = {"edition": 1, "released": "2026-01-10", "potential": 5, "class": "bestia", "cross": False,
          "passive": "Texto.", "resistance": 2, "attacks": ATTACKS}  # fmt: skip
    if effects is not None:
        ed["effects"] = effects
    return {
        "code": code,
        "set": "HX",
        "name": name or f"Combatiente {code}",
        "type": "combat",
        "editions": [ed],
    }


def summon(code: str, effects: object, subtype: str = "ephemeral") -> dict:
    ed = {"edition": 1, "released": "2026-01-10", "subtype": subtype, "effect": "Texto.", "effects": effects}
    return {"code": code, "set": "HX", "name": f"Invocación {code}", "type": "summon", "editions": [ed]}


def token(code: str) -> dict:
    ed = {"edition": 1, "released": "2026-01-10", "potential": 2, "class": "bestia", "cross": False,
          "passive": "", "resistance": 1, "attacks": [ATTACKS[0]], "effects": []}  # fmt: skip
    return {"code": code, "set": "HX", "name": f"Token {code}", "type": "token", "editions": [ed]}


def import_errors(path) -> list[str]:  # type: ignore[no-untyped-def]
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_catalogue", str(path), stdout=io.StringIO(), stderr=err)
    return err.getvalue().splitlines()


DRAW = {"trigger": "on_play", "action": "draw"}
HOSTILE = [  # (card, the error its record must carry)
    (summon("HX-201", [{**DRAW, "amount": "all"}]), "'amount' debe ser un entero, no 'all'"),
    (
        summon(
            "HX-202",
            [{"trigger": "on_play", "action": "add_power", "amount": "all", "target": "own_face_up"}],
        ),
        "'amount' debe ser un entero, no 'all'",
    ),
    (summon("HX-203", [{**DRAW, "amount": -3}]), "'amount' -3 fuera del rango 0–12"),
    (summon("HX-204", [{**DRAW, "amount": 10**9}]), "'amount' 1000000000 fuera del rango 0–12"),
    (
        summon("HX-205", [{**DRAW, "amount": 1}] * 10_000),
        f"demasiados efectos: 10000 (como mucho {MAX_EFFECTS} por carta)",
    ),
    (summon("HX-206", [{"trigger": "on_play", "action": "teleport"}]), "acción desconocida: 'teleport'"),
    (summon("HX-207", [{**DRAW, "amount": "2"}]), "'amount' debe ser un entero, no '2'"),
    (
        summon("HX-208", [{**DRAW, "amount": {"a": [[[[1]]]]}}]),
        "'amount' debe ser un entero, no {'a': [[[[1]]]]}",
    ),
    (summon("HX-209", {"effects": [[[]]]}), "'effects' debe ser una lista de efectos"),
    (summon("HX-210", [[{"trigger": "on_play"}]]), "efecto 1: cada efecto debe ser un objeto"),
    (
        summon("HX-211", [{"trigger": "on_play", "script": "awaken", "card": "C" * 5000}]),
        "'card' debe tener de 1 a 24",
    ),
    (
        summon("HX-212", [{"trigger": "on_play", "action": "draw", "k" * 100_000: 1}]),
        "campo desconocido: 'kkkk",
    ),
    (
        combat("HX-213", [{"trigger": "on_attack", "attack": 7, "action": "draw", "amount": 1}]),
        "'attack' 7 no existe (la carta tiene 2 ataques)",
    ),
    (
        combat(
            "HX-214", [{"trigger": "on_attack", "attack": 0, "action": "cannot_attack", "target": "attacked"}]
        ),
        "'cannot_attack' necesita 'roll_at_least'",
    ),
    (
        combat(
            "HX-215",
            [
                {
                    "trigger": "on_attack",
                    "attack": 0,
                    "action": "turn_face_down",
                    "target": "attacked",
                    "roll_at_least": 13,
                }
            ],
        ),
        "'roll_at_least' 13 fuera del rango 1–12",
    ),
    (
        combat("HX-216", [{"trigger": "passive", "action": "reach", "reach": True}]),
        "'reach' debe ser un texto, no True",
    ),
]


@pytest.mark.django_db
def test_a_hostile_effects_catalogue_is_refused_with_every_error_named_and_nothing_written(tmp_path):
    path = write(tmp_path, "hostil.json", document([combat("HX-001", [])] + [card for card, _ in HOSTILE]))
    lines = import_errors(path)
    for record, (card, message) in enumerate(HOSTILE, 2):
        prefix = f"{path}:{record}:effects: edición 1: "
        assert any(line.startswith(prefix) and message in line for line in lines), (
            card["code"],
            message,
            lines,
        )
    assert all(len(line) < len(str(path)) + 300 for line in lines)  # hostile values are cut short in messages
    assert not Card.objects.exists() and not Edition.objects.exists()


@pytest.mark.django_db
def test_nested_garbage_json_is_refused_not_a_crash(tmp_path):
    path = write(tmp_path, "hondo.json", '{"cards": ' + "[" * 200_000 + "]" * 200_000 + "}")
    assert any("JSON anidado demasiado hondo" in line for line in import_errors(path))
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_the_csv_import_refuses_the_same_hostile_effects(tmp_path):
    doc = document([combat("HX-001", []), summon("HX-201", [{**DRAW, "amount": "all"}]),
                    summon("HX-205", [{**DRAW, "amount": 1}] * 40)])  # fmt: skip
    path = write(tmp_path, "hostil.csv", document_to_csv(doc))
    text = "\n".join(import_errors(path))
    assert "'amount' debe ser un entero, no 'all'" in text
    assert f"demasiados efectos: 40 (como mucho {MAX_EFFECTS} por carta)" in text
    nested = write(
        tmp_path,
        "hondo.csv",
        document_to_csv(document([summon("HX-301", [])])).replace(
            "[]", '"' + "[" * 5_000 + "]" * 5_000 + '"'
        ),
    )
    assert import_errors(nested)
    assert not Card.objects.exists()


def test_the_admin_check_refuses_what_the_import_refuses():
    """cards.admin calls effects_problems, the import's own check: one rule, every entry point."""
    assert effects_problems([{**DRAW, "amount": 1}] * (MAX_EFFECTS + 1), game="eliria")
    assert effects_problems([{**DRAW, "amount": "all"}], game="eliria")
    assert effects_problems([{**DRAW, "amount": 1}] * MAX_EFFECTS, game="eliria") == []


# ---------------------------------------------------------------- odd but valid: played, never a 500
ODD = [
    summon(
        "HX-101",
        [{**DRAW, "amount": 12}] * 16
        + [{"trigger": "on_play", "action": "add_power", "amount": 12, "target": "own_face_up"}] * 16,
    ),
    combat(
        "HX-102",
        [
            {
                "trigger": "on_attack",
                "attack": 0,
                "action": "lose_power",
                "amount": "all",
                "target": "adjacent_to_attacked",
            },
            {
                "trigger": "on_attack",
                "attack": 0,
                "action": "cannot_attack",
                "target": "attacked",
                "roll_at_least": 12,
            },
            {
                "trigger": "on_attack",
                "attack": 1,
                "action": "turn_face_down",
                "target": "attacked",
                "roll_at_least": 1,
            },
            {"trigger": "on_attack", "attack": 1, "action": "create_token", "token": "ZZ-404"},
            {"trigger": "on_destroyed", "action": "create_token", "token": "HX-T01", "target": "self"},
        ],
    ),
    summon(
        "HX-103", [{"trigger": "on_play", "script": "awaken", "card": "ZZ-404", "amount": 12, "tokens": True}]
    ),
    combat(
        "HX-104",
        [
            {"trigger": "end_of_power", "script": "mutation", "name": "x" * 60, "power": 12},
            {"trigger": "passive", "action": "cap_power_gain", "amount": 0},
        ],
    ),
    summon(
        "HX-106",
        [
            {"trigger": "field", "action": "attack_roll", "roll_at_most": 12},
            {"trigger": "field", "action": "draw_on_destroyed", "amount": 12},
        ],
        subtype="field",
    ),
    summon(
        "HX-107",
        [
            {"trigger": "attached", "action": "add_potential", "amount": 12},
            {"trigger": "attached", "action": "damage_attacker", "amount": 12},
        ],
        subtype="attached",
    ),
    token("HX-T01"),
] + [combat(f"HX-00{i}", []) for i in range(1, 7)]
ODD_LIST = (
    "Mazo:\n"
    + "".join(f"1 {c['name']} ({c['code']})\n" for c in ODD if c["type"] != "token")
    + "Tokens:\n1 Token HX-T01\n"
)


@pytest.fixture
def odd_catalogue(tmp_path, db):  # type: ignore[no-untyped-def]
    call_command("import_catalogue", str(write(tmp_path, "raro.json", document(ODD))), stdout=io.StringIO())
    assert Card.objects.count() == len(ODD)


def test_odd_but_valid_effects_play_through_every_simulation_without_a_500(odd_catalogue, api_client, client):
    answers = [
        api_client.post(
            "/api/goldfish/",
            {"game": "eliria", "list": ODD_LIST, "games": 30, "turns": 10, "seed": 1},
            format="json",
        ),
        api_client.post(
            "/api/goldfish/",
            {"game": "eliria", "list": ODD_LIST, "games": 1, "trace": True, "seed": 2},
            format="json",
        ),
        api_client.post(
            "/api/goldfish/", {"game": "eliria", "list": ODD_LIST, "games": 100_000, "seed": 3}, format="json"
        ),
        api_client.post(
            "/api/matchups/",
            {
                "game": "eliria",
                "deck_a": ODD_LIST,
                "deck_b": ODD_LIST,
                "games": 6,
                "seed": 1,
                "policy_b": "random",
            },
            format="json",
        ),
        api_client.post(
            "/api/matchups/replay/",
            {"game": "eliria", "deck_a": ODD_LIST, "deck_b": ODD_LIST, "seed": 1, "index": 1},
            format="json",
        ),
        client.post("/goldfish/mesa/empezar/", {"game": "eliria", "list": ODD_LIST, "seed": 5}),
    ]
    # Played inline, or queued when this deck is too slow for a request (play.runs.budget): never a 500.
    assert all(r.status_code in (200, 202) for r in answers), [
        (r.status_code, r.content[:300]) for r in answers
    ]
    assert answers[1].status_code == 200 and answers[1].json()["trace"]  # one traced game, effects and all
    assert answers[2].status_code == 202  # 100,000 games always go to the queue


# ---------------------------------------------------------------- data that slipped past the import
@pytest.fixture
def corrupted(odd_catalogue):  # type: ignore[no-untyped-def]
    """HX-101 edited in the database to the effect that used to break every simulation."""
    Edition.objects.filter(card__code="HX-101").update(effects=[{**DRAW, "amount": "all"}])
    catalogue_changed()


def test_an_unplayable_effect_in_the_database_is_a_400_naming_the_card(corrupted, api_client, client):
    goldfish = api_client.post(
        "/api/goldfish/", {"game": "eliria", "list": ODD_LIST, "games": 20, "seed": 1}, format="json"
    )
    assert goldfish.status_code == 400, goldfish.content
    assert goldfish.json()["card"] == "HX-101" and goldfish.json()["code"] == "card_effect"
    assert "HX-101" in goldfish.json()["detail"] and "'amount'" in goldfish.json()["detail"]
    matchup = api_client.post(
        "/api/matchups/",
        {"game": "eliria", "deck_a": ODD_LIST, "deck_b": ODD_LIST, "games": 4},
        format="json",
    )
    assert matchup.status_code == 400 and matchup.json()["card"] == "HX-101"
    table = client.post("/goldfish/mesa/empezar/", {"game": "eliria", "list": ODD_LIST, "seed": 5})
    assert table.status_code == 400 and "HX-101" in table.content.decode()


def test_an_unplayable_effect_fails_a_queued_run_with_the_card_named(corrupted):
    # A request is refused before anything is queued (the endpoints' test above); a run queued before
    # the data broke still fails in its worker, naming the card: it is submitted to the queue directly.
    params = {"list": ODD_LIST, "games": 100_000, "turns": 10, "seed": 1, "watch": []}
    run = run_submit(kind="goldfish", game="eliria", params=params)
    assert execute_chunk(run.pk, 0, "test") == "failed"
    run = SimulationRun.objects.get(pk=run.pk)
    assert run.status == "failed" and "HX-101" in run.error, run.error


def test_odd_effects_export_as_imported(odd_catalogue):
    out = io.StringIO()
    call_command("export_catalogue", "--game", "eliria", stdout=out)
    exported = {c["code"]: c["editions"][0].get("effects") for c in json.loads(out.getvalue())["cards"]}
    assert exported == {c["code"]: c["editions"][0].get("effects") for c in ODD}


def test_every_simulation_endpoint_answers_an_unplayable_card_the_same_way(corrupted, api_client):
    """One answer for a CardEffectError (common.errors.api_exception_handler, issue 37): 400 with the
    engine's message, its `code` and the `card`, from compare, swaps, the matchup comparison and
    the replay as from the goldfish (compare and swaps used to answer a bare `detail`)."""
    other = next(c for c in ODD if c["type"] != "token" and c["code"] != "HX-101")
    requests = {
        "/api/goldfish/": {"game": "eliria", "list": ODD_LIST, "games": 20, "seed": 1},
        "/api/goldfish/compare/": {"game": "eliria", "list_a": ODD_LIST, "list_b": ODD_LIST, "games": 20, "seed": 1},
        "/api/goldfish/swaps/": {"game": "eliria", "list": ODD_LIST, "cut": other["code"], "candidates": [other["code"]],
                                 "goal": {"field": "mean_power_max", "turn": 3}, "turns": 3, "games": 20, "seed": 1},
        "/api/matchups/compare/": {"game": "eliria", "deck_a": ODD_LIST, "deck_b": ODD_LIST, "rival": ODD_LIST,
                                   "games": 4, "seed": 1},
        "/api/matchups/replay/": {"game": "eliria", "deck_a": ODD_LIST, "deck_b": ODD_LIST, "seed": 1, "index": 0},
    }
    for url, body in requests.items():
        answer = api_client.post(url, body, format="json")
        assert answer.status_code == 400, (url, answer.content)
        assert set(answer.json()) == {"detail", "code", "card"}, (url, answer.json())
        assert answer.json()["code"] == "card_effect" and answer.json()["card"] == "HX-101", url
        assert "HX-101" in answer.json()["detail"], url
