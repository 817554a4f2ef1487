"""The Django set-up the in-process benchmarks share: a throwaway database, migrated, with the
test environment (so Django's test client can be used) — a fresh temporary SQLite file unless
--database-url names another database."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def django_on_throwaway_database(prefix: str, database_url: str | None) -> Path:
    """Set Django up on a new migrated database; return the temporary folder made for the run."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eliria_site.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    return tmp
