"""Batches: the unit of work a generation task does, and the plan that hands them out in rounds.

Vocabulary: a *bucket* is a (size, grade) pair, size as "WxH"; a *batch* is `boards` consecutive
seeds of one bucket's seed stream, numbered by `index` within that bucket; a *round* is the list of
batches submitted together. Rounds depend only on which buckets are short and how much budget is
left, never on the number of workers, so the same build gives the same boards on any machine.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generators import GenerationSpec
from pipeline.admission import admit
from pipeline.seeds import derive_seed

Bucket = tuple[str, str]


@dataclass(frozen=True)
class Batch:
    """Boards 0..boards-1 of batch `index` of the (size, grade) bucket's seed stream."""

    size: str
    grade: str
    index: int
    boards: int

    def seeds(self, master: int) -> list[int]:
        """Return the derived seed of each board of the batch, in position order."""
        return [derive_seed(master, self.size, self.grade, self.index, position)
                for position in range(self.boards)]


def parse_size(text: str) -> tuple[int, int]:
    """Return (width, height) of a "WxH" text; ValueError naming the text when it is not one."""
    width, x, height = text.strip().lower().partition("x")
    if not (x and width.isdecimal() and height.isdecimal() and int(width) and int(height)):
        raise ValueError(f"size {text!r} is not WxH with positive whole numbers, e.g. 5x5")
    return int(width), int(height)


def run_batch(
    genre: str, batch: Batch, master: int, options: dict[str, Any] | None = None
) -> list[dict[str, Any] | str]:
    """Return the admission outcome (a row or a rejection reason) of every board of `batch`."""
    width, height = parse_size(batch.size)
    spec = GenerationSpec(width, height, batch.grade, options or {})
    return [admit(genre, spec, seed) for seed in batch.seeds(master)]


class Planner:
    """Hands out rounds of batches until the attempt budget is spent.

    Each round has max(batches_per_round, number of short buckets) batches of up to
    `boards_per_task` boards, dealt to the short buckets in turn; the last round may be cut short
    by the budget. A bucket's batches are numbered 0, 1, 2... across rounds.
    """

    def __init__(self, budget: int, boards_per_task: int, batches_per_round: int) -> None:
        self.remaining = budget
        self.boards_per_task = boards_per_task
        self.batches_per_round = batches_per_round
        self.next_index: dict[Bucket, int] = {}

    def next_round(self, short: Sequence[Bucket]) -> list[Batch]:
        """Return the next round's batches for the `short` buckets ([] when none or no budget)."""
        batches: list[Batch] = []
        if not short:
            return batches
        for turn in range(max(self.batches_per_round, len(short))):
            if self.remaining <= 0:
                break
            bucket = short[turn % len(short)]
            index = self.next_index.get(bucket, 0)
            self.next_index[bucket] = index + 1
            boards = min(self.boards_per_task, self.remaining)
            self.remaining -= boards
            batches.append(Batch(*bucket, index, boards))
        return batches
