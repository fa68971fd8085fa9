"""Slant speed: uniqueness checks, CP-SAT counts and graded puzzles per second, on one core.

Run: python bench/bench_slant.py [--boards N] [--puzzles N]. Prints medians and p90s in CPU
milliseconds; the brute and CP-SAT counters on the same boards are the in-process baselines.
"""

import argparse
import random
import statistics

from timing import summary, timed

from generators import GenerationSpec, get_generator
from generators.slant import clues_of, random_filling
from solvers import get_genre
from solvers.slant.board import SlantPuzzle

SLANT = get_genre("slant")
GENERATOR = get_generator("slant")


def uniqueness_checks(boards: list[SlantPuzzle], label: str) -> None:
    """Print the time of a limit-2 count by each engine on `boards`."""
    for engine in ("ladder", "brute", "cpsat"):
        times, nodes = [], []
        for puzzle in boards:
            count, ms = timed(SLANT.count, puzzle, 2, engine)
            assert count.count == 1
            times.append(ms)
            nodes.append(count.nodes)
        print(f"{label:28s} {engine:6s} {summary(times)}   median nodes {statistics.median(nodes)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--puzzles", type=int, default=10)
    parser.add_argument("--size", type=int, default=10)
    args = parser.parse_args()
    n = args.size
    rng = random.Random(1)
    full = [SlantPuzzle(n, n, clues_of(random_filling(rng, n, n))) for _ in range(args.boards)]
    full = [p for p in full if SLANT.count(p, 2).count == 1]
    uniqueness_checks(full, f"{n}x{n} all clues")
    made = []
    print()
    for grade in SLANT.ladder:
        spent_ms, seed, graded = 0.0, 0, 0
        while graded < args.puzzles:
            seed += 1
            spec = GenerationSpec(n, n, grade)
            candidate, ms = timed(GENERATOR.generate, random.Random(seed), spec)
            spent_ms += ms
            if candidate is not None:
                graded += 1
                made.append(candidate.puzzle)
        print(f"{n}x{n} grade {grade:6s} {graded} puzzles in {seed} attempts: "
              f"{1000 * graded / spent_ms:6.2f} puzzles/s/core, "
              f"{spent_ms / graded:7.1f} ms per graded puzzle")
    print()
    uniqueness_checks(made, f"{n}x{n} generated")


if __name__ == "__main__":
    main()
