"""The one-machine cache folder removed under running processes (issue 38 R3): a process whose
folder was removed opens it again instead of reading its removed files for good, so a catalogue
change made by a process started since reaches it; /healthz says the folder was lost, and its disk
check looks at the cache folder's disk."""

from __future__ import annotations

import shutil

import pytest
from django.core.cache import caches

from cards.pagecache import VERSION_KEY, catalogue_changed, catalogue_version
from common.cache import KeptDiskCache
from common.health import run_checks

PARAMS = {"SHARDS": 4, "DATABASE_TIMEOUT": 0.25}


@pytest.fixture
def folder(settings, tmp_path):  # type: ignore[no-untyped-def]
    """This process's cache: a KeptDiskCache on a folder of its own (as `make run` has it)."""
    path = tmp_path / "cache"
    settings.CACHES = {"default": {"BACKEND": "common.cache.KeptDiskCache", "LOCATION": str(path), **PARAMS}}
    return path


def test_a_removed_folder_is_opened_again_and_a_change_made_since_is_seen(folder, settings) -> None:
    settings.PAGE_CACHE_BYTES = 0
    mine = caches["default"]
    assert isinstance(mine, KeptDiskCache)
    first = catalogue_version()
    assert first is not None and mine.reopened == 0
    shutil.rmtree(folder)
    # A process started after the removal (a restarted worker) changes the catalogue: it writes
    # the new version in the folder as it finds it.
    restarted = KeptDiskCache(str(folder), {**PARAMS})
    restarted.set(VERSION_KEY, first + 1, None)
    mine._looked -= KeptDiskCache.CHECK_EVERY  # a second has passed since this process last looked
    assert catalogue_version() == first + 1 and mine.reopened == 1
    catalogue_changed()  # and a change made here reaches the other process
    assert restarted.get(VERSION_KEY) == catalogue_version() != first + 1


def test_without_a_look_the_removed_files_would_keep_the_old_version(folder) -> None:
    # What the look prevents: a kept connection reads the removed files (the split of the finding).
    mine = caches["default"]
    mine.CHECK_EVERY = 3600  # no look comes by itself in this test
    first = catalogue_version()
    shutil.rmtree(folder)
    KeptDiskCache(str(folder), {**PARAMS}).set(VERSION_KEY, first + 1, None)
    assert catalogue_version() == first
    assert mine.verify() is False and catalogue_version() == first + 1


def test_healthz_says_the_cache_folder_was_lost_and_opened_again(folder, client) -> None:
    caches["default"].set("x", 1)
    body = client.get("/healthz").json()
    assert body["checks"]["cache_folder"] == {
        "ok": True, "detail": {"folder": str(folder), "reopened": 0, "reopened_seconds_ago": None},
    }
    assert "cache_free_mb" in body["checks"]["disk"]["detail"]  # the disk check looks at the cache's disk
    shutil.rmtree(folder)
    body = client.get("/healthz").json()
    detail = body["checks"]["cache_folder"]["detail"]
    assert body["checks"]["cache_folder"]["ok"] and detail["reopened"] == 1 and detail["reopened_seconds_ago"] >= 0
    assert folder.is_dir()


def test_a_folder_that_cannot_be_made_again_fails_the_check(folder, tmp_path) -> None:
    caches["default"].set("x", 1)
    shutil.rmtree(folder)
    folder.write_text("not a folder")  # the path taken by a file: diskcache cannot make its folder
    result = run_checks({"cache_folder", "disk"})
    assert not result["cache_folder"]["ok"] and "CacheFolderUnavailable" in result["cache_folder"]["detail"]
    assert "cache_free_mb" in result["disk"]["detail"]
