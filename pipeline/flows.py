"""Prefect flows: build banks (each one version, published whole or not at all), and re-verify one.

build_banks takes a list of bank jobs (pipeline.jobs); for each bank, holding its writer lock
from planning to commit, its stages are Prefect tasks run in the flow's own process: plan (the
spec, or nothing to do when it was published before) -> fill (works on an executor, see
pipeline.executors: boards generated and graded, contenders confirmed, outcomes taken in task
order; one fill per genre of the bank) -> write (the rows' data files) -> re-verify (them, from
disk) -> commit (one Delta commit publishes them, or they are discarded). A short build (a bucket
under its quota when the budget or the time is spent) writes nothing unless `allow_short`.
verify_version: the re-verification of a committed build alone.

Vocabulary: a *plan* is a bank's spec and the quotas and planner of each of its genres; the
results are the values of pipeline.results; the run's bookkeeping (its address, artifacts) is in
pipeline.runs.
"""

import time
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from prefect import get_run_logger, task
from prefect.cache_policies import NO_CACHE

from banks import BankBusyError, BankStore, BankWriter, PendingBuild, rows_to_table
from banks.runlog import run_recorded
from generators import get_generator
from pipeline import filling, runs
from pipeline.admission import kin_index, picture_key
from pipeline.batches import BOARDS_PER_TASK, Maker, Planner
from pipeline.costs import bucket_costs
from pipeline.executors import Executor, open_executor
from pipeline.interrupts import raise_if_stopped
from pipeline.jobs import BankJob, Compute, GenreJob
from pipeline.progress import RunProgress, progress_bar
from pipeline.provenance import code_version, now
from pipeline.quotas import Bucket, Quotas, planned
from pipeline.results import BuildResult, BuildStats, BuildStatus, FillStats, Verification
from pipeline.timeline import Span, Timeline
from pipeline.verifying import reverify, row_cost, verify_tasks

BUDGET_PER_PUZZLE = 100


@dataclass(frozen=True)
class GenrePlan:
    """One genre's part of a bank's plan: its job, buckets and planner."""

    job: GenreJob
    buckets: tuple[Bucket, ...]
    planner: Planner

    def quotas(self, made: list[dict[str, Any]]) -> Quotas:
        """Return the genre's quotas on a bank that holds the rows `made`: none may come again,
        nor a row kin to one (admission.kin_index)."""
        return Quotas(self.buckets, self.job.per_grade, (row["id"] for row in made),
                      kin_index(made))


@dataclass(frozen=True)
class BankPlan:
    """A bank's plan: the spec its manifest records (and its build id hashes), its seed, and
    the plan of each of its genres."""

    spec: dict[str, Any]
    seed: int
    genres: tuple[GenrePlan, ...]
    allow_short: bool
    shipped: list[dict[str, Any]]  # the bank's rows: no new row may repeat one, or be its kin

    def first_works(self) -> int:
        """Return how many works the first plans hold (what decides whether a pool pays)."""
        return max(plan.planner.first_works(plan.quotas([])) for plan in self.genres)


@runs.recorded_flow(name="build-banks", flow_run_name="build {names}")
def build_banks(
    banks: list[BankJob], root: str = ".", compute: Compute | None = None, names: str = ""
) -> list[BuildResult]:
    """Build each bank's next version, one after the other; return how each went.

    A result's status is PUBLISHED (one commit added the rows), ALREADY (a build of this spec
    and seed committed before, e.g. a retry after a crash: `version` is that commit, nothing is
    built), SHORT (a bucket is short and `allow_short` is off, or nothing was made: nothing
    written), REJECTED (re-verification failed: nothing committed, its report kept in _builds/)
    or BUSY (another build holds the bank and `wait` is off: `message` names its pid). The rows
    written depend on the job and the bank's commits, never on `compute` or `root`. `names`
    only names the run (the CLI passes the banks' names).
    """
    started = time.perf_counter()
    runs.announce()
    return [build_one(job, root, compute or Compute(), started) for job in banks]


def build_one(job: BankJob, root: str, compute: Compute, started: float) -> BuildResult:
    """Build one bank's next version under its lock (see build_banks); return the result."""
    picture = picture_key(genre.genre for genre in job.genres)
    try:
        with BankStore(root).writer(job.bank, wait=job.wait, picture=picture) as writer, \
                run_recorded(writer.place, runs.address()):
            made = plan(job, writer)
            if isinstance(made, BuildResult):
                return made
            deadline = (time.time() + job.max_seconds - (time.perf_counter() - started)
                        if job.max_seconds else None)
            with open_executor(compute.workers, compute.dask, made.first_works()) as executor:
                result, table = fill(made, executor, deadline, started, writer)
                if table is None:
                    return result
                pending = write(writer, made, table, result)
                try:
                    report = verify(executor, writer, pending)
                except BaseException:
                    writer.clear_leftovers()  # stopped or failed: its files go now
                    raise
            try:
                return commit(writer, pending, report, result)
            except BaseException:
                writer.clear_leftovers()  # only files no commit added: a commit that landed stays
                raise
    except BankBusyError as busy:
        get_run_logger().warning(str(busy))
        return BuildResult(job.bank, BuildStatus.BUSY, message=str(busy))


def genre_spec(genre: GenreJob, seed: int, job: BankJob) -> tuple[dict[str, Any], GenrePlan]:
    """Return one genre's spec (as the manifest records it) and its plan."""
    rules = genre.record
    levels = genre.grades and [rules.ladder[rules.level_index(grade)] for grade in genre.grades]
    buckets = planned(rules.name, genre.sizes, levels)
    grades = list(dict.fromkeys(grade for _, grade in buckets))
    boards = genre.boards_per_task or get_generator(rules.name).boards_per_task or BOARDS_PER_TASK
    budget = genre.budget or BUDGET_PER_PUZZLE * genre.per_grade * len(buckets)
    spec = {"genre": rules.name, "sizes": [str(size) for size in dict.fromkeys(genre.sizes)],
            "grades": grades, "per_grade": genre.per_grade, "seed": seed, "budget": budget,
            "boards_per_task": boards, "batches_per_round": genre.batches_per_round,
            "options": genre.options, "allow_short": job.allow_short,
            **({"max_seconds": job.max_seconds} if job.max_seconds else {})}
    planner = Planner(budget, boards, genre.batches_per_round, bucket_costs(rules.name))
    return spec, GenrePlan(genre, tuple(buckets), planner)


@task(name="plan", cache_policy=NO_CACHE)
def plan(job: BankJob, writer: BankWriter) -> BankPlan | BuildResult:
    """Return the bank's plan, or its ALREADY result when a build of the same spec committed."""
    seed = job.seed + (0 if not job.advance_seed or writer.parent is None else writer.parent + 1)
    specs, plans = zip(*(genre_spec(genre, seed, job) for genre in job.genres), strict=True)
    spec = specs[0] if len(specs) == 1 else {"genres": list(specs), "seed": seed}
    done = writer.published_as(spec)
    if done:
        get_run_logger().info("%s: build %s was committed before, as version %d; nothing to do",
                              job.bank, done.build_id, done.version)
        return BuildResult(job.bank, BuildStatus.ALREADY, done.version, done.row_count,
                           done.build_id, buckets=len(done.buckets))
    shipped = [] if writer.snapshot is None else writer.snapshot.read().to_pylist()
    return BankPlan(spec, seed, plans, job.allow_short, shipped)


@task(name="fill", cache_policy=NO_CACHE)
def fill(made: BankPlan, executor: Executor, deadline: float | None, started: float,
         writer: BankWriter) -> tuple[BuildResult, Any]:
    """Fill every genre's buckets on the executor; return the result so far (SHORT) and the
    rows' table to write, or None when nothing is to be written."""
    multi = len(made.genres) > 1
    stats: list[FillStats] = []
    filled: list[tuple[GenreJob, Quotas]] = []
    rows: list[Any] = []  # bank rows (outcomes.Row)
    for one in made.genres:  # each genre's quotas know the bank's rows and those made before
        quotas = one.quotas(made.shipped + rows)
        stats.append(fill_genre(one, quotas, executor, made.seed, deadline))
        filled.append((one.job, quotas))
        rows += quotas.accepted()
    short = tuple(replace(bucket, genre=job.genre if multi else "")
                  for job, quotas in filled for bucket in quotas.shortfall())
    merged = stats[0] if len(stats) == 1 else merge(stats)
    build = BuildStats(merged, round(time.perf_counter() - started, 3), short)
    bank = writer.bank
    result = BuildResult(bank, BuildStatus.SHORT, rows=len(rows),
                         build_id=writer.build_id(made.spec), short=short, stats=build)
    for bucket in short:
        get_run_logger().warning(bucket.line())
    runs.buckets_artifact(bank, filled, merged)
    return result, None if (short and not made.allow_short) or not rows else rows_to_table(rows)


def fill_genre(one: GenrePlan, quotas: Quotas, executor: Executor, seed: int,
               deadline: float | None) -> FillStats:
    """Run one genre's works on the executor until no bucket of `quotas` is short, the budget is
    spent or the deadline passed (see filling.fill); return what the fill did."""
    started, wall, cpu = time.perf_counter(), time.time(), time.process_time()
    wanted = quotas.quota * len(quotas.order)
    submitted: list[float] = []
    spans: list[Span] = []
    maker = Maker(one.job.genre, seed, one.job.options, deadline)

    def submit(work: Any) -> filling.Pending:
        submitted.append(time.time())
        return Timed(executor.submit(maker, work), spans)

    def out_of_time() -> bool:
        return deadline is not None and time.time() >= deadline

    shown = RunProgress(wanted, f"{one.job.genre}: puzzles made")
    logger = get_run_logger()
    with progress_bar(wanted, "puzzles", "puzzle") as bar:
        def progress(filled: int) -> None:
            raise_if_stopped()
            bar.update(filled - bar.n)
            bar.set_postfix(attempts=quotas.total_attempts())
            shown.update(filled)
            logger.debug("%s: a work done, %d of %d puzzles", one.job.genre, filled, wanted)

        done = filling.fill(quotas, one.planner, submit, progress, out_of_time)
    shown.update(quotas.filled(), force=True)
    timeline = Timeline(tuple(spans), tuple(submitted), wall, time.time(),
                        time.process_time() - cpu)
    get_run_logger().info("%s: %d of %d puzzles after %d attempts in %d works", one.job.genre,
                          quotas.filled(), wanted, quotas.total_attempts(), done.tasks)
    rejections = {reason.reason: n for reason, n in quotas.rejections.items()}
    return FillStats(quotas.total_attempts(), quotas.filled(), dict(sorted(rejections.items())),
                     done.tasks, done.confirmed, round(time.perf_counter() - started, 3),
                     bool(quotas.short()) and out_of_time(), timeline)


def merge(stats: list[FillStats]) -> FillStats:
    """Return the fill statistics of a bank's genres added up (no timeline)."""
    rejections: Counter[str] = Counter()
    for one in stats:
        rejections.update(one.rejections)
    return FillStats(sum(s.attempts for s in stats), sum(s.accepted for s in stats),
                     dict(sorted(rejections.items())), sum(s.tasks for s in stats),
                     sum(s.confirmed for s in stats), round(sum(s.fill_seconds for s in stats), 3),
                     any(s.out_of_time for s in stats))


class Timed:
    """A work's pending result that, once taken, keeps the work's span."""

    def __init__(self, pending: Any, spans: list[Span]) -> None:
        self.pending, self.spans = pending, spans

    def result(self) -> Any:
        """Return the work's Done, its span noted."""
        done = self.pending.result()
        if done.span is not None:
            self.spans.append(done.span)
        return done


@task(name="write", cache_policy=NO_CACHE)
def write(writer: BankWriter, made: BankPlan, table: Any, result: BuildResult) -> PendingBuild:
    """Write the rows' data files as the bank's next version, uncommitted; return it."""
    generators = sorted({get_generator(one.job.genre).version for one in made.genres})
    assert result.stats is not None
    return writer.write(table, spec=made.spec, code_version=code_version(",".join(generators)),
                        build_stats=result.stats.as_json(), created_at=now())


@task(name="re-verify", cache_policy=NO_CACHE)
def verify(executor: Executor, writer: BankWriter, pending: PendingBuild) -> Verification:
    """Re-verify the pending build's rows from disk; return the report."""
    report = reverify(executor, lambda: writer.read_pending(pending), raise_if_stopped)
    runs.verification_artifact(writer.bank, report)
    return report


@task(name="commit", cache_policy=NO_CACHE)
def commit(writer: BankWriter, pending: PendingBuild, report: Verification,
           made: BuildResult) -> BuildResult:
    """Commit a pending build whose re-verification passed, else discard it; return the
    build's result, PUBLISHED or REJECTED."""
    logger = get_run_logger()
    if report.passed:
        writer.commit(pending, report.as_json())
        logger.info("published %s version %d: %d rows", writer.bank, pending.version,
                    pending.manifest.row_count)
        return replace(made, status=BuildStatus.PUBLISHED, version=pending.version,
                       verification=report, buckets=len(pending.manifest.buckets))
    path = writer.discard(pending, report.as_json())
    logger.error("rejected %s build %s: %d problems; report in %s", writer.bank,
                 pending.manifest.build_id, report.problem_count, path)
    return replace(made, status=BuildStatus.REJECTED, verification=report)


@runs.recorded_flow(name="verify-bank-version", flow_run_name="verify {bank} version {version}")
def verify_version(bank: str, version: int | None = None, root: str = ".",
                   compute: Compute | None = None, whole: bool = False) -> Verification:
    """Re-verify the rows one build committed (`version`, default the latest), or with `whole`
    every row of the bank as of that version, without changing anything; return the report
    (see verifying.reverify). Every data file up to that version is checked first. No more
    workers start than there are chunks (a pool costs seconds)."""
    runs.announce()
    compute = compute or Compute()
    snapshot = BankStore(root).snapshot(bank, version)
    manifests = snapshot.commits if whole else snapshot.commits[-1:]
    cost = sum(count * row_cost(*bucket_genre_size(key, commit.manifest.spec))
               for commit in manifests for key, count in commit.manifest.buckets.items())
    build = None if whole else snapshot.version
    chunks = verify_tasks(cost, compute.workers)
    with open_executor(compute.workers, compute.dask, chunks) as executor:
        report = reverify(executor, lambda: snapshot.read(build), raise_if_stopped)
    runs.verification_artifact(bank, report)
    log = get_run_logger().info if report.passed else get_run_logger().error
    log("%s version %d verification %s: %d rows, %d problems", bank, snapshot.version,
        report.status, report.rows, report.problem_count)
    return report


def bucket_genre_size(key: str, spec: dict[str, Any]) -> tuple[str, str]:
    """Return (genre, "WxH") of a manifest bucket key: "GENRE/WxH/grade" (a bank of several
    genres) or "WxH/grade" (one genre, the spec's)."""
    parts = key.split("/")
    return (parts[0], parts[1]) if len(parts) == 3 else (spec["genre"], parts[0])
