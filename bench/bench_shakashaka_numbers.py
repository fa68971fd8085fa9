"""Shakashaka's black cells and numbers against the reference's table (seed 000: 6, 10 and 16
black cells and 1.7, 3.3 and 5.5 numbers left at 6x6, 8x8 and 10x10), per size and grade.

Run: python bench/bench_shakashaka_numbers.py [--seeds 100 50 30] [--grades reflex search]
[--boards N]. For each size, `generate` runs on seeds 0..N-1 (N from --seeds, one per size) at
each grade; prints the puzzles made of N, the mean black cells and numbers with their ratio to
the reference's, and CPU ms per puzzle made. `--boards` overrides the grades' AIMS (1: one
board stripped, as before the generator strips several).
"""

import argparse
import random
import statistics
import time

from generators import Candidate, GenerationSpec, get_generator
from solvers import get_genre
from solvers.shakashaka.quality import REFERENCE

SHAKA = get_genre("shakashaka")
GENERATOR = get_generator("shakashaka")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs=3, default=[100, 50, 30],
                        help="seeds at 6x6, 8x8 and 10x10")
    parser.add_argument("--grades", nargs="+", default=["reflex", "search"])
    parser.add_argument("--boards", type=int, help="boards stripped a puzzle (default: AIMS)")
    args = parser.parse_args()
    options = {} if args.boards is None else {"boards": args.boards}
    for (width, height), seeds in zip(sorted(REFERENCE), args.seeds, strict=True):
        black, numbers = REFERENCE[width, height]
        for grade in args.grades:
            start = time.process_time()
            made = [GENERATOR.generate(random.Random(seed),
                                       GenerationSpec(width, height, grade, options))
                    for seed in range(seeds)]
            cpu_ms = (time.process_time() - start) * 1000
            measured = [SHAKA.quality.measure(m.puzzle, m.solution) for m in made
                        if isinstance(m, Candidate)]
            if not measured:
                print(f"{width}x{height} {grade}: none of {seeds}")
                continue
            mean_black = statistics.mean(m["black"] for m in measured)
            mean_numbers = statistics.mean(m["numbers"] for m in measured)
            print(f"{width}x{height} {grade:6s} {len(measured):3d}/{seeds} made  "
                  f"black {mean_black:5.1f} (x{mean_black / black:.2f} of {black})  "
                  f"numbers {mean_numbers:5.2f} (x{mean_numbers / numbers:.2f} of {numbers})  "
                  f"{cpu_ms / len(measured):6.1f} ms a puzzle made", flush=True)


if __name__ == "__main__":
    main()
