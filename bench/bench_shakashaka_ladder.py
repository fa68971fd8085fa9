"""Reproduce the Shakashaka reference's tables on generated boards, printed beside the reference's.

Run: python bench/bench_shakashaka_ladder.py [--boards 100] [--unique-boards 60,60,36]
[--numbers-boards 50]. Boards come from the generator without a target grade (unique puzzles
with their numbers stripped), as in the reference. *Reduction* is the share of the removable
candidates a fixpoint removes: sum over white cells of (5 - domain size) / (4 * white cells);
*solved* the share of boards the fixpoint decides completely.
"""

import argparse
import random
import statistics
import time

from generators import Candidate, GenerationSpec, get_generator
from solvers import get_genre
from solvers.shakashaka.board import BLACK
from solvers.shakashaka.lattice import runs, sector_pattern
from solvers.shakashaka.propagation import WHITE_DOMAIN
from solvers.shakashaka.rules import count_relaxed

SHAKA = get_genre("shakashaka")
GENERATOR = get_generator("shakashaka")
RULES = ("clues", "parity", "tips", "reflex")
SEED_LADDER = {(): (0.0, 0), ("clues",): (5.3, 0), ("clues", "parity"): (24.0, 0),
               ("clues", "parity", "tips"): (74.7, 0), RULES: (93.8, 27)}
SEED_ABLATION = {None: (93.8, 27), "clues": (68.8, 0), "parity": (93.8, 27),
                 "tips": (32.9, 0), "reflex": (74.7, 0)}
SEED_UNIQUE = {6: (60, "5 (8%), median 6.5", "20 (33%)"), 8: (60, "0 (0%), median 52.5", "4 (7%)"),
               10: (36, "0 (0%), median 335", "0 (0%)")}
SEED_NUMBERS = {6: "6.0  1.7  28%  0:6% 1:37% 2:40% 3:16% 4:0%",
                8: "10.0  3.3  33%  0:9% 1:25% 2:45% 3:16% 4:5%",
                10: "16.0  5.5  35%  0:6% 1:29% 2:41% 3:21% 4:2%"}
SEED_POINTS = {6: "784  10% 38% 16% 11% 25% (16/16)", 8: "1296  8% 35% 16% 13% 28% (16/16)",
               10: "1936  5% 33% 13% 13% 35% (16/16)"}
COUNT_ALL = 20_000


def generated(size: int, boards: int, seed: int = 0) -> list:
    """Return `boards` generated candidates of a size x size board (seeds seed, seed+1, ...)."""
    found: list[Candidate] = []
    while len(found) < boards:
        candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(size, size))
        seed += 1
        if isinstance(candidate, Candidate):
            found.append(candidate)
    return found


def reduction_and_solved(puzzle, rules) -> tuple[float, bool]:
    """Return (the reduction of the fixpoint of `rules`, whether it solves the puzzle)."""
    domains = SHAKA.deduce_with(puzzle, frozenset(rules))
    whites = [d for d in domains.domains if d & WHITE_DOMAIN]
    removed = sum(5 - d.bit_count() for d in whites)
    return removed / (4 * len(whites)), domains.solved


def rates(puzzles, rules) -> tuple[float, float]:
    """Return (mean reduction %, solved %) of `rules` over `puzzles`."""
    results = [reduction_and_solved(p, rules) for p in puzzles]
    return (100 * statistics.mean(r for r, _ in results),
            100 * sum(s for _, s in results) / len(results))


def ladder_tables(puzzles) -> None:
    """Print the incremental and the ablation tables, and tips ablated against two sets."""
    print(f"Ladder, 10x10, {len(puzzles)} generated boards (reference's values in brackets)")
    print(f"{'rules':34s} {'reduction':>20s} {'solved':>14s}")
    for top in range(len(RULES) + 1):
        rules = RULES[:top]
        reduction, solved = rates(puzzles, rules)
        seed_reduction, seed_solved = SEED_LADDER[rules]
        name = " + ".join(rules) or "(none)"
        print(f"{name:34s} {reduction:6.1f}% [{seed_reduction:5.1f}%] {solved:6.0f}% "
              f"[{seed_solved:2d}%]")
    print()
    full_reduction, full_solved = rates(puzzles, RULES)
    print(f"{'dropped':10s} {'reduction':>20s} {'solved':>14s}   vs full set")
    for dropped in (None, *RULES):
        rules = tuple(r for r in RULES if r != dropped)
        reduction, solved = rates(puzzles, rules)
        seed_reduction, seed_solved = SEED_ABLATION[dropped]
        delta = "" if dropped is None else (f"{reduction - full_reduction:+.1f}% reduction, "
                                            f"{solved - full_solved:+.0f} pt solved")
        print(f"{dropped or '(none)':10s} {reduction:6.1f}% [{seed_reduction:5.1f}%] "
              f"{solved:6.0f}% [{seed_solved:2d}%]   {delta}")
    print()
    print("tips ablated against two sets (seed: -87.7% and -60.9%)")
    for base in (("clues", "tips", "reflex"), RULES):
        with_tips = rates(puzzles, base)[0]
        without = rates(puzzles, tuple(r for r in base if r != "tips"))[0]
        print(f"  {' + '.join(base):32s} without tips {without:5.1f}%  "
              f"drop {without - with_tips:+.1f}%")


def unique_table(sizes_and_boards) -> None:
    """Print the 'who makes it unique' table: drop every number; weaken the shape to tips."""
    print("Who makes it unique (reference's values in brackets)")
    for size, boards in sizes_and_boards:
        puzzles = [c.puzzle for c in generated(size, boards, seed=10_000)]
        bare = []
        tips_unique = 0
        for puzzle in puzzles:
            numberless = puzzle.__class__(puzzle.width, puzzle.height, puzzle.black,
                                          (None,) * len(puzzle.black))
            bare.append(SHAKA.count(numberless, COUNT_ALL))
            weak = count_relaxed(puzzle, frozenset(("clues", "parity", "tips")), 2)
            tips_unique += weak.count == 1
        still = sum(c.count == 1 for c in bare)
        median = statistics.median(c.count for c in bare)
        capped = sum(c.truncated for c in bare)
        seed_boards, seed_bare, seed_tips = SEED_UNIQUE[size]
        print(f"  {size}x{size} {boards} boards [{seed_boards}]: no numbers still unique "
              f"{still} ({100 * still / boards:.0f}%), median {median:g} solutions"
              f"{f' ({capped} counts capped at {COUNT_ALL})' if capped else ''} [{seed_bare}]; "
              f"shape weakened to tips still unique {tips_unique} "
              f"({100 * tips_unique / boards:.0f}%) [{seed_tips}]")


def numbers_table(boards: int) -> None:
    """Print black cells, numbers kept, their share and their distribution 0..4."""
    print("Numbers kept (reference's row below each)")
    for size in (6, 8, 10):
        candidates = generated(size, boards, seed=20_000)
        black = statistics.mean(c.measurements["black_cells"] for c in candidates)
        kept = statistics.mean(c.measurements["numbers"] for c in candidates)
        histogram = [sum(c.measurements["number_histogram"][v] for c in candidates)
                     for v in range(5)]
        spread = " ".join(f"{v}:{100 * n / sum(histogram):.0f}%" for v, n in enumerate(histogram))
        print(f"  {size}x{size}  {black:.1f}  {kept:.1f}  {100 * kept / black:.0f}%  {spread}")
        print(f"  seed    {SEED_NUMBERS[size]}")


def points_table(boards: int) -> None:
    """Print how the lattice points of solutions look: no white, one corner, one edge, inside,
    two separate runs (and on how many boards such a point occurs)."""
    print("Lattice points of solutions: points, empty, corner, edge, inside, two runs (boards)")
    for size in (6, 8, 10):
        kinds = dict.fromkeys(("empty", "corner", "edge", "inside", "two"), 0)
        boards_with_two = 0
        for candidate in generated(size, boards, seed=30_000):
            cells = candidate.solution.cells

            def state(r, c, cells=cells, size=size):
                return cells[r * size + c] if 0 <= r < size and 0 <= c < size else BLACK

            two_here = False
            for i in range(size + 1):
                for j in range(size + 1):
                    lengths = runs(sector_pattern(state(i - 1, j), state(i, j), state(i, j - 1),
                                                  state(i - 1, j - 1)))
                    kind = {(): "empty", (2,): "corner", (4,): "edge", (8,): "inside"}.get(
                        lengths, "two")
                    kinds[kind] += 1
                    two_here |= kind == "two"
            boards_with_two += two_here
        total = sum(kinds.values())
        shares = " ".join(f"{100 * n / total:.0f}%" for n in kinds.values())
        print(f"  {size}x{size}  {total}  {shares} ({boards_with_two}/{boards})")
        print(f"  seed   {SEED_POINTS[size]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--unique-boards", default="60,60,36")
    parser.add_argument("--numbers-boards", type=int, default=50)
    args = parser.parse_args()
    start = time.perf_counter()
    ladder_tables([c.puzzle for c in generated(10, args.boards)])
    print()
    unique_table(zip((6, 8, 10), map(int, args.unique_boards.split(",")), strict=True))
    print()
    numbers_table(args.numbers_boards)
    print()
    points_table(16)
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
