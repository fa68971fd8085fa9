"""Araf kernel: the generator's hot checks answered by the C kernel and by the Python reference.

Run: python bench/bench_araf_kernel.py [--size 8] [--seeds 3]. Generates from seeds 0, 1, ...
(no target grade), records every hot check the generator asks the kernel (counts,
rooms_besides, witness_using, solves, grade, same_catalogue, novel), then replays them all
with the kernel and with the Python reference (catalogue.py, rules.py, search.py, deduce.py),
interleaved, and prints the CPU seconds of each and their ratio; it also checks the two answer
alike. `puzzlebank bench araf` measures whole graded puzzles.
"""

import argparse
import random
import time

from generators import GenerationSpec, get_generator
from solvers.araf import GENRE, catalogue, kernel, search
from solvers.araf.board import rooms_of
from solvers.araf.deduce import deduce_with

GENERATOR = get_generator("araf")
CHECKS = ("count", "rooms_besides", "witness_using", "solves", "grade", "same_catalogue",
          "novel")
REFERENCE = {
    "count": search.count_ladder,
    "rooms_besides": lambda puzzle, planted, rules, max_nodes:
        _rooms(*search.solution_besides(puzzle, planted, rules, max_nodes)),
    "witness_using": lambda puzzle, rooms, max_nodes:
        search.solution_using(puzzle, rooms, max_nodes) is not None,
    "solves": lambda puzzle, rules: deduce_with(puzzle, rules).solved,
    "grade": GENRE.grade,
    "same_catalogue": catalogue.same_catalogue,
    "novel": lambda after, before: catalogue.novel(catalogue.catalogue(after),
                                                   catalogue.catalogue(before)),
}


def _rooms(second, stopped: bool) -> tuple[list[int] | None, bool]:
    return (None if second is None else sorted(rooms_of(second))), stopped


def recorded(size: int, seeds: int) -> list[tuple[str, tuple]]:
    """Return the hot checks (name, arguments) generating from `seeds` seeds asks."""
    calls: list[tuple[str, tuple]] = []
    originals = {name: getattr(kernel, name) for name in CHECKS}

    def recording(name):
        def check(*args):
            calls.append((name, args))
            return originals[name](*args)
        return check

    for name in CHECKS:
        setattr(kernel, name, recording(name))
    try:
        for seed in range(seeds):
            GENERATOR.generate(random.Random(seed), GenerationSpec(size, size))
    finally:
        for name, original in originals.items():
            setattr(kernel, name, original)
    return calls


def replay(calls, engines) -> list[float]:
    """Return the CPU seconds each engine spends on `calls`, fresh caches for each."""
    spent = [0.0] * len(engines)
    for name, args in calls:
        answers = []
        for n, engine in enumerate(engines):
            started = time.process_time()
            answers.append(engine[name](*args))
            spent[n] += time.process_time() - started
        assert answers.count(answers[0]) == len(answers), (name, args)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    calls = recorded(args.size, args.seeds)
    compiled = {name: getattr(kernel, name) for name in CHECKS}
    compiled["witness_using"] = lambda puzzle, rooms, max_nodes: \
        kernel.witness_using(puzzle, rooms, max_nodes) is not None  # any witness will do
    for cache in (catalogue.catalogue, catalogue.pair_rooms):
        cache.cache_clear()
    kernel.forget_boards()
    kernel_s, python_s = replay(calls, [compiled, REFERENCE])
    print(f"{args.size}x{args.size}, seeds 0..{args.seeds - 1}: {len(calls)} hot checks, "
          f"kernel {kernel_s:.2f} s CPU, Python reference {python_s:.2f} s CPU, "
          f"{python_s / kernel_s:.1f}x")


if __name__ == "__main__":
    main()
