"""Reachability: per genre, size and grade, the hit rate per attempt and the CPU ms per graded
puzzle, written as the tables builds read (generators/reachability_tables/<genre>.json).

Run: python bench/bench_reachability.py [--genre G ...] [--seed 20261201] [--max-attempts 100]
[--stop-after 8] [--out DIR] [--size WxH ...]. Each bucket runs attempts as a build does (one
derived seed each, through the bank's gate: both counters, check, grade) until `stop-after`
puzzles graded exactly at the bucket's grade, or `max-attempts` attempts: a bucket with no
graded puzzle by then is unreachable. A grade the generator does not claim (Generator.grades,
e.g. Araf's pair and search), or one the genre's quality floor calls unreachable (Shakashaka's
clues and parity), is unreachable with 0 attempts, not run. 100 attempts match a
build's default budget per wanted puzzle (pipeline/flows.py BUDGET_PER_PUZZLE). One core, in
process; the tables record the seed, the commit (with "+dirty" when the tree had changes) and
the limits they were made with.
The sizes are each genre's documented range (SIZES; README, "Reachability").
"""

import argparse
import subprocess
import sys
from pathlib import Path

from generators.reachability import TABLES, Measure, Table, claimed, save
from pipeline.capacity import run_bucket
from pipeline.sizes import Size
from solvers import GENRE_NAMES, get_genre

SIZES = {
    "slant": ("4x4", "5x5", "7x7", "10x10"),
    "shakashaka": ("6x6", "8x8", "10x10"),
    "araf": ("4x4", "6x6", "8x8"),
    "chesspy": ("3x3", "4x4", "5x5", "6x6", "7x7"),
    "colorsort": ("4x4", "6x4", "8x4", "11x4", "5x6"),
}


def commit() -> str:
    """Return the checkout's commit, "+dirty" when its tracked files have changes."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True,
                              cwd=Path(__file__).parent).stdout.strip()

    dirty = git("status", "--porcelain", "--untracked-files=no")
    return git("rev-parse", "HEAD") + ("+dirty" if dirty else "")


def measure(genre: str, sizes: tuple[str, ...], seed: int, max_attempts: int,
            stop_after: int) -> Table:
    """Return the genre's table over `sizes` and its whole ladder, printing each bucket."""
    made_from = commit()  # before measuring: the code this process runs
    aimed_at = claimed(genre)
    run_bucket(genre, Size.parse(sizes[0]), aimed_at[0], 1, seed, 1)  # warm: its first attempt
    # loads the genre's caches, which would be counted to the first bucket
    measures = []
    for size in sizes:
        for grade in get_genre(genre).ladder:
            if grade in aimed_at:
                measure = run_bucket(genre, Size.parse(size), grade, stop_after, seed,
                                     max_attempts).measure()
            else:
                measure = Measure(size, grade, 0, 0, 0.0)
            measures.append(measure)
            ms = measure.ms_per_puzzle
            print(f"{genre:<10} {size:>6} {grade:<8} {measure.graded:3d}/{measure.attempts:<4d}"
                  f" hit {measure.hit_rate:6.1%}  "
                  + (f"{ms:10.1f} ms/graded" if ms else "unreachable"), flush=True)
    return Table(genre, seed, made_from, max_attempts, stop_after, tuple(measures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--genre", action="append", choices=GENRE_NAMES)
    parser.add_argument("--size", action="append", help="measure these sizes only")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--max-attempts", type=int, default=100)
    parser.add_argument("--stop-after", type=int, default=8)
    parser.add_argument("--out", type=Path, help="write the tables here instead of the package")
    args = parser.parse_args()
    for genre in args.genre or GENRE_NAMES:
        sizes = tuple(args.size or SIZES[genre])
        table = measure(genre, sizes, args.seed, args.max_attempts, args.stop_after)
        path = save(table, args.out or TABLES)
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
