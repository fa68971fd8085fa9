"""A build's fixed cost, and the README's demo with 1 and 2 workers (issue 13), interleaved.

Run: python bench/bench_fixed_cost.py [--rounds 3] [--per-grade 125] [--demo-rounds 6]
         [--cold-rounds 4] [--skip-big] [--skip-cold] [--baseline PATH]
Every build is a `puzzlebank` process of its own; with --baseline (the `puzzlebank` script of
another checkout's venv, e.g. an older commit's) every measurement is made for both programs,
one after the other, in each round. Prints, each a median over interleaved runs:
- the fixed cost of a build against a running server (the one this script runs, as an
  operator's `puzzlebank server`): the process's wall time less its fill and re-verification
  seconds (from its manifest), on bench_pipeline.py's CPU-bound Slant build with 2 workers (7x7
  and 10x10, every grade, --per-grade each; target <= 5 s);
- the README demo spec with --workers 1 and 2 against that server, in alternating order
  (x2 must not be slower), with the median of the paired differences x2 - x1;
- the same cold: each build starts its own private server in a fresh root, as the README's
  first command does (target < 45 s on 2 idle cores; x2 not slower than x1);
- the load average before each part and at the end, since the machine may not be idle.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from banks import BankStore
from pipeline.server import local_server

PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))
BIG = ("--genre", "slant", "--size", "7x7", "--size", "10x10", "--seed", "2024")
DEMO = ("--genre", "slant", "--size", "5x5", "--size", "7x7", "--per-grade", "3", "--seed", "1")


def cli(program: str, *args: str, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run `program ARGS` (a puzzlebank script); return its wall seconds and the CPU seconds
    of it and its children (a private server, a fork server and its workers), which a busy
    machine skews less. It must exit 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([program, *args], capture_output=True, text=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stdout + done.stderr
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def load() -> str:
    """Return the 1-minute load average, as text."""
    return f"{os.getloadavg()[0]:.1f}"


def fixed_costs(temp: Path, programs: dict[str, str], per_grade: int, rounds: int) -> None:
    """Build the big spec with 2 workers `rounds` times with each program, interleaved; print
    each build's fixed cost, then each program's median."""
    costs: dict[str, list[float]] = {name: [] for name in programs}
    for turn in range(rounds):
        for name, program in programs.items():
            root = temp / f"big-{name}-{turn}"
            wall, _ = cli(program, "build", "b", *BIG, "--per-grade", str(per_grade),
                          "--workers", "2", "--root", str(root))
            manifest = BankStore(root).snapshot("b").manifest(0)
            fill = manifest.build_stats["fill_seconds"]
            verify = manifest.verification["report"]["seconds"]
            costs[name].append(wall - fill - verify)
            print(f"round {turn + 1} {name}: process {wall:.1f} s, fill {fill:.1f} s, re-verify "
                  f"{verify:.1f} s: fixed {costs[name][-1]:.2f} s; load {load()}", flush=True)
    for name, values in costs.items():
        print(f"{name}: fixed cost against a running server: median {statistics.median(values):.2f}"
              f" s of {rounds} (2 workers, {8 * per_grade} puzzles; target <= 5 s)", flush=True)


def demo_pairs(
    temp: Path, programs: dict[str, str], rounds: int, env: dict[str, str] | None, label: str
) -> None:
    """Build the demo spec with 1 and 2 workers `rounds` times each with each program,
    alternating which worker count goes first, each in a fresh root; print every round, then
    each program's medians."""
    runs: dict[tuple[str, str], list[tuple[float, float]]] = {
        (name, workers): [] for name in programs for workers in ("1", "2")}
    for turn in range(rounds):
        for name, program in programs.items():
            for workers in ("1", "2") if turn % 2 == 0 else ("2", "1"):
                runs[name, workers].append(cli(program, "build", "demo", *DEMO, "--workers",
                                               workers, "--root", tempfile.mkdtemp(dir=temp),
                                               env=env))
            (one_wall, one_cpu), (two_wall, two_cpu) = runs[name, "1"][-1], runs[name, "2"][-1]
            print(f"{label} round {turn + 1} {name}: x1 {one_wall:.2f} s ({one_cpu:.2f} s CPU), "
                  f"x2 {two_wall:.2f} s ({two_cpu:.2f} s CPU); load {load()}", flush=True)
    for name in programs:
        for kind, index in (("wall", 0), ("CPU", 1)):
            one = [run[index] for run in runs[name, "1"]]
            two = [run[index] for run in runs[name, "2"]]
            paired = statistics.median(b - a for a, b in zip(one, two, strict=True))
            print(f"{name}: {label}, {kind}: median x1 {statistics.median(one):.2f} s, x2 "
                  f"{statistics.median(two):.2f} s, x2/x1 "
                  f"{statistics.median(two) / statistics.median(one):.3f}; median of x2 - x1 "
                  f"per round {paired:+.2f} s ({rounds} rounds; x2 must not be slower)",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="builds of the big spec")
    parser.add_argument("--per-grade", type=int, default=125)
    parser.add_argument("--demo-rounds", type=int, default=6)
    parser.add_argument("--cold-rounds", type=int, default=4)
    parser.add_argument("--skip-big", action="store_true", help="no fixed-cost builds")
    parser.add_argument("--skip-cold", action="store_true", help="no demo builds from cold")
    parser.add_argument("--baseline", help="another puzzlebank script to measure alongside")
    args = parser.parse_args()
    programs = {"this": PUZZLEBANK, **({"baseline": args.baseline} if args.baseline else {})}
    print(f"load average at start: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as name:
        temp = Path(name)
        with local_server(temp / "server") as url:
            print(f"server {url}; load {load()}", flush=True)
            if not args.skip_big:
                fixed_costs(temp, programs, args.per_grade, args.rounds)
            print(f"load {load()}", flush=True)
            demo_pairs(temp, programs, args.demo_rounds, None, "demo against the server")
        if not args.skip_cold:
            env = {key: value for key, value in os.environ.items() if key != "PREFECT_API_URL"}
            print(f"load {load()}", flush=True)
            demo_pairs(temp, programs, args.cold_rounds, env, "demo cold (private server)")
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
