"""Card faces are drawn when the catalogue changes, never while a player waits (cards/tasks.py)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib import admin
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from cards import render
from cards.admin import CardAdmin
from cards.models import Card
from cards.tasks import faces_after_change

BUNDLED = Path(settings.BASE_DIR) / "data" / "catalogue" / "eliria.json"


@pytest.fixture(autouse=True)
def database_queue(settings):  # type: ignore[no-untyped-def]
    """These tests read the database queue's rows (the PostgreSQL + Redis leg runs them with RQ
    configured): the job is the same on either backend; RQ's path is the cluster and chaos legs'."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def small_catalogue(tmp_path: Path) -> Path:
    """Six bundled cards (one with a long text would need two faces): drawing them stays quick."""
    doc = json.loads(BUNDLED.read_text(encoding="utf-8"))
    doc["cards"] = doc["cards"][:6]
    path = tmp_path / "small.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def faces_stored() -> list[Path]:
    return sorted((Path(settings.MEDIA_ROOT) / "faces").rglob("*.png"))


def catalogue_faces(client) -> list[str]:  # type: ignore[no-untyped-def]
    page = client.get("/cartas/?per_page=96").content.decode()
    return re.findall(r'<img src="([^"]+cara\.png)"', page)


@pytest.mark.django_db(transaction=True)
def test_after_an_import_the_queued_job_draws_every_face_and_the_catalogue_draws_none(
    small_catalogue, client, monkeypatch
):
    monkeypatch.setenv("CARD_FACES_AHEAD", "queue")
    call_command("import_catalogue", str(small_catalogue), "--no-progress", stdout=io.StringIO())
    job = DBTaskResult.objects.get()
    assert job.task_path == "cards.tasks.render_card_faces" and job.priority == -100
    assert faces_stored() == []  # the import itself drew nothing: the job will
    # The simulation worker takes every task of the default queue, this one included.
    call_command("sim_worker", "--burst", "--no-reaper", "--nice", "0", stdout=io.StringIO(), stderr=io.StringIO())
    assert len(faces_stored()) >= Card.objects.count() == 6
    before = render.drawn_on_request
    urls = catalogue_faces(client)
    assert len(urls) == 6
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200 and response.content.startswith(b"\x89PNG")
    assert render.drawn_on_request == before  # every face came from the disk


@pytest.mark.django_db
def test_import_with_faces_now_draws_them_in_the_command(small_catalogue, client):
    call_command("import_catalogue", str(small_catalogue), "--faces", "now", "--no-progress", stdout=io.StringIO())
    assert not DBTaskResult.objects.exists()
    for card in Card.objects.with_current():
        assert render.face_path(card, card.current).exists(), card.code
    before = render.drawn_on_request
    for url in catalogue_faces(client):
        assert client.get(url).status_code == 200
    assert render.drawn_on_request == before


@pytest.mark.django_db
def test_a_face_the_job_has_not_drawn_is_drawn_on_request_once_and_counted(small_catalogue, client):
    call_command("import_catalogue", str(small_catalogue), "--faces", "off", "--no-progress", stdout=io.StringIO())
    url = catalogue_faces(client)[0]
    before = render.drawn_on_request
    assert client.get(url).status_code == 200
    assert render.drawn_on_request == before + 1
    assert client.get(url).status_code == 200
    assert render.drawn_on_request == before + 1  # stored by the first request


@pytest.mark.django_db
def test_an_edit_in_the_admin_queues_the_faces_of_the_card_it_changed(small_catalogue, monkeypatch,
                                                                       django_capture_on_commit_callbacks):
    call_command("import_catalogue", str(small_catalogue), "--faces", "off", "--no-progress", stdout=io.StringIO())
    card = Card.objects.first()
    monkeypatch.setenv("CARD_FACES_AHEAD", "queue")
    form = SimpleNamespace(instance=card, save_m2m=lambda: None)
    with django_capture_on_commit_callbacks(execute=True):
        CardAdmin(Card, admin.site).save_related(None, form, [], True)  # what the change form calls last
    job = DBTaskResult.objects.get()
    assert job.args_kwargs["args"] == [[card.pk]]


def test_an_unknown_mode_is_refused_with_its_name(monkeypatch):
    monkeypatch.setenv("CARD_FACES_AHEAD", "later")
    with pytest.raises(ValueError, match="CARD_FACES_AHEAD='later'"):
        faces_after_change()
