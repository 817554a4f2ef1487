"""A full cache disk: every command still runs (a warning, common.W001, not a traceback out of the
system checks), the site carries on without the cache, and the cache is used again once there is
room (common.cache.KeptDiskCache). The disk is a real one: a tiny tmpfs, filled up."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.cache import cache

from cards.pagecache import catalogue_version
from common.cache import CacheFolderUnavailable

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def full_disk(tmp_path) -> Iterator[Path]:  # type: ignore[no-untyped-def]
    """A 1 MB tmpfs with no room left (mounting needs root: skipped elsewhere)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode().strip()}")
    try:
        fill = os.open(mount / "fill", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fill, b"\0" * 4096):
                pass
        except OSError:  # no space left: full
            pass
        finally:
            os.close(fill)
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _manage(*args: str, cache_dir: Path, database: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "TASKS_BACKEND", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(CACHE_DIR=str(cache_dir), DATABASE_URL=f"sqlite:///{database}", MEDIA_ROOT=str(database.parent / "media"))
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


def test_commands_and_a_worker_start_on_a_full_cache_disk_with_a_clear_warning(full_disk, tmp_path):
    database = tmp_path / "db.sqlite3"
    for command in (["check"], ["migrate", "-v0"], ["sim_worker", "--burst", "--no-reaper"]):
        done = _manage(*command, cache_dir=full_disk / "cache", database=database)
        assert done.returncode == 0, (command, done.stderr[-2000:])
        assert "common.W001" in done.stderr and "disk is full" in done.stderr, (command, done.stderr[-2000:])
        assert "Error" not in done.stderr.replace("OperationalError", ""), (command, done.stderr[-2000:])


def test_the_site_runs_without_the_cache_then_uses_it_again_once_there_is_room(full_disk, settings, client, db):
    settings.CACHES = {"default": {"BACKEND": "common.cache.KeptDiskCache", "LOCATION": str(full_disk / "cache"),
                                   "SHARDS": 2, "DATABASE_TIMEOUT": 0.25}}
    settings.CACHE_BREAKER_SECONDS = 0.2
    with pytest.raises(CacheFolderUnavailable):
        cache.get("x")
    assert catalogue_version() is None  # answers are not kept
    assert client.get("/api/cards/").status_code == 200  # the throttle lets it through
    assert client.get("/healthz?check=shared_cache").status_code == 503

    (full_disk / "fill").unlink()
    time.sleep(0.3)
    cache.set("x", 1)
    assert cache.get("x") == 1 and catalogue_version() is not None
    assert client.get("/healthz?check=shared_cache").status_code == 200
