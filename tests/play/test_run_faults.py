"""Runs under faults (issue 21): a run is done only with every game (CONTRACT section 5), an
engine error fails the run at once naming the card, in the reader's language, and the reaper sends
again the messages a broker lost. Races and leases on a real database: test_run_races.py."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from cards.models import Card, Edition
from cards.pagecache import catalogue_changed
from engine.errors import CardEffectError
from play.models import SimulationChunk, SimulationRun
from play.runs.jobs import dumps
from play.runs.reaper import reap
from play.runs.services import run_cancel
from play.runs.worker import claim, execute_chunk, finish_if_complete
from tests.play.queued import queued_goldfish

GOLDFISH = {"games": 3_000, "turns": 4, "seed": 5}


@pytest.fixture
def deck(bundled):  # type: ignore[no-untyped-def]
    cards = Card.objects.filter(game="eliria", type="combat", current__cross=False).order_by("name")
    names = list(dict.fromkeys(cards.values_list("name", flat=True)))[:25]
    return "\n".join(names)


@pytest.fixture(autouse=True)
def small_chunks(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_CHUNK_SECONDS = 0.01
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 50


@pytest.fixture
def sent(monkeypatch):  # type: ignore[no-untyped-def]
    """The queue messages sent, in place of a broker (the tests play chunks themselves)."""
    out: list[tuple[str, int]] = []
    monkeypatch.setattr("play.runs.tasks.chunk_enqueue", lambda run_id, index: out.append((str(run_id), index)))
    return out


def _run(deck: str) -> SimulationRun:
    return queued_goldfish(game="eliria", text=deck, watch=[], **GOLDFISH)


@pytest.mark.django_db
def test_rule_5_the_merge_writes_nothing_while_a_chunk_holds_fewer_games_than_its_size(deck, sent):
    run = _run(deck)
    for i in range(1, run.chunks_total):
        assert execute_chunk(run.pk, i, "w") == "done"
    short = claim(run.pk, 0, "w")
    assert short is not None
    # A chunk marked done with part of its games (as the old time limit wrote them) is no answer.
    SimulationChunk.objects.filter(pk=short.pk).update(status="done", done=short.size - 1, tally=dumps({}))
    assert finish_if_complete(run.pk) is False
    run.refresh_from_db()
    assert run.status == "running" and run.result is None and run.done == 0


@pytest.mark.django_db
@pytest.mark.parametrize("kept", [True, False])
def test_an_engine_error_at_the_start_of_a_chunk_fails_the_run_at_once_naming_the_card(client, deck, sent, kept):
    run = _run(deck)
    card = Card.objects.filter(game="eliria", name=deck.splitlines()[0]).first()
    assert card is not None
    if kept:  # the card data kept with the run (issue 38 R2) holds an effect the engine refuses
        pinned = [{**c, "effects": [{"trigger": "passive", "action": "summon_damage", "amount": "x"}]} if c["code"] == card.code else c for c in run.cards]
        SimulationRun.objects.filter(pk=run.pk).update(cards=pinned)
    else:  # a run queued before runs kept their cards reads the catalogue, edited since
        SimulationRun.objects.filter(pk=run.pk).update(cards=None)
        Edition.objects.filter(pk=card.current_id).update(effects=["not-an-effect"])
        catalogue_changed()  # as every edit path does (the import, the editors' admin)
    assert execute_chunk(run.pk, 0, "w") == "failed"
    run.refresh_from_db()
    assert run.status == "failed" and run.error_code == "engine_error"
    assert run.error_params["card"] == f"{card.code} ({card.name})" and run.error_params["detail"].startswith("efecto 1")
    assert SimulationChunk.objects.get(run=run, index=0).status == "running"  # no lease to wait out: the run is over
    assert execute_chunk(run.pk, 1, "w") == "skipped"
    spanish = client.get(run.get_absolute_url()).content.decode()
    client.get("/idioma/en/")
    english = client.get(run.get_absolute_url()).content.decode()
    assert f"La carta {card.code} ({card.name}) hizo fallar la simulación" in spanish
    assert f"The card {card.code} ({card.name}) made the simulation fail" in english


@pytest.mark.django_db
def test_an_engine_error_midway_through_a_chunk_fails_the_run_at_once_with_the_card(api_client, deck, sent, monkeypatch):
    import engine.goldfish

    run = _run(deck)
    real = engine.goldfish.run_range

    def fails_after_the_first_games(sim, seed, start, stop, **kw):  # type: ignore[no-untyped-def]
        # The engine refuses bad effects before the first game, so no catalogue data reaches this
        # path any more: the fault is injected at the engine's boundary, after a slice played.
        if start > 0:
            raise CardEffectError("BASE-999", "Carta rota", ["efecto 1: 'amount' no es un número"])
        return real(sim, seed, start, stop, **kw)

    monkeypatch.setattr("play.goldfish.services.run_range", fails_after_the_first_games)
    assert execute_chunk(run.pk, 0, "w") == "failed"
    body = api_client.get(f"/api/runs/{run.pk}/").json()
    assert body["status"] == "failed" and body["error_code"] == "engine_error" and body["result"] is None
    assert body["error"] == "La carta BASE-999 (Carta rota) hizo fallar la simulación: efecto 1: 'amount' no es un número"


@pytest.mark.django_db
def test_a_cancelled_run_says_so_in_the_readers_language(client, deck, sent):
    run = _run(deck)
    assert run_cancel(run)
    assert run.error == "Cancelada por quien la pidió." and run.error_code == "cancelled"
    client.get("/idioma/en/")
    english = client.get(run.get_absolute_url()).content.decode()
    assert "Cancelled by whoever asked for it." in english


@pytest.mark.django_db
def test_the_reaper_sends_again_queued_chunks_no_worker_took_while_every_worker_was_idle(deck, sent, settings):
    run = _run(deck)
    sent.clear()  # the broker lost every message (a Redis restart without persistence)
    reap()
    assert sent == []  # just queued: not lost yet
    long_ago = timezone.now() - timedelta(seconds=3 * settings.SIMULATION_LEASE)
    SimulationChunk.objects.filter(run=run).update(enqueued=long_ago)
    reap()
    assert sorted(sent) == [(str(run.pk), i) for i in range(run.chunks_total)]
    sent.clear()
    reap()
    assert sent == []  # sent once per threshold, not at every pass
    assert execute_chunk(run.pk, 0, "w") == "done"
    assert execute_chunk(run.pk, 0, "w") == "skipped"  # a duplicate message is harmless


@pytest.mark.django_db
def test_the_reaper_sends_nothing_again_while_a_worker_is_busy(deck, sent, settings):
    run = _run(deck)
    assert claim(run.pk, 0, "busy") is not None  # a live lease: the queue is moving
    SimulationChunk.objects.filter(run=run, status="queued").update(
        enqueued=timezone.now() - timedelta(seconds=3 * settings.SIMULATION_LEASE))
    sent.clear()
    reap()
    assert sent == []


@pytest.mark.django_db
def test_rule_5_a_run_whose_chunks_all_land_is_done_with_every_game_and_each_chunk_counted_once(deck, sent):
    run = _run(deck)
    for i in reversed(range(run.chunks_total)):
        assert execute_chunk(run.pk, i, "w") == "done"
    run.refresh_from_db()
    chunks = list(SimulationChunk.objects.filter(run=run))
    assert run.status == "done" and run.done == 3_000 and run.result["games"] == 3_000
    assert all(c.done == c.size and c.attempts == 1 and c.tally is None for c in chunks)
    assert sum(c.done for c in chunks) == 3_000
    assert json.loads(run.result_json)["seed"] == 5
