"""What the flows give back: a build's result, its statistics, and a re-verification's report.

Vocabulary: a *status* says how a build ended (BuildStatus); a *shortfall* is a bucket left
under its quota; the *statistics* are what its fill did (attempts, rejections by reason, tasks,
seconds) and its shortfalls; a *verification* is the report of
re-admitting rows read back from disk. The statistics and the verification are stored in the
build's manifest as JSON objects (`as_json`); the result itself is only returned to the caller.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pipeline.sizes import Size
from pipeline.timeline import Timeline

PASSED, FAILED = "passed", "failed"


@dataclass(frozen=True)
class Shortfall:
    """A bucket a build left short: `made` of `quota` rows; `genre` names its genre in a bank
    of several (else "")."""

    size: Size
    grade: str
    quota: int
    made: int
    genre: str = ""

    @property
    def short(self) -> int:
        """Return how many rows the bucket lacks."""
        return self.quota - self.made

    def as_json(self) -> dict[str, str | int]:
        """Return {size, grade, quota, made, short}, the build statistics' record."""
        return {**({"genre": self.genre} if self.genre else {}), "size": str(self.size),
                "grade": self.grade, "quota": self.quota, "made": self.made, "short": self.short}

    def line(self) -> str:
        """Return the line a build prints: "short: 5x5/probe made 1 of 2 (short by 1)"."""
        genre = f"{self.genre}/" if self.genre else ""
        return (f"short: {genre}{self.size}/{self.grade} made {self.made} of {self.quota} "
                f"(short by {self.short})")


class BuildStatus(StrEnum):
    """How a build ended (see flows.build_banks)."""

    PUBLISHED = "published"
    SHORT = "short"
    REJECTED = "rejected"
    ALREADY = "already-published"
    BUSY = "busy"


@dataclass(frozen=True)
class Verification:
    """A re-verification of `rows` rows in `seconds`: `problem_count` problems, the first ones
    in `problems` (each naming a row id or the file at fault)."""

    rows: int
    problem_count: int
    problems: tuple[str, ...]
    seconds: float

    @property
    def passed(self) -> bool:
        """Return whether no problem was found."""
        return not self.problem_count

    @property
    def status(self) -> str:
        """Return PASSED when no problem was found, else FAILED."""
        return PASSED if self.passed else FAILED

    def as_json(self) -> dict[str, Any]:
        """Return the report as the manifest stores it: {status, rows, problem_count, problems,
        seconds}."""
        return {"status": self.status, "rows": self.rows, "problem_count": self.problem_count,
                "problems": list(self.problems), "seconds": self.seconds}


@dataclass(frozen=True)
class FillStats:
    """What a build's fill did: `attempts` in all, `accepted` rows, rejections counted by
    reason, generation `tasks`, contenders `confirmed`, its `fill_seconds`, and whether it
    stopped `out_of_time` with a bucket still short."""

    attempts: int
    accepted: int
    rejections: dict[str, int]
    tasks: int
    confirmed: int
    fill_seconds: float
    out_of_time: bool
    timeline: Timeline | None = None  # where the fill's seconds went, when its tasks were timed


@dataclass(frozen=True)
class BuildStats:
    """A build's statistics: its fill's, the seconds from the flow's start to the end of the
    fill (`generate_seconds`), and its short buckets."""

    fill: FillStats
    generate_seconds: float
    short: tuple[Shortfall, ...]

    def as_json(self) -> dict[str, Any]:
        """Return the statistics as the manifest stores them (build_stats)."""
        fill = self.fill
        return {"attempts": fill.attempts, "accepted": fill.accepted,
                "rejections": fill.rejections, "tasks": fill.tasks,
                "confirmed": fill.confirmed, "fill_seconds": fill.fill_seconds,
                "out_of_time": fill.out_of_time, "generate_seconds": self.generate_seconds,
                "short": [bucket.as_json() for bucket in self.short],
                **({"timeline": fill.timeline.as_json()} if fill.timeline else {})}


@dataclass(frozen=True)
class BuildResult:
    """How a build of `bank` ended (see flows.build_banks for each status).

    `version` is the version committed (PUBLISHED, or ALREADY: the earlier commit of the same
    spec and seed), `rows` the rows made (or committed before) and `buckets` the buckets its
    manifest counts, `build_id` the spec's build id;
    `short` the short buckets; `stats` what this run's fill did and `verification` its
    re-verification (None when it did not get that far: ALREADY and BUSY build nothing, SHORT
    verifies nothing); `message` why a BUSY build did nothing.
    """

    bank: str
    status: BuildStatus
    version: int | None = None
    rows: int = 0
    build_id: str | None = None
    short: tuple[Shortfall, ...] = ()
    stats: BuildStats | None = None
    verification: Verification | None = None
    message: str = ""
    buckets: int = 0

    def line(self) -> str:
        """Return the one line that says how the build ended, e.g. "app: published version 4:
        80 puzzles in 4 buckets"."""
        bank = self.bank
        if self.status == BuildStatus.PUBLISHED:
            return (f"{bank}: published version {self.version}: {self.rows} puzzles in "
                    f"{self.buckets} buckets")
        if self.status == BuildStatus.ALREADY:
            return f"{bank}: already published as version {self.version}; nothing built"
        if self.status == BuildStatus.SHORT:
            return f"{bank}: nothing published, short: " + "; ".join(
                bucket.line().removeprefix("short: ") for bucket in self.short)
        if self.status == BuildStatus.REJECTED:
            problems = self.verification.problem_count if self.verification else "?"
            return f"{bank}: nothing published: re-verification found {problems} problem(s)"
        return f"{bank}: nothing built: {self.message}"
