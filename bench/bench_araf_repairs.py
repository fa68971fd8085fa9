"""Araf repair tries against graded puzzles per generation CPU second.

Run: python bench/bench_araf_repairs.py [--size 10x10] [--attempts 40] [--repairs 30 60 100]
[--seed 0]. Attempt k of every setting gets the seed a build with master `seed` gives board k of
the bucket's batch 0 (no target grade), so a setting that gives a repair more tries changes only
the attempts whose repair needed them. The settings run interleaved, attempt by attempt (the
order flipped every attempt), so the machine's load falls on all of them alike. Prints per
number of tries the attempts graded (and how many of them only `search` decides), the
generation CPU (the generator's call, every attempt paid) per graded puzzle and graded puzzles
per generation CPU second. The bank's other stages (independent count, check, trace and score,
about 0.23 s a 10x10 puzzle) come on top of each graded puzzle: `puzzlebank bench --stages`.
"""

import argparse
import random
import time
from dataclasses import dataclass

from generators import Candidate, GenerationSpec, get_generator
from pipeline.capacity import ANY_GRADE
from pipeline.seeds import derive_seed
from pipeline.sizes import Size


@dataclass
class Tally:
    """What one number of repair tries made: attempts, graded ones, search-graded, CPU s."""

    attempts: int = 0
    graded: int = 0
    search: int = 0
    seconds: float = 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="10x10")
    parser.add_argument("--attempts", type=int, default=40)
    parser.add_argument("--repairs", type=int, nargs="+", default=[30, 60, 100])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    size = Size.parse(args.size)
    generator = get_generator("araf")
    tallies = {repairs: Tally() for repairs in args.repairs}
    for attempt in range(args.attempts):
        seed = derive_seed(args.seed, str(size), ANY_GRADE, 0, attempt)
        for repairs in args.repairs[::-1] if attempt % 2 else args.repairs:
            spec = GenerationSpec(size.width, size.height, None, {"repairs": repairs})
            started = time.process_time()
            made = generator.generate(random.Random(seed), spec)
            tally = tallies[repairs]
            tally.seconds += time.process_time() - started
            tally.attempts += 1
            if isinstance(made, Candidate):
                tally.graded += 1
                tally.search += made.grade.name == "search"
    for repairs, tally in tallies.items():
        per = tally.seconds / tally.graded if tally.graded else float("inf")
        print(f"araf {size} repairs {repairs:4d}: {tally.graded:4d} graded of {tally.attempts} "
              f"attempts ({tally.search} search), {tally.seconds:7.1f} s generation CPU, "
              f"{1000 * per:7.1f} ms per graded puzzle ({1 / per:.2f} per second)")


if __name__ == "__main__":
    main()
