"""Banks on disk against banks in an S3 bucket (a local SeaweedFS, started here): the build
(data files written and read back, checked), the commit and a query of a 10,000-row bank, and
the integrity check of a 1,000,000-row bank, first (every object downloaded and hashed) and
cached (sizes and ETags / file identities only).

Run: python bench/bench_store.py [--rows N] [--big-rows N] [--runs N]. Rounds alternate the
disk and the bucket; prints wall seconds, the medians of the rounds and the bucket/disk ratio.
"""

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_banks import synthetic_table

from banks import BankStore, scan, select
from tests.s3server import S3_ENVIRONMENT, running_seaweedfs

T = TypeVar("T")


def wall(fn: Callable[[], T]) -> tuple[T, float]:
    """Return (result, wall seconds) of one call."""
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def one_build(store: BankStore, rows: int) -> dict[str, float]:
    """Build, commit and query a `rows`-row bank in `store`; return the seconds of each."""
    table = synthetic_table(rows)
    seconds = {}
    with store.writer("bench") as writer:
        def build():  # type: ignore[no-untyped-def]
            pending = writer.write(table, spec={"rows": rows}, code_version={}, build_stats={},
                                   created_at="x")
            writer.read_pending(pending)
            return pending
        pending, seconds["build"] = wall(build)
        _, seconds["commit"] = wall(lambda: writer.commit(pending, {}))
    query = lambda: select(scan(store.root, "bench"), size="7x7", grade="cycle").head(100) \
        .collect()  # noqa: E731
    _, seconds["query first"] = wall(query)
    _, seconds["query cached"] = wall(query)
    return seconds


def big_checks(store: BankStore, rows: int, runs: int) -> dict[str, list[float]]:
    """Publish a `rows`-row bank in `store`; return the seconds of its integrity check first
    (no cache) and cached, `runs` times each."""
    with store.writer("big") as writer:
        pending = writer.write(synthetic_table(rows), spec={}, code_version={}, build_stats={},
                               created_at="x")
        writer.commit(pending, {})
    cache = store.place("big").cache_file()
    found: dict[str, list[float]] = {"check first": [], "check cached": []}
    for _ in range(runs):
        cache.unlink(missing_ok=True)
        found["check first"].append(wall(lambda: store.snapshot("big"))[1])
        found["check cached"].append(wall(lambda: store.snapshot("big"))[1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--big-rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    import os

    with tempfile.TemporaryDirectory() as temp, running_seaweedfs(Path(temp)) as endpoint:
        os.environ.update(S3_ENVIRONMENT | {"AWS_ENDPOINT_URL": endpoint,
                                            "PUZZLEBANK_CACHE": f"{temp}/cache"})
        stores = {"disk": lambda: BankStore(Path(temp) / uuid.uuid4().hex),
                  "s3": lambda: BankStore(f"s3://puzzles/{uuid.uuid4().hex}")}
        times: dict[str, dict[str, list[float]]] = {name: {} for name in stores}
        for run in range(args.runs):
            for name in (("disk", "s3") if run % 2 == 0 else ("s3", "disk")):
                for step, seconds in one_build(stores[name](), args.rows).items():
                    times[name].setdefault(step, []).append(seconds)
        print(f"{args.rows:,}-row bank, wall s, median of {args.runs} alternating rounds")
        for step in times["disk"]:
            disk, s3 = (statistics.median(times[n][step]) for n in ("disk", "s3"))
            print(f"  {step:13} disk {disk:7.3f}   s3 {s3:7.3f}   s3/disk {s3 / disk:5.1f}x")
        print(f"{args.big_rows:,}-row bank, integrity check, wall s, median of {args.runs}")
        for name in stores:
            for step, runs in big_checks(stores[name](), args.big_rows, args.runs).items():
                print(f"  {name:4} {step:13} {statistics.median(runs):7.3f}")


if __name__ == "__main__":
    main()
