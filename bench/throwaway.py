"""The Django set-up the in-process benchmarks share: a throwaway database, migrated, with the
test environment (so Django's test client can be used) — a fresh temporary SQLite file unless
--database-url names another database — and the temporary folders every bench writes in, removed
when it exits (a `make bench` left about 30 MB of them in /tmp each time)."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path


def temporary_folder(prefix: str, parent: str | None = None) -> Path:
    """A new folder under *parent* (the system's temporary folder by default), removed with all it
    holds when this process exits, also on Ctrl-C or SIGTERM turned into SystemExit."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    return tmp


def django_on_throwaway_database(prefix: str, database_url: str | None) -> Path:
    """Set Django up on a new migrated database; return the temporary folder made for the run."""
    tmp = temporary_folder(prefix)
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eliria_site.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    return tmp
