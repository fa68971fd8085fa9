"""Pipeline speed: Prefect's per-task overhead, build throughput with 1 and 2 workers, re-verify.

Run: python bench/bench_pipeline.py [--sizes 5x5 7x7] [--per-grade N] [--tasks N] [--dask]
against the CLI's local server (a configured PREFECT_API_URL, or one started in the temp root).
Prints, for each runner: the per-task overhead ((time of 2N empty tasks - time of N) / N, so the
pool's start-up cancels out) and that start-up (time of N tasks - N overheads - an empty flow);
for 1 and 2 workers: a Slant build's puzzles per second of generation and the re-verify time
per 1000 puzzles, extrapolated from the bank built (the size is printed). The two builds share
their parameters, so their part files must be byte-identical; the bench checks that too.
"""

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")


def overhead(runner_name: str, workers: int, tasks: int) -> tuple[float, float]:
    """Return (seconds per empty task, seconds of start-up) of flow runs with the named runner."""
    from prefect import flow, task
    from prefect.cache_policies import NO_CACHE

    from pipeline.flows import task_runner

    @task(cache_policy=NO_CACHE)
    def nothing(i: int) -> int:
        return i

    def runner():
        if runner_name == "dask":
            from prefect_dask import DaskTaskRunner

            return DaskTaskRunner(cluster_kwargs={"n_workers": workers, "threads_per_worker": 1,
                                                  "processes": True, "dashboard_address": None})
        return task_runner(workers)

    @flow(task_runner=runner())
    def empty(n: int) -> list[int]:
        return [future.result() for future in [nothing.submit(i) for i in range(n)]]

    seconds = {}
    for n in (0, tasks, 2 * tasks):
        started = time.perf_counter()
        empty(n)
        seconds[n] = time.perf_counter() - started
    per_task = (seconds[2 * tasks] - seconds[tasks]) / tasks
    return per_task, seconds[tasks] - tasks * per_task - seconds[0]


def build_and_verify(root: Path, workers: int, sizes: list[str], per_grade: int) -> dict:
    """Build bench bank into `root` with `workers`; return its result and the verify report."""
    from pipeline.flows import build_bank, verify_version

    result = build_bank(bank="bench", genre="slant", sizes=sizes, per_grade=per_grade, seed=2024,
                        workers=workers, root=str(root))
    assert result["status"] == "published", result
    report = verify_version(bank="bench", version=result["version"], root=str(root),
                            workers=workers)
    return {"result": result, "verify": report}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["5x5", "7x7"])
    parser.add_argument("--per-grade", type=int, default=10)
    parser.add_argument("--tasks", type=int, default=40)
    parser.add_argument("--dask", action="store_true", help="also time DaskTaskRunner")
    args = parser.parse_args()

    from pipeline.server import local_server

    with tempfile.TemporaryDirectory() as temp:
        started = time.perf_counter()
        with local_server(temp) as url:
            print(f"server {url} ready in {time.perf_counter() - started:.1f} s")
            from pipeline.flows import drain

            runners = [("process", 2), ("thread", 1), *([("dask", 2)] if args.dask else [])]
            for name, workers in runners:
                per_task, start_up = overhead(name, workers, args.tasks)
                print(f"overhead {name:7s} x{workers}: {per_task * 1000:6.1f} ms per task, "
                      f"start-up {start_up:5.2f} s ({args.tasks} and {2 * args.tasks} tasks)")
            runs = {}
            for workers in (1, 2):
                root = Path(temp) / f"w{workers}"
                runs[workers] = run = build_and_verify(root, workers, args.sizes, args.per_grade)
                stats, verify = run["result"]["stats"], run["verify"]
                rate = stats["accepted"] / stats["generate_seconds"]
                print(f"build   x{workers}: {stats['accepted']} puzzles ({stats['attempts']} "
                      f"attempts, {stats['tasks']} tasks) in {stats['generate_seconds']:.1f} s "
                      f"= {rate:.2f} puzzles/s")
                print(f"verify  x{workers}: {verify['rows']} rows in {verify['seconds']:.2f} s "
                      f"= {verify['seconds'] * 1000 / verify['rows']:.1f} s per 1000 puzzles "
                      f"(extrapolated)")
            one, two = (runs[w]["result"]["stats"]["generate_seconds"] for w in (1, 2))
            print(f"speed-up x2 over x1: {one / two:.2f}")
            same = [sorted((Path(temp) / f"w{w}" / "bench" / "v0001").glob("*.parquet"))
                    for w in (1, 2)]
            identical = [p.read_bytes() for p in same[0]] == [p.read_bytes() for p in same[1]]
            print(f"part files identical with 1 and 2 workers: {identical}")
            drain()


if __name__ == "__main__":
    main()
