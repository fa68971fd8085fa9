"""Reproduce the Araf reference's tables on generated boards: pair screens, one-cell census, room
states, the ladder before and after widening, the widening dial, chance, and the misreadings.

Run: python bench/bench_araf_tables.py [--boards 36] [--dial-boards 120] [--chance-boards 200]
[--misread-boards 12]. Boards come from the generator (seeds 0, 1, ...), as the reference's shipped
ones; the *tight* version of a board puts size - 1 and size + 1 back on the same two cells.
"""

import argparse
import random
import statistics
from collections import Counter

from generators import Candidate, GenerationSpec, get_generator
from generators.araf import limits, random_rooms, repair, tight_board
from solvers import get_genre
from solvers.araf.board import CLOSED, DIAGONAL, STRICT, ArafPuzzle, cells_of, rooms_of
from solvers.araf.catalogue import catalogue
from solvers.araf.perturbations import crowded_borders, moves, room_states, swaps
from solvers.araf.rules import Propagation, tables
from solvers.araf.screens import SURVIVES, VERDICTS, census, screen
from solvers.araf.search import LOWER, exact_cover

ARAF = get_genre("araf")
GENERATOR = get_generator("araf")
SIZES = (6, 8)


def shipped(size: int, n: int) -> list:
    """Return n generated candidates of a size x size board (seeds 0, 1, ...)."""
    found: list[Candidate] = []
    seed = 0
    while len(found) < n:
        candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(size, size))
        seed += 1
        if isinstance(candidate, Candidate):
            found.append(candidate)
    return found


def tight(puzzle: ArafPuzzle, solution) -> ArafPuzzle:
    """Return the board with each room's numbers back to size - 1 and size + 1, same cells."""
    numbers = list(puzzle.numbers)
    for room in rooms_of(solution):
        numbered = {k: n for k in cells_of(room) if (n := numbers[k]) is not None}
        lo_cell, hi_cell = sorted(numbered, key=numbered.__getitem__)
        numbers[lo_cell], numbers[hi_cell] = room.bit_count() - 1, room.bit_count() + 1
    return ArafPuzzle(puzzle.width, puzzle.height, tuple(numbers))


def screens_table(boards: dict) -> None:
    print("pair screens per board (seed: 6x6 236.5 77.0 66.6 53.3 39.7; "
          "8x8 692.0 225.9 286.6 98.8 80.7)")
    print(f"{'board':>6} {'pairs':>7}" + "".join(f" {v:>9}" for v in VERDICTS))
    total: Counter[str] = Counter()
    for size, candidates in boards.items():
        tally: Counter[str] = Counter()
        for c in candidates:
            tally.update(census(c.puzzle, STRICT))
        total.update(tally)
        n = len(candidates)
        print(f"{size}x{size:<4} {tally['pairs'] / n:7.1f}"
              + "".join(f" {tally[v] / n:9.1f}" for v in VERDICTS))
    print(f"all: {total['pairs']} pairs -> {total[SURVIVES]} survive "
          f"({100 * total[SURVIVES] / total['pairs']:.1f}%; seed 13.0%); blocked alone kills "
          f"{total['blocked']} ({100 * total['blocked'] / total['pairs']:.1f}%; seed 16.4%)\n")


def census_tables(boards: dict) -> None:
    all_boards = [c for candidates in boards.values() for c in candidates]
    every_move = [m for c in all_boards for m in moves(c.puzzle, c.solution)]
    every_swap = [s for c in all_boards for s in swaps(c.puzzle, c.solution)]
    print(f"one-cell moves: {len(every_move)}, legal {sum(m.legal for m in every_move)} "
          "(seed 1,992, legal 0)")
    print(f"  giver floor {sum(m.floor for m in every_move)} (554), taker ceiling "
          f"{sum(m.ceiling for m in every_move)} (284), giver splits "
          f"{sum(m.split for m in every_move)} (1,287)")
    print(f"swaps: {len(every_swap)}, legal {sum(s.legal for s in every_swap)}, stopped by a "
          f"split {sum(s.split for s in every_swap)} (seed 665, 0, 665)")
    shape = sum(m.split for m in every_move) + sum(s.split for s in every_swap)
    numbers = sum(not m.split for m in every_move)
    whole = shape + numbers
    print(f"what stopped the {whole} perturbations: shape {shape} ({100 * shape / whole:.1f}%), "
          f"floor or ceiling {numbers} ({100 * numbers / whole:.1f}%) "
          "(seed 1,952 73.5% / 705 26.5%)")
    states: Counter[tuple[bool, bool]] = Counter()
    crowded = 0
    for c in all_boards:
        for give, take in room_states(c.puzzle, c.solution):
            states[(give, take)] += 1
        crowded += len(crowded_borders(c.puzzle, c.solution))
    print(f"rooms {sum(states.values())} (seed 1,074): can only take {states[False, True]} (497), "
          f"can only give {states[True, False]} (156), both {states[True, True]} (269), "
          f"neither {states[False, False]} (152)")
    print(f"a giver beside a taker: {crowded} borders; with a cell that could move across "
          f"{sum(m.legal for m in every_move)} (seed: 0 'rule-breaking' borders)\n")


def decided_share(puzzle: ArafPuzzle, level: str) -> float:
    """Return the share of cells whose room (owner pair) the level decides alone."""
    domains = ARAF.deduce(puzzle, level).domains
    return sum(len(owners) == 1 for owners in domains) / len(domains)


def ladder_table(boards: dict) -> None:
    print("share of cells each level decides alone; boards graded at each level")
    print("(seed, shipped: pair 5.6% / 3.4%, cell 26.6% / 12.6%, ration and search 100%; "
          "35 of 72 tight boards graded cell, 1 of 72 shipped)")
    for size, candidates in boards.items():
        for label, make in (("tight", lambda c: tight(c.puzzle, c.solution)),
                            ("shipped", lambda c: c.puzzle)):
            puzzles = [make(c) for c in candidates]
            shares = {level: statistics.mean(decided_share(p, level) for p in puzzles)
                      for level in ARAF.ladder}
            grades = Counter(ARAF.grade(p).name for p in puzzles)
            print(f"{size}x{size} {label:8s}" + "".join(
                f" {level} {100 * share:5.1f}%" for level, share in shares.items())
                + "   grades " + ", ".join(f"{g}: {grades[g]}" for g in ARAF.ladder if grades[g]))
    for size, candidates in boards.items():
        kept = [c.measurements["widenings_kept"] for c in candidates]
        tried = [c.measurements["widenings_tried"] for c in candidates]
        rooms = [c.measurements["rooms"] for c in candidates]
        print(f"{size}x{size}: {statistics.mean(rooms):.1f} rooms, widenings kept "
              f"{statistics.mean(kept):.1f} of {statistics.mean(tried):.1f} tried "
              "(seed 8x8: 38.1 of 109.4)")
    print()


def unique_tight_boards(size: int, n: int) -> list[tuple[ArafPuzzle, list]]:
    """Return n tight unique boards (drawn rooms, repaired numbers) with their window ends."""
    found: list[tuple[ArafPuzzle, list]] = []
    seed = 0
    while len(found) < n:
        rng = random.Random(f"dial:{size}:{seed}")
        seed += 1
        rooms = random_rooms(rng, size, size, 5)
        numbers, ends = tight_board(rng, size, size, rooms)
        repaired = repair(rng, ArafPuzzle(size, size, tuple(numbers)), rooms, ends, 60)
        if repaired is not None:
            found.append(repaired)
    return found


def widened_at_random(rng: random.Random, puzzle: ArafPuzzle, ends, k: int) -> ArafPuzzle:
    """Return the board after k random widenings (within the generator's 1..max_number), none
    checked."""
    _, most = limits(GenerationSpec(puzzle.width, puzzle.height))
    numbers = list(puzzle.numbers)
    for _ in range(k):
        room, side = rng.randrange(len(ends)), rng.randrange(2)
        cell = ends[room][side]
        value = numbers[cell] + (1 if side else -1)
        if 1 <= value <= most:
            numbers[cell] = value
    return ArafPuzzle(puzzle.width, puzzle.height, tuple(numbers))


def dial_table(n: int) -> None:
    steps = (0, 4, 8, 12, 16, 24, 32, 48)
    print(f"widening dial: {n} tight unique boards, k random widenings, still unique?")
    print("(seed 6x6: 120 55 14 12 1 0 0 0 of 120; 8x8: 120 56 20 5 1 1 0 0 of 120)")
    for size in SIZES:
        start = unique_tight_boards(size, n)
        row = []
        for k in steps:
            rng = random.Random(f"dial-widen:{size}:{k}")
            row.append(sum(ARAF.count(widened_at_random(rng, p, ends, k), 2).count == 1
                           for p, ends in start))
        print(f"{size}x{size}: " + "  ".join(f"k={k}: {u}/{n}" for k, u in zip(steps, row,
                                                                              strict=True)))
    print()


def chance_table(n: int) -> None:
    print(f"by chance: drawn rooms, tight numbers, k random widenings, {n} boards "
          "(seed 6x6 k=6 9 unique, k=12 0; 8x8 k=10 0, k=20 0)")
    for size, ks in ((6, (0, 6, 12)), (8, (0, 10, 20))):
        for k in ks:
            spec = GenerationSpec(size, size, options={"widenings": k})
            unique = sum(ARAF.count(GENERATOR.sample(random.Random(f"chance:{i}"), spec), 2)
                         .count == 1 for i in range(n))
            print(f"{size}x{size} k={k:2d}: unique {unique}, several {n - unique}")
    print()


def misread_table(boards: dict, n: int) -> None:
    print(f"misreadings on {n} shipped boards a size: candidate rooms, surviving pairs, "
          "still unique (exact cover, cap 2000)")
    print("(seed 6x6 closed 264->535 rooms 39.7->58.0 pairs, diagonal 264->2106 39.7->81.1; "
          "8x8 closed 731->1788 78.3->121.1, diagonal 731->6937 78.3->179.0; 0/12 unique)")
    for size, candidates in boards.items():
        sample = candidates[:n]
        strict_rooms = statistics.mean(len(catalogue(c.puzzle).rooms) for c in sample)
        strict_pairs = statistics.mean(
            sum(v == SURVIVES for v in screen(c.puzzle, STRICT).values()) for c in sample)
        for name, reading in (("closed", CLOSED), ("diagonal", DIAGONAL)):
            rooms = statistics.mean(len(catalogue(c.puzzle, reading).rooms) for c in sample)
            pairs = statistics.mean(
                sum(v == SURVIVES for v in screen(c.puzzle, reading).values()) for c in sample)
            counts = [exact_cover(Propagation(tables(c.puzzle, reading), LOWER), 2000).count
                      for c in sample]
            print(f"{name:8s} {size}x{size}: rooms {strict_rooms:.0f} -> {rooms:.0f}, pairs "
                  f"{strict_pairs:.1f} -> {pairs:.1f}, unique {sum(x == 1 for x in counts)}"
                  f"/{len(sample)}, at the 2000 cap {sum(x == 2000 for x in counts)}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--dial-boards", type=int, default=120)
    parser.add_argument("--chance-boards", type=int, default=200)
    parser.add_argument("--misread-boards", type=int, default=12)
    args = parser.parse_args()
    boards = {size: shipped(size, args.boards) for size in SIZES}
    screens_table(boards)
    census_tables(boards)
    ladder_table(boards)
    misread_table(boards, args.misread_boards)
    chance_table(args.chance_boards)
    dial_table(args.dial_boards)


if __name__ == "__main__":
    main()
