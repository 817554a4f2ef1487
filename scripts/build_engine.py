"""Compile the engine's hot modules with mypyc into .build/engine/<hash>/ (see engine/_native.py).

    .venv/bin/python scripts/build_engine.py [--force] [--opt-level 1]

Nothing happens when the build of the current sources exists. Otherwise a copy of engine/ is
compiled in a temporary folder (the work tree never holds an extension that could shadow a source
edited later), the extensions and the sub-packages' __init__ files are moved into the hash's
folder, the marker is written last, and the builds of other sources are removed. Exit status 1
when the build fails (no C compiler, a mypyc error): the engine then runs as pure Python, with
the same answers, more slowly; `make run` says so and goes on, `make test` counts it as a failure.
-O1 is the default: measured as fast as -O3 on bench/engine_ab.py's workloads (the time is in
Python object operations, not in C arithmetic), and its build is about half a minute shorter
(90-95 s against 127 s on this machine).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("engine_native", ROOT / "engine" / "_native.py")
assert _spec is not None and _spec.loader is not None
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)  # without importing the engine itself (it would load the old build)


def build(opt_level: str) -> Path:
    """Compile and install the build of the current sources; its folder."""
    source = ROOT / "engine"
    target = native.build_dir(source)
    modules = native.compiled_sources(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix="tmp-") as tmp:
        work = Path(tmp)
        shutil.copytree(source, work / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        env = dict(os.environ, MYPYC_OPT_LEVEL=opt_level, PYTHONDONTWRITEBYTECODE="1")
        args = [sys.executable, "-m", "mypyc", *(str(Path("engine") / m) for m in modules)]
        started = time.monotonic()
        print(f"engine: compiling {len(modules)} modules with mypyc -O{opt_level} (1-3 min on 2 cores)...", flush=True)
        done = subprocess.run(args, cwd=work, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).splitlines()[-25:])
            raise RuntimeError(f"mypyc failed (exit {done.returncode}):\n{tail}")
        staged = work / "staged"
        (staged / "engine").mkdir(parents=True)
        for lib in work.glob("*__mypyc*.so"):  # the shared library every compiled module imports
            shutil.move(str(lib), staged / lib.name)
        for ext in (work / "engine").rglob("*.so"):
            rel = ext.relative_to(work / "engine")
            (staged / "engine" / rel.parent).mkdir(parents=True, exist_ok=True)
            shutil.move(str(ext), staged / "engine" / rel)
        for package in native.COMPILED_PACKAGES:  # a compiled sub-package is imported from the build
            shutil.copy2(source / package / "__init__.py", staged / "engine" / package / "__init__.py")
        seconds = time.monotonic() - started
        (staged / native.COMPLETE).write_text(f"mypyc -O{opt_level}, {len(modules)} modules, {seconds:.0f} s\n")
        if (target / native.COMPLETE).is_file():  # another build of the same sources finished first: keep it
            print(f"engine: an identical build appeared meanwhile ({target.relative_to(ROOT)})", flush=True)
            return target
        if target.exists():  # an unfinished one (no marker): nothing imports it
            shutil.rmtree(target)
        staged.rename(target)
    for old in native.stale(target.parent, keep=[target.name]):
        shutil.rmtree(old, ignore_errors=True)
    print(f"engine: compiled in {seconds:.0f} s into {target.relative_to(ROOT)}", flush=True)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build again even if the build exists")
    parser.add_argument("--opt-level", default=os.environ.get("MYPYC_OPT_LEVEL", "1"), help="mypyc's -O (0-3)")
    args = parser.parse_args()
    target = native.build_dir(ROOT / "engine")
    if (target / native.COMPLETE).is_file() and not args.force:
        print(f"engine: the compiled build of these sources is up to date ({target.relative_to(ROOT)})")
        return 0
    try:
        build(args.opt_level)
    except (RuntimeError, OSError) as exc:
        print(f"engine: not compiled, the engine runs as pure Python (same answers, slower): {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
