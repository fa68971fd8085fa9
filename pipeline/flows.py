"""Prefect flows: build a bank version, and re-verify one.

build_bank, holding the bank's writer lock from planning to commit: works planned from each
bucket's need and hit rate -> tasks on `workers` warm processes that generate and grade boards,
and confirm the contenders the quotas will take -> outcomes taken in task order -> write the
rows' data files -> re-verify them from disk -> one Delta commit publishes them, or they are
discarded. verify_version: the re-verification of a committed build alone. A short build (a
bucket under its quota when the budget is spent) writes nothing unless `allow_short`.

Vocabulary: a *runner* is a Prefect task runner, entered for the length of a flow; a *work* and
what it gives back (*done*) are in pipeline.batches; a build's result, its statistics and a
re-verification's report are the values of pipeline.results. A flow's parameters are plain
values (a deployment stores them as JSON): sizes come in as "WxH" texts, read here.
"""

import contextlib
import math
import os
import shutil
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pyarrow as pa
from prefect import flow, get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.events.worker import EventsWorker
from prefect.futures import PrefectFuture
from prefect.logging.handlers import APILogWorker
from prefect.runtime import flow_run
from prefect.task_runners import TaskRunner
from tqdm import tqdm

from banks import BankBusyError, BankError, BankStore, BankWriter, PendingBuild, rows_to_table
from generators import get_generator
from pipeline import filling, forkserver
from pipeline.admission import kin_index, kin_problems, verify_rows
from pipeline.batches import Done, Planner, Work, run_work, size_costs
from pipeline.interrupts import raise_if_stopped, reclaim_sigterm, signal_of
from pipeline.pool import InProcessTaskRunner, WarmProcessPoolTaskRunner
from pipeline.provenance import code_version, now
from pipeline.quotas import Quotas, planned
from pipeline.results import BuildResult, BuildStats, BuildStatus, FillStats, Verification
from pipeline.runners import dask_runner
from pipeline.sizes import Size
from pipeline.timeline import Span, Stopwatch, Timeline
from solvers import get_genre

BOARDS_PER_TASK = 64
TASKS_IN_FLIGHT = 16
BUDGET_PER_PUZZLE = 100
VERIFY_TASK_MS = 8_000  # a verify-rows task's rows cost about this much, in a board's cost (see
# batches.size_costs; a Slant row takes about a third of its board's table cost to re-verify: 2-3 s)
PROBLEMS_KEPT = 100

PROGRESS_VARIABLE = "PUZZLEBANK_PROGRESS"
STARTED_RUNS: list[str] = []  # ids of the flow runs started since the caller last cleared it


@task(name="generate", cache_policy=NO_CACHE, task_run_name="{genre} {work.label}")
def generate(genre: str, work: Work, master: int, options: dict[str, Any]) -> Done:
    """Return what `work` gives (see batches.run_work): its boards generated and graded, its
    contenders confirmed."""
    with Stopwatch() as watch:
        done = run_work(genre, work, master, options)
    get_run_logger().info("%s %s: %d contenders of %d boards, %d of %d confirmed", genre,
                          work.label, done.contenders(), work.boards(),
                          done.verdicts.count(None), len(work.contenders))
    return replace(done, span=watch.span)


@task(name="verify-rows", cache_policy=NO_CACHE)
def verify_chunk(rows: list[dict[str, Any]]) -> list[str]:
    """Return the problems re-admission finds in `rows` (see admission.verify_rows)."""
    problems = verify_rows(rows)
    get_run_logger().info("verified %d rows: %d problems", len(rows), len(problems))
    return problems


def task_runner(workers: int, dask: str | None = None) -> TaskRunner:
    """Return the runner for `workers` processes: in-process threads for 1, else a warm process
    pool (see pipeline.pool); with a `dask` choice (see runners.parse_dask), a Dask runner
    instead and `workers` unused.

    Process pool rather than Dask by default: both work against a real server; the pool starts
    faster, its workers are forked with the genres imported and die with the CLI, and it brings
    no scheduler or nanny processes (bench/).
    """
    if dask:
        return dask_runner(dask)
    if workers <= 1:
        return InProcessTaskRunner()
    return WarmProcessPoolTaskRunner(max_workers=workers)


def pool_size(workers: int, tasks: int) -> int:
    """Return how many workers to start for `workers` asked and a first plan of `tasks` works:
    no more than the works (a pool costs seconds; a build whose first plan is one work runs
    in this process). The fork server the CLI may have started for more is stopped then."""
    started = max(1, min(workers, tasks))
    if started == 1 < workers:
        forkserver.discard()
    return started


@contextlib.contextmanager
def running(runner: TaskRunner) -> Iterator[TaskRunner]:
    """Enter `runner` for the block. On a stop (a signal's exception, see interrupts.signal_of)
    abandon it: its workers end at once instead of finishing their tasks; a runner that cannot
    be abandoned (Dask) is left as usual. The fork server (of a pool or a local Dask cluster)
    is stopped at the end."""
    with contextlib.ExitStack() as stack:
        stack.callback(forkserver.stop)
        stack.enter_context(runner)
        try:
            yield runner
        except BaseException as error:
            abandon = getattr(runner, "abandon", None)
            if signal_of(error) is not None and abandon is not None:
                stack.pop_all()
                abandon()
            raise


@flow(name="build-bank", flow_run_name="build {bank}")
def build_bank(
    bank: str,
    genre: str,
    sizes: list[str],
    per_grade: int,
    seed: int = 0,
    budget: int | None = None,
    workers: int = 1,
    root: str = ".",
    allow_short: bool = False,
    boards_per_task: int | None = None,
    batches_per_round: int = TASKS_IN_FLIGHT,
    options: dict[str, Any] | None = None,
    dask: str | None = None,
    advance_seed: bool = False,
    grades: list[str] | None = None,
    wait: bool = False,
    max_seconds: int | None = None,
) -> BuildResult:
    """Build the bank's next version; return how it went (pipeline.results.BuildResult).

    Its status is PUBLISHED (one commit added the rows), ALREADY (a build of this spec and seed
    committed before, e.g. a retry after a crash: `version` is that commit, nothing is built),
    SHORT (a bucket is short and `allow_short` is off, or nothing was made: nothing written),
    REJECTED (re-verification failed: nothing committed, its report kept in _builds/) or BUSY
    (another build holds the bank and `wait` is off: `message` names its pid; nothing done).
    `sizes` are "WxH" texts ("5X5" reads as 5x5; a size given twice counts once). The budget
    (default BUDGET_PER_PUZZLE attempts per wanted puzzle) counts generator attempts. The rows
    written depend on every parameter but `workers`, `dask`, `root` and `wait`, and on the
    bank's commits. The bank's lock is held throughout. `boards_per_task` caps the boards of one
    bucket in one task, `batches_per_round` the tasks out at once (see batches.Planner); no
    more workers start than the first plan has tasks (see pool_size). `dask` runs the tasks
    on Dask (see task_runner). `advance_seed` adds the number of versions to `seed`, so
    every build of a schedule draws new boards instead of refusing last night's again (the
    manifest's spec records the seed used). `grades` picks the ladder levels to fill (default:
    those reachable at each size, see quotas.planned). `max_seconds` is a wall-clock budget
    beside `budget`: past it (counted from the flow's start) no new generation task starts, and
    a build short of puzzles then is short as for the budget (`stats.out_of_time` is true).
    """
    started = time.perf_counter()
    announce_run()
    try:
        with BankStore(root).writer(bank, wait=wait) as writer:
            return build_under_lock(writer, started, genre=genre,
                                    sizes=[Size.parse(size) for size in sizes],
                                    per_grade=per_grade, seed=seed, budget=budget,
                                    workers=workers, allow_short=allow_short,
                                    boards_per_task=boards_per_task,
                                    batches_per_round=batches_per_round, options=options or {},
                                    dask=dask, advance_seed=advance_seed, grades=grades,
                                    max_seconds=max_seconds)
    except BankBusyError as busy:
        get_run_logger().warning(str(busy))
        return BuildResult(bank, BuildStatus.BUSY, message=str(busy))


def build_under_lock(
    writer: BankWriter, started: float, *, genre: str, sizes: list[Size], per_grade: int,
    seed: int, budget: int | None, workers: int, allow_short: bool,
    boards_per_task: int | None, batches_per_round: int, options: dict[str, Any],
    dask: str | None, advance_seed: bool, grades: list[str] | None, max_seconds: int | None,
) -> BuildResult:
    """Build the next version of the bank `writer` holds (see build_bank); return the result."""
    logger = get_run_logger()
    bank = writer.bank
    if advance_seed:
        seed += 0 if writer.parent is None else writer.parent + 1
    rules, generator = get_genre(genre), get_generator(genre)
    buckets = planned(genre, sizes, grades and [rules.ladder[rules.level_index(grade)]
                                                for grade in grades])
    grades = list(dict.fromkeys(grade for _, grade in buckets))
    boards_per_task = boards_per_task or generator.boards_per_task or BOARDS_PER_TASK
    if budget is None:
        budget = BUDGET_PER_PUZZLE * per_grade * len(buckets)
    spec = {"genre": genre, "sizes": [str(size) for size in dict.fromkeys(sizes)],
            "grades": grades, "per_grade": per_grade, "seed": seed, "budget": budget,
            "boards_per_task": boards_per_task, "batches_per_round": batches_per_round,
            "options": options, "allow_short": allow_short,
            **({"max_seconds": max_seconds} if max_seconds else {})}
    done = writer.published_as(spec)
    if done:
        logger.info("%s: build %s was committed before, as version %d; nothing to do",
                    bank, done.build_id, done.version)
        return BuildResult(bank, BuildStatus.ALREADY, done.version, done.row_count,
                           done.build_id)
    shipped = [] if writer.snapshot is None else writer.snapshot.read().to_pylist()
    quotas = Quotas(buckets, per_grade, writer.shipped_ids(), kin_index(shipped))
    planner = Planner(budget, boards_per_task, batches_per_round, size_costs(genre))
    workers = pool_size(workers, planner.first_works(quotas))
    with running(task_runner(workers, dask)) as runner:
        deadline = started + max_seconds if max_seconds else float("inf")
        filled = fill(runner, quotas, planner, genre, seed, options,
                      lambda: time.perf_counter() >= deadline)
        short = tuple(quotas.shortfall())
        stats = BuildStats(filled, round(time.perf_counter() - started, 3), short)
        made = BuildResult(bank, BuildStatus.SHORT, rows=quotas.filled(),
                           build_id=writer.build_id(spec), short=short, stats=stats)
        for bucket in short:
            logger.warning(bucket.line())
        if (short and not allow_short) or not quotas.filled():
            return made
        pending = writer.write(rows_to_table(quotas.accepted()), spec=spec,
                               code_version=code_version(generator.version),
                               build_stats=stats.as_json(), created_at=now())
        try:
            report = reverify(runner, lambda: writer.read_pending(pending), workers)
        except BaseException:
            writer.clear_leftovers()  # stopped or failed: its data files go now, not next time
            raise
    try:
        return publish_or_discard(writer, pending, report, made)
    except BaseException:
        writer.clear_leftovers()  # only files no commit added: a commit that landed stays
        raise


def publish_or_discard(
    writer: BankWriter, pending: PendingBuild, report: Verification, made: BuildResult
) -> BuildResult:
    """Commit a pending build whose re-verification `report` passed, else discard it; return
    the build's result: `made` (what the fill made) PUBLISHED or REJECTED."""
    logger = get_run_logger()
    version = pending.version
    if report.passed:
        writer.commit(pending, report.as_json())
        logger.info("published %s version %d: %d rows", writer.bank, version,
                    pending.manifest.row_count)
        return replace(made, status=BuildStatus.PUBLISHED, version=version, verification=report)
    path = writer.discard(pending, report.as_json())
    logger.error("rejected %s build %s: %d problems; report in %s", writer.bank,
                 pending.manifest.build_id, report.problem_count, path)
    return replace(made, status=BuildStatus.REJECTED, verification=report)


def fill(
    runner: TaskRunner, quotas: Quotas, planner: Planner, genre: str, seed: int,
    options: dict[str, Any], out_of_time: Callable[[], bool],
) -> FillStats:
    """Run generation tasks on `runner` until no bucket is short, the budget is spent or it is
    `out_of_time()` (see filling.fill); return what the fill did."""
    started, wall, cpu = time.perf_counter(), time.time(), time.process_time()
    wanted = quotas.quota * len(quotas.order)
    submitted: list[float] = []
    spans: list[Span] = []

    def submit(work: Work) -> Timed:
        submitted.append(time.time())
        return Timed(runner.submit(generate, {"genre": genre, "work": work, "master": seed,
                                              "options": options}), spans)

    with progress_bar(wanted, "puzzles", "puzzle") as bar:
        def progress(filled: int) -> None:
            raise_if_stopped()
            bar.update(filled - bar.n)
            bar.set_postfix(attempts=quotas.total_attempts())

        done = filling.fill(quotas, planner, submit, progress, out_of_time)
    timeline = Timeline(tuple(spans), tuple(submitted), wall, time.time(),
                        time.process_time() - cpu)
    get_run_logger().info("%d of %d puzzles after %d attempts in %d tasks", quotas.filled(),
                          wanted, quotas.total_attempts(), done.tasks)
    rejections = {reason.reason: n for reason, n in quotas.rejections.items()}
    return FillStats(quotas.total_attempts(), quotas.filled(), dict(sorted(rejections.items())),
                     done.tasks, done.confirmed, round(time.perf_counter() - started, 3),
                     bool(quotas.short()) and out_of_time(), timeline)


@dataclass(frozen=True)
class Timed:
    """A generation task's future that, once its result is asked for, keeps the task's span."""

    future: PrefectFuture[Done]
    spans: list[Span]

    def result(self) -> Done:
        """Return the work's Done (see filling.Pending), its span noted."""
        done = self.future.result()
        if done.span is not None:
            self.spans.append(done.span)
        return done


def reverify(
    runner: TaskRunner, read: Callable[[], pa.Table], workers: int = 1
) -> Verification:
    """Re-verify rows read from disk by `read`; return the report.

    `read` must check the files it reads (it raises BankError naming the file at fault); then
    every row is re-admitted by verify-rows tasks on the runner's `workers`, no id may
    appear twice and no row may be the same puzzle to a player as another (kin_problems).
    It passes only when nothing was found; its `problems` keeps the first
    PROBLEMS_KEPT lines, each naming a row id (or the file at fault).
    """
    started = time.perf_counter()
    try:
        rows = read().to_pylist()
    except BankError as error:
        problems, rows = [str(error)], []
    else:
        chunks = verify_chunks(rows, workers)
        problems = []
        futures = [runner.submit(verify_chunk, {"rows": chunk}) for chunk in chunks]
        with progress_bar(len(rows), "verify", "row") as bar:
            for chunk, future in zip(chunks, futures, strict=True):
                problems.extend(future.result())
                raise_if_stopped()
                bar.update(len(chunk))
        problems.extend(repeated_across(chunks))
        problems.extend(kin_problems(rows))
    return Verification(len(rows), len(problems), tuple(problems[:PROBLEMS_KEPT]),
                        round(time.perf_counter() - started, 3))


@flow(name="verify-bank-version", flow_run_name="verify {bank} version {version}")
def verify_version(
    bank: str, version: int | None = None, root: str = ".", workers: int = 1,
    dask: str | None = None, whole: bool = False,
) -> Verification:
    """Re-verify the rows one build committed (`version`, default the latest), or with `whole`
    every row of the bank as of that version, without changing anything; return the report
    (see reverify). Every data file up to that version is checked
    first. No more workers start than there are verify-rows tasks (a pool costs seconds).
    """
    announce_run()
    snapshot = BankStore(root).snapshot(bank, version)
    manifests = snapshot.commits if whole else snapshot.commits[-1:]
    cost = sum(count * row_cost(commit.manifest.spec["genre"], bucket.partition("/")[0])
               for commit in manifests for bucket, count in commit.manifest.buckets.items())
    tasks = verify_tasks(cost, workers)
    build = None if whole else snapshot.version
    with running(task_runner(pool_size(workers, tasks), dask)) as runner:
        report = reverify(runner, lambda: snapshot.read(build), workers)
    log = get_run_logger().info if report.passed else get_run_logger().error
    log("%s version %d verification %s: %d rows, %d problems", bank, snapshot.version,
        report.status, report.rows, report.problem_count)
    return report


def verify_chunks(rows: Sequence[dict[str, Any]], workers: int) -> list[list[dict[str, Any]]]:
    """Return `rows` cut into consecutive chunks of about equal cost, one verify-rows task each
    (see verify_tasks for how many); a row costs what a board of its genre and size does."""
    costs = [row_cost(row["genre"], row["size"]) for row in rows]
    if not costs:
        return []
    share = sum(costs) / verify_tasks(sum(costs), workers)
    chunks: list[list[dict[str, Any]]] = []
    spent = 0.0
    for row, cost in zip(rows, costs, strict=True):
        if int((spent + cost / 2) / share) >= len(chunks):
            chunks.append([])
        chunks[-1].append(row)
        spent += cost
    return chunks


def verify_tasks(cost: float, workers: int) -> int:
    """Return how many verify-rows tasks rows of total `cost` get on `workers`: one when they
    cost at most VERIFY_TASK_MS (rows that do not pay for a task, let alone a pool, are
    verified in this process), else a multiple of `workers` with at most about
    VERIFY_TASK_MS each, so the workers end together."""
    tasks = math.ceil(cost / VERIFY_TASK_MS - 1e-9)
    return 1 if tasks <= 1 else workers * math.ceil(tasks / workers)


def row_cost(genre: str, size: str) -> float:
    """Return the cost of re-verifying one row of `genre` at a "WxH" `size` as the bank stores
    it (see batches.size_costs)."""
    return size_costs(genre)(Size.parse(size))


def repeated_across(chunks: Iterable[Sequence[dict[str, Any]]]) -> list[str]:
    """Return "ID: appears N times" for each id found in more than one chunk (verify_rows
    reports the ids repeated within its own chunk)."""
    total: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    for chunk in chunks:
        counts = Counter(row["id"] for row in chunk)
        total.update(counts)
        inside |= counts
    return [f"{rid}: appears {n} times" for rid, n in sorted(total.items()) if n > inside[rid]]


def progress_bar(total: int, desc: str, unit: str) -> tqdm:
    """Return a tqdm bar on the process's standard error, shown only when the environment's
    PROGRESS_VARIABLE is "1" (the CLI sets it: --progress, or by default when stderr is a
    terminal)."""
    columns = shutil.get_terminal_size((0, 0)).columns
    return tqdm(total=total, desc=desc, unit=unit, file=sys.__stderr__,
                disable=os.environ.get(PROGRESS_VARIABLE) != "1",
                ncols=None if columns else 80)  # a terminal of no width still gets a bar


def announce_run() -> None:
    """Print the address at which the Prefect UI shows the running flow run (one line), and
    remember the run (see cancel_runs); SIGTERM stops the flow as SIGINT does (see
    interrupts.reclaim_sigterm)."""
    reclaim_sigterm()
    STARTED_RUNS.append(str(flow_run.id))
    print(f"prefect run: {flow_run.ui_url}", flush=True)


def cancel_runs(reason: str) -> None:
    """Mark the flow runs this process started as Cancelled, with `reason` (after a stop: the
    engine has marked them Crashed). An API that does not answer is left as it is."""
    from prefect import get_client
    from prefect.states import Cancelled

    with contextlib.suppress(Exception), get_client(sync_client=True) as client:
        for run_id in STARTED_RUNS:
            client.set_flow_run_state(run_id, Cancelled(message=reason), force=True)
    STARTED_RUNS.clear()


def drain() -> None:
    """Send the logs and events still queued in this process to the API (call before it stops)."""
    APILogWorker.drain_all(timeout=10)
    EventsWorker.drain_all(timeout=10)
