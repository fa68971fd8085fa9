"""The fill loop of a build, without Prefect: works out, results in, in the order they went out.

Vocabulary: *submit* hands a work to some executor and returns something whose result() is the
work's Done (a Prefect future, a concurrent.futures.Future...); *progress* is told the rows the
buckets hold after each result. See pipeline.batches for works and pipeline.quotas for buckets.
"""

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from pipeline.batches import Done, Planner, Work
from pipeline.quotas import Quotas


class Pending(Protocol):
    """A submitted work's handle."""

    def result(self) -> Done: ...


@dataclass(frozen=True)
class Filled:
    """What a fill did: tasks submitted and contenders confirmed (second-stage counts)."""

    tasks: int
    confirmed: int


def fill(
    quotas: Quotas, planner: Planner, submit: Callable[[Work], Pending],
    progress: Callable[[int], None] = lambda filled: None,
    out_of_time: Callable[[], bool] = lambda: False,
) -> Filled:
    """Submit the planner's works until no bucket is short, the budget is spent or, once
    `out_of_time()` says so, no new work is planned (the works out are still taken in); return
    what was done.

    After each result is taken in (in the order the works went out, one at a time) the
    planner is asked again, so workers get new works while results come in, and the rows
    never depend on which work finishes first.
    """
    in_flight: deque[tuple[Work, Pending]] = deque()
    tasks = confirmed = 0
    while True:
        for work in () if out_of_time() else planner.plan(quotas, len(in_flight)):
            in_flight.append((work, submit(work)))
            tasks += 1
        if not in_flight:
            return Filled(tasks, confirmed)
        work, pending = in_flight.popleft()
        done = pending.result()
        for contender, verdict in zip(work.contenders, done.verdicts, strict=True):
            quotas.settle(contender, verdict)
        for batch, outcomes in zip(work.batches, done.outcomes, strict=True):
            for outcome in outcomes:
                quotas.offer(batch.bucket, outcome)
        planner.landed(work)
        confirmed += done.confirmed()
        progress(quotas.filled())
