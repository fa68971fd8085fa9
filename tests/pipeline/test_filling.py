"""The fill loop without Prefect: the independent counter runs only for contenders a bucket will
take, the rows do not depend on which work finishes first, and a fill makes few more attempts
than a serial run that stops the moment every bucket is full."""

import random
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace

import pytest

from generators import GenerationSpec
from pipeline.admission import COUNTER_DISAGREE, admit
from pipeline.batches import STREAM_BLOCK, Planner, Work, run_work
from pipeline.filling import fill
from pipeline.quotas import BUCKET_FULL, Quotas
from pipeline.seeds import derive_seed
from pipeline.sizes import Size
from solvers import get_genre

SIZES, GRADES, QUOTA, MASTER = (Size(4, 4), Size(5, 5)), ("count", "cycle", "duet", "probe"), 2, 11
BUCKETS = [(size, grade) for size in SIZES for grade in GRADES]


def run_in_order(work: Work) -> Future:
    """Run a work here and now; return its finished future."""
    future: Future = Future()
    future.set_result(run_work("slant", work, MASTER))
    return future


def build(submit=run_in_order):
    quotas = Quotas(BUCKETS, QUOTA)
    filled = fill(quotas, Planner(budget=1000, boards_per_task=64, tasks_in_flight=16), submit)
    return quotas, filled


@pytest.fixture
def counted(monkeypatch):
    """Return the list of puzzle texts Slant's independent counter is called on."""
    slant = get_genre("slant")
    counter = slant.counters[slant.independent]
    calls = []

    def counting(puzzle, limit):
        calls.append(slant.format(puzzle))
        return counter(puzzle, limit)

    monkeypatch.setitem(slant.counters, slant.independent, counting)
    return calls


@pytest.fixture(scope="module")
def serial():
    """Return (attempts, rows) of a serial run: each bucket's stream, board by board, until
    full (the seeds are those of builds made before the plan sized batches, 64 a task)."""
    attempts, seen, rows = 0, set(), []
    for size, grade in BUCKETS:
        board = kept = 0
        while kept < QUOTA:
            seed = derive_seed(MASTER, str(size), grade, board // STREAM_BLOCK,
                               board % STREAM_BLOCK)
            row = admit("slant", GenerationSpec(size.width, size.height, grade), seed)
            board += 1
            if isinstance(row, dict) and row["id"] not in seen:
                seen.add(row["id"])
                rows.append(row)
                kept += 1
        attempts += board
    return attempts, rows


def test_the_independent_counter_never_runs_for_a_contender_of_a_full_bucket(counted):
    quotas, filled = build()
    kept = {row["puzzle"] for row in quotas.accepted()}
    assert len(kept) == QUOTA * len(BUCKETS) and quotas.short() == []
    assert quotas.rejections[BUCKET_FULL] > 0  # there were contenders to spare...
    assert set(counted) == kept and len(counted) == len(kept) == filled.confirmed  # ...unconfirmed


def test_a_contender_that_fails_the_second_stage_gives_its_slot_to_the_next(counted, monkeypatch):
    slant = get_genre("slant")
    first = build()[0].accepted()[0]
    counter = slant.counters[slant.independent]

    def refuse_first(puzzle, limit):
        count = counter(puzzle, limit)
        return count if slant.format(puzzle) != first["puzzle"] else replace(count, count=2)

    monkeypatch.setitem(slant.counters, slant.independent, refuse_first)
    quotas, _ = build()
    rows = [row for row in quotas.accepted() if (row["size"], row["grade"]) == (
        first["size"], first["grade"])]
    assert first["id"] not in {row["id"] for row in rows} and len(rows) == QUOTA
    assert quotas.rejections[COUNTER_DISAGREE] == 1


def test_the_rows_do_not_depend_on_the_order_in_which_works_finish():
    in_order = build()[0].accepted()
    with ThreadPoolExecutor(max_workers=3) as pool:
        def shuffled(work):
            delay = random.Random(work.label).random() / 50

            def late():
                time.sleep(delay)
                return run_work("slant", work, MASTER)

            return pool.submit(late)

        assert build(shuffled)[0].accepted() == in_order


def test_a_fill_makes_at_most_a_quarter_more_attempts_than_a_serial_stop_when_full_run(serial):
    quotas, _ = build()
    assert quotas.total_attempts() <= 1.25 * serial[0]


def test_a_fill_keeps_exactly_the_rows_a_serial_run_keeps_in_the_same_order(serial):
    assert build()[0].accepted() == serial[1]


def test_out_of_time_no_new_work_starts_and_the_works_out_are_still_taken_in():
    quotas = Quotas(BUCKETS, QUOTA)
    planner = Planner(budget=1000, boards_per_task=64, tasks_in_flight=16)
    assert fill(quotas, planner, run_in_order, out_of_time=lambda: True).tasks == 0
    assert quotas.filled() == 0 and quotas.total_attempts() == 0
    submitted = []

    def counting(work):
        submitted.append(work)
        return run_in_order(work)

    quotas = Quotas(BUCKETS, QUOTA)
    planner = Planner(budget=1000, boards_per_task=64, tasks_in_flight=16)
    filled = fill(quotas, planner, counting, out_of_time=lambda: len(submitted) > 0)
    assert filled.tasks == len(submitted) >= 1  # only the first plan's works went out
    assert quotas.total_attempts() == sum(work.boards() for work in submitted)
