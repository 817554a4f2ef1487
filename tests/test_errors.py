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


# ---------------------------------------------------------------- answered in one place (issue 37)
def _trees(*patterns: str) -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8"), str(path))
            for pattern in patterns for path in sorted(ROOT.glob(pattern)) if "migrations" not in path.parts}


def test_the_simulation_endpoints_catch_almost_nothing():
    """The views leave SiteErrors, EngineErrors and the run limits to api_exception_handler: at most
    3 `except` clauses in play/*/api.py (13 before issue 37; the one left gathers both lists'
    problems into one 400)."""
    trees = _trees("play/*/api.py")
    assert len(trees) >= 5
    handlers = [f"{path.relative_to(ROOT)}:{node.lineno}" for path, tree in trees.items()
                for node in ast.walk(tree) if isinstance(node, ast.ExceptHandler)]
    assert len(handlers) <= 3, handlers


def test_retry_after_is_written_in_one_place():
    """`Retry-After` is spelled once in the site's code (common.errors.retry_header): the API's
    handler, the pages, the throttles and the outage answer all take it from there (11 mentions
    in play/ and 7 places that set it before issue 37)."""
    found = [f"{path.relative_to(ROOT)}:{node.lineno}" for app in APPS for path, tree in _trees(f"{app}/**/*.py").items()
             for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value == "Retry-After"]
    assert [place.split(":")[0] for place in found] == ["common/errors.py"], found


def test_no_error_field_is_read_from_its_message():
    """An error names its field (SiteError.field, EngineError.field): none is picked by reading the
    message (`"«cut»" in str(exc)`, as play/compare/services.py and play/improve/services.py did)."""
    offenders = []
    for app in APPS:
        for path, tree in _trees(f"{app}/**/*.py").items():
            for node in ast.walk(tree):
                if (isinstance(node, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in node.ops)
                        and any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == "str"
                                and c.args and isinstance(c.args[0], ast.Name) and c.args[0].id in ("exc", "error", "err", "e")
                                for c in node.comparators)):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == [], offenders


def test_a_run_limit_is_answered_with_its_retry_after_by_the_handler():
    """QuotaExceeded (the run limits' root) carries its wait as a header; the handler answers it."""
    from common.errors import QuotaExceeded, api_exception_handler
    from play.runs.services import QueueUnavailable, RunLimitError

    for exc, status, wait in ((RunLimitError("Llena.", retry_after=60), 429, "60"), (QueueUnavailable("Caída."), 503, "15"),
                              (QuotaExceeded("Demasiadas."), 429, "30")):
        answer = api_exception_handler(exc, {})
        assert answer is not None and answer.status_code == status and answer["Retry-After"] == wait
        assert answer.data == {"detail": exc.message}
