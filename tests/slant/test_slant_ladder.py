"""Slant ladder: sound at every level, the reference's duet example, and honest grades."""

import random
from dataclasses import replace

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.ladder_report import measure
from solvers import get_genre
from solvers.core import AMBIGUOUS, GRADED, NEEDS_SEARCH, NO_SOLUTION
from solvers.slant.board import BACK, BOTH, FWD, SlantPuzzle, SlantSolution
from solvers.slant.rules import context

SLANT = get_genre("slant")
GENERATOR = get_generator("slant")


def generated(n: int, size: int, grade: str | None = None):
    """Return n generated candidates of a size x size board (seeds 0, 1, ...)."""
    found: list[Candidate[SlantPuzzle, SlantSolution]] = []
    seed = 0
    while len(found) < n:
        candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(size, size, grade))
        seed += 1
        if isinstance(candidate, Candidate):
            found.append(candidate)
    return found


def test_every_level_keeps_the_true_solution_in_its_domains():
    rng = random.Random(7)
    boards = [(c.puzzle, c.solution) for c in generated(12, 6)]
    for _ in range(40):  # plus thinned boards, where the rules stop short of a solution
        candidate = generated(1, 5)[0]
        thinned = tuple(n if rng.random() < 0.6 else None for n in candidate.puzzle.clues)
        boards.append((SlantPuzzle(5, 5, thinned), candidate.solution))
    for puzzle, truth in boards:
        for level in SLANT.ladder:
            for skip in ((), *((name,) for name in SLANT.ladder[:-1] if name != level)):
                if level in skip:
                    continue
                deduction = SLANT.deduce(puzzle, level, skip=skip)
                assert not deduction.contradiction
                assert all(dom & d for dom, d in zip(deduction.domains, truth.cells, strict=True))


def test_adjacent_threes_duet_fixes_the_four_outer_cells_and_leaves_the_middle_open():
    clues = [None] * 36
    clues[2 * 6 + 2] = clues[2 * 6 + 3] = 3  # vertices (2, 2) and (2, 3) of a 5x5 board
    puzzle = SlantPuzzle(5, 5, tuple(clues))
    assert SLANT.deduce(puzzle, "cycle").domains == (BOTH,) * 25
    domains = SLANT.deduce(puzzle, "duet").domains

    def cell(r, c):
        return domains[r * 5 + c]

    assert (cell(1, 1), cell(2, 1), cell(1, 3), cell(2, 3)) == (BACK, FWD, FWD, BACK)
    assert (cell(1, 2), cell(2, 2)) == (BOTH, BOTH)
    assert sum(d != BOTH for d in domains) == 4


def test_edge_ones_leave_an_equality_no_unary_rule_can_write():
    """Two 1s side by side on the top edge: the cells beside them are equal, A == B, but the
    duet survivors hold both A = B = '/' and A = B = '\\', so no cell is fixed."""
    puzzle = SLANT.parse(".11.,....,....")
    a, middle, b = 0, 1, 2
    domains = SLANT.deduce(puzzle, "duet").domains
    assert (domains[a], domains[middle], domains[b]) == (BOTH, BOTH, BOTH)
    solutions = SLANT.count(puzzle, 100, "brute").solutions
    assert all(s.cells[a] == s.cells[b] for s in solutions)
    assert {s.cells[a] for s in solutions} == {FWD, BACK}


@pytest.mark.parametrize("grade", ["count", "cycle", "duet", "probe"])
def test_generated_puzzles_grade_at_their_target_and_are_unique(grade):
    for candidate in generated(2, 6, grade):
        puzzle = candidate.puzzle
        result = SLANT.grade(puzzle)
        assert (result.status, result.name) == (GRADED, grade)
        assert result.solution == candidate.solution
        assert SLANT.count(puzzle, 2, "cpsat").count == 1
        below = SLANT.ladder[SLANT.level_index(grade) - 1] if grade != "count" else None
        if below:
            assert not SLANT.deduce(puzzle, below).solved


def test_grade_tells_ambiguous_from_no_solution_from_graded():
    assert SLANT.grade(SLANT.parse("...,...,...")).status == AMBIGUOUS
    assert SLANT.grade(SLANT.parse("0.0,...,0.0")).status == NO_SOLUTION
    graded = SLANT.grade(SLANT.parse("1.0,.2.,1.0"))
    assert (graded.status, graded.name) == (GRADED, "count")


def test_needs_search_is_a_unique_puzzle_beyond_the_top_of_the_ladder():
    short_ladder = replace(SLANT, ladder=("count", "cycle"))
    puzzle = generated(1, 6, "duet")[0].puzzle
    result = short_ladder.grade(puzzle)
    assert result.status == NEEDS_SEARCH
    assert SLANT.check(puzzle, result.solution) == []


def test_probe_solves_exactly_the_unique_boards_of_a_sample():
    rng = random.Random(11)
    for _ in range(150):
        puzzle = GENERATOR.sample(rng, GenerationSpec(6, 6))
        assert SLANT.deduce(puzzle).solved == (SLANT.count(puzzle, 2).count == 1)


def test_the_same_seed_makes_the_same_puzzle_and_another_seed_another():
    spec = GenerationSpec(7, 7, "duet")
    first = GENERATOR.generate(random.Random(42), spec)
    again = GENERATOR.generate(random.Random(42), spec)
    assert first is not None and again is not None
    assert SLANT.format(first.puzzle) == SLANT.format(again.puzzle)
    assert first.measurements == again.measurements
    other = generated(1, 7, "duet")[0]
    assert SLANT.format(other.puzzle) != SLANT.format(first.puzzle)


def test_removal_leaves_no_clue_that_could_go():
    candidate = generated(1, 5)[0]
    clues = list(candidate.puzzle.clues)
    for v, n in enumerate(clues):
        if n is not None:
            fewer = SlantPuzzle(5, 5, tuple(None if i == v else x for i, x in enumerate(clues)))
            assert SLANT.count(fewer, 2).count == 2


def test_density_option_starts_from_that_share_of_clues():
    spec = GenerationSpec(8, 8, options={"density": 0.5})
    shares = [GENERATOR.sample(random.Random(s), spec).clues.count(None) / 81 for s in range(30)]
    assert 0.4 < sum(shares) / len(shares) < 0.6
    assert all(d in (FWD, BACK) for d in generated(1, 4)[0].solution.cells)


def test_the_references_ladder_shape_on_100_unfiltered_10x10_boards():
    """Seed: probe rate == unique rate; duet gains ~10pt incrementally yet loses nothing when
    ablated (probe picks it up); dropping cycle or count costs >10pt; median branchings to
    count to two are 1, 1, 0, 0 for count, cycle, duet, probe."""
    report = measure("slant", 10, 10, 100, seed=0, options={"density": 0.75}, branchings=True)
    rate, ablated = report.incremental, report.ablation
    assert rate["probe"] == report.unique == ablated["full"]
    assert rate["duet"] - rate["cycle"] >= 0.05
    assert ablated["full"] - ablated["duet"] <= 0.01
    assert ablated["full"] - ablated["cycle"] >= 0.10
    assert ablated["full"] - ablated["count"] >= 0.10
    assert report.branchings == {"count": 1, "cycle": 1, "duet": 0, "probe": 0}


@pytest.mark.parametrize("width,height", [(4, 4), (7, 7), (10, 6)])
def test_a_cells_clues_and_duets_are_those_at_its_corners_in_order(width, height):
    rng = random.Random(width * height)
    for density in (0.05, 0.3, 1.0):
        clues = tuple(rng.randrange(5) if rng.random() < density else None
                      for _ in range((width + 1) * (height + 1)))
        ctx = context(SlantPuzzle(width, height, clues))
        clued = [v for v, n in enumerate(clues) if n is not None]
        for k, corners in enumerate(ctx.geo.corners):
            assert ctx.cell_clues[k] == tuple(clued.index(v) for v in sorted(corners)
                                              if clues[v] is not None)
            assert ctx.cell_duets[k] == tuple(i for i, duet in enumerate(ctx.duets)
                                              if k in {c for c, *_ in (*duet.private_a,
                                                                       *duet.private_b,
                                                                       *duet.shared)})
