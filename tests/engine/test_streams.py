"""The C stream of the compiled engine (engine/_streams.c): random.Random's very numbers for an int
seed, so the golden files, the tallies and every seeded answer stay the same bytes. The extension is
compiled here from the source with scripts/build_engine.py's own recipe, whether or not the engine's
build exists, and compared with random.Random over thousands of seeds and several generations of
the twister; then the engine is checked to use it exactly when it runs compiled."""

from __future__ import annotations

import importlib.util
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import engine
from engine import rng

ROOT = Path(__file__).resolve().parents[2]


def _build_recipe() -> str:
    """The very command scripts/build_engine.py compiles the extension with (``STREAMS``)."""
    spec = importlib.util.spec_from_file_location("build_engine", ROOT / "scripts" / "build_engine.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)  # defines the build; main() runs only as a script
    return str(script.STREAMS)


@pytest.fixture(scope="module")
def streams(tmp_path_factory) -> ModuleType:  # type: ignore[no-untyped-def]
    where = tmp_path_factory.mktemp("streams")
    (where / "engine").mkdir()
    shutil.copy(ROOT / "engine" / "_streams.c", where / "engine" / "_streams.c")
    subprocess.run([sys.executable, "-c", _build_recipe()], cwd=where, check=True, capture_output=True)
    built = next((where / "engine").glob("_streams*.so"))
    spec = importlib.util.spec_from_file_location("_streams", built)  # its init function is named by this
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EDGES = [0, 1, 2, 623, 624, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**53 - 1, 2**63, 2**64 - 1, -1, -(2**40), True]


def test_every_seed_gives_random_random_s_numbers(streams):  # type: ignore[no-untyped-def]
    ours, theirs = streams.Stream(), random.Random()  # noqa: S311
    draw = random.Random(7)  # noqa: S311 - how many numbers to compare for each seed
    seeds = EDGES + [draw.getrandbits(64) for _ in range(3000)] + [draw.getrandbits(32) for _ in range(500)]
    for seed in seeds:
        ours.seed(seed)
        theirs.seed(seed)
        n = draw.choice([1, 2, 5, 40, 311, 312, 313, 700, 1900])  # 312 draws: one generation of 624 words
        assert [ours.random() for _ in range(n)] == [theirs.random() for _ in range(n)], seed


def test_reseeding_mid_generation_starts_the_new_stream_from_its_first_number(streams):  # type: ignore[no-untyped-def]
    ours = streams.Stream()
    for seed in (5, 2**40 + 3, 5):
        for _ in range(217):  # part of a generation read, then a new seed
            ours.random()
        ours.seed(seed)
        same = random.Random(seed)  # noqa: S311
        assert [ours.random() for _ in range(400)] == [same.random() for _ in range(400)]


def test_an_unseeded_stream_is_random_random_zero(streams):  # type: ignore[no-untyped-def]
    ours, zero = streams.Stream(), random.Random(0)  # noqa: S311
    assert [ours.random() for _ in range(700)] == [zero.random() for _ in range(700)]


def test_what_the_stream_refuses_is_named(streams):  # type: ignore[no-untyped-def]
    stream = streams.Stream()
    with pytest.raises(TypeError, match="int"):
        stream.seed("5")
    with pytest.raises(TypeError, match="int"):
        stream.seed(5.0)
    with pytest.raises(OverflowError, match="2\\*\\*64"):
        stream.seed(2**64)
    with pytest.raises(TypeError, match="no arguments"):
        streams.Stream(5)


def test_the_compiled_engine_draws_with_the_c_stream_and_the_pure_one_with_random_random():
    assert rng.NATIVE_STREAM is engine.COMPILED
    stream = rng.unseeded_random()
    assert isinstance(stream, random.Random) is not engine.COMPILED
    rng.reseeder(stream)(2**63 + 11)
    same = random.Random(2**63 + 11)  # noqa: S311
    assert [stream.random() for _ in range(1000)] == [same.random() for _ in range(1000)]
    game = rng.GameRng(4, 9)
    same = random.Random(rng.derive_seed(4, 9, "shuffle"))  # noqa: S311
    assert [game.shuffle.random() for _ in range(50)] == [same.random() for _ in range(50)]
    assert (rng.deal is rng.deal_pure) is not engine.COMPILED  # the decks: dealt in C when compiled


def test_the_c_deal_is_the_pure_deal(streams):  # type: ignore[no-untyped-def]
    """engine.rng.deal in C (decks dealt by card identity): the very lists of deal_pure, ties kept in order."""
    draw = random.Random(11)  # noqa: S311
    for n in [0, 1, 2, 3, 39, 40, 64, 65, 300] * 40:
        ids = [draw.getrandbits(64) for _ in range(n)]
        if n > 4 and draw.random() < 0.3:
            ids[0] = ids[4]
        key = draw.getrandbits(64)
        items = [object() for _ in range(n)]
        assert streams.deal(key, items, ids) == rng.deal_pure(key, items, ids)
        assert streams.deal(key, items, tuple(ids)) == rng.deal_pure(key, items, ids)
    with pytest.raises(ValueError, match="identity"):
        streams.deal(1, [1, 2], [1])
    with pytest.raises(OverflowError):
        streams.deal(2**64, [1], [1])
    with pytest.raises(TypeError):
        streams.deal(1, (1,), [1])
