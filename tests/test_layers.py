"""Imports only go down (docs/architecture.md): the engine imports no app and no Django, the
catalogue no other app, no app imports the project package, decks nothing of the simulation app."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("common", "cards", "rulings", "accounts", "decks", "collection", "play", "eliria_site")
# package -> the project packages it may import (besides itself and the engine)
ALLOWED = {
    "engine": set(),
    "common": set(),
    "cards": {"common"},
    "rulings": {"common", "cards"},
    "accounts": {"common", "cards"},
    "decks": {"common", "cards", "rulings"},
    "collection": {"common", "cards", "rulings", "decks"},
    "play": {"common", "cards", "rulings", "decks", "collection", "accounts"},
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def sources(package: str) -> list[Path]:
    return [p for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts]


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_imports_only_go_down(package: str) -> None:
    project = set(APPS) | {"engine"}
    wrong = []
    for path in sources(package):
        for name in imports_of(path) & project - {package, "engine"} - ALLOWED[package]:
            wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not wrong, "\n".join(wrong)


def test_the_engine_imports_no_django() -> None:
    wrong = [str(p.relative_to(ROOT)) for p in sources("engine") if {"django", "rest_framework"} & imports_of(p)]
    assert not wrong, wrong
