"""Bank query speed: a filter plus a 100-row sample, and a day's puzzles, on a 1,000,000-row bank.

Run: python bench/bench_query.py [--rows N] [--runs N]. Builds a synthetic bank in a temp folder
through BankStore.stage (then verification passed, publish) and prints the median seconds of
`runs` runs of each query; the build and a checked read_version are timed once for scale.
"""

import argparse
import datetime
import statistics
import tempfile
import time

import polars as pl
import pyarrow as pa

from banks import BANK_SCHEMA, BankStore, daily, scan, select

GENRES = ("slant", "araf")
SIZES = ("5x5", "7x7", "10x10", "15x15")
GRADES = ("count", "cycle", "duet", "probe")


def synthetic_table(rows: int) -> pa.Table:
    """Return `rows` made-up bank rows: 32 buckets (genre x size x grade) of equal size."""
    i = pl.int_range(rows, dtype=pl.Int64, eager=True)
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
        seed=(pl.col("i").cast(pl.UInt64) + (1 << 63)),
        generator_version=pl.lit("bench-1"),
        measurements=pl.concat_str([pl.lit('{"tries":'), (pl.col("i") % 9), pl.lit("}")]),
        puzzlink=pl.when(pl.col("genre") == "slant").then(pl.concat_str(
            [pl.lit("https://puzz.link/p?gokigen/"), pl.col("id")])),
    )
    arrow = frame.select(BANK_SCHEMA.names).to_arrow()
    columns = [arrow.column(f.name).cast(f.type) for f in BANK_SCHEMA]
    return pa.Table.from_arrays(columns, schema=BANK_SCHEMA)


def median_seconds(fn, runs: int) -> tuple[float, object]:
    """Return the median seconds of `runs` calls of fn() and the last result."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as root:
        store = BankStore(root)
        start = time.perf_counter()
        table = synthetic_table(args.rows)
        made = time.perf_counter()
        version = store.stage(
            "bench",
            table,
            spec={"bench": True},
            code_version={"package": "bench", "commit": None},
            build_stats={},
            created_at=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        )
        staged = time.perf_counter()
        store.record_verification("bench", version, "passed", {"bench": True})
        store.publish("bench", version)
        print(f"rows {args.rows:,}: made {made - start:.2f} s, staged {staged - made:.2f} s")
        seconds, _ = median_seconds(lambda: store.read_version("bench", version), 1)
        print(f"read_version (sha256 + logical check), once:  {seconds:.3f} s")

        def filtered_sample() -> pl.DataFrame:
            frame = select(scan(root, "bench"), genre="slant", size="7x7", grade="cycle")
            return frame.collect().sample(100, seed=1)

        seconds, sample = median_seconds(filtered_sample, args.runs)
        print(f"select(genre, size, grade) + 100-row sample: {seconds:.3f} s ({len(sample)} rows)")
        day = datetime.date(2025, 1, 1)
        seconds, picked = median_seconds(lambda: daily(root, "bench", day, 5), args.runs)
        print(f"daily(per_bucket=5):                         {seconds:.3f} s ({len(picked)} rows)")


if __name__ == "__main__":
    main()
