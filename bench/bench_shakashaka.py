"""Shakashaka speed: checking a full board, uniqueness checks, CP-SAT counts and graded puzzles
per second, on one core.

Run: python bench/bench_shakashaka.py [--size 10] [--puzzles 30] [--check-reps 200]. Prints
medians and p90s in CPU milliseconds (microseconds for the full-board check).
"""

import argparse
import random
import statistics

from timing import summary, timed

from generators import Candidate, GenerationSpec, get_generator
from solvers import get_genre
from solvers.shakashaka.propagation import BLACK_DOMAIN, context, is_solution

SHAKA = get_genre("shakashaka")
GENERATOR = get_generator("shakashaka")


def full_board_checks(candidates, reps: int) -> None:
    """Print the time of judging a complete solution by the lattice tables and by flood fill."""
    table_us, fill_us = [], []
    for candidate in candidates:
        puzzle, solution = candidate.puzzle, candidate.solution
        ctx = context(puzzle)
        dom = [1 << s for s in solution.cells] + [BLACK_DOMAIN]
        assert is_solution(ctx, dom) and not SHAKA.check(puzzle, solution)
        _, ms = timed(lambda ctx=ctx, dom=dom: [is_solution(ctx, dom) for _ in range(reps)])
        table_us.append(1000 * ms / reps)
        _, ms = timed(lambda p=puzzle, s=solution: [SHAKA.check(p, s) for _ in range(reps)])
        fill_us.append(1000 * ms / reps)
    print(f"full-board check, table      {summary(table_us, 'us')}")
    print(f"full-board check, flood fill {summary(fill_us, 'us')}   "
          f"ratio of medians {statistics.median(fill_us) / statistics.median(table_us):.1f}x")


def uniqueness_checks(candidates) -> None:
    """Print the time of a limit-2 count by the ladder and CP-SAT on the same boards."""
    medians = {}
    for engine in ("ladder", "cpsat"):
        times, nodes = [], []
        for candidate in candidates:
            count, ms = timed(SHAKA.count, candidate.puzzle, 2, engine)
            assert count.count == 1 and count.solutions[0] == candidate.solution
            times.append(ms)
            nodes.append(count.nodes)
        medians[engine] = statistics.median(times)
        print(f"uniqueness check {engine:6s}      {summary(times)}   "
              f"median nodes {statistics.median(nodes)}")
    print(f"ladder is {medians['cpsat'] / medians['ladder']:.0f}x faster than CP-SAT (medians)")


def generation_rate(size: int, puzzles: int) -> list:
    """Print graded puzzles per second (generate, then grade as the pipeline does)."""
    made: list[Candidate] = []
    spent_ms, seed = 0.0, 0
    grades: dict[str, int] = {}
    while len(made) < puzzles:
        seed += 1
        candidate, ms = timed(GENERATOR.generate, random.Random(seed), GenerationSpec(size, size))
        spent_ms += ms
        if candidate is None:
            continue
        grade, ms = timed(SHAKA.grade, candidate.puzzle)
        spent_ms += ms
        grades[grade.name] = grades.get(grade.name, 0) + 1
        made.append(candidate)
    print(f"{size}x{size}: {len(made)} graded puzzles from {seed} seeds: "
          f"{1000 * len(made) / spent_ms:.2f} puzzles/s/core, {spent_ms / len(made):.1f} ms each; "
          f"grades {grades}")
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10)
    parser.add_argument("--puzzles", type=int, default=30)
    parser.add_argument("--check-reps", type=int, default=200)
    args = parser.parse_args()
    made = generation_rate(args.size, args.puzzles)
    print()
    uniqueness_checks(made)
    print()
    full_board_checks(made, args.check_reps)


if __name__ == "__main__":
    main()
