"""The time one command may spend solving: a deadline every engine checks as it goes.

Vocabulary: a *budget* is a number of seconds; a *deadline* is the moment on the monotonic
clock when a budget given at some moment runs out. `within(seconds)` sets the deadline for a
block (in a context variable, so it reaches every engine of every genre without a parameter
through the genre contract and its strategies); engines call `check()` in their loops, which
raises OutOfTime once the deadline has passed, and hand `seconds_left()` to a solver that keeps
time itself (CP-SAT's max_time_in_seconds; `give_up` then says it stopped on it). Outside
`within`, or with a budget of None, there is no deadline: `check()` only reads the variable,
so the generators and the builds, which set none, run as before and give the same results.

A check reads the context variable and, under a deadline, the clock: about 0.1 us. Loops whose
turns cost less than a few microseconds call it every CHECK_EVERY turns; one that turns slower
calls it every turn. A search stopped by OutOfTime leaves no answer behind: the exception
goes up to the command, which says so in one line (pipeline/cli.py).
"""

import contextlib
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass

CHECK_EVERY = 256  # turns of a fast loop between two checks (a power of two: `turn & MASK`)
CHECK_MASK = CHECK_EVERY - 1


class OutOfTime(Exception):
    """The deadline passed before the engines had an answer; str() is the line the user sees."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"no answer within {seconds:g} s: the puzzle is too open to decide "
                         f"in that time; give it more with --max-seconds")


@dataclass(frozen=True)
class Deadline:
    """A budget of `seconds` that runs out at `at` on time.monotonic()'s clock."""

    seconds: float
    at: float

    def left(self) -> float:
        """Return the seconds left before the deadline, 0.0 once it has passed."""
        return max(0.0, self.at - time.monotonic())


_CURRENT: ContextVar[Deadline | None] = ContextVar("solve_deadline", default=None)


@contextlib.contextmanager
def within(seconds: float | None) -> Iterator[Deadline | None]:
    """Within the block, engines give up `seconds` from now (none for None); yield the deadline.
    A deadline set around this block still holds when it comes sooner."""
    if seconds is None:
        yield _CURRENT.get()
        return
    outer = _CURRENT.get()
    deadline = Deadline(seconds, time.monotonic() + seconds)
    if outer is not None and outer.at < deadline.at:
        deadline = outer
    token = _CURRENT.set(deadline)
    try:
        yield deadline
    finally:
        _CURRENT.reset(token)


def check() -> None:
    """Raise OutOfTime when a deadline is set and has passed."""
    deadline = _CURRENT.get()
    if deadline is not None and time.monotonic() >= deadline.at:
        raise OutOfTime(deadline.seconds)


def seconds_left() -> float | None:
    """Return the seconds left before the deadline (None when there is none); OutOfTime when it
    has passed, so a solver is never started with no time at all."""
    deadline = _CURRENT.get()
    if deadline is None:
        return None
    check()
    return deadline.left()


def give_up() -> None:
    """Raise OutOfTime for the deadline in force: a solver that keeps time itself stopped on the
    time `seconds_left` gave it, without an answer. Without a deadline a solver with no time
    limit cannot have stopped on one: AssertionError."""
    deadline = _CURRENT.get()
    assert deadline is not None, "a solver gave up on time with no deadline set"
    raise OutOfTime(deadline.seconds)
