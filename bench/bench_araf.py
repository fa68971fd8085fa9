"""Araf speed: catalogue builds, uniqueness checks by each engine, graded boards per second.

Run: python bench/bench_araf.py [--puzzles 10] [--big-puzzles 3] [--sizes 6 8 10]. Prints
medians and p90s in CPU milliseconds (CPU time, so a busy machine skews less); generation counts
every attempt, the ones that give up included, from seeds 0, 1, ... (the same boards on every
run, so two trees compare line by line: run it in each, e.g. the older one as a `git worktree`).
Boards of 10x10 and more take `--big-puzzles` puzzles, smaller ones `--puzzles`.
"""

import argparse
import random
import statistics

from timing import summary, timed

from generators import Candidate, GenerationSpec, get_generator
from solvers import get_genre
from solvers.araf.catalogue import build, pair_rooms, room_cells

ARAF = get_genre("araf")
GENERATOR = get_generator("araf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=10)
    parser.add_argument("--big-puzzles", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 8, 10])
    args = parser.parse_args()
    for n in args.sizes:
        made: list[Candidate] = []
        spent, seed = 0.0, 0
        while len(made) < (args.big_puzzles if n >= 10 else args.puzzles):
            candidate, ms = timed(GENERATOR.generate, random.Random(seed), GenerationSpec(n, n))
            seed += 1
            spent += ms
            if candidate is not None:
                made.append(candidate.puzzle)
        print(f"{n}x{n}: {len(made)} graded puzzles in {seed} attempts, "
              f"{1000 * len(made) / spent:.3f} puzzles/s/core, {spent / len(made):.0f} ms each")
        rooms, build_ms = [], []
        for puzzle in made:
            pair_rooms.cache_clear()  # the rooms of a pair are cached across boards: time
            room_cells.cache_clear()  # a build from nothing
            catalogue, ms = timed(build, puzzle)
            rooms.append(len(catalogue.rooms))
            build_ms.append(ms)
        print(f"{n}x{n} catalogue: median {statistics.median(rooms):.0f} rooms "
              f"(max {max(rooms)}), build {summary(build_ms)}")
        for label, engine, level in (("ladder (all rules)", "ladder", None),
                                     ("ladder (cell+search)", "ladder", "cell"),
                                     ("cpsat", "cpsat", None)):
            times, nodes = [], []
            for puzzle in made:
                count, ms = timed(ARAF.count, puzzle, 2, engine, level=level)
                assert count.count == 1
                times.append(ms)
                nodes.append(count.nodes)
            print(f"{n}x{n} count to 2, {label:20s} {summary(times)}   "
                  f"median nodes {statistics.median(nodes)}")
        grade_ms = [timed(ARAF.grade, puzzle)[1] for puzzle in made]
        print(f"{n}x{n} grade {summary(grade_ms)}\n")
    small = [GENERATOR.sample(random.Random(i), GenerationSpec(5, 5)) for i in range(20)]
    for engine in ("brute", "ladder", "cpsat"):
        times = [timed(ARAF.count, puzzle, 2, engine)[1] for puzzle in small]
        print(f"5x5 tight samples, count to 2, {engine:6s} {summary(times)}")


if __name__ == "__main__":
    main()
