"""Prefect flows: build a bank version, and re-verify one.

build_bank, holding the bank's writer lock from planning to commit: plan rounds of batches ->
generation tasks on `workers` processes -> admission outcomes offered to the quotas in batch order
-> write the rows' data files -> re-verify them from disk -> one Delta commit publishes them, or
they are discarded. verify_version: the re-verification of a committed build alone. A short build
(a bucket under its quota when the budget is spent) writes nothing unless `allow_short`.

Vocabulary: a *runner* is a Prefect task runner, entered for the length of a flow; *outcomes*
are admission results (row dicts or rejection reasons); a *report* is a plain dict that goes
into the manifest and back to the caller.
"""

import time
from collections import deque
from collections.abc import Callable
from typing import Any

import pyarrow as pa
from prefect import flow, get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.events.worker import EventsWorker
from prefect.futures import PrefectFuture
from prefect.logging.handlers import APILogWorker
from prefect.task_runners import ProcessPoolTaskRunner, TaskRunner, ThreadPoolTaskRunner
from tqdm import tqdm

from banks import BankBusyError, BankError, BankStore, BankWriter, PendingBuild, rows_to_table
from generators import get_generator
from generators.reachability import plan_buckets
from pipeline.admission import verify_rows
from pipeline.batches import Batch, Planner, parse_size, run_batch
from pipeline.lifetimes import die_with_parent
from pipeline.provenance import code_version, now
from pipeline.quotas import Quotas
from pipeline.runners import dask_runner
from solvers import get_genre

BOARDS_PER_TASK = 64
BATCHES_PER_ROUND = 8
ROUNDS_IN_FLIGHT = 2
BUDGET_PER_PUZZLE = 100
ROWS_PER_VERIFY_TASK = 250
PROBLEMS_KEPT = 100

PUBLISHED, SHORT, REJECTED = "published", "short", "rejected"
ALREADY, BUSY = "already-published", "busy"
PASSED, FAILED = "passed", "failed"


@task(name="generate-batch", cache_policy=NO_CACHE,
      task_run_name="{genre} {batch.size}/{batch.grade} #{batch.index}")
def generate_batch(
    genre: str, batch: Batch, master: int, options: dict[str, Any]
) -> list[dict[str, Any] | str]:
    """Return the admission outcome of every board of `batch`, in position order."""
    outcomes = run_batch(genre, batch, master, options)
    admitted = sum(isinstance(outcome, dict) for outcome in outcomes)
    get_run_logger().info("%s %s/%s batch %d: %d of %d boards admitted", genre, batch.size,
                          batch.grade, batch.index, admitted, batch.boards)
    return outcomes


@task(name="verify-rows", cache_policy=NO_CACHE)
def verify_chunk(rows: list[dict[str, Any]]) -> list[str]:
    """Return the problems re-admission finds in `rows` (see admission.verify_rows)."""
    problems = verify_rows(rows)
    get_run_logger().info("verified %d rows: %d problems", len(rows), len(problems))
    return problems


def task_runner(workers: int, dask: str | None = None) -> TaskRunner:
    """Return the runner for `workers` processes: in-process threads for 1, else a process pool;
    with a `dask` choice (see runners.parse_dask), a Dask runner instead and `workers` unused.

    Process pool rather than Dask by default: both work against a real server; the pool starts
    faster, is in Prefect itself and brings no scheduler or nanny processes (bench/).
    """
    if dask:
        return dask_runner(dask)
    if workers <= 1:
        return ThreadPoolTaskRunner(max_workers=1)
    return ProcessPoolTaskRunner(max_workers=workers, initializer=die_with_parent)


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
    batches_per_round: int = BATCHES_PER_ROUND,
    options: dict[str, Any] | None = None,
    dask: str | None = None,
    advance_seed: bool = False,
    grades: list[str] | None = None,
    wait: bool = False,
) -> dict[str, Any]:
    """Build the bank's next version; return {status, bank, version, rows, short, stats, ...}.

    status is PUBLISHED (one commit added the rows), ALREADY (a build of this spec and seed
    committed before, e.g. a retry after a crash: `version` is that commit, nothing is built),
    SHORT (a bucket is short and `allow_short` is off, or nothing was made: nothing written),
    REJECTED (re-verification failed: nothing committed, its report kept in _builds/) or BUSY
    (another build holds the bank and `wait` is off: `message` names its pid; nothing done).
    `short` lists {size, grade, quota, made, short} per short bucket. The budget (default
    BUDGET_PER_PUZZLE attempts per wanted puzzle) counts generator attempts. The rows written
    depend on every parameter but `workers`, `dask`, `root` and `wait`, and on the bank's
    commits. The bank's lock is held throughout. `dask` runs the tasks on Dask (see
    task_runner). `advance_seed` adds the number of versions to `seed`, so every build of a
    schedule draws new boards instead of refusing last night's again (the manifest's spec
    records the seed used). `grades` picks the ladder levels to fill (default: those reachable
    at each size, see plan_buckets).
    """
    started = time.perf_counter()
    try:
        with BankStore(root).writer(bank, wait=wait) as writer:
            return build_under_lock(writer, started, genre=genre, sizes=sizes,
                                    per_grade=per_grade, seed=seed, budget=budget,
                                    workers=workers, allow_short=allow_short,
                                    boards_per_task=boards_per_task,
                                    batches_per_round=batches_per_round, options=options or {},
                                    dask=dask, advance_seed=advance_seed, grades=grades)
    except BankBusyError as busy:
        get_run_logger().warning(str(busy))
        return {"bank": bank, "status": BUSY, "message": str(busy)}


def build_under_lock(
    writer: BankWriter, started: float, *, genre: str, sizes: list[str], per_grade: int,
    seed: int, budget: int | None, workers: int, allow_short: bool,
    boards_per_task: int | None, batches_per_round: int, options: dict[str, Any],
    dask: str | None, advance_seed: bool, grades: list[str] | None,
) -> dict[str, Any]:
    """Build the next version of the bank `writer` holds (see build_bank); return the result."""
    logger = get_run_logger()
    bank = writer.bank
    if advance_seed:
        seed += 0 if writer.parent is None else writer.parent + 1
    rules, generator = get_genre(genre), get_generator(genre)
    sizes = list(dict.fromkeys("{}x{}".format(*parse_size(size)) for size in sizes))
    buckets = plan_buckets(genre, sizes, grades and [rules.ladder[rules.level_index(grade)]
                                                     for grade in grades])
    grades = list(dict.fromkeys(grade for _, grade in buckets))
    boards_per_task = boards_per_task or generator.boards_per_task or BOARDS_PER_TASK
    if budget is None:
        budget = BUDGET_PER_PUZZLE * per_grade * len(buckets)
    spec = {"genre": genre, "sizes": sizes, "grades": grades, "per_grade": per_grade,
            "seed": seed, "budget": budget, "boards_per_task": boards_per_task,
            "batches_per_round": batches_per_round, "options": options,
            "allow_short": allow_short}
    result = {"bank": bank, "genre": genre, "version": None, "rows": 0, "short": [],
              "stats": {}, "verification": None, "build_id": writer.build_id(spec)}
    done = writer.published_as(spec)
    if done:
        logger.info("%s: build %s was committed before, as version %d; nothing to do",
                    bank, done.build_id, done.version)
        return result | {"status": ALREADY, "version": done.version, "rows": done.row_count,
                         "build_id": done.build_id, "stats": done.build_stats,
                         "verification": done.verification["report"]}
    quotas = Quotas(buckets, per_grade, writer.shipped_ids())
    planner = Planner(budget, boards_per_task, batches_per_round)
    with task_runner(workers, dask) as runner:
        stats = fill(runner, quotas, planner, genre, seed, options)
        stats["generate_seconds"] = round(time.perf_counter() - started, 3)
        short = quotas.shortfall()
        stats["short"] = short
        result |= {"rows": quotas.filled(), "short": short, "stats": stats}
        for line in short_lines(short):
            logger.warning(line)
        if (short and not allow_short) or not quotas.filled():
            return result | {"status": SHORT}
        pending = writer.write(rows_to_table(quotas.accepted()), spec=spec,
                               code_version=code_version(generator.version),
                               build_stats=stats, created_at=now())
        report = reverify(runner, lambda: writer.read_pending(pending))
    return result | publish_or_discard(writer, pending, report)


def publish_or_discard(
    writer: BankWriter, pending: PendingBuild, report: dict[str, Any]
) -> dict[str, Any]:
    """Commit a pending build whose re-verification `report` passed, else discard it; return
    {status, version, verification} for the build's result."""
    logger = get_run_logger()
    version = pending.version
    if report["status"] == PASSED:
        writer.commit(pending, report)
        logger.info("published %s version %d: %d rows", writer.bank, version,
                    pending.manifest.row_count)
        return {"status": PUBLISHED, "version": version, "verification": report}
    path = writer.discard(pending, report)
    logger.error("rejected %s build %s: %d problems; report in %s", writer.bank,
                 pending.manifest.build_id, report["problem_count"], path)
    return {"status": REJECTED, "version": None, "verification": report}


def fill(
    runner: TaskRunner, quotas: Quotas, planner: Planner, genre: str, seed: int,
    options: dict[str, Any],
) -> dict[str, Any]:
    """Run rounds of generation tasks until no bucket is short or the budget is spent.

    ROUNDS_IN_FLIGHT rounds are submitted ahead, so workers do not idle at a round's end: round
    k+2 is planned from the buckets as rounds 1..k left them. Outcomes are offered to `quotas`
    round by round in batch order, so the fill never depends on which task finishes first.
    Returns the build statistics {attempts, accepted, rejections, rounds, tasks}.
    """
    logger = get_run_logger()
    in_flight: deque[list[PrefectFuture]] = deque()
    rounds = tasks = 0
    wanted = quotas.quota * len(quotas.order)
    with tqdm(total=wanted, desc="puzzles", unit="puzzle", disable=None) as bar:
        while True:
            while len(in_flight) < ROUNDS_IN_FLIGHT and (
                batches := planner.next_round(quotas.short())
            ):
                in_flight.append([runner.submit(generate_batch, {
                    "genre": genre, "batch": batch, "master": seed, "options": options,
                }) for batch in batches])
                tasks += len(batches)
            if not in_flight:
                break
            rounds += 1
            for future in in_flight.popleft():
                before = quotas.filled()
                for outcome in future.result():
                    quotas.offer(outcome)
                bar.update(quotas.filled() - before)
                bar.set_postfix(attempts=quotas.attempts)
            logger.info("round %d: %d of %d puzzles after %d attempts", rounds, quotas.filled(),
                        wanted, quotas.attempts)
    return {"attempts": quotas.attempts, "accepted": quotas.filled(),
            "rejections": dict(sorted(quotas.rejections.items())), "rounds": rounds,
            "tasks": tasks}


def reverify(runner: TaskRunner, read: Callable[[], pa.Table]) -> dict[str, Any]:
    """Re-verify rows read from disk by `read`; return {status, rows, problem_count, ...}.

    `read` must check the files it reads (it raises BankError naming the file at fault); then
    every row is re-admitted by verify-rows tasks. status is PASSED only when nothing was found;
    `problems` keeps the first PROBLEMS_KEPT lines, each naming a row id (or the file at fault).
    """
    started = time.perf_counter()
    try:
        rows = read().to_pylist()
    except BankError as error:
        problems, rows = [str(error)], []
    else:
        chunks = [rows[i : i + ROWS_PER_VERIFY_TASK]
                  for i in range(0, len(rows), ROWS_PER_VERIFY_TASK)]
        problems = []
        futures = [runner.submit(verify_chunk, {"rows": chunk}) for chunk in chunks]
        with tqdm(total=len(rows), desc="verify", unit="row", disable=None) as bar:
            for chunk, future in zip(chunks, futures, strict=True):
                problems.extend(future.result())
                bar.update(len(chunk))
    return {"status": FAILED if problems else PASSED, "rows": len(rows),
            "problem_count": len(problems), "problems": problems[:PROBLEMS_KEPT],
            "seconds": round(time.perf_counter() - started, 3)}


@flow(name="verify-bank-version", flow_run_name="verify {bank} version {version}")
def verify_version(
    bank: str, version: int | None = None, root: str = ".", workers: int = 1,
    dask: str | None = None, whole: bool = False,
) -> dict[str, Any]:
    """Re-verify the rows one build committed (`version`, default the latest), or with `whole`
    every row of the bank as of that version, without changing anything; return the report
    (see reverify) with the bank and version. Every data file up to that version is checked
    first. No more workers start than there are verify-rows tasks (a pool costs seconds).
    """
    snapshot = BankStore(root).snapshot(bank, version)
    manifests = snapshot.commits if whole else snapshot.commits[-1:]
    rows = sum(commit.manifest.row_count for commit in manifests)
    tasks = max(1, -(-rows // ROWS_PER_VERIFY_TASK))
    build = None if whole else snapshot.version
    with task_runner(min(workers, tasks), dask) as runner:
        report = reverify(runner, lambda: snapshot.read(build))
    log = get_run_logger().info if report["status"] == PASSED else get_run_logger().error
    log("%s version %d verification %s: %d rows, %d problems", bank, snapshot.version,
        report["status"], report["rows"], report["problem_count"])
    return {"bank": bank, "version": snapshot.version} | report


def short_lines(short: list[dict[str, Any]]) -> list[str]:
    """Return one line per short bucket: "short: 5x5/probe made 1 of 2 (short by 1)"."""
    return [f"short: {b['size']}/{b['grade']} made {b['made']} of {b['quota']} "
            f"(short by {b['short']})" for b in short]


def drain() -> None:
    """Send the logs and events still queued in this process to the API (call before it stops)."""
    APILogWorker.drain_all(timeout=10)
    EventsWorker.drain_all(timeout=10)
