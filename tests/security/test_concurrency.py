"""Parallel writers lose nothing: real processes against a real file database (SQLite in WAL mode
with immediate transactions) or a fresh PostgreSQL database when the suite runs on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKERS, SAVES = 4, 40


@pytest.fixture
def fresh_database(tmp_path):  # type: ignore[no-untyped-def]
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'concurrency.sqlite3'}"
        return
    import psycopg

    name = f"concurrency_{uuid.uuid4().hex[:8]}"
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def _env(url: str, tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return {**env, "DATABASE_URL": url, "MEDIA_ROOT": str(tmp_path / "media"), "CACHE_DIR": str(tmp_path / "cache")}


def test_parallel_deck_saves_lose_no_write(fresh_database, tmp_path):
    env = _env(fresh_database, tmp_path)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
    make = (
        "from django.contrib.auth.models import User; from decks.models import Deck; "
        "u = User.objects.create_user('w', password='x-x-x-x-1'); "
        "print(Deck.objects.create(owner=u, game='eliria', name='Carrera').pk)"
    )
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", make], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True, timeout=120)
    deck_id = out.stdout.strip().splitlines()[-1]
    worker = str(ROOT / "tests" / "security" / "concurrency_worker.py")
    procs = [subprocess.Popen([sys.executable, worker, deck_id, str(w), str(SAVES)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for w in range(WORKERS)]
    results = [p.communicate(timeout=300) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err[-2000:] for _, err in results]
    check = (
        f"from decks.models import Deck; d = Deck.objects.get(pk={deck_id}); "
        "print(d.version); print(d.description)"
    )
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", check], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True, timeout=120)
    lines = out.stdout.strip().splitlines()
    version, tokens = int(lines[-2]), lines[-1].split()
    expected = {f"w{w}-{i}" for w in range(WORKERS) for i in range(SAVES)}
    assert set(tokens) == expected and len(tokens) == len(expected)  # every save kept, none twice
    assert version == 1 + WORKERS * SAVES
