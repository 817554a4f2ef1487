"""No circle of imports in the project (docs/architecture.md, "No circles").

The graph is read from the source, not from what Python happens to load: every module of the
project's own packages is a node, every import statement naming another of them an edge. An import
inside a function counts (moving an import into a function to break a circle hides the circle, it
does not open it), and so does one under ``if TYPE_CHECKING:``: an annotation is a dependency too (a
reader of one module needs the other), and a circle of types is a circle of the design (issue 34).
One kind does not count, because it never runs an import the other way: the package a module lives
in (``import a.b.c`` runs ``a/__init__.py`` first, but that is how packages load, not a dependency
of ``c`` on its package).

``from package import name`` is an edge to ``package.name`` when that is a module, otherwise to the
package itself. A strongly connected component of more than one module is a circle: the test lists
every one, each with the imports that close it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "common", "cards", "rulings", "accounts", "decks", "collection", "play", "eliria_site")
# Circles known and not yet opened: the modules a circle may span, with why it is still there. A
# circle inside one entry's modules passes; one that reaches outside it fails. An entry whose
# circle has been opened must leave the list (test_every_allowed_circle_still_exists).
ALLOWED: dict[frozenset[str], str] = {
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                found[module_name(path)] = path
    return found


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under *node*: at module level, in a function, under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        else:
            yield from _imports(child)


def _base(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` statement names."""
    if node.level == 0:
        return node.module or ""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    package = package[: len(package) - (node.level - 1)]
    return ".".join([*package, *([node.module] if node.module else [])])


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> dict[str, int]:
    """The project modules *name* imports (for its code or its annotations), each with the line of its first import."""
    found: dict[str, int] = {}
    for node in _imports(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = _base(name, path, node)
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        for target in targets:
            if target in modules and target != name:
                found.setdefault(target, node.lineno)
    return found


def import_graph() -> dict[str, dict[str, int]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def describe(component: list[str], graph: dict[str, dict[str, int]]) -> str:
    members = set(component)
    edges = [
        f"    {source} -> {target} (line {line})"
        for source in component
        for target, line in sorted(graph[source].items())
        if target in members
    ]
    return f"circle of {len(component)} modules:\n" + "\n".join(edges)


def allowed(component: list[str]) -> bool:
    return any(set(component) <= modules for modules in ALLOWED)


def test_no_circle_of_imports() -> None:
    graph = import_graph()
    found = [c for c in circles(graph) if not allowed(c)]
    assert not found, "\n".join(describe(c, graph) for c in found)


def test_every_allowed_circle_still_exists() -> None:
    """An allowed circle that has been opened leaves the list (it would hide a new one)."""
    found = circles(import_graph())
    stale = [sorted(modules) for modules in ALLOWED if not any(set(c) <= modules for c in found)]
    assert not stale, f"no circle left in these ALLOWED entries, remove them: {stale}"


def test_the_check_sees_a_circle_hidden_in_a_function_or_in_annotations(tmp_path: Path) -> None:
    """The reader counts an import inside a function and one under TYPE_CHECKING."""
    graph = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}
    assert circles(graph) == [["a", "b", "c"]]
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\n"
        "def f():\n    from . import y\n"
    )
    modules = {"pkg.m": source, "pkg.y": source, "x": source}
    assert imports_of("pkg.m", source, modules) == {"x": 3, "pkg.y": 5}
