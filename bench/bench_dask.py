"""Build wall time on each runner: threads x1, process pool x2, Dask LocalCluster x1 and x2.

Run: python bench/bench_dask.py [--sizes 5x5 7x7] [--per-grade N] [--seed S]
against the CLI's local server (a configured PREFECT_API_URL, or one started in the temp root).
Every runner builds the same fixed spec into a fresh root; the time is the whole build_bank
call (runner start, generation, staging, re-verification, publishing, runner stop), printed
with the speed-up over threads x1. The bench also checks that every runner wrote the same part
files. Numbers depend on the cores free at the time: say what else was running.
"""

import argparse
import hashlib
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")

RUNNERS = [("threads x1", 1, None), ("process pool x2", 2, None),
           ("dask local:1", 1, "local:1"), ("dask local:2", 1, "local:2")]


def parts_digest(root: Path) -> str:
    """Return a sha256 over the bytes of the bench bank's v0001 part files, in name order."""
    digest = hashlib.sha256()
    for path in sorted((root / "bench" / "v0001").glob("*.parquet")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["5x5", "7x7"])
    parser.add_argument("--per-grade", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    from pipeline.server import local_server

    print(f"slant {' '.join(args.sizes)}, {args.per_grade} per grade, seed {args.seed}; "
          f"{os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as temp, local_server(temp) as url:
        print(f"server {url}")
        from pipeline.flows import build_bank, drain

        seconds, digests = {}, {}
        for name, workers, dask in RUNNERS:
            root = Path(temp) / name.replace(" ", "-").replace(":", "")
            started = time.perf_counter()
            result = build_bank(bank="bench", genre="slant", sizes=args.sizes,
                                per_grade=args.per_grade, seed=args.seed, workers=workers,
                                root=str(root), dask=dask)
            seconds[name] = time.perf_counter() - started
            assert result.status == "published" and result.stats, result.status
            digests[name] = parts_digest(root)
            stats, speed_up = result.stats, seconds[RUNNERS[0][0]] / seconds[name]
            print(f"{name:16s} {seconds[name]:6.1f} s  speed-up {speed_up:4.2f}"
                  f"  ({result.rows} puzzles, {stats.fill.attempts} attempts, "
                  f"{stats.fill.tasks} tasks, generation {stats.generate_seconds:.1f} s)")
        print(f"same part files on every runner: {len(set(digests.values())) == 1}")
        drain()


if __name__ == "__main__":
    main()
