"""The rooms a request walks through: which of the project's files a view's call enters.

A profile hook (sys.setprofile) follows the view's frame and every call made under it. Only the
project's own files count (not .venv, not the standard library, not tests/, not the cache backends); the engine is one room
(``engine/``) behind its public names, so its own calls are not followed (the compiled engine hides
them anyway). Each call
from one project file into another is a step; a step that repeats one already taken (from the same
file into the same file, as a loop or a second helper of the same module does) is not counted again. Of the steps:

- **enters**: the files entered, each counted once;
- **returns**: steps into a file entered before and since left (not on the stack of the call);
- **climbs**: steps into a file still open lower on the stack (a room called back up into).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# The cache backends (settings.CACHES: the one-machine disk cache, or Redis behind its circuit
# breaker) are Django's cache, configured, not rooms of the request: the path is the same whatever
# the deployment's cache.
CACHE_BACKENDS = frozenset({"common/cache.py", "common/breaker.py"})


def _project_file(filename: str, engine_files: bool = False) -> str | None:
    """The file's path within the project, or None for anything else (.venv, the standard library)."""
    if not filename.startswith("/"):
        return None  # <frozen …>, <string>: the interpreter's own
    try:
        rel = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    if rel.parts[0] in (".venv", "tests") or rel.as_posix() in CACHE_BACKENDS:
        return None
    return "engine/" if rel.parts[0] == "engine" and not engine_files else rel.as_posix()


@dataclass
class Path_:
    files: list[str] = field(default_factory=list)  # in the order first entered
    steps: list[tuple[str, str, str]] = field(default_factory=list)  # (from, into, function entered)
    returns: list[tuple[str, str]] = field(default_factory=list)  # (from, into)
    climbs: list[tuple[str, str]] = field(default_factory=list)

    @property
    def counts(self) -> tuple[int, int, int]:
        return len(self.files), len(self.returns), len(self.climbs)


def view_code(view: Any) -> CodeType:
    """The code of a view function, unwrapped from DRF's ``api_view`` class when it is one."""
    handler = getattr(getattr(view, "cls", None), "post", None) or getattr(getattr(view, "cls", None), "get", None)
    if handler is not None:
        for cell in handler.__closure__ or ():
            if callable(cell.cell_contents) and hasattr(cell.cell_contents, "__code__"):
                return view_code(cell.cell_contents)
    return getattr(view, "__wrapped__", view).__code__


def trace(view: Callable[..., Any], act: Callable[[], Any], *, strict: bool = False) -> tuple[Any, Path_]:
    """Run *act* (a request that reaches *view*) and the rooms *view*'s call walked through.
    *strict*: each engine file its own room (entered from the site; the engine's own calls are still
    not followed), and a step is a caller function into a callee function, not a file into a file."""
    target = view_code(view)
    found = Path_()
    seen_steps: set[tuple[object, object]] = set()
    files_of: dict[str, str | None] = {}

    def project(code: CodeType) -> str | None:
        name = code.co_filename
        if name not in files_of:
            files_of[name] = _project_file(name, strict)
        return files_of[name]

    def hook(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        callee = project(frame.f_code)
        if callee is None:
            return
        # The chain of project frames above this one, up to the view's (none: not under the view).
        chain: list[tuple[str, CodeType]] = []
        f = frame.f_back
        under_view = frame.f_code is target
        while f is not None and not under_view:
            file = project(f.f_code)
            if file is not None:
                chain.append((file, f.f_code))
            under_view = f.f_code is target
            f = f.f_back
        if not under_view:
            return
        if frame.f_code is target:
            if callee not in found.files:
                found.files.append(callee)
            return
        if not chain:
            return
        caller_file = chain[0][0]
        if caller_file.startswith("engine/"):
            return  # inside the engine: one room
        if callee == caller_file:
            return
        step: tuple[object, object] = (chain[0][1], frame.f_code) if strict else (caller_file, callee)
        if step in seen_steps:
            return
        seen_steps.add(step)
        found.steps.append((caller_file, callee, frame.f_code.co_name))
        if callee not in found.files:
            found.files.append(callee)
        elif any(file == callee for file, _ in chain):
            found.climbs.append((caller_file, callee))
        else:
            found.returns.append((caller_file, callee))

    sys.setprofile(hook)
    try:
        result = act()
    finally:
        sys.setprofile(None)
    return result, found
