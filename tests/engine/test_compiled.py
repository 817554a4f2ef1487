"""The engine compiled with mypyc (engine/_native.py, scripts/build_engine.py): loaded only when its
build is of the very sources imported, and giving the pure engine's answers, game for game."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import engine
import engine.eliria.board
import engine.eliria.fast.turns
from engine import _native

ROOT = Path(__file__).resolve().parents[2]

# One JSON of what players see from each runner: goldfish reports (full rules and the fast path) and
# matchup reports of both games, rule-based on both seats.
ANSWERS = """
import json, sys
sys.path.insert(0, %r)
import engine
from bench.engine_ab import workloads
runs = workloads(engine)
print(json.dumps({"compiled": engine.COMPILED,
                  "answers": {name: run(0) for name, (run, _, _) in runs.items()}}, sort_keys=True, default=str))
""" % str(ROOT)  # noqa: UP031


# An editor's catalogue with odd effects: what validation says of each, compiled or not (the verbs'
# checks live in compiled modules; a compiled function would raise TypeError where Python answered).
HOSTILE = """
import json, sys
sys.path.insert(0, %r)
import engine
from engine import validate_effect, validate_effects
cases = [{"trigger": 5, "action": "add_power"}, {"trigger": "on_play", "action": 7},
         {"trigger": "on_play", "action": "add_power", "amount": "3"}, {"trigger": "on_play", "action": "add_power", "amount": None},
         {"trigger": ["x"], "action": "draw"}, {"trigger": "passive", "script": 3}, {"trigger": "reaction", "when": 5},
         {"trigger": "on_attack", "attack": "0", "action": "draw", "amount": 1}, "not an object", None, 5,
         {"trigger": "field", "action": "add_power", "amount": 1.5, "class": 3},
         {"trigger": "on_play", "action": "add_power", "amount": True}, {"trigger": "on_play", "action": "draw", "amount": 10**30}]
calls = [(validate_effect, case) for case in cases]
calls += [(validate_effects, whole) for whole in (cases, "x", None, [{"trigger": "on_play"}] * 40)]
out = []
for check, case in calls:
    try:
        out.append(check(case))
    except Exception as exc:  # noqa: BLE001 - what each engine raises is the answer compared
        out.append(f"{type(exc).__name__}: {exc}")
print(json.dumps({"compiled": engine.COMPILED, "answers": out}))
""" % str(ROOT)  # noqa: UP031


def _answers(pure: bool, script: str = ANSWERS) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "ENGINE_PURE"}
    if pure:
        env["ENGINE_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _package(tmp_path: Path) -> Path:
    source = tmp_path / "src" / "engine"
    (source / "eliria").mkdir(parents=True)
    (source / "__init__.py").write_text("")
    (source / "eliria" / "board.py").write_text("X = 1\n")
    return source


def test_a_build_is_loaded_only_for_the_sources_it_was_built_from(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delenv("ENGINE_PURE", raising=False)
    source, builds = _package(tmp_path), tmp_path / "builds"
    assert not _native.activate([], source, builds)  # no build at all
    where = _native.build_dir(source, builds)
    (where / "engine").mkdir(parents=True)
    assert not _native.activate([], source, builds)  # a build not finished (no marker)
    (where / _native.COMPLETE).write_text("test\n")
    path = [str(source)]
    assert _native.activate(path, source, builds)
    assert path == [str(where / "engine"), str(source)] and str(where) in sys.path
    # A source edited after the build: another hash, so the stale build is never imported.
    (source / "eliria" / "board.py").write_text("X = 2\n")
    assert _native.build_dir(source, builds) != where
    assert not _native.activate([str(source)], source, builds)
    (builds / "tmp-another-build").mkdir()  # a build compiling at the same time keeps its work folder
    assert _native.stale(builds, keep=[_native.build_dir(source, builds).name]) == [where]
    monkeypatch.setenv("ENGINE_PURE", "1")
    (source / "eliria" / "board.py").write_text("X = 1\n")
    assert not _native.activate([], source, builds)  # forced pure


def test_the_hash_covers_every_source_file_and_only_sources(tmp_path):
    source = _package(tmp_path)
    first = _native.source_hash(source)
    (source / "eliria" / "__pycache__").mkdir()
    (source / "eliria" / "__pycache__" / "board.cpython-311.pyc").write_bytes(b"\0")
    assert _native.source_hash(source) == first
    (source / "eliria" / "new.py").write_text("")
    assert _native.source_hash(source) != first


def test_the_engine_loaded_is_the_build_of_these_sources_when_there_is_one():
    built = (_native.build_dir() / _native.COMPLETE).is_file() and not os.environ.get("ENGINE_PURE")
    if os.environ.get("ENGINE_REQUIRE_COMPILED"):  # make test builds it first (scripts/test.sh)
        assert built
    assert engine.COMPILED == built
    assert engine.eliria.board.__file__.endswith(".so") == built
    assert engine.cards.__file__.endswith("cards.py")  # what reads outside input stays Python
    listed = {str(p) for p in _native.compiled_sources()}
    assert {"eliria/board.py", "eliria/verbs/power.py", "mision/match.py", "match.py"} <= listed
    # The speed copies are compiled too (issue 34: engine/eliria/fast/); a sub-package's __init__ stays Python.
    assert {"eliria/fast/vanilla.py", "eliria/fast/turns.py", "eliria/fast/choices.py"} <= listed
    assert engine.eliria.fast.turns.__file__.endswith(".so") == built
    assert not {"goldfish.py", "matchup.py", "validation.py", "decklist.py", "cards.py"} & listed


def test_the_compiled_engine_gives_the_pure_engines_answers():
    compiled, pure = _answers(pure=False), _answers(pure=True)
    assert pure["compiled"] is False
    assert compiled["compiled"] is (_native.build_dir() / _native.COMPLETE).is_file()
    assert compiled["answers"] == pure["answers"]
    assert len(pure["answers"]) == 4


def test_odd_effects_get_the_same_answers_from_the_compiled_engine():
    compiled, pure = _answers(pure=False, script=HOSTILE), _answers(pure=True, script=HOSTILE)
    assert pure["compiled"] is False
    assert compiled["answers"] == pure["answers"]
    assert not any(str(a).startswith("TypeError") for a in pure["answers"])  # each one a message, none a crash


def _fields(tally: object) -> set[str]:
    """Every data attribute of a tally, compiled or not (a compiled object has no ``__dict__``)."""
    return {n for n in dir(tally) if not n.startswith("_") and n != "FIELDS" and not callable(getattr(tally, n))}


def test_tallies_pickle_field_by_field_and_their_field_lists_are_whole():
    """Runs send tallies between processes through the database (play/runs/jobs.py): pickled."""
    from bench.goldfish import effect_deck
    from bench.matchup import decks
    from engine.eliria.goldfish import EliriaSimulation
    from engine.goldfish import run_range
    from engine.mision.goldfish import MisionSimulation

    eliria = EliriaSimulation(effect_deck(), 6, fast=False)
    mision = MisionSimulation(decks("mision")[0], 5)
    for tally in (run_range(eliria, 7, 0, 40), run_range(mision, 7, 0, 40)):
        assert _fields(tally) == set(type(tally).FIELDS)
        back = pickle.loads(pickle.dumps(tally, protocol=pickle.HIGHEST_PROTOCOL))  # noqa: S301 - its own bytes
        assert type(back) is type(tally)
        assert {n: getattr(back, n) for n in type(tally).FIELDS} == {n: getattr(tally, n) for n in type(tally).FIELDS}
        assert back.games == 40
