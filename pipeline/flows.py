"""Prefect flows: build a bank version, and re-verify one.

build_bank: plan rounds of batches -> generation tasks on `workers` processes -> admission
outcomes offered to the quotas in batch order -> stage the rows -> re-verify them from disk ->
publish or reject. verify_version: the re-verification alone. A short build (a bucket under its
quota when the budget is spent) writes nothing unless `allow_short`.

Vocabulary: a *runner* is a Prefect task runner, entered for the length of a flow; *outcomes*
are admission results (row dicts or rejection reasons); a *report* is a plain dict that goes
into the manifest and back to the caller.
"""

import time
from collections import deque
from typing import Any

from prefect import flow, get_run_logger, task
from prefect.cache_policies import NO_CACHE
from prefect.events.worker import EventsWorker
from prefect.futures import PrefectFuture
from prefect.logging.handlers import APILogWorker
from prefect.task_runners import ProcessPoolTaskRunner, TaskRunner, ThreadPoolTaskRunner
from tqdm import tqdm

from banks import BankError, BankStore, rows_to_table
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
) -> dict[str, Any]:
    """Build the bank's next version; return {status, bank, version, rows, short, stats, ...}.

    status is PUBLISHED, SHORT (a bucket is short and `allow_short` is off, or nothing was made:
    nothing written) or REJECTED (staged but failed re-verification, moved to _rejected/).
    `short` lists {size, grade, quota, made, short} per short bucket. The budget (default
    BUDGET_PER_PUZZLE attempts per wanted puzzle) counts generator attempts. The rows written
    depend on every parameter but `workers`, `dask` and `root`, and on the ids the bank has
    shipped. `dask` runs the tasks on Dask (see task_runner). `advance_seed` adds the number of
    published versions to `seed`, so every build of a schedule draws new boards instead of
    refusing last night's again (the manifest's spec records the seed used). `grades` picks
    the ladder levels to fill (default: those reachable at each size, see plan_buckets).
    """
    logger = get_run_logger()
    started = time.perf_counter()
    store = BankStore(root)
    if advance_seed:
        seed += len(store.published(bank))
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
            "batches_per_round": batches_per_round, "options": options or {},
            "allow_short": allow_short}
    quotas = Quotas(buckets, per_grade, store.shipped_ids(bank))
    planner = Planner(budget, boards_per_task, batches_per_round)
    with task_runner(workers, dask) as runner:
        stats = fill(runner, quotas, planner, genre, seed, options or {})
        stats["generate_seconds"] = round(time.perf_counter() - started, 3)
        short = quotas.shortfall()
        stats["short"] = short
        result = {"bank": bank, "genre": genre, "version": None, "rows": quotas.filled(),
                  "short": short, "stats": stats, "verification": None}
        for line in short_lines(short):
            logger.warning(line)
        if (short and not allow_short) or not quotas.filled():
            return result | {"status": SHORT}
        version = store.stage(bank, rows_to_table(quotas.accepted()), spec=spec,
                              code_version=code_version(generator.version), build_stats=stats,
                              created_at=now())
        report = reverify(runner, store, bank, version)
    store.record_verification(bank, version, report["status"], report)
    if report["status"] == PASSED:
        store.publish(bank, version)
        logger.info("published %s v%04d: %d rows", bank, version, quotas.filled())
        status = PUBLISHED
    else:
        store.reject(bank, version)
        logger.error("rejected %s v%04d: %d problems", bank, version, report["problem_count"])
        status = REJECTED
    return result | {"status": status, "version": version, "verification": report}


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


def reverify(runner: TaskRunner, store: BankStore, bank: str, version: int) -> dict[str, Any]:
    """Re-verify a version from its files on disk; return {status, rows, problem_count, ...}.

    The files must match the manifest (sha256, sizes, logical hash); then every row is
    re-admitted by verify-rows tasks. status is PASSED only when nothing was found; `problems`
    keeps the first PROBLEMS_KEPT lines, each naming a row id (or the file at fault).
    """
    started = time.perf_counter()
    try:
        rows = store.read_version(bank, version).to_pylist()
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


@flow(name="verify-bank-version", flow_run_name="verify {bank} v{version}")
def verify_version(
    bank: str, version: int, root: str = ".", workers: int = 1, dask: str | None = None
) -> dict[str, Any]:
    """Re-verify one version of a bank without changing it; return the report (see reverify).

    No more workers start than there are verify-rows tasks (a pool costs seconds to start).
    """
    store = BankStore(root)
    tasks = -(-store.manifest(bank, version).row_count // ROWS_PER_VERIFY_TASK)
    with task_runner(min(workers, tasks), dask) as runner:
        report = reverify(runner, store, bank, version)
    log = get_run_logger().info if report["status"] == PASSED else get_run_logger().error
    log("%s v%04d verification %s: %d rows, %d problems", bank, version, report["status"],
        report["rows"], report["problem_count"])
    return {"bank": bank, "version": version} | report


def short_lines(short: list[dict[str, Any]]) -> list[str]:
    """Return one line per short bucket: "short: 5x5/probe made 1 of 2 (short by 1)"."""
    return [f"short: {b['size']}/{b['grade']} made {b['made']} of {b['quota']} "
            f"(short by {b['short']})" for b in short]


def drain() -> None:
    """Send the logs and events still queued in this process to the API (call before it stops)."""
    APILogWorker.drain_all(timeout=10)
    EventsWorker.drain_all(timeout=10)
