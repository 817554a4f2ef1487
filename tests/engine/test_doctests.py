"""The examples in the engine's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(info.name for info in pkgutil.walk_packages(engine.__path__, "engine."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    # importlib, not attribute access: engine.goldfish is the function, the module is in sys.modules.
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
