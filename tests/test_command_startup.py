"""A command's start-up loads what a command needs: Django's setup (every app, its models and the
admin's autodiscovery) imports none of DRF's serializers, and through them none of what DRF's
compat module imports when it happens to be installed (psycopg for django.contrib.postgres,
requests, yaml: about 0.17 s of the 0.7 s a `manage.py goldfish` started in), nor Pillow (about
10 ms: the admin's image checks and the faces' drawing load it when an upload, an import or a face
needs it). The API's modules load them when a server imports its URLs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, sys
import django
django.setup()
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {"psycopg", "requests", "yaml", "PIL"}
                        or m in {"rest_framework.serializers", "rest_framework.compat"})))
"""


def test_django_setup_loads_no_serializer_of_the_api(tmp_path: Path) -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "eliria_site.settings",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'probe.sqlite3'}", "CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert loaded == [], f"django.setup() imported {loaded}: a model, admin or app module imports the API's layer"
