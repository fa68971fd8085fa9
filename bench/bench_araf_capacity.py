"""Araf capacity, an older commit against the work tree: `puzzlebank bench araf` in both, in
interleaved rounds, with medians and the ratio.

Run: python bench/bench_araf_capacity.py --old COMMIT [--sizes 8x8:20 10x10:6] [--rounds 3].
The older tree is the commit's files (git archive) unpacked in a temporary directory, with its C
kernels built there (setup.py build_ext --inplace, by this interpreter); each measure is one
subprocess of this interpreter running the CLI with that tree first on its path, so both trees
pay the same imports and neither warms the other's caches. A round runs old then new at every
size, the next round new then old. Prints each run's CPU ms per graded puzzle (the command's
own measure: CPU time of the attempts, all paid) and the load average before each run; the
graded puzzles of both trees must be the same count in the same attempts.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_CLI = "import sys; from pipeline.cli import main; sys.exit(main())"


def unpack(commit: str, into: Path) -> Path:
    """Return a directory holding the files of `commit`, its kernels built."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=into,
                   check=True, capture_output=True)
    return into


def bench(tree: Path, size: str, puzzles: int) -> dict:
    """Return the JSON of `puzzlebank bench araf` run with `tree` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", RUN_CLI, "bench", "araf", "--size", size,
                          "--puzzles", str(puzzles), "--json"], cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the commit to compare against")
    parser.add_argument("--sizes", nargs="+", default=["8x8:20", "10x10:6"],
                        help="SIZE:PUZZLES per bucket")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    buckets = [(size, int(n)) for size, n in (s.split(":") for s in args.sizes)]
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"old": unpack(args.old, Path(scratch)), "new": ROOT}
        ms: dict[tuple[str, str], list[float]] = {}
        for round_ in range(args.rounds):
            order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
            for size, puzzles in buckets:
                made = set()
                for name in order:
                    load = os.getloadavg()[0]
                    run = bench(trees[name], size, puzzles)
                    made.add((run["puzzles"], run["attempts"]))
                    ms.setdefault((size, name), []).append(run["cpu_ms_per_puzzle"])
                    print(f"round {round_ + 1} {size:6s} {name}: {run['cpu_ms_per_puzzle']:9.1f} "
                          f"CPU ms per graded puzzle ({run['graded_per_second']:.2f}/s), "
                          f"{run['puzzles']} in {run['attempts']} attempts, load {load:.1f}",
                          flush=True)
                assert len(made) == 1, f"{size}: the trees made different runs: {made}"
    for size, _ in buckets:
        old, new = statistics.median(ms[size, "old"]), statistics.median(ms[size, "new"])
        print(f"{size}: median old {old:.1f} ms, new {new:.1f} ms per graded puzzle "
              f"({1000 / old:.2f} -> {1000 / new:.2f} per second), {old / new:.2f}x")


if __name__ == "__main__":
    main()
