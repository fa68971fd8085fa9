"""Batches and the plan: which boards the generation tasks make, sized to what each bucket needs.

Vocabulary: a *bucket* is a (size, grade) pair (pipeline.quotas); its *seed stream* gives board n
the seed derive_seed(master, size text, grade, n // STREAM_BLOCK, n % STREAM_BLOCK); a *batch* is
`boards` consecutive boards of one stream from board `start`; a *work* is what one task does:
some batches to generate and grade (confirming the contenders their bucket is sure to take), and
some contenders made earlier to confirm. A board's *cost* is the CPU
milliseconds one attempt of its bucket took when the genre's reachability table was measured
(pipeline.costs); works are cut to about TASK_MS of it. The plan depends only on the outcomes
taken in so far (in task order), the budget and those stored costs, never on the number of
workers or on timing, so the same build makes the same boards on any machine.
"""

import copy
import math
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pipeline.admission import Confirmed, Contender, confirm, contend
from pipeline.costs import BucketCost, bucket_costs, by_cells
from pipeline.outcomes import Rejection
from pipeline.quotas import Bucket, Quotas, planned
from pipeline.seeds import derive_seed
from pipeline.sizes import Size
from pipeline.timeline import Span, Stopwatch
from solvers.core.deadline import OutOfTime, within

STREAM_BLOCK = 64  # boards per seed block: the seeds of builds made before the plan sized batches
TASK_MS = 500  # a work's boards cost about this much (table ms, about CPU ms when the table is
# fresh): small enough that two workers end a fill of a few seconds together (a plan's last work
# ends its wave), large enough that a work's hand-off (about 1 ms in the pool) does not weigh
BOARDS_PER_TASK = 64  # a bucket's boards in one work, unless the generator or the job says
PLAN_MS = 4 * TASK_MS  # the most cost one plan gives one bucket: a quota of 10**9 plans about
# 700 5x5 Slant boards a bucket at a time, not 10**9 (no spec of the stored digests reaches it)
CONFIRMS_PER_TASK = 16  # contenders a confirm-only task waits for, unless nothing else is coming



@dataclass(frozen=True)
class Batch:
    """Boards start..start+boards-1 of the (size, grade) bucket's seed stream; the first
    `confirm` contenders they give are confirmed in the task too (see Planner.pack)."""

    size: Size
    grade: str
    start: int
    boards: int
    confirm: int = 0

    @property
    def bucket(self) -> Bucket:
        """Return the bucket whose seed stream the batch draws from."""
        return self.size, self.grade

    def seeds(self, master: int) -> list[int]:
        """Return the derived seed of each board of the batch, in stream order."""
        return [derive_seed(master, str(self.size), self.grade, n // STREAM_BLOCK, n % STREAM_BLOCK)
                for n in range(self.start, self.start + self.boards)]


@dataclass(frozen=True)
class Work:
    """What one task does: generate and grade `batches`, confirm `contenders`."""

    batches: tuple[Batch, ...] = ()
    contenders: tuple[Contender, ...] = ()

    @property
    def label(self) -> str:
        """Return a short name for the task run, e.g. "5x5/count 0-11, 7x7/duet 4-9, 3 confirms"."""
        parts = [f"{b.size}/{b.grade} {b.start}-{b.start + b.boards - 1}" for b in self.batches]
        if self.contenders:
            parts.append(f"{len(self.contenders)} confirms")
        return ", ".join(parts)

    def boards(self) -> int:
        """Return how many boards the work generates."""
        return sum(batch.boards for batch in self.batches)


@dataclass(frozen=True)
class Done:
    """What one task gives back: the outcome of every board of every batch (a contender, one
    confirmed in the task, or a rejection), and the second-stage verdict (None or a reason) of
    every contender to confirm, both in the work's order."""

    outcomes: tuple[tuple[Contender | Confirmed | Rejection, ...], ...]
    verdicts: tuple[Rejection | None, ...]
    span: Span | None = field(default=None, compare=False)  # where and when it ran, if timed

    def contenders(self) -> int:
        """Return how many boards gave a contender (confirmed or not)."""
        return sum(not isinstance(o, Rejection) for outcomes in self.outcomes for o in outcomes)

    def confirmed(self) -> int:
        """Return how many contenders the task confirmed: the work's and its own."""
        return len(self.verdicts) + sum(isinstance(o, Confirmed) for outcomes in self.outcomes
                                        for o in outcomes)


def run_batch(
    genre: str, batch: Batch, master: int, options: dict[str, Any] | None = None,
    deadline: float | None = None,
) -> tuple[Contender | Confirmed | Rejection, ...]:
    """Return the outcome of every board: a rejection, or a contender, confirmed when it is one
    of the batch's first `confirm` contenders; past the epoch second `deadline`, no more boards
    (the outcomes end early). A board is made and confirmed within the time left before the
    deadline (solvers/core/deadline.py: every engine, and the C searches with no node limit,
    give up on it), so a board of a large size that would take minutes ends at the deadline
    too, with no outcome."""
    spec = batch.size.spec(batch.grade, options)
    outcomes: list[Contender | Confirmed | Rejection] = []
    left = batch.confirm
    for seed in batch.seeds(master):
        seconds = None if deadline is None else deadline - time.time()
        if seconds is not None and seconds <= 0:
            break
        try:
            with within(seconds):
                made = contend(genre, spec, seed)
                outcome = Confirmed(made, confirm(genre, made)) \
                    if isinstance(made, Contender) and left > 0 else made
        except OutOfTime:
            break
        left -= isinstance(outcome, Confirmed)
        outcomes.append(outcome)
    return tuple(outcomes)


def run_work(genre: str, work: Work, master: int, options: dict[str, Any] | None = None,
             deadline: float | None = None) -> Done:
    """Return what `work` gives: its contenders confirmed, its batches generated (each cut
    short past `deadline`, see run_batch)."""
    verdicts = tuple(confirm(genre, contender) for contender in work.contenders)
    return Done(tuple(run_batch(genre, batch, master, options, deadline)
                      for batch in work.batches), verdicts)


@dataclass(frozen=True)
class Maker:
    """What the works of one genre's fill share, callable on a work (picklable, so an executor's
    worker runs it): the genre, the master seed, the generator's options and the deadline."""

    genre: str
    master: int
    options: dict[str, Any]
    deadline: float | None = None

    def __call__(self, work: Work) -> Done:
        """Return the work's Done (see run_work), with its span."""
        with Stopwatch() as watch:
            done = run_work(self.genre, work, self.master, self.options, self.deadline)
        return replace(done, span=watch.span)


@dataclass
class Planner:
    """Hands out works until every bucket is full or the attempt budget is spent.

    A short bucket gets boards for what it still needs: its quota less the rows it holds or may
    hold from its contenders, and less the hits its boards in flight should bring at its
    measured hit rate; as many boards as that need over the hit rate. The boards of one plan
    are cut into the fewest works of at most about TASK_MS of `cost` each, of equal cost, in
    batches of at most `boards_per_task` boards (a cap per bucket and work, not per work: the
    boards of a small size are cheap); no new boards while `tasks_in_flight` works are out,
    and no more boards of a bucket in one plan than PLAN_MS of cost, so a plan stays small
    whatever the quota.
    """

    budget: int
    boards_per_task: int
    tasks_in_flight: int
    cost: BucketCost = by_cells
    remaining: int = field(init=False)
    next_board: Counter[Bucket] = field(init=False, default_factory=Counter)
    flying: Counter[Bucket] = field(init=False, default_factory=Counter)

    def __post_init__(self) -> None:
        self.remaining = self.budget

    def wanted(self, quotas: Quotas) -> list[tuple[Bucket, int]]:
        """Return (bucket, boards) for each short bucket that needs boards now, in bucket order."""
        wanted = []
        for bucket in quotas.short():
            rate = quotas.hit_rate(bucket)
            need = quotas.quota - quotas.supply(bucket) - self.flying[bucket] * rate
            if need > 1e-9 and self.remaining > 0:
                most = max(1, int(PLAN_MS / self.cost(bucket)))
                boards = min(math.ceil(need / rate - 1e-9), self.remaining, most)
                self.remaining -= boards
                wanted.append((bucket, boards))
        return wanted

    def plan(self, quotas: Quotas, in_flight: int) -> list[Work]:
        """Return the works to submit now, given `in_flight` works already out.

        The contenders to confirm (Quotas.to_confirm) ride with the first work; they go alone
        only when CONFIRMS_PER_TASK are ready or no work is out to carry them later.
        """
        works = (self.pack(self.wanted(quotas), self.room(quotas))
                 if in_flight < self.tasks_in_flight else [])
        ready = quotas.confirmable()
        if ready and (works or ready >= CONFIRMS_PER_TASK or not in_flight):
            first = works[0] if works else Work()
            works[:1] = [Work(first.batches, tuple(quotas.to_confirm()))]
        for work in works:
            for batch in work.batches:
                self.flying[batch.bucket] += batch.boards
        return works

    def room(self, quotas: Quotas) -> dict[Bucket, int]:
        """Return, per bucket, how many more contenders it is sure to take if they pass: its
        quota less every contender it ever had (Quotas.hits) and less its boards in flight
        (each may give one). A board's contender is offered after all of those, so while the
        room is not used up by the boards before it, the bucket takes it if it passes."""
        return {bucket: quotas.quota - quotas.hits[bucket] - self.flying[bucket]
                for bucket in quotas.order}

    def pack(
        self, wanted: Sequence[tuple[Bucket, int]], room: Mapping[Bucket, int] | None = None
    ) -> list[Work]:
        """Return the boards of `wanted` cut into batches and packed into works, in order.

        With the fewest works of at most about TASK_MS, each work's share is the total cost
        over their number; a board goes to the work its cost's middle falls in, counted along
        the boards in order (so a work's cost is its share give or take a board's). A batch holds
        at most `boards_per_task` boards: a work may hold several batches of one bucket. A batch
        confirms as many of its contenders as its bucket's `room` (see Planner.room) has left
        after the boards planned before it (none without a room).
        """
        total = sum(boards * self.cost(bucket) for bucket, boards in wanted)
        if not total:
            return []
        share = total / math.ceil(total / TASK_MS - 1e-9)
        works: list[list[Batch]] = []
        spent = 0.0
        for bucket, boards in wanted:
            cost = self.cost(bucket)
            left = room[bucket] if room else 0
            for _ in range(boards):
                index = int((spent + cost / 2) / share)
                spent += cost
                if index >= len(works):
                    works.append([])
                batches = works[-1]
                last = batches[-1] if batches else None
                if last and last.bucket == bucket and last.boards < self.boards_per_task:
                    batches[-1] = replace(last, boards=last.boards + 1,
                                          confirm=last.confirm + (left > 0))
                else:
                    batches.append(Batch(*bucket, self.next_board[bucket], 1, int(left > 0)))
                left -= 1
                self.next_board[bucket] += 1
        return [Work(tuple(batches)) for batches in works]

    def first_works(self, quotas: Quotas) -> int:
        """Return how many works the first plan of a build with `quotas` has (nothing changes)."""
        return len(copy.deepcopy(self).plan(copy.deepcopy(quotas), 0))

    def landed(self, work: Work) -> None:
        """Note that a work's outcomes were taken in: its boards are no longer in flight."""
        for batch in work.batches:
            self.flying[batch.bucket] -= batch.boards


def first_plan_works(genre: str, sizes: Sequence[Size], grades: Sequence[str] | None,
                     per_grade: int) -> int:
    """Return how many works the first plan of a new build of this spec has (no shipped ids,
    no budget cut; a batch's cap does not change it): what decides whether a pool pays off."""
    buckets = planned(genre, sizes, grades)
    planner = Planner(per_grade * len(buckets), boards_per_task=1, tasks_in_flight=1,
                      cost=bucket_costs(genre))
    return planner.first_works(Quotas(buckets, per_grade))
