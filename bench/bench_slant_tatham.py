"""Slant beside Simon Tatham's generator: CPU ms per shipped puzzle, interleaved rounds, ratios.

Run: python bench/bench_slant_tatham.py --tatham PATH [--sizes 7 10 15 20] [--rounds 5]
[--puzzles N] [--tatham-puzzles M]

PATH is a binary built by hand, outside this repository, from Tatham's slant.c and a driver that
times its `new_game_desc` (none of it is part of puzzlebank): `PATH --seed S M SIZE` makes M
puzzles of each of his difficulties from seeds derived from S and prints one line
`WxH easy|hard MEDIAN_MS MEAN_MS M` each, CPU milliseconds of the generator call alone.
Ours are `puzzlebank bench`'s: N graded puzzles of the bucket through the bank's whole gate
(generate, grade, the independent count, the check, the trace and score), every attempt paid,
CPU ms = the run's CPU / N, with master seed = the round. Each round runs, size by size, his
binary and ours (`cycle` and `probe`) one after the other, alternating who goes first, so both
see the same load; the machine is shared, so only the medians over rounds and the ratios are
worth quoting. Ratios: `cycle` against his Easy, `probe` against his Hard (his mean per puzzle,
the same measure as ours): the median of the rounds' ratios and the ratio of the medians.
Then our stages (bench --stages), median CPU ms per puzzle over the rounds.
"""

import argparse
import statistics
import subprocess
import sys

from pipeline.capacity import run_bucket
from pipeline.sizes import Size
from solvers.core.stages import STAGES

OURS = {"cycle": "easy", "probe": "hard"}  # our bucket -> his difficulty it is held to
MAX_ATTEMPTS = 100  # per puzzle, as puzzlebank bench


def his_means(binary: str, seed: int, size: int, puzzles: int) -> dict[str, float]:
    """Return {"easy": mean ms, "hard": mean ms} of his generator at one size."""
    out = subprocess.run([binary, "--seed", str(seed), str(puzzles), str(size)],
                         capture_output=True, text=True, check=True).stdout
    means = {}
    for line in out.splitlines():
        _, level, _median, mean, _n = line.split()
        means[level] = float(mean)
    return means


def our_run(size: int, grade: str, seed: int, puzzles: int) -> tuple[float, dict[str, float]]:
    """Return (CPU ms per graded puzzle, CPU ms per puzzle of each stage) of one bucket run."""
    run = run_bucket("slant", Size(size, size), grade, puzzles, seed, MAX_ATTEMPTS * puzzles,
                     stages=True)
    if run.cpu_ms_per_puzzle is None or run.graded < puzzles:
        sys.exit(f"bench_slant_tatham: slant {size}x{size}/{grade}: made {run.graded} of "
                 f"{puzzles} in {run.attempts} attempts")
    return run.cpu_ms_per_puzzle, {name: ms or 0.0 for name, ms, _ in run.stage_rows()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tatham", metavar="PATH", required=True)
    parser.add_argument("--sizes", type=int, nargs="+", default=[7, 10, 15, 20])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--puzzles", type=int, default=12, help="ours per bucket and round")
    parser.add_argument("--tatham-puzzles", type=int, default=24, help="his per level, round")
    args = parser.parse_args()
    if args.rounds < 1 or args.puzzles < 1 or any(size < 2 for size in args.sizes):
        sys.exit("bench_slant_tatham: --rounds and --puzzles must be >= 1, every size >= 2")
    for size in args.sizes:  # warm: imports, the first CP-SAT model, the kernel's tables
        his_means(args.tatham, 0, size, 1)
        for grade in OURS:
            our_run(size, grade, 10_000, 1)
    his: dict[tuple[int, str], list[float]] = {}
    ours: dict[tuple[int, str], list[float]] = {}
    stages: dict[tuple[int, str], list[dict[str, float]]] = {}
    for r in range(1, args.rounds + 1):
        for size in args.sizes:
            def run_his(size: int = size, r: int = r) -> None:
                for level, ms in his_means(args.tatham, r, size, args.tatham_puzzles).items():
                    his.setdefault((size, level), []).append(ms)

            def run_ours(size: int = size, r: int = r) -> None:
                for grade in OURS:
                    ms, per_stage = our_run(size, grade, r, args.puzzles)
                    ours.setdefault((size, grade), []).append(ms)
                    stages.setdefault((size, grade), []).append(per_stage)

            for run in (run_his, run_ours) if r % 2 else (run_ours, run_his):
                run()
        print(f"round {r} of {args.rounds} done", file=sys.stderr, flush=True)
    print(f"CPU ms per puzzle, medians of {args.rounds} interleaved rounds (ours: {args.puzzles} "
          f"graded puzzles a bucket and round, every attempt paid; his: {args.tatham_puzzles} "
          f"a level and round)")
    print(f"{'size':6s} {'ours':6s} {'ms':>9s} {'his':5s} {'ms':>9s} {'ratio of medians':>17s} "
          f"{'median ratio':>13s} {'ratio range':>15s}")
    for size in args.sizes:
        for grade, level in OURS.items():
            mine, theirs = ours[size, grade], his[size, level]
            ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
            a, b = statistics.median(mine), statistics.median(theirs)
            print(f"{size}x{size:<4d} {grade:6s} {a:9.2f} {level:5s} {b:9.2f} {a / b:16.2f}x "
                  f"{statistics.median(ratios):12.2f}x {min(ratios):6.2f}-{max(ratios):.2f}x")
    print("\nour stages, median CPU ms per shipped puzzle over the rounds")
    print(f"{'size':6s} {'grade':6s} " + " ".join(f"{name:>21s}" for name in STAGES))
    for size in args.sizes:
        for grade in OURS:
            cells = [statistics.median(s[name] for s in stages[size, grade]) for name in STAGES]
            print(f"{size}x{size:<4d} {grade:6s} " + " ".join(f"{ms:21.2f}" for ms in cells))


if __name__ == "__main__":
    main()
