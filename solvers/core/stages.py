"""Stage clock: the CPU time of making puzzles, charged to the stage that spent it.

Vocabulary: a *stage* is one named part of a puzzle's way into a bank (generate, grade,
independent count, check, trace + score, admission bookkeeping); code marks the part it runs
with `with stage(NAME):`. Stages nest: an inner stage's time is its own, not its caller's (the
grade a generator asks for inside its generation is charged to "grade"). Time is counted only
while a clock is *measuring* (`StageClock.measuring()`, one at a time, in this process); when
none is, `stage` costs one function call and records nothing.
"""

import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

GENERATE = "generate"
GRADE = "grade"
INDEPENDENT_COUNT = "independent count"
CHECK = "check"
TRACE = "trace + score"
BOOKKEEPING = "admission bookkeeping"
STAGES = (GENERATE, GRADE, INDEPENDENT_COUNT, CHECK, TRACE, BOOKKEEPING)

_NOT_MEASURING: AbstractContextManager[None] = nullcontext()


class StageClock:
    """CPU seconds per stage name (`seconds`), charged by `stage` while this clock measures."""

    _active: "StageClock | None" = None

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self._running: list[str] = []
        self._since = 0.0

    @contextmanager
    def measuring(self, outer: str) -> Iterator["StageClock"]:
        """Measure while the block runs, charging time no marked stage claims to `outer`;
        RuntimeError when another clock is measuring."""
        if StageClock._active is not None:
            raise RuntimeError("a stage clock is already measuring")
        StageClock._active = self
        try:
            with self._stage(outer):
                yield self
        finally:
            StageClock._active = None

    @contextmanager
    def _stage(self, name: str) -> Iterator[None]:
        self._switch()
        self._running.append(name)
        try:
            yield
        finally:
            self._switch()
            self._running.pop()

    def _switch(self) -> None:
        """Charge the time since the last switch to the running stage."""
        now = time.process_time()
        if self._running:
            name = self._running[-1]
            self.seconds[name] = self.seconds.get(name, 0.0) + now - self._since
        self._since = now


def stage(name: str) -> AbstractContextManager[None]:
    """Return a context that charges its block's CPU time to stage `name` (nothing when no
    clock is measuring)."""
    clock = StageClock._active
    return _NOT_MEASURING if clock is None else clock._stage(name)
