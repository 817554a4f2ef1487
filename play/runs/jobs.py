"""What a queued run of each kind computes: its chunk size, a slice of games, the merged answer.

Each kind registers its job here (``register``), from its own feature (play.goldfish.jobs,
play.matchups.jobs, play.compare.jobs, imported by play.apps at start-up): the queue names no
feature, so no import runs from the queue back up to the pages that fill it.

A job is built from a run's stored parameters (the lists are validated again, as the request did)
over the card data the run was queued with (``pin``, kept in ``SimulationRun.cards``): every chunk
plays the cards of the moment the run was queued, whatever the catalogue does meanwhile (issue 38).
Its answer is exactly the answer of the same request played in one process — the same keys in the
same order — because game i draws only from (seed, i) and the tallies of consecutive ranges merge
into the tally of the whole range.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import pickle  # noqa: S403 - only tallies this site wrote, signed with its SECRET_KEY (see loads)
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings

from cards.lookup import cards_pinned, cards_recorded
from engine import CardData, card_from_dict, card_to_dict
from play.models import SimulationRun
from play.runs import budget


@dataclass
class Prepared:
    """A request of one kind, checked, as a queued run would keep it (what each kind's ``prepare``
gives play.runs.answer.simulate; here, below the API's layer, so that the kinds' services import it
at start-up without DRF: tests/test_command_startup.py)."""

    kind: str
    game: str
    params: dict[str, Any]  # the run's parameters; "seed" is never None
    memo: tuple[object, ...] | None = None  # a seeded request's parts: its answer is memoised
    private: bool = False
    whole: Callable[[Job], dict[str, Any]] | None = None  # an answer played apart (the goldfish's trace)


class Job(Protocol):
    # The most games between two looks at the time limit and the heartbeat's flag (cancelled, or
    # the lease lost); the worker sizes slices by measured time below it (play.runs.worker).
    slice: int

    def new_tally(self) -> Any: ...

    def play(self, start: int, stop: int, deadline: float | None) -> tuple[Any, int]: ...

    # A queued run is merged only with every game (CONTRACT section 5): the worker passes
    # played == the run's games and stopped=False.
    def report(self, tally: Any, played: int, stopped: bool) -> dict[str, Any]: ...


class JobKind(Protocol):
    """A job class: built from a run, and priced before the run exists."""

    # True when each game depends on the ones before (a swap race): the run's chunks are played one
    # after the other, each resumed from the tallies of those before (``Job.resume``), so that a
    # long race holds a worker one chunk at a time, not for its whole length (issue 38 R13).
    sequential: bool
    # (optional) True when the job's state cannot pass from one chunk to the next (the improve search,
    # whose steps hold players built from closures): its run is one chunk, played in slices.
    # whole: bool

    def __call__(self, run: SimulationRun) -> Job: ...

    # The fixed cost of one game of a run with these params (play.runs.budget).
    def seconds_per_game(self, game: str, params: dict[str, Any]) -> float: ...


JOBS: dict[str, JobKind] = {}
# What the run page shows of a finished run of a kind (play.runs.views), registered beside its job.
PAGES: dict[str, Callable[[SimulationRun, dict[str, Any]], dict[str, Any]]] = {}


def register(kind: str, job: Any, *, page: Callable[[SimulationRun, dict[str, Any]], dict[str, Any]] | None = None) -> None:
    """Make *job* the work of runs of *kind* (and *page* what the run page shows once it is done)."""
    JOBS[kind] = job
    if page is not None:
        PAGES[kind] = page


def job_for(run: SimulationRun) -> Job:
    """The run's job, its lists read over the card data the run was queued with (``pin``)."""
    if run.cards is None:  # queued before runs kept their cards: the catalogue of the moment
        return JOBS[run.kind](run)
    with cards_pinned(_pinned_cards(run)):
        return JOBS[run.kind](run)


def pin(kind: str, game: str, params: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The card data a run of these params plays, to keep with it: every card (with its tokens) that
    building its job finds in the catalogue now, as ``engine.card_to_dict`` writes them, by game and
    code. None when the lists no longer build a job: the run fails at its first chunk, saying why."""
    try:
        with cards_recorded() as found:
            JOBS[kind](SimulationRun(kind=kind, game=game, params=params))
    except Exception:  # noqa: BLE001 - whatever the job refuses, its first chunk says it
        return None
    return [card_to_dict(found[key]) for key in sorted(found)]


# The pinned cards of the runs this process played last, read once for all their chunks.
_kept: OrderedDict[Any, tuple[CardData, ...]] = OrderedDict()
_kept_lock = threading.Lock()


def _pinned_cards(run: SimulationRun) -> tuple[CardData, ...]:
    with _kept_lock:
        cards = _kept.get(run.pk)
        if cards is None:
            cards = _kept[run.pk] = tuple(card_from_dict(d) for d in run.cards or ())
            if len(_kept) > 8:
                _kept.popitem(last=False)
        return cards


def seconds_per_game(kind: str, game: str, params: dict[str, Any]) -> float:
    """The run's cost per game: measured on its own decks by the request that played its first games
    (``measured_seconds_per_game``, play.runs.answer.simulate), else the fixed costs of the kind
    (play.runs.budget)."""
    measured = params.get(MEASURED)
    if measured:
        return float(measured)
    return JOBS[kind].seconds_per_game(game, params)


# The key of a run's params that keeps the seconds per game measured at submission, so that the
# plan of a stored run can be computed again (the same chunks) whatever the machine does later.
MEASURED = "measured_seconds_per_game"


def plan(kind: str, game: str, params: dict[str, Any]) -> list[tuple[int, int]]:
    """The chunks of a run: consecutive game ranges of nearly equal size, as many as
    play.runs.budget.chunk_count gives for its cost per game and settings.SIMULATION_WORKERS workers,
    so that even a small run is shared between the workers (a swap race, whose rounds depend on the
    ones before, is played one chunk after the other). A pure function of the stored params: the same
    run, the same plan."""
    games = params["games"]
    seconds = games * seconds_per_game(kind, game, params)
    if getattr(JOBS[kind], "whole", False):  # a job that cannot resume in another chunk: one chunk
        return [(0, games)]
    if JOBS[kind].sequential:  # one after the other: chunks of about SIMULATION_CHUNK_SECONDS each
        return budget.split(games, math.ceil(seconds / settings.SIMULATION_CHUNK_SECONDS - 1e-9))
    return budget.split(games, budget.chunk_count(seconds, workers=settings.SIMULATION_WORKERS))


def sequential_kinds() -> list[str]:
    """The kinds whose chunks are played one after the other (JobKind.sequential)."""
    return [kind for kind, job in JOBS.items() if job.sequential]


def expected_seconds(kind: str, game: str, params: dict[str, Any], chunks: int) -> float:
    """How long a run's games take once started, on idle workers: its chunks played
    settings.SIMULATION_WORKERS at a time, each on one core at the run's price per game (the
    messages, the claims and the merge not counted). The run page looks for its answer then
    (play.runs.services.expected_end) until its first chunks land: a price that was too high costs no
    more than the age schedule."""
    chunks = max(chunks, 1)
    per_chunk = params["games"] * seconds_per_game(kind, game, params) / chunks
    if JOBS[kind].sequential:
        return chunks * per_chunk
    return math.ceil(chunks / max(settings.SIMULATION_WORKERS, 1)) * per_chunk


# Tallies travel between workers through the database: pickled, and signed so that a row
# written by anything but this site's workers is refused instead of unpickled.
def _mac(data: bytes) -> bytes:
    key = hashlib.sha256(b"play.chunk-tally" + settings.SECRET_KEY.encode()).digest()
    return hmac.new(key, data, hashlib.sha256).digest()


def dumps(tally: Any) -> bytes:
    data = pickle.dumps(tally, protocol=pickle.HIGHEST_PROTOCOL)
    return _mac(data) + data


def loads(blob: bytes) -> Any:
    blob = bytes(blob)
    mac, data = blob[:32], blob[32:]
    if not hmac.compare_digest(mac, _mac(data)):
        raise ValueError("chunk tally with a bad signature")
    return pickle.loads(data)  # noqa: S301 - signed above
