"""What two cores give the factory's work without the factory (issue 13): the same Slant boards
made in one bare process and split over two (alternate runs of one board of every spec, so the
halves are alike), beside a pure-Python CPU burn of the same length.

No Prefect, no pool protocol, no server: each process generates its share of boards (7x7 and
10x10, every grade in turn, as bench_pipeline's build asks) and counts each candidate with the
independent counter, as a task does for the contenders it confirms. For each, in interleaved
rounds, it prints the speed-up of 2 processes over 1 and the *CPU inflation*: the CPU seconds 2
processes spend on the work over those 1 process spends. A speed-up short of 2 with little
inflation is overhead or idling; with inflation, the two cores slow each other down (shared
caches, memory), which no scheduling recovers.

Run: python bench/bench_cores.py [--boards N] [--rounds R]
"""

import argparse
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from generators import Candidate, GenerationSpec, get_generator
from solvers import get_genre

T = TypeVar("T")
SPECS = [GenerationSpec(size, size, grade) for size in (7, 10)
         for grade in ("count", "cycle", "duet", "probe")]


def make_boards(seeds: list[int]) -> float:
    """Generate a Slant board for each seed (spec by seed, in turn) and count each candidate with
    CP-SAT to 2; return the CPU seconds spent."""
    generator, genre = get_generator("slant"), get_genre("slant")
    started = time.process_time()
    for seed in seeds:
        made = generator.generate(random.Random(seed), SPECS[seed % len(SPECS)])
        if isinstance(made, Candidate):
            genre.count(made.puzzle, 2, "cpsat")
    return time.process_time() - started


def burn(steps: int) -> float:
    """Spin the CPU in pure Python for `steps` steps; return the CPU seconds spent."""
    started = time.process_time()
    total = 0
    for i in range(steps):
        total = (total + i * i) % 1000003
    return time.process_time() - started


def one_and_two(pool: ProcessPoolExecutor, work: Callable[[T], float], whole: T,
                halves: list[T]) -> tuple[float, float]:
    """Return (speed-up, CPU inflation) of running `work` on the two `halves` at once in the
    pool's two processes over running it on `whole` in one of them."""
    started = time.perf_counter()
    one_cpu = pool.submit(work, whole).result()
    one = time.perf_counter() - started
    started = time.perf_counter()
    two_cpu = sum(pool.map(work, halves))
    two = time.perf_counter() - started
    return one / two, two_cpu / one_cpu


def burn_steps(pool: ProcessPoolExecutor, seconds: float) -> int:
    """Return how many burn steps take about `seconds` in one of the pool's processes."""
    started = time.perf_counter()
    pool.submit(burn, 1_000_000).result()
    return int(1_000_000 * seconds / (time.perf_counter() - started))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    seeds = list(range(args.boards))
    halves = [[seed for seed in seeds if seed // len(SPECS) % 2 == half] for half in (0, 1)]
    results: dict[str, list[tuple[float, float]]] = {"slant": [], "burn": []}
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(make_boards, [[0], [1]]))  # both processes up, modules imported
        started = time.perf_counter()
        pool.submit(make_boards, seeds).result()  # the boards' length, for the burn
        steps = burn_steps(pool, time.perf_counter() - started)
        for turn in range(args.rounds):
            slant = one_and_two(pool, make_boards, seeds, halves)
            burned = one_and_two(pool, burn, steps, [steps // 2, steps // 2])
            results["slant"].append(slant)
            results["burn"].append(burned)
            print(f"round {turn + 1}: slant x2/x1 {slant[0]:.2f}, CPU of 2 over 1 "
                  f"{slant[1]:.3f}; burn x2/x1 {burned[0]:.2f}, CPU of 2 over 1 "
                  f"{burned[1]:.3f}", flush=True)
    for name, rows in results.items():
        print(f"{name} (medians of {len(rows)}): x2/x1 "
              f"{statistics.median(r[0] for r in rows):.2f}, CPU of 2 over 1 "
              f"{statistics.median(r[1] for r in rows):.3f}")


if __name__ == "__main__":
    main()
