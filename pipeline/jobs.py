"""What one build flow run is asked to do: the typed input of pipeline.flows.build_banks.

Vocabulary: a *genre job* is one genre's part of a bank (its sizes, grades, count per bucket and
tuning); a *bank job* is one bank: its genres, seed and what a short build may do; a build flow
run takes a list of bank jobs and commits each bank once. These are plain frozen dataclasses of
JSON-able fields, so a Prefect deployment stores them as its parameters and gives them back
typed; the genre's record and the typed Size are read from them once, in `GenreJob.record` and
the Size fields (pydantic reads a stored {"width", "height"} back into a Size).
"""

from dataclasses import dataclass, field
from typing import Any

from pipeline.sizes import Size
from solvers import get_genre
from solvers.core import Genre

TASKS_IN_FLIGHT = 16  # generation works out at once (see batches.Planner)


@dataclass(frozen=True)
class GenreJob:
    """One genre of a bank: `per_grade` puzzles in each (size, grade) bucket of `sizes` and
    `grades` (None: every level reachable at each size, see quotas.planned). `budget` counts
    generator attempts (None: flows.BUDGET_PER_PUZZLE per wanted puzzle); `boards_per_task`
    caps one bucket's boards in one work (None: the generator's, else batches' default);
    `options` go to the generator."""

    genre: str
    sizes: tuple[Size, ...]
    per_grade: int
    grades: tuple[str, ...] | None = None
    budget: int | None = None
    boards_per_task: int | None = None
    batches_per_round: int = TASKS_IN_FLIGHT
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def record(self) -> Genre[Any, Any]:
        """Return the genre's record (UnknownGenreError when there is none)."""
        return get_genre(self.genre)


@dataclass(frozen=True)
class BankJob:
    """One bank's build: its `genres` (one commit holds them all), the master `seed`
    (`advance_seed` adds the versions published so far, so each scheduled build draws new
    boards), whether a short build is published anyway (`allow_short`), whether to `wait`
    for another build holding the bank, and a wall-clock budget `max_seconds` counted from the
    flow run's start (past it no new work starts and the works out stop between attempts)."""

    bank: str
    genres: tuple[GenreJob, ...]
    seed: int = 0
    allow_short: bool = False
    advance_seed: bool = False
    wait: bool = False
    max_seconds: int | None = None


@dataclass(frozen=True)
class Compute:
    """Where the works run: `workers` processes (1: this process), or a Dask `dask` choice
    (pipeline.executors.parse_dask: "local:N" or "tcp://HOST:PORT")."""

    workers: int = 1
    dask: str | None = None


@dataclass(frozen=True)
class AppBank:
    """One bank of an app's night (pipeline.nightly.build_app): its build, where the build's
    works run, and its calendar, extended after the build `plan_days` ahead with `per_bucket`
    puzzles of each bucket a day (plan_days None: not extended)."""

    job: BankJob
    compute: Compute = Compute()
    plan_days: int | None = None
    per_bucket: int = 1
