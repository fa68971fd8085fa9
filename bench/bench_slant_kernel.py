"""Slant generation against Simon Tatham's: CPU ms per graded puzzle, all attempts paid.

Run: python bench/bench_slant_kernel.py [--sizes 7 10 15 20] [--puzzles N] [--tatham PATH]

For each size and target grade (and no target) this makes N graded puzzles from seeds 1, 2, ...
on one core and prints the median and mean CPU milliseconds per graded puzzle, a puzzle's time
being everything spent since the previous one was made (failed attempts included).
`--tatham PATH` names a binary built by hand (outside this repository) from Tatham's slant.c
that takes `N SIZE...` and prints one line `WxH easy|hard MEDIAN_MS MEAN_MS N` per size and
difficulty; it is run in the same process run, size by size, before ours, and the ratios
ours/his are printed: `probe` and no target against his Hard, `count` and `cycle` against his
Easy, and each column's growth from the smallest size against his.
`--counter-boards N` then times the independent CP-SAT counter's count to two on N generated
10x10 puzzles (all target grades in turn): median CPU ms and solve calls.
"""

import argparse
import random
import statistics
import subprocess
import sys

from timing import timed

from generators import GenerationSpec, get_generator
from generators.core import Candidate
from solvers import get_genre
from solvers.slant.board import SlantPuzzle

SLANT = get_genre("slant")
GENERATOR = get_generator("slant")
TARGETS = (*SLANT.ladder, None)
HIS_LEVEL = {"count": "easy", "cycle": "easy", "duet": "hard", "probe": "hard", None: "hard"}


def per_puzzle_ms(size: int, grade: str | None, puzzles: int) -> tuple[list[float], int]:
    """Return (CPU ms of each graded puzzle, attempts) for `puzzles` puzzles from seeds 1, 2..."""
    times: list[float] = []
    spent, seed = 0.0, 0
    while len(times) < puzzles:
        seed += 1
        candidate, ms = timed(GENERATOR.generate, random.Random(seed),
                              GenerationSpec(size, size, grade))
        spent += ms
        if candidate is not None:
            times.append(spent)
            spent = 0.0
    return times, seed


def counter_timings(boards: int) -> None:
    """Print the CP-SAT count-to-two time on `boards` generated 10x10 puzzles."""
    puzzles: list[SlantPuzzle] = []
    seed = 0
    while len(puzzles) < boards:
        seed += 1
        grade = SLANT.ladder[seed % len(SLANT.ladder)]
        candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(10, 10, grade))
        if isinstance(candidate, Candidate):
            puzzles.append(candidate.puzzle)
    times: list[float] = []
    calls: list[int] = []
    for puzzle in puzzles:
        count, ms = timed(SLANT.count, puzzle, 2, "cpsat")
        assert count.count == 1
        times.append(ms)
        calls.append(count.nodes)
    print(f"\n10x10 CP-SAT count to two on {boards} generated puzzles: median "
          f"{statistics.median(times):.2f} ms, mean {statistics.mean(times):.2f} ms, "
          f"median {statistics.median(calls)} solve calls (max {max(calls)})")


def tatham_ms(binary: str, size: int, puzzles: int) -> dict[str, float]:
    """Return {"easy": median ms, "hard": median ms} printed by Tatham's binary for one size."""
    out = subprocess.run([binary, str(puzzles), str(size)], capture_output=True, text=True,
                         check=True).stdout
    medians = {}
    for line in out.splitlines():
        _, level, median, *_ = line.split()
        medians[level] = float(median)
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[7, 10, 15, 20])
    parser.add_argument("--puzzles", type=int, default=8)
    parser.add_argument("--tatham", metavar="PATH", help="Tatham's slant timing binary")
    parser.add_argument("--tatham-puzzles", type=int, default=40)
    parser.add_argument("--counter-boards", type=int, default=0)
    args = parser.parse_args()
    if args.puzzles < 1 or any(size < 2 for size in args.sizes):
        print("bench_slant_kernel: --puzzles must be >= 1 and every size >= 2", file=sys.stderr)
        sys.exit(2)
    rows = []
    for size in args.sizes:
        his = tatham_ms(args.tatham, size, args.tatham_puzzles) if args.tatham else {}
        ours = {}
        for grade in TARGETS:
            times, attempts = per_puzzle_ms(size, grade, args.puzzles)
            ours[grade] = statistics.median(times)
            print(f"{size}x{size} target {grade or 'none':6s} {args.puzzles} puzzles in "
                  f"{attempts:3d} attempts: median {ours[grade]:9.1f} ms, "
                  f"mean {statistics.mean(times):9.1f} ms per graded puzzle", flush=True)
        if his:
            print(f"{size}x{size} Tatham: easy {his['easy']:.2f} ms, hard {his['hard']:.2f} ms "
                  f"(median of {args.tatham_puzzles})", flush=True)
        rows.append((size, ours, his))
    if args.tatham:
        print_ratios(rows)
    if args.counter_boards:
        counter_timings(args.counter_boards)


def print_ratios(rows: list[tuple[int, dict, dict]]) -> None:
    """Print ours/his per size and target, and how each grew from the smallest size."""
    print("\nsize   Tatham easy  Tatham hard | " + " | ".join(
        f"{grade or 'none'} ms (ratio)" for grade in TARGETS))
    for size, ours, his in rows:
        cells = [f"{ours[g]:8.1f} ({ours[g] / his[HIS_LEVEL[g]]:5.1f}x)" for g in TARGETS]
        print(f"{size}x{size:<3d} {his['easy']:10.2f} {his['hard']:12.2f} | " + " | ".join(cells))
    size0, ours0, his0 = rows[0]
    print(f"\ngrowth from {size0}x{size0} (ours / his):")
    for size, ours, his in rows[1:]:
        cells = [f"{g or 'none'} {ours[g] / ours0[g]:6.1f} / "
                 f"{his[HIS_LEVEL[g]] / his0[HIS_LEVEL[g]]:6.1f}" for g in TARGETS]
        print(f"{size}x{size}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
