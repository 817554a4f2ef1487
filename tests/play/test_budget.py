"""A slow deck is queued however few games it asks for, and a small run of it still plays inline
(issues 21, 37): behaviour only; the CPU time a request spends is printed by bench/inline.py."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from common.games import site_game
from play.models import SimulationRun
from play.runs.answer import fits_inline

BOOST = {"trigger": "on_play", "action": "add_power", "amount": 1, "target": "own_face_up"}


def _combat(n: int) -> dict:
    ed = {"edition": 1, "released": "2026-01-10", "potential": 4, "class": "bestia", "cross": False, "passive": "",
          "resistance": 2, "attacks": [{"cost": 1, "name": "Golpe", "damage": 2, "effect": ""}], "effects": []}  # fmt: skip
    return {"code": f"SL-{n:03}", "set": "SL", "name": f"Luchador {n}", "type": "combat", "editions": [ed]}


def _summon(n: int) -> dict:
    # Valid under every bound (32 effects, amount 1) yet slow: each one walks the whole board.
    ed = {"edition": 1, "released": "2026-01-10", "subtype": "ephemeral", "effect": "Todas ganan poder.",
          "effects": [BOOST] * 32}  # fmt: skip
    return {"code": f"SL-{n:03}", "set": "SL", "name": f"Vigor {n}", "type": "summon", "editions": [ed]}


PLAIN = "Mazo:\n" + "".join(f"1 Luchador {n} (SL-{n:03})\n" for n in range(1, 21))
SLOW = PLAIN + "".join(f"1 Vigor {n} (SL-{n:03})\n" for n in range(101, 121))
# Slower still in a matchup (three summons to a fighter; rule 4 sets no size): its games cost about 3.6
# times the fixed price of a matchup game on the compiled engine, about twice SLOW's, so the deck's own
# price queues the most games the fixed costs would play inline, whichever engine runs.
SLOWER = PLAIN + "".join(f"1 Vigor {n} (SL-{n:03})\n" for n in range(101, 161))


@pytest.fixture
def slow_catalogue(tmp_path, db):  # type: ignore[no-untyped-def]
    doc = {"format": "catalogue/1", "game": "eliria", "sets": [{"code": "SL", "name": "Lenta"}],
           "cards": [_combat(n) for n in range(1, 21)] + [_summon(n) for n in range(101, 161)]}  # fmt: skip
    path = tmp_path / "lento.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    call_command("import_catalogue", str(path), stdout=io.StringIO())


@pytest.fixture(autouse=True)
def real_budget(settings):  # type: ignore[no-untyped-def]
    """The site's default budget (tests/play/conftest.py widens it for the other tests)."""
    settings.SIMULATION_INLINE_BUDGET = 0.1


@pytest.fixture
def warm(api_client):  # type: ignore[no-untyped-def]
    """The first request of a process imports half the site (0.3 s): pay it before measuring."""
    assert api_client.post("/api/goldfish/", {"game": "poker"}, format="json").status_code == 400
    return api_client


def _most_games(price_of_one: float, cap: int = 1000) -> int:
    """The most games the fixed costs let a request play inline (the engine's own: compiled or pure)."""
    from django.conf import settings

    budget = settings.SIMULATION_INLINE_BUDGET  # real_budget's 0.1 s unless a test sets it
    games = min(cap, int(budget / price_of_one))
    # Floating point: when the budget is an exact multiple of the price (a test sets both from one
    # measurement), budget / price may round up to the integer and games x price land a hair above
    # the budget (a clean-clone run: 400 games priced 0.028782104285716467 s against 20 x per game).
    while games > 0 and games * price_of_one > budget:
        games -= 1
    return games


def test_a_slow_goldfish_is_queued_though_the_fixed_costs_say_it_fits(slow_catalogue, warm):
    """play.runs.answer: the request plays under its CPU deadline, and the slow deck's games past it
    are queued from the next game (the first chunk is the request's, done)."""
    games = _most_games(site_game("eliria").goldfish_seconds(1, 50))
    assert fits_inline(site_game("eliria").goldfish_seconds(games, 50))  # the fixed costs would play it inline
    answer = warm.post("/api/goldfish/", {"game": "eliria", "list": SLOW, "games": games, "turns": 50, "seed": 1},
                       format="json")
    assert answer.status_code == 202, answer.content[:300]
    run = SimulationRun.objects.get()
    first = run.chunks.order_by("index").first()
    assert first.status == "done" and first.start == 0 and 0 < first.stop < games
    assert run.params["measured_seconds_per_game"] > 0


def test_a_few_slow_games_still_play_inline(slow_catalogue, api_client):
    """The deadline queues what is slow, not what is small: four slow games fit a request."""
    answer = api_client.post(
        "/api/goldfish/", {"game": "eliria", "list": SLOW, "games": 4, "turns": 50, "seed": 3}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["games"] == 4
