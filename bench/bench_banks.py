"""Bank speed on a 1,000,000-row Delta bank: committing a 10,000-row build on top of it, a query
(filter + 100-row sample) with the integrity check cold and cached, a day's rotation, and the
re-verification of real Slant rows per 1,000.

Run: python bench/bench_banks.py [--rows N] [--build-rows N] [--runs N] [--verify-rows N].
Builds a synthetic bank in a temp folder through BankStore's writer (the synthetic rows skip
re-verification), prints wall seconds: medians of `runs` runs for the queries.
"""

import argparse
import datetime
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import polars as pl
import pyarrow as pa

from banks import ROW_SCHEMA, BankStore, rotation, scan, select
from banks.integrity import CACHE_PATH
from generators import GenerationSpec
from pipeline.admission import admit, verify_rows
from pipeline.outcomes import Row

GENRES = ("slant", "araf")
SIZES = ("5x5", "7x7", "10x10", "15x15")
GRADES = ("count", "cycle", "duet", "probe")


def synthetic_table(rows: int, start: int = 0) -> pa.Table:
    """Return `rows` made-up build rows numbered from `start`: 32 buckets (genre x size x grade)
    of equal size."""
    i = pl.int_range(start, start + rows, dtype=pl.Int64, eager=True)
    frame = pl.DataFrame({"i": i}).with_columns(
        id=((pl.col("i") * 0x9E3779B97F4A7C15 % (1 << 61)).cast(pl.String)),
        genre=pl.col("i").mod(2).replace_strict(dict(enumerate(GENRES))),
        size=(pl.col("i") // 2).mod(4).replace_strict(dict(enumerate(SIZES))),
        grade_level=(pl.col("i") // 8).mod(4).cast(pl.Int16),
    )
    frame = frame.with_columns(
        width=pl.col("size").str.split("x").list.first().cast(pl.Int32),
        height=pl.col("size").str.split("x").list.last().cast(pl.Int32),
        grade=pl.col("grade_level").replace_strict(dict(enumerate(GRADES))),
        steps=(pl.col("i") % 97).cast(pl.Int32),
        clues=(pl.col("i") % 41).cast(pl.Int32),
        puzzle=pl.concat_str([pl.col("id")] * 4, separator=","),
        solution=pl.concat_str([pl.col("id").str.reverse()] * 4, separator=","),
        seed=(pl.col("i").cast(pl.UInt64) + (1 << 63)),  # cast to decimal(20, 0) below
        generator_version=pl.lit("bench-1"),
        measurements=pl.concat_str([pl.lit('{"tries":'), (pl.col("i") % 9), pl.lit("}")]),
        quality=pl.concat_str([pl.lit('{"pieces":'), (pl.col("i") % 5), pl.lit("}")]),
        puzzlink=pl.when(pl.col("genre") == "slant").then(pl.concat_str(
            [pl.lit("https://puzz.link/p?gokigen/"), pl.col("id")])),
        trace=pl.concat_str([pl.lit("t1|0:"), pl.col("id").str.slice(0, 40)]),
        score=(pl.col("i") % 500).cast(pl.Int32),
        score_rule=pl.col("grade_level").replace_strict(dict(enumerate(GRADES))),
        score_depth=(pl.col("i") % 30).cast(pl.Int32),
        score_applications=pl.lit('{"count":3}'),
    )
    arrow = frame.select(ROW_SCHEMA.names).to_arrow()
    columns = [arrow.column(f.name).cast(f.type) for f in ROW_SCHEMA]
    return pa.Table.from_arrays(columns, schema=ROW_SCHEMA)


T = TypeVar("T")


def median_seconds(fn: Callable[[], T], runs: int) -> tuple[float, T]:
    """Return the median seconds of `runs` calls of fn() and the last result."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def commit_seconds(store: BankStore, table: pa.Table, name: str) -> dict[str, float]:
    """Write, read back and commit `table` as a build of bank "bench"; return each step's
    wall seconds."""
    times = {}
    start = time.perf_counter()
    with store.writer("bench") as writer:
        times["lock + open"] = time.perf_counter() - start
        step = time.perf_counter()
        pending = writer.write(table, spec={"bench": name}, code_version={}, build_stats={},
                               created_at=datetime.datetime.now(datetime.UTC).isoformat())
        times["write"] = time.perf_counter() - step
        step = time.perf_counter()
        writer.read_pending(pending)
        times["read back"] = time.perf_counter() - step
        step = time.perf_counter()
        writer.commit(pending, {"bench": True})
        times["commit"] = time.perf_counter() - step
    return times


def verify_seconds_per_1000(count: int) -> tuple[float, float, int]:
    """Return (wall, CPU) seconds per 1,000 rows that verify_rows takes on `count` real Slant
    rows (5x5 and 7x7, every grade), and how many rows it ran on."""
    rows: list[Row] = []
    seed = 0
    while len(rows) < count:
        size = (5, 5) if seed % 2 else (7, 7)
        grade = ("count", "cycle", "duet", "probe")[seed // 2 % 4]
        outcome = admit("slant", GenerationSpec(*size, grade), seed)
        if isinstance(outcome, dict):
            rows.append(outcome)
        seed += 1
    wall, cpu = time.perf_counter(), time.process_time()
    assert verify_rows(rows) == []
    return (1000 * (time.perf_counter() - wall) / count,
            1000 * (time.process_time() - cpu) / count, count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--build-rows", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--verify-rows", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as root:
        store = BankStore(root)
        start = time.perf_counter()
        table = synthetic_table(args.rows)
        print(f"bank of {args.rows:,} rows made in {time.perf_counter() - start:.2f} s")
        times = commit_seconds(store, table, "base")
        print("first build, " + ", ".join(f"{k} {v:.2f} s" for k, v in times.items()))
        times = commit_seconds(store, synthetic_table(args.build_rows, start=args.rows), "next")
        print(f"a {args.build_rows:,}-row build on top: "
              + ", ".join(f"{k} {v:.3f} s" for k, v in times.items())
              + f"; in all {sum(times.values()):.3f} s")

        def filtered_sample() -> pl.DataFrame:
            frame = select(scan(root, "bench"), genre="slant", size="7x7", grade="cycle")
            return frame.collect().sample(100, seed=1)

        cold = []
        for _ in range(args.runs):
            (Path(root) / "bench" / CACHE_PATH).unlink(missing_ok=True)
            seconds, sample = median_seconds(filtered_sample, 1)
            cold.append(seconds)
        print(f"query (filter + 100-row sample), files hashed: {statistics.median(cold):.3f} s")
        seconds, sample = median_seconds(filtered_sample, args.runs)
        print(f"query (filter + 100-row sample), cached check: {seconds:.3f} s "
              f"({len(sample)} rows)")
        day = datetime.date(2025, 1, 1)
        seconds, picked = median_seconds(lambda: rotation(root, "bench", day, 5), args.runs)
        print(f"rotation(per_bucket=5), cached check:             {seconds:.3f} s "
              f"({len(picked)} rows)")
    wall, cpu, count = verify_seconds_per_1000(args.verify_rows)
    print(f"re-verify (verify_rows, one process) on {count} Slant rows: {wall:.1f} s wall, "
          f"{cpu:.1f} s CPU per 1,000 rows")


if __name__ == "__main__":
    main()
