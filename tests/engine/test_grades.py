"""The engine stays readable (issue 34): no function above cyclomatic complexity 25, every file of
maintainability grade A or B, as radon measures them (``radon cc``, ``radon mi``: the same API).

The speed copies of the rules live apart in ``engine/eliria/fast/`` (flat hot loops that pay their
way in ``bench/engine_ab.py``, each held equal to the full rules by its own tests): they are exempt
from the complexity rule, never from the grade.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from radon.complexity import cc_visit
from radon.metrics import mi_rank, mi_visit
from radon.visitors import Class, Function

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
FAST = ENGINE / "eliria" / "fast"  # the speed copies: exempt from the complexity rule only
MAX_COMPLEXITY = 25
GRADES = ("A", "B")

FILES = sorted(ENGINE.rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _functions(blocks: list[Function | Class]) -> list[Function]:
    """Every function and method radon sees, closures included."""
    found: list[Function] = []
    for block in blocks:
        if isinstance(block, Class):
            found += _functions(block.methods)
        else:
            found += [block, *_functions(block.closures)]
    return found


def test_the_rules_read_every_engine_file():
    assert len(FILES) > 40
    assert ENGINE / "eliria" / "match.py" in FILES
    assert any(path.is_relative_to(FAST) for path in FILES)


@pytest.mark.parametrize("path", [p for p in FILES if not p.is_relative_to(FAST)], ids=_name)
def test_no_function_above_complexity_25_outside_the_fast_package(path: Path):
    blocks = cc_visit(path.read_text())
    too_complex = {
        f"{f.classname + '.' if f.classname else ''}{f.name} (line {f.lineno})": f.complexity
        for f in _functions(blocks)
        if f.complexity > MAX_COMPLEXITY
    }
    assert not too_complex, f"{_name(path)}: above cyclomatic complexity {MAX_COMPLEXITY}: {too_complex}"


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_every_engine_file_has_maintainability_grade_a_or_b(path: Path):
    score = mi_visit(path.read_text(), multi=True)  # radon mi's default: docstrings count as comments
    assert mi_rank(score) in GRADES, f"{_name(path)}: maintainability {score:.2f}, grade {mi_rank(score)}"


def test_the_complexity_rule_catches_a_function_above_25():
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(MAX_COMPLEXITY))
    (function,) = _functions(cc_visit(f"def f(x):\n{branches}    return -1\n"))
    assert function.complexity == MAX_COMPLEXITY + 1
