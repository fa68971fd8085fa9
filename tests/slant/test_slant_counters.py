"""Slant counters: three engines and four ladder levels agree on the empty 2x2 and (a sweep) on
every 2x2 clue pattern; solved boards are forests; the reference's vertex degrees (every counter
against the brute counter on random tiny boards: tests/contract)."""

import itertools
import os
import random

import pytest

from generators.slant import clues_of, random_filling
from solvers import get_genre
from solvers.slant.board import SlantPuzzle, max_clue
from tests.counters import agreed_count

SLANT = get_genre("slant")
LIMIT = 120
SWEEP_SCALE = float(os.environ.get("PUZZLEBANK_SWEEP_SCALE", "0.1"))


def test_empty_2x2_has_exactly_15_fillings_by_every_counter():
    counts = agreed_count("slant", SLANT.parse("...,...,..."), LIMIT)
    assert (counts["brute"].count, counts["brute"].truncated) == (15, False)
    assert len(frozenset(counts["brute"].solutions)) == 15


def two_by_two_clue_patterns():
    """Yield every clue pattern of a 2x2 board (each vertex blank or any value it can carry)."""
    choices = [[None, *range(max_clue(2, 2, r, c) + 1)] for r in range(3) for c in range(3)]
    yield from itertools.product(*choices)


@pytest.mark.sweep
def test_counters_agree_on_every_2x2_clue_pattern():
    patterns = list(two_by_two_clue_patterns())
    assert len(patterns) == 3**4 * 4**4 * 6
    stride = max(1, round(1 / SWEEP_SCALE))
    for clues in patterns[::stride]:
        agreed_count("slant", SlantPuzzle(2, 2, clues), LIMIT)


def components(width: int, height: int, cells) -> int:
    """Return the number of connected pieces of the lattice graph drawn by `cells` (BFS)."""
    stride = width + 1
    neighbours: dict[int, list[int]] = {v: [] for v in range(stride * (height + 1))}
    for k, d in enumerate(cells):
        r, c = divmod(k, width)
        a, b = (r * stride + c, (r + 1) * stride + c + 1) if d == 2 else \
               (r * stride + c + 1, (r + 1) * stride + c)
        neighbours[a].append(b)
        neighbours[b].append(a)
    seen: set[int] = set()
    pieces = 0
    for start in neighbours:
        if start not in seen:
            pieces += 1
            seen.add(start)
            frontier = [start]
            while frontier:
                for u in neighbours[frontier.pop()]:
                    if u not in seen:
                        seen.add(u)
                        frontier.append(u)
    return pieces


@pytest.mark.parametrize(("width", "height"), [(1, 1), (2, 2), (3, 5), (7, 4), (10, 10)])
def test_every_solved_board_is_a_forest_of_vertices_minus_cells_trees(width, height):
    rng = random.Random(width * 100 + height)
    for _ in range(40):
        filling = random_filling(rng, width, height)
        puzzle = SlantPuzzle(width, height, clues_of(filling))
        assert SLANT.check(puzzle, filling) == []
        trees = (height + 1) * (width + 1) - height * width
        assert components(width, height, filling.cells) == trees
    for solution in SLANT.count(SLANT.parse("...,...,..."), 20).solutions:
        assert components(2, 2, solution.cells) == 5


def test_the_rulebook_names_a_loop_and_a_wrong_clue():
    puzzle = SLANT.parse("1..,...,...")
    diamond = SLANT.parse_solution("/\\,\\/", puzzle)
    violations = SLANT.check(puzzle, diamond)
    assert any("closed loop" in v for v in violations)
    assert any("vertex (0, 0): clue 1, touched by 0" in v for v in violations)
    assert SLANT.check(puzzle, SLANT.parse_solution("\\\\,\\\\", puzzle)) == []


def test_vertex_degrees_of_random_10x10_fillings_match_the_reference():
    """The reference measured 0/1/2/3/4 = 8.6/38.5/34.8/15.1/2.9% on its generated 10x10 boards."""
    rng = random.Random(5)
    histogram = [0] * 5
    for _ in range(600):
        for n in clues_of(random_filling(rng, 10, 10)):
            histogram[n] += 1
    shares = [100 * n / sum(histogram) for n in histogram]
    for share, seed_share in zip(shares, (8.6, 38.5, 34.8, 15.1, 2.9), strict=True):
        assert abs(share - seed_share) < 0.8, shares


def test_cpsat_agrees_with_the_ladder_on_60_larger_boards_some_needing_rounds_of_loop_cuts():
    """7x7 and 10x10 boards with 45-80% of a filling's clues: the CP-SAT counter (loops cut
    lazily, in rounds), the ladder and the bank's "fill" engine (the compiled filling search
    here) give the same counts to 20 and solution sets."""
    rng = random.Random(18)
    outcomes = {"one": 0, "several": 0, "truncated": 0}
    several_rounds = 0
    for _ in range(60):
        n = rng.choice((7, 10))
        density = rng.uniform(0.45, 0.8)
        clues = tuple(c if rng.random() < density else None
                      for c in clues_of(random_filling(rng, n, n)))
        puzzle = SlantPuzzle(n, n, clues)
        cpsat, ladder = SLANT.count(puzzle, 20, "cpsat"), SLANT.count(puzzle, 20, "ladder")
        fill = SLANT.count(puzzle, 20, "fill")
        assert (cpsat.count, cpsat.truncated) == (ladder.count, ladder.truncated) == (
            fill.count, fill.truncated), SLANT.format(puzzle)
        if not cpsat.truncated:
            assert set(cpsat.solutions) == set(ladder.solutions) == set(fill.solutions), \
                SLANT.format(puzzle)
        outcomes["truncated" if cpsat.truncated else "one" if cpsat.count == 1 else "several"] += 1
        several_rounds += cpsat.nodes > 1
    assert min(outcomes.values()) >= 10, outcomes
    assert several_rounds >= 5
