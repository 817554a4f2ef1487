"""Seeded randomness: every game is its base seed plus its index.

Each game draws from its own ``random.Random`` streams, derived by hashing
(base seed, game index, stream name). A game's result therefore does not
depend on which games ran before it or in which process — runs can be split
across processes and still give identical totals, and any game can be replayed.

The ``shuffle`` stream, reseeded for every game, is a :class:`Stream`: in the compiled engine the
C generator of ``engine/_streams.c`` (random.Random's numbers, seeded in about 2.2 µs rather than
3.3: the seeding was a third of a short goldfish game), else ``random.Random`` itself.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable
from typing import Protocol, TypeVar

T = TypeVar("T")

__all__ = [
    "MAX_SEED", "NATIVE_STREAM", "GameRng", "Stream", "derive_seed", "draw_random", "new_seed", "reseeder",
    "stream_seeds", "unseeded_random",
]


class Stream(Protocol):
    """What the engine draws a game's cards with: ``random.Random`` or the compiled engine's C
    stream (``engine/_streams.c``), which gives the very same numbers for the same int seed."""

    def random(self) -> float: ...

    def seed(self, n: int, /) -> None: ...


def _native_stream() -> Callable[[], Stream] | None:
    """The C stream's type: the compiled engine's build holds it beside the mypyc modules
    (engine/_native.py); the pure engine has none."""
    try:
        from ._streams import Stream as native
    except ImportError:
        return None
    return native


_NativeStream = _native_stream()

NATIVE_STREAM = _NativeStream is not None  # whether the shuffle streams are the C generator

# Seeds chosen by the engine stay below 2**53 so that JavaScript reads them exactly.
MAX_SEED = 2**53 - 1


def new_seed() -> int:
    """A fresh base seed, for a run that was not given one."""
    return secrets.randbelow(MAX_SEED + 1)


def unseeded_random() -> Stream:
    """A stream for a runner that seeds it before its first draw: the C stream of the compiled
    engine (random.Random(0)'s state until seeded), else a ``random.Random`` left unseeded.

    ``random.Random()`` seeds itself from the operating system (os.urandom and a full seeding: about
    15 µs, ``Random(0)`` about 7 µs), a state such a runner never reads: a goldfish request built one
    for each range of games its budget times, eight a request. The pure engine's stream draws 0.0
    until it is seeded.

    >>> r, same = unseeded_random(), random.Random(5)
    >>> r.seed(5)
    >>> [r.random() for _ in range(700)] == [same.random() for _ in range(700)]
    True
    """
    if _NativeStream is not None:
        return _NativeStream()
    rand = random.Random.__new__(random.Random)  # noqa: S311 - game randomness, not secrets
    rand.gauss_next = None  # type: ignore[attr-defined]  # what Random.seed resets, not in typeshed
    return rand


def reseeder(rand: Stream) -> Callable[[int], None]:
    """The cheapest way to seed *rand* with an int: the C stream's own seed, or the C seeding under
    ``random.Random.seed`` (the same state for an int seed, without the wrapper's type checks and its
    reset of ``gauss_next``, which the engine's streams never use)."""
    if isinstance(rand, random.Random):
        return super(random.Random, rand).seed
    return rand.seed


def derive_seed(seed: int, index: int, stream: str) -> int:
    """The 64-bit seed of one stream of one game.

    >>> derive_seed(1, 0, "shuffle") == derive_seed(1, 0, "shuffle") != derive_seed(1, 0, "dice")
    True
    """
    data = f"{seed}:{index}:{stream}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def stream_seeds(seed: int, stream: str) -> Callable[[int], int]:
    """``derive_seed(seed, index, stream)`` as a function of *index*, for runners: the same
    numbers, with the hash of the base seed's prefix computed once per run.

    >>> derive = stream_seeds(1, "shuffle")
    >>> [derive(i) for i in (0, 9, 10**12)] == [derive_seed(1, i, "shuffle") for i in (0, 9, 10**12)]
    True
    """
    base = hashlib.blake2b(f"{seed}:".encode(), digest_size=8)
    suffix = f":{stream}".encode()
    from_bytes = int.from_bytes

    def derive(index: int) -> int:
        h = base.copy()
        h.update(b"%d%s" % (index, suffix))
        return from_bytes(h.digest(), "little")

    return derive


class GameRng:
    """The random streams of one game: ``shuffle`` for the decks, ``dice`` for 12-sided dice.

    Reseeding one object per process is cheaper than building a new ``Random``
    per game, so a runner calls :meth:`start` for each game.
    """

    __slots__ = ("_derive", "_derive_seed", "_dice", "_index", "_reseed", "_seed", "shuffle")

    def __init__(self, seed: int = 0, index: int = 0) -> None:
        self.shuffle: Stream = unseeded_random()  # start() seeds it below
        self._reseed = reseeder(self.shuffle)
        self._dice: random.Random | None = None
        self._derive_seed = seed
        self._derive = stream_seeds(seed, "shuffle")
        self.start(seed, index)

    def start(self, seed: int, index: int) -> None:
        """Point the streams at game *index* of the run with base *seed*."""
        self._seed, self._index = seed, index
        if seed != self._derive_seed:
            self._derive_seed, self._derive = seed, stream_seeds(seed, "shuffle")
        self._reseed(self._derive(index))  # self.shuffle.seed(...), as the fast path reseeds
        self._dice = None  # made on first use: the goldfish rarely rolls

    @property
    def seed(self) -> int:
        """The run's base seed."""
        return self._seed

    @property
    def index(self) -> int:
        """The game's index in the run."""
        return self._index

    @property
    def dice(self) -> random.Random:
        if self._dice is None:
            self._dice = random.Random(derive_seed(self._seed, self._index, "dice"))  # noqa: S311
        return self._dice

    def d12(self) -> int:
        """Roll one of the three 12-sided dice (rules 1 and 3)."""
        return self.dice.randint(1, 12)


def draw_random(pile: list[T], rand: Stream) -> T:
    """Take a uniformly random card out of *pile* (order of *pile* is irrelevant).

    Drawing a random card from an unordered pile has the same law as shuffling
    the pile and drawing from the top, at the cost of one random number per card
    actually drawn: the engine shuffles lazily. ``int(random() * n)`` is biased
    by less than n / 2**53, far below any figure the goldfish reports.
    """
    i = int(rand.random() * len(pile))
    card = pile[i]
    pile[i] = pile[-1]
    pile.pop()
    return card
