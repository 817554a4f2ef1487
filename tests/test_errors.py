"""One error root (docs/architecture.md): every exception class the apps define is a
`common.errors.SiteError` (answered in one place with its status, message and field) or the
engine's `EngineError`, except the few internals below that never reach a player."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from common.errors import SiteError
from engine import EngineError

ROOT = Path(__file__).resolve().parents[1]
APPS = ("common", "accounts", "cards", "rulings", "decks", "collection", "play")
# "module.Class" -> why it is not a SiteError: it never reaches a player as an answer.
INTERNAL: dict[str, str] = {
    "common.breaker.ServerUnavailable": "a cache or queue server skipped for a while (a redis ConnectionError, "
                                        "so the callers that carry on without Redis carry on without it too)",
    "common.cache.CacheFolderUnavailable": "the cache's folder cannot be opened (a full disk): the callers "
                                           "carry on without the cache",
}


def modules_with_classes() -> list[str]:
    """Every app module (migrations aside) that defines a class at its top level."""
    found = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            if any(isinstance(node, ast.ClassDef) for node in tree.body):
                parts = path.relative_to(ROOT).with_suffix("").parts
                found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def exceptions_of(module_name: str) -> list[type[BaseException]]:
    module = importlib.import_module(module_name)
    return [
        obj
        for _, obj in inspect.getmembers(module, inspect.isclass)
        if issubclass(obj, BaseException) and obj.__module__ == module_name
    ]


def test_the_walk_finds_the_errors_it_is_about():
    """The walk reaches the modules that raise player errors (an empty walk would prove nothing)."""
    names = {f"{c.__module__}.{c.__name__}" for m in modules_with_classes() for c in exceptions_of(m)}
    assert {
        "common.errors.RecordsRejected",
        "collection.imports.ImportRejected",
        "collection.services.CollectionError",
        "cards.images.ImageRejected",
        "decks.proxies.TooManyCards",
        "decks.services.DeckError",
    } <= names


# One case per module, so a stray names its module (play/ and cards/search.py included).
@pytest.mark.parametrize("module_name", modules_with_classes())
def test_every_exception_is_a_site_or_engine_error(module_name):
    strays = [
        f"{cls.__module__}.{cls.__qualname__}({', '.join(b.__name__ for b in cls.__bases__)})"
        for cls in exceptions_of(module_name)
        if not issubclass(cls, (SiteError, EngineError))
        and f"{module_name}.{cls.__qualname__}" not in INTERNAL
    ]
    assert not strays, f"not a SiteError or EngineError (nor listed in INTERNAL): {strays}"


def test_internal_list_names_real_classes_outside_the_root():
    """An INTERNAL entry that is gone, or that joined the root, is taken off the list."""
    for name in INTERNAL:
        module_name, _, class_name = name.rpartition(".")
        cls = getattr(importlib.import_module(module_name), class_name)
        assert not issubclass(cls, (SiteError, EngineError)), name
