"""Re-verification of rows read back from disk: cut into chunks of about equal cost, each chunk a
work for an executor (pipeline.executors), the problems gathered into a report.

Vocabulary: a row's *cost* is what a board of its genre and size costs (costs.size_costs); a
*chunk* is consecutive rows of about VERIFY_TASK_MS of cost, re-admitted by one work.
"""

import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pyarrow as pa

from banks import BankError
from pipeline import admission
from pipeline.costs import size_costs
from pipeline.executors import Executor
from pipeline.progress import progress_bar
from pipeline.results import Verification
from pipeline.sizes import Size

VERIFY_TASK_MS = 1_000  # a chunk's rows cost about this much, in a board's cost (a Slant row
# takes about its board's table cost to re-verify: about 1 s)
PROBLEMS_KEPT = 100

Rows = list[dict[str, Any]]


def verify_chunk(rows: Rows) -> list[str]:
    """Return the problems re-admission finds in `rows` (see admission.verify_rows)."""
    return admission.verify_rows(rows)


def reverify(
    executor: Executor, read: Callable[[], pa.Table], check: Callable[[], None] = lambda: None
) -> Verification:
    """Re-verify rows read from disk by `read`; return the report.

    `read` must check the files it reads (it raises BankError naming the file at fault); then
    every row is re-admitted by chunks on the executor's workers, no id may appear twice and no
    row may be the same puzzle to a player as another (admission.kin_problems).
    It passes only when nothing was found; its `problems` keeps the first PROBLEMS_KEPT lines,
    each naming a row id (or the file at fault). `check` is called after each chunk (it may
    raise a stop).
    """
    started = time.perf_counter()
    try:
        rows = read().to_pylist()
    except BankError as error:
        problems, rows = [str(error)], []
    else:
        chunks = verify_chunks(rows, executor.workers)
        problems = []
        pending = [executor.submit(verify_chunk, chunk) for chunk in chunks]
        with progress_bar(len(rows), "verify", "row") as bar:
            for chunk, future in zip(chunks, pending, strict=True):
                problems.extend(future.result())
                check()
                bar.update(len(chunk))
        problems.extend(repeated_across(chunks))
        problems.extend(admission.kin_problems(rows))
    return Verification(len(rows), len(problems), tuple(problems[:PROBLEMS_KEPT]),
                        round(time.perf_counter() - started, 3))


def verify_chunks(rows: Sequence[dict[str, Any]], workers: int) -> list[Rows]:
    """Return `rows` cut into consecutive chunks of about equal cost (see verify_tasks for how
    many); a row costs what a board of its genre and size does."""
    costs = [row_cost(row["genre"], row["size"]) for row in rows]
    if not costs:
        return []
    share = sum(costs) / verify_tasks(sum(costs), workers)
    chunks: list[Rows] = []
    spent = 0.0
    for row, cost in zip(rows, costs, strict=True):
        if int((spent + cost / 2) / share) >= len(chunks):
            chunks.append([])
        chunks[-1].append(row)
        spent += cost
    return chunks


def verify_tasks(cost: float, workers: int) -> int:
    """Return how many chunks rows of total `cost` get on `workers`: one when they cost at most
    VERIFY_TASK_MS (rows that do not pay for a pool are verified in this process), else a
    multiple of `workers` with at most about VERIFY_TASK_MS each, so the workers end together."""
    tasks = math.ceil(cost / VERIFY_TASK_MS - 1e-9)
    return 1 if tasks <= 1 else workers * math.ceil(tasks / workers)


def row_cost(genre: str, size: str) -> float:
    """Return the cost of re-verifying one row of `genre` at a stored "WxH" `size`."""
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
