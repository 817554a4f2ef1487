"""The engine stays free of Django (docs/architecture.md: the standard library only)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import importlib, pkgutil, sys
sys.path.insert(0, sys.argv[1])
import engine
for info in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(info.name)
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith(("django.", "rest_framework")))
print(",".join(loaded))
"""


def test_importing_the_engine_loads_no_django_module():
    done = subprocess.run(  # noqa: S603 - our own interpreter and script
        # -I: no user site, no PYTHON* variables, no current folder on sys.path.
        [sys.executable, "-I", "-c", SCRIPT, str(ROOT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.strip() == ""


def test_engine_is_typed_and_exports_its_names():
    import engine

    assert (ROOT / "engine" / "py.typed").exists()
    assert all(hasattr(engine, name) for name in engine.__all__)


def test_engine_sources_never_mention_django_imports():
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path
