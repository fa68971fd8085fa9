"""Calendar speed: planning 365 days ahead on a 100,000-row bank (32 buckets, one puzzle of each a
day), from an empty calendar and on top of a year already planned, and reading one day back.

Run: python bench/bench_calendar.py [--rows N] [--days N] [--runs N].
Builds a synthetic bank (bench_banks.synthetic_table) in a temp folder through BankStore's
writer; each run plans into a fresh calendar (the previous one removed). Prints wall seconds:
the median and the spread of `runs` runs.
"""

import argparse
import datetime
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench_banks import synthetic_table

from banks import BankStore
from banks.calendar import calendar_dir, day_rows, extend

FIRST = datetime.date(2027, 1, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = BankStore(Path(folder))
        with store.writer("bench") as writer:
            pending = writer.write(synthetic_table(args.rows), spec={"bench": 1}, code_version={},
                                   build_stats={}, created_at="2027-01-01T00:00:00+00:00")
            writer.read_pending(pending)
            writer.commit(pending, {"bench": True})
        last = FIRST + datetime.timedelta(days=args.days - 1)
        after = last + datetime.timedelta(days=args.days)
        first_year, second_year, one_day = [], [], []
        for _ in range(args.runs):
            shutil.rmtree(calendar_dir(store, "bench"), ignore_errors=True)
            start = time.perf_counter()
            done = extend(store, "bench", last, 1, FIRST)
            first_year.append(time.perf_counter() - start)
            assert done.shortfall is None and done.through == last
            start = time.perf_counter()
            done = extend(store, "bench", after, 1, FIRST)
            second_year.append(time.perf_counter() - start)
            assert done.shortfall is None and done.through == after
            start = time.perf_counter()
            rows = day_rows(store, "bench", last)
            one_day.append(time.perf_counter() - start)
        buckets = len(rows)
        print(f"bank of {args.rows:,} rows in {buckets} buckets; {args.days} days, 1 a bucket a "
              f"day; {args.runs} runs (wall seconds, median [min..max])")
        for name, times in (("plan from an empty calendar", first_year),
                            ("plan on top of one already planned", second_year),
                            ("read one day's rows (day)", one_day)):
            print(f"  {name:38s} {statistics.median(times):6.2f}  "
                  f"[{min(times):.2f}..{max(times):.2f}]")


if __name__ == "__main__":
    main()
