"""The engine compiled with mypyc, when a build of these very sources exists; pure Python otherwise.

The engine is typed with ``mypy --strict``, so mypyc can compile its hot modules to C extensions
with the same behaviour (issue 26: ×3-4 on goldfish and matchups, the same answers). The source
stays the only truth: ``scripts/build_engine.py`` compiles a copy of it into
``.build/engine/<hash>/``, named by the hash of every engine source file and the interpreter, and
:func:`activate` puts that folder first on the package's search path only when its hash is the
hash of the sources being imported. A source edited after a build is therefore never shadowed by
a stale extension: the engine runs as pure Python until the next build. ``ENGINE_PURE=1`` forces
the pure engine (the tests compare both). This module itself is never compiled.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterable, MutableSequence
from pathlib import Path

__all__ = ["COMPILED_PACKAGES", "COMPILED_TOP", "activate", "build_dir", "compiled_sources", "source_hash"]

PACKAGE = Path(__file__).resolve().parent
BUILDS = PACKAGE.parent / ".build" / "engine"
# What mypyc compiles: every module of these sub-packages (the rules, the players, the games'
# runners, the speed copies of eliria/fast/) and these top-level modules. The entry points
# (run_goldfish, run_matchup, their bound checks), deck lists, catalogues, validation and reports
# take outside input and stay pure Python: a compiled function checks its arguments' declared types
# itself (True passes as the int 1, a str where an int is declared raises TypeError), which would
# change the engine's own errors.
COMPILED_PACKAGES = ("eliria", "eliria/fast", "eliria/verbs", "mision")
COMPILED_TOP = ("actions.py", "match.py", "mulligan.py", "policy.py", "rng.py")
COMPLETE = "COMPLETE"  # the marker the build writes last


def _sources(root: Path) -> list[Path]:
    """The engine's Python modules (its only sources: mypyc compiles some of them)."""
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def source_hash(root: Path = PACKAGE) -> str:
    """A hash of every engine source file (path and bytes) and of the interpreter that loads it."""
    digest = hashlib.sha256(f"{sys.implementation.cache_tag}|{sys.platform}|{os.uname().machine}".encode())
    for path in _sources(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def compiled_sources(root: Path = PACKAGE) -> list[Path]:
    """The modules mypyc compiles, relative to the package (``__init__`` files stay Python)."""
    found = [Path(name) for name in COMPILED_TOP]
    for package in COMPILED_PACKAGES:
        found += [p.relative_to(root) for p in sorted((root / package).glob("*.py")) if p.name != "__init__.py"]
    return found


def build_dir(root: Path = PACKAGE, builds: Path = BUILDS) -> Path:
    """Where the build of these sources lives (it may not exist)."""
    return builds / source_hash(root)


def activate(path: MutableSequence[str], root: Path = PACKAGE, builds: Path = BUILDS) -> bool:
    """Put the build of these sources first on the package's search *path* if there is one (and
    ``ENGINE_PURE`` is not set); True when the compiled engine will be imported."""
    if os.environ.get("ENGINE_PURE") or not builds.is_dir():
        return False
    where = build_dir(root, builds)
    if not (where / COMPLETE).is_file():
        return False
    # The compiled modules share one library, imported by its top-level name from the build's root.
    if str(where) not in sys.path:
        sys.path.append(str(where))
    path.insert(0, str(where / "engine"))
    return True


def stale(builds: Path = BUILDS, keep: Iterable[str] = ()) -> list[Path]:
    """Builds of other sources (older commits), which the build removes; not another build's work
    folder (``tmp-…``) while it compiles."""
    if not builds.is_dir():
        return []
    kept = set(keep)
    return [p for p in builds.iterdir() if p.is_dir() and p.name not in kept and not p.name.startswith("tmp-")]
