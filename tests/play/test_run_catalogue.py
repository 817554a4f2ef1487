"""A queued run plays the card data it was queued with (issue 38 R2): a catalogue import between
its chunks, through the real import code, changes nothing of its answer — every chunk plays the
cards as they were, and the merged answer is the serial one on the original catalogue."""

from __future__ import annotations

import json

import pytest

from cards.models import Card
from cards.services import catalogue_export, catalogue_import
from engine import card_from_dict
from play.goldfish.services import goldfish_answer
from play.matchups.services import matchup_run
from play.models import SimulationRun
from play.runs.worker import execute_chunk
from tests.play.queued import queued_goldfish, queued_matchup

GOLDFISH = {"games": 2_000, "turns": 4, "seed": 23}


@pytest.fixture(autouse=True)
def small_chunks(settings):  # type: ignore[no-untyped-def]
    settings.SIMULATION_CHUNK_SECONDS, settings.SIMULATION_WORKERS = 0.01, 2
    settings.SIMULATION_MAX_ACTIVE_ANONYMOUS = 50


@pytest.fixture
def sent(monkeypatch):  # type: ignore[no-untyped-def]
    """The queue messages sent, in place of a broker (the test plays the chunks itself)."""
    out: list[tuple[str, int]] = []
    monkeypatch.setattr("play.runs.tasks.chunk_enqueue", lambda run_id, index: out.append((str(run_id), index)))
    return out


@pytest.fixture
def deck(bundled):  # type: ignore[no-untyped-def]
    cards = Card.objects.filter(game="eliria", type="combat", current__cross=False).order_by("name")
    return "\n".join(list(dict.fromkeys(cards.values_list("name", flat=True)))[:25])


def _import_stronger_attacks(tmp_path, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    """An editor imports the catalogue again with every combat card's attacks free and 3 stronger
    (a file written and read by cards.services.catalogue_import, the version moved on commit)."""
    doc = catalogue_export(game="eliria")
    for card in doc["cards"]:
        for edition in card["editions"]:
            for attack in edition.get("attacks", ()):
                attack["cost"] = 0
                if isinstance(attack.get("damage"), int):
                    attack["damage"] += 3
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(doc, ensure_ascii=False))
    with django_capture_on_commit_callbacks(execute=True):
        assert catalogue_import(paths=[path]).changed


def _text(answer: dict) -> str:  # type: ignore[type-arg]
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.django_db
def test_an_import_between_chunks_leaves_the_run_equal_to_the_serial_run_on_the_original_cards(
    deck, sent, tmp_path, django_capture_on_commit_callbacks,
):
    run = queued_goldfish(game="eliria", text=deck, watch=[], **GOLDFISH)
    assert run.chunks_total >= 3 and run.cards
    before = goldfish_answer(game="eliria", text=deck, **GOLDFISH)
    assert execute_chunk(run.pk, 0, "w") == "done"
    _import_stronger_attacks(tmp_path, django_capture_on_commit_callbacks)
    after = goldfish_answer(game="eliria", text=deck, **GOLDFISH)
    assert _text(after) != _text(before)  # the import changes what the deck does
    for i in range(1, run.chunks_total):
        assert execute_chunk(run.pk, i, "w") == "done"
    run.refresh_from_db()
    assert run.status == "done" and run.result_json == _text(before)


@pytest.mark.django_db
def test_a_matchup_run_keeps_both_decks_cards_and_each_card_once_with_its_catalogue_text(
    deck, sent, tmp_path, django_capture_on_commit_callbacks,
):
    rival = "\n".join(reversed(deck.splitlines()))
    params = {"games": 40, "seed": 3}
    run = queued_matchup(game="eliria", list_a=deck, list_b=rival, **params)
    before = matchup_run(game="eliria", list_a=deck, list_b=rival, **params)
    kept = {(c["game"], c["code"]): card_from_dict(c) for c in run.cards}
    assert len(kept) == len(run.cards)  # each card once, however many lists name it
    names = {line for line in deck.splitlines()}
    assert names <= {c.name for c in kept.values()}
    _import_stronger_attacks(tmp_path, django_capture_on_commit_callbacks)
    for i in range(run.chunks_total):
        assert execute_chunk(run.pk, i, "w") == "done"
    run.refresh_from_db()
    assert run.status == "done" and run.result == json.loads(json.dumps(before))
    assert SimulationRun.objects.get(pk=run.pk).result["games_played"] == 40
