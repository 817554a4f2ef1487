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


# play/ by feature (docs/architecture.md, "play/ by feature"): the queue (play.runs) is the floor the
# features stand on and names none of them (each kind registers its job with play.runs.jobs); a
# feature imports no other feature, but compare, which plays goldfish and matchups on common seeds,
# builds on those two. The shared modules import no feature (play.tasks only re-exports the queue's
# task at its old address); the wiring (play.apps, play.urls, the commands) may import any.
PLAY_FEATURES: dict[str, set[str]] = {
    "runs": set(),
    "goldfish": {"runs"},
    "matchups": {"runs"},
    "table": {"runs"},
    "compare": {"runs", "goldfish", "matchups"},
    "swaps": {"runs", "goldfish", "compare"},  # one cut against candidates, told as compare tells
    "improve": {"runs", "compare"},  # the deck search builds on compare's races and endpoints
    "players": set(),  # the page about the computer players (bench/players.py's table)
}
PLAY_SHARED = {"common", "sources", "boards", "events", "labels", "cli", "models", "tasks", "__init__"}
PLAY_WIRING = {"apps", "urls", "management", "migrations"}


def play_features_imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "play" and len(parts) > 1 and parts[1] in PLAY_FEATURES:
                found.add(parts[1])
    return found


def test_play_features_import_one_another_only_through_runs() -> None:
    wrong = []
    for path in sources("play"):
        where = path.relative_to(ROOT / "play").parts
        room = where[0].removesuffix(".py")
        if room in PLAY_WIRING:
            continue
        assert room in PLAY_FEATURES or room in PLAY_SHARED, f"play/{'/'.join(where)}: a module in no room"
        allowed = PLAY_FEATURES.get(room, {"runs"} if room == "tasks" else set())
        for feature in play_features_imported(path) - {room} - allowed:
            wrong.append(f"play/{'/'.join(where)} imports play.{feature}")
    assert not wrong, "\n".join(wrong)
