"""The C kernel against its reference, the Python ladder: same fixpoint domains, same counts."""

import random

import pytest

from generators import GenerationSpec, get_generator
from solvers import get_genre
from solvers.core.results import AMBIGUOUS, GRADED, NO_SOLUTION
from solvers.slant.board import SlantPuzzle
from solvers.slant.kernel import COMPILED, compiled, count_solutions, grade, kernel_domains
from tests.slant.sampled import sampled_boards

SLANT = get_genre("slant")
GENERATOR = get_generator("slant")
SKIPS = ((), ("count",), ("cycle",), ("duet",), ("count", "duet"))


def boards(n: int, seed: int, largest: int) -> list[SlantPuzzle]:
    """Return n sampled boards of 1..largest cells a side, a fifth with one clue set at random
    (so some have no solution), densities from sparse (many solutions) to full."""
    return sampled_boards(n, seed, (1, largest), (0.1, 0.3, 0.5, 0.7, 0.9), spoiled=0.2)


def assert_same_fixpoints(puzzles) -> None:
    for puzzle in puzzles:
        for level in SLANT.ladder:
            for skip in SKIPS:
                if level in skip:
                    continue
                rules = SLANT.rules_up_to(level, skip)
                deduction = SLANT.deduce_with(puzzle, rules)
                expected = None if deduction.contradiction else deduction.domains
                assert kernel_domains(puzzle, rules) == expected, (SLANT.format(puzzle), level,
                                                                   skip)


def assert_same_counts(puzzles) -> None:
    for puzzle in puzzles:
        for level in SLANT.ladder:
            for limit in (1, 2, 30):
                expected = SLANT.count(puzzle, limit, level=level).count
                got = count_solutions(puzzle, SLANT.rules_up_to(level), limit)
                assert got == expected, (SLANT.format(puzzle), level, limit)


def test_the_compiled_kernel_is_built_by_the_install():
    """`pip install -e .` builds solvers/slant/_kernel.c; without it the generator falls back
    to the Python ladder (same answers, 10-20x slower)."""
    assert COMPILED


def test_kernel_fixpoints_are_the_ladders_on_1500_boards_at_every_level_and_ablation():
    assert_same_fixpoints(boards(1500, seed=1, largest=8))


def test_kernel_counts_are_the_ladder_counters_on_300_boards():
    assert_same_counts(boards(300, seed=2, largest=6))


def test_kernel_grades_are_the_genres_on_800_boards_and_on_generated_puzzles():
    puzzles = boards(800, seed=5, largest=7)
    rng = random.Random(6)
    for level in (*SLANT.ladder, None):
        for _ in range(10):
            candidate = GENERATOR.generate(rng, GenerationSpec(6, 6, level))
            if candidate is not None:
                puzzles.append(candidate.puzzle)
    grades = [grade(puzzle) for puzzle in puzzles]
    assert grades == [SLANT.grade(puzzle) for puzzle in puzzles]
    assert {g.status for g in grades} >= {GRADED, NO_SOLUTION, AMBIGUOUS}
    assert {g.name for g in grades if g.status == GRADED} == set(SLANT.ladder)


def test_kernel_sees_a_loop_only_with_the_cycle_rule():
    """A 2x2 board whose clues force a diamond: count alone fills it in and the final check
    refuses it (None); with cycle, the same contradiction is found by the rules."""
    puzzle = SLANT.parse("...,.0.,...")
    assert kernel_domains(puzzle, frozenset({"count"})) is None
    assert kernel_domains(puzzle, frozenset({"duet"})) == (3, 3, 3, 3)
    assert SLANT.deduce_with(puzzle, frozenset({"duet"})).domains == (3, 3, 3, 3)


@pytest.mark.slow
def test_kernel_fixpoints_and_counts_are_the_ladders_on_3000_more_boards():
    assert_same_fixpoints(boards(3000, seed=3, largest=9))
    assert_same_counts(boards(1000, seed=4, largest=6))


def test_kernel_refuses_clues_that_are_not_one_number_or_none_per_vertex():
    """The kernel reads the puzzle's clue tuple itself: one item per vertex, each None or a
    number below 255, else ValueError (never a read past the board)."""
    assert compiled is not None
    for clues in ((1,) * 15, [None] * 16, (None,) * 15 + (-1,), (None,) * 15 + (255,)):
        with pytest.raises(ValueError):
            compiled.fixpoint(3, 3, clues, 15)
    assert compiled.fixpoint(3, 3, (None,) * 15 + (1,), 15) is not None
