"""engine.pool: the one home of how a run's ranges are played by a pool of processes (the goldfish
command's and the matchup's): answers in the order of the parts, every process begun with the
run's state, and no process left behind when a part fails or the consumer stops early."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time

import pytest

from engine.pool import in_order

_STATE: list[int] = []


def _begin(state: int) -> None:
    _STATE[:] = [state]


def _play(part: int) -> tuple[int, int, int]:
    time.sleep(0.02 * (part % 3))  # later parts may finish first
    return part, _STATE[0], os.getpid()


def _fail_on_three(part: int) -> int:
    if part == 3:
        raise ValueError("part 3 cannot be played")
    return part


def _sigterm_handler(_part: int) -> bool:
    return signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def _none_left() -> bool:
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.02)
    return not multiprocessing.active_children()


def test_answers_come_in_the_order_of_the_parts_from_processes_begun_with_the_state():
    answers = list(in_order(2, _play, range(12), _begin, 41))
    assert [part for part, _, _ in answers] == list(range(12))
    assert {state for _, state, _ in answers} == {41}
    assert os.getpid() not in {pid for _, _, pid in answers}
    assert _none_left()


def test_a_failing_part_raises_in_the_parent_and_ends_the_pool():
    with pytest.raises(ValueError, match="part 3"):
        list(in_order(2, _fail_on_three, range(8), _begin, 0))
    assert _none_left()


def test_a_consumer_that_stops_early_ends_the_pool():
    answers = in_order(2, _play, range(40), _begin, 1)
    assert next(answers)[0] == 0
    answers.close()  # what a loop left by an exception does when the generator is dropped
    assert _none_left()


def test_a_process_of_the_pool_ends_on_sigterm_whatever_its_parent_did():
    noted = signal.signal(signal.SIGTERM, lambda *_: None)  # RQ's worker leaves such a handler
    try:
        assert all(in_order(2, _sigterm_handler, range(4), _begin, 0))
    finally:
        signal.signal(signal.SIGTERM, noted)
