"""Batches and the plan: which boards the generation tasks make, sized to what each bucket needs.

Vocabulary: a *bucket* is a (size, grade) pair (pipeline.quotas); its *seed stream* gives board n
the seed derive_seed(master, size text, grade, n // STREAM_BLOCK, n % STREAM_BLOCK); a *batch* is
`boards` consecutive boards of one stream from board `start`; a *work* is what one task does:
some batches to generate and grade, and some contenders to confirm. The plan depends only on
the outcomes taken in so far (in task order) and the budget, never on the number of workers or
on timing, so the same build makes the same boards on any machine.
"""

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pipeline.admission import Contender, confirm, contend
from pipeline.outcomes import Rejection
from pipeline.quotas import Bucket, Quotas
from pipeline.seeds import derive_seed
from pipeline.sizes import Size

STREAM_BLOCK = 64  # boards per seed block: the seeds of builds made before the plan sized batches
CELLS_PER_TASK = 1600  # a task's boards have about this many cells in all (work to outweigh
# Prefect's per-task cost, about 0.1 s: e.g. 64 5x5 or 16 10x10 Slant boards)
CONFIRMS_PER_TASK = 16  # contenders a confirm-only task waits for, unless nothing else is coming


@dataclass(frozen=True)
class Batch:
    """Boards start..start+boards-1 of the (size, grade) bucket's seed stream."""

    size: Size
    grade: str
    start: int
    boards: int

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
    """What one task gives back: the first-stage outcome of every board of every batch, and the
    second-stage verdict (None or a reason) of every contender, both in the work's order."""

    outcomes: tuple[tuple[Contender | Rejection, ...], ...]
    verdicts: tuple[Rejection | None, ...]

    def contenders(self) -> int:
        """Return how many boards gave a contender."""
        return sum(isinstance(o, Contender) for outcomes in self.outcomes for o in outcomes)


def run_batch(
    genre: str, batch: Batch, master: int, options: dict[str, Any] | None = None
) -> tuple[Contender | Rejection, ...]:
    """Return the first-stage outcome (a contender or a rejection) of every board."""
    spec = batch.size.spec(batch.grade, options)
    return tuple(contend(genre, spec, seed) for seed in batch.seeds(master))


def run_work(genre: str, work: Work, master: int, options: dict[str, Any] | None = None) -> Done:
    """Return what `work` gives: its contenders confirmed, its batches generated."""
    verdicts = tuple(confirm(genre, contender) for contender in work.contenders)
    return Done(tuple(run_batch(genre, batch, master, options) for batch in work.batches),
                verdicts)


@dataclass
class Planner:
    """Hands out works until every bucket is full or the attempt budget is spent.

    A short bucket gets boards for what it still needs: its quota less the rows it holds or may
    hold from its contenders, and less the hits its boards in flight should bring at its
    measured hit rate; as many boards as that need over the hit rate. Boards are packed into
    works of about CELLS_PER_TASK cells and at most `boards_per_task` boards; no new boards
    while `tasks_in_flight` works are out.
    """

    budget: int
    boards_per_task: int
    tasks_in_flight: int
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
                boards = min(math.ceil(need / rate - 1e-9), self.remaining)
                self.remaining -= boards
                wanted.append((bucket, boards))
        return wanted

    def plan(self, quotas: Quotas, in_flight: int) -> list[Work]:
        """Return the works to submit now, given `in_flight` works already out.

        The contenders to confirm (Quotas.to_confirm) ride with the first work; they go alone
        only when CONFIRMS_PER_TASK are ready or no work is out to carry them later.
        """
        works = self.pack(self.wanted(quotas)) if in_flight < self.tasks_in_flight else []
        ready = quotas.confirmable()
        if ready and (works or ready >= CONFIRMS_PER_TASK or not in_flight):
            first = works[0] if works else Work()
            works[:1] = [Work(first.batches, tuple(quotas.to_confirm()))]
        for work in works:
            for batch in work.batches:
                self.flying[batch.bucket] += batch.boards
        return works

    def pack(self, wanted: Sequence[tuple[Bucket, int]]) -> list[Work]:
        """Return the boards of `wanted` cut into batches and packed into works, in order."""
        works: list[Work] = []
        batches: list[Batch] = []
        cells = boards_in_work = 0
        for bucket, boards in wanted:
            area = bucket[0].cells
            while boards:
                room = min(self.boards_per_task - boards_in_work,
                           max(1, (CELLS_PER_TASK - cells) // area))
                if room <= 0 or (batches and cells + area > CELLS_PER_TASK):
                    works.append(Work(tuple(batches)))
                    batches, cells, boards_in_work = [], 0, 0
                    continue
                take = min(room, boards)
                batches.append(Batch(*bucket, self.next_board[bucket], take))
                self.next_board[bucket] += take
                boards -= take
                cells += take * area
                boards_in_work += take
        if batches:
            works.append(Work(tuple(batches)))
        return works

    def landed(self, work: Work) -> None:
        """Note that a work's outcomes were taken in: its boards are no longer in flight."""
        for batch in work.batches:
            self.flying[batch.bucket] -= batch.boards
