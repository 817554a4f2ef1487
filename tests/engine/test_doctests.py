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
    # importlib: every module by its dotted name, as pkgutil lists them.
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_public_names_do_not_shadow_their_modules():
    import types

    assert isinstance(engine.goldfish, types.ModuleType) and isinstance(engine.matchup, types.ModuleType)
    assert engine.run_goldfish is engine.goldfish.run_goldfish
    assert engine.run_matchup is engine.matchup.run_matchup
