"""Capacity: what one (size, grade) bucket costs on one core, every attempt paid.

Vocabulary: an *attempt* is one seed through the bank's gate (`admission.admit`: generate, count
with both counters, check, grade), the seed derived as a build derives it; a *graded* puzzle is
an admitted one whose grade is the bucket's (any grade when the bucket names none). CPU time is
the process's (time.process_time), so a busy machine skews it less than wall time.
With `stages`, the run also charges its CPU time to the stages of a puzzle's making
(solvers/core/stages.py); time no marked stage claims (derived columns, the row, seeds) is
admission bookkeeping.
`puzzlebank bench` and bench/bench_reachability.py both measure with `run_bucket`.
"""

import time
from collections.abc import Mapping
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from generators.reachability import Measure
from pipeline.admission import admit
from pipeline.outcomes import Rejection
from pipeline.seeds import derive_seed
from pipeline.sizes import Size
from solvers.core.stages import BOOKKEEPING, STAGES, StageClock

ANY_GRADE = "any"  # the seed stream of a bucket that names no grade


@dataclass(frozen=True)
class BucketRun:
    """What `run_bucket` spent: attempts, graded puzzles and CPU seconds (per stage, in
    `stage_seconds`, when the run measured stages; else it is empty)."""

    genre: str
    size: Size
    grade: str | None
    attempts: int
    graded: int
    cpu_seconds: float
    stage_seconds: Mapping[str, float] = field(default_factory=dict)

    @property
    def cpu_ms_per_puzzle(self) -> float | None:
        """Return CPU ms per graded puzzle (None when none was made)."""
        return 1000 * self.cpu_seconds / self.graded if self.graded else None

    @property
    def graded_per_second(self) -> float:
        """Return graded puzzles per CPU second."""
        return self.graded / self.cpu_seconds if self.cpu_seconds else 0.0

    def stage_rows(self) -> list[tuple[str, float | None, float]]:
        """Return (stage, CPU ms per graded puzzle or None when none was made, share of the
        stages' time) for every stage, in the order of solvers.core.stages.STAGES."""
        total = sum(self.stage_seconds.values()) or 1.0
        return [(name, 1000 * self.stage_seconds.get(name, 0.0) / self.graded
                 if self.graded else None, self.stage_seconds.get(name, 0.0) / total)
                for name in STAGES]

    def measure(self) -> Measure:
        """Return the run as a reachability measure (it must name a grade)."""
        assert self.grade is not None
        return Measure(str(self.size), self.grade, self.attempts, self.graded,
                       round(1000 * self.cpu_seconds, 1))

    def as_json(self) -> dict[str, Any]:
        """Return {"genre", "size", "grade", "puzzles", "attempts", "cpu_ms_per_puzzle",
        "graded_per_second"}, puzzles being the graded puzzles made."""
        ms = self.cpu_ms_per_puzzle
        return {"genre": self.genre, "size": str(self.size), "grade": self.grade,
                "puzzles": self.graded, "attempts": self.attempts,
                "cpu_ms_per_puzzle": ms and round(ms, 3),
                "graded_per_second": round(self.graded_per_second, 3)} | (
            {"stages": {name: {"cpu_ms_per_puzzle": ms and round(ms, 3), "share": round(share, 4)}
                        for name, ms, share in self.stage_rows()}}
            if self.stage_seconds else {})


def run_bucket(genre: str, size: Size, grade: str | None, puzzles: int, seed: int,
               max_attempts: int, stages: bool = False) -> BucketRun:
    """Return what making `puzzles` graded puzzles of the bucket cost, stopping after
    `max_attempts` attempts if they are not made by then (the run then says how many were);
    with `stages`, what each stage cost too.

    Attempt k gets the seed a build with master `seed` gives board k of the bucket's batch 0.
    """
    spec = size.spec(grade)
    attempts = graded = 0
    clock = StageClock()
    started = time.process_time()
    with clock.measuring(BOOKKEEPING) if stages else nullcontext():
        while graded < puzzles and attempts < max_attempts:
            outcome = admit(genre, spec,
                            derive_seed(seed, str(size), grade or ANY_GRADE, 0, attempts))
            attempts += 1
            graded += not isinstance(outcome, Rejection) and grade in (None, outcome["grade"])
    return BucketRun(genre, size, grade, attempts, graded, time.process_time() - started,
                     clock.seconds)
