"""Seeded randomness: every game is its base seed plus its index.

Each game's randomness is derived by hashing (base seed, game index, stream name). A game's result
therefore does not depend on which games ran before it or in which process — runs can be split
across processes and still give identical totals, and any game can be replayed.

**Decks are dealt by card identity** (docs/contract.md §6, "Pairing follows the cards"). Every
physical copy of a card has a 64-bit identity, a hash of its code and copy number
(:func:`card_ids`); each shuffle of each game (seat, pile, round: the mulligan of 11.b shuffles
again) has a 64-bit key (:meth:`GameRng.deal`), and the shuffled pile is the copies sorted by
``mix(key ^ identity)`` (:func:`deal`: the next card drawn is the last of the list, ``pile.pop()``).
So the order of a list's lines never matters, and when B is A with some cards replaced the cards
both hold come in the same order in game *i* of both: only the replaced card moves (a card between
its old and new place is drawn one step earlier or later). ``mix`` is SplitMix64's finalizer, a
bijection of 64-bit words: distinct identities never tie. This module is Python only; the compiled
engine compiles it with mypyc like its other hot modules (engine/_native.py).

The ``shuffle`` stream (``random.Random`` seeded with the game's deal seed) and ``dice`` are random
streams of the game made on first use; no deck is dealt from them.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")

__all__ = [
    "MAX_SEED", "GameRng", "card_ids", "deal", "derive_seed", "mix64", "new_seed", "shuffle_key", "stream_seeds",
]

# Seeds chosen by the engine stay below 2**53 so that JavaScript reads them exactly.
MAX_SEED = 2**53 - 1


def new_seed() -> int:
    """A fresh base seed, for a run that was not given one."""
    return secrets.randbelow(MAX_SEED + 1)


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


M64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # 2**64 / golden ratio: spreads a shuffle's small tag over 64 bits
_IDS: dict[tuple[str, int], int] = {}  # (code, copy) -> identity: a few hundred cards a process


def mix64(z: int) -> int:
    """SplitMix64's finalizer (Stafford's mix 13): a bijection of 64-bit words with full avalanche.

    >>> mix64(0), mix64(1) != mix64(2)
    (0, True)
    """
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def _card_id(code: str, copy: int) -> int:
    key = (code, copy)
    found = _IDS.get(key)
    if found is None:
        data = f"{code.upper()}#{copy}".encode()
        found = _IDS[key] = int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")
    return found


def card_ids(codes: Iterable[str], in_place_of: Mapping[str, str] | None = None) -> list[int]:
    """The identity of each physical copy in a pile given by its cards' codes, copies numbered in
    the order met (copies of one card are alike, so which copy gets which number never shows).

    *in_place_of* maps a code to the code whose identities its copies take: a swap race deals a
    candidate exactly where the card it replaces would have been (engine.swaps), so its games differ
    from the list's only by that card. A list's own answer never uses it.

    >>> a, b = card_ids(["X-1", "Y-2", "X-1"]), card_ids(["Y-2", "X-1", "X-1"])
    >>> sorted(a) == sorted(b) and a[0] == b[1] and a[2] == b[2] and a[0] != a[2]
    True
    """
    seen: dict[str, int] = {}
    out: list[int] = []
    for code in codes:
        if in_place_of:
            code = in_place_of.get(code, code)
        k = seen.get(code, 0)
        seen[code] = k + 1
        out.append(_card_id(code, k))
    return out


def shuffle_key(base: int, seat: int, pile: int, round_: int) -> int:
    """The key of one shuffle of a game whose deal seed is *base*: seat, pile (Misión: 0 Entes,
    1 Elementos) and round (0 the first shuffle, r after the r-th mulligan of 11.b)."""
    return mix64(base ^ (((seat << 40) | (pile << 32) | round_) * _GOLDEN & M64))


_LANES: dict[int, tuple[int, int, struct.Struct]] = {}  # pile size -> (ones, mask, 128-bit lanes)


def deal(key: int, items: list[T], ids: Sequence[int], /) -> list[T]:
    """*items* (identities *ids*, one each) shuffled by *key*: sorted by ``mix64(key ^ id)``, the
    first card to draw last (``pile.pop()`` draws). Equal identities keep their order.

    The pile's identities are mixed at once, one 128-bit lane each of a single int (a lane's
    product by a 64-bit constant never reaches the next lane; the masks drop what a shift brings
    in): about half the time of mixing them one by one in Python.

    >>> deal(5, ["a", "b", "c"], [1, 2, 3]) == deal(5, ["c", "a", "b"], [3, 1, 2])
    True
    >>> keys = [mix64(5 ^ i) for i in (1, 2, 3)]
    >>> deal(5, ["a", "b", "c"], [1, 2, 3]) == [x for _, x in sorted(zip(keys, "abc"), reverse=True)]
    True
    """
    n = len(ids)
    lanes = _LANES.get(n)
    if lanes is None:
        ones = sum(1 << (128 * j) for j in range(n))
        lanes = _LANES[n] = (ones, ones * M64, struct.Struct("<" + "Q8x" * n))
    ones, mask, layout = lanes
    z = int.from_bytes(layout.pack(*ids), "little") ^ key * ones
    z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
    keys: tuple[int, ...] = layout.unpack(((z ^ (z >> 31)) & mask).to_bytes(16 * n, "little"))
    order = sorted(range(n), key=keys.__getitem__, reverse=True)
    return [items[k] for k in order]


class GameRng:
    """The randomness of one game: :meth:`deal` for the decks, ``dice`` for 12-sided dice and
    ``shuffle``, a random stream of the game, both made on first use.

    Reseeding one object per process is cheaper than building new streams per game, so a runner
    calls :meth:`start` for each game.
    """

    __slots__ = ("_derive", "_derive_seed", "_dice", "_index", "_seed", "_shuffle", "base")

    def __init__(self, seed: int = 0, index: int = 0) -> None:
        self._shuffle: random.Random | None = None
        self._dice: random.Random | None = None
        self._derive_seed = seed
        self._derive = stream_seeds(seed, "shuffle")
        self.base = 0
        self.start(seed, index)

    def start(self, seed: int, index: int) -> None:
        """Point the streams at game *index* of the run with base *seed*."""
        self._seed, self._index = seed, index
        if seed != self._derive_seed:
            self._derive_seed, self._derive = seed, stream_seeds(seed, "shuffle")
        self.base = self._derive(index)  # the game's deal seed: derive_seed(seed, index, "shuffle")
        self._shuffle = None
        self._dice = None  # made on first use: the goldfish rarely rolls

    def deal(self, items: list[T], ids: Sequence[int], seat: int = 0, pile: int = 0, round_: int = 0) -> list[T]:
        """*items* (identities *ids*, :func:`card_ids`) shuffled for this game's shuffle (seat,
        pile, round): the first card to draw is the last of the list."""
        return deal(shuffle_key(self.base, seat, pile, round_), items, ids)

    @property
    def shuffle(self) -> random.Random:
        """A random stream of this game, ``random.Random(base)``; no deck is dealt from it."""
        if self._shuffle is None:
            self._shuffle = random.Random(self.base)  # noqa: S311 - game randomness, not secrets
        return self._shuffle

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
