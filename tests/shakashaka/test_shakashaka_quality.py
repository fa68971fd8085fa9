"""Shakashaka's quality floor (issue 24): the numbers and parity never decide a triangle, so
their grades hold no real puzzle; a real board has a triangle and is not mostly black; the
generator's `reflex` and `search` boards match the reference's black cells and numbers (its table:
6, 10 and 16 black cells and 1.7, 3.3 and 5.5 numbers at 6x6, 8x8 and 10x10; 10x10 under `slow`)."""

import random
import statistics

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.shakashaka import random_board, with_numbers
from solvers import get_genre
from solvers.shakashaka.board import TRIANGLES
from solvers.shakashaka.quality import REFERENCE

SHAKA = get_genre("shakashaka")
GENERATOR = get_generator("shakashaka")
TRIANGLE_DOMAINS = {1 << state for state in TRIANGLES}


@pytest.mark.parametrize("density", [0.2, 0.4, 0.6, 0.75])
def test_clues_and_parity_never_decide_a_triangle_on_random_boards(density):
    rng = random.Random(24)
    decided_cells = triangles = 0
    for _ in range(40):
        drawn = random_board(rng, GenerationSpec(6, 6, None, {"black_density": density}))
        assert drawn is not None
        full, filling = drawn
        triangles += sum(state in TRIANGLES for state in filling.cells)
        for share in (1.0, 0.5):
            puzzle = with_numbers(full, [n if rng.random() < share else None
                                         for n in full.numbers])
            for level in ("clues", "parity"):
                reached = SHAKA.deduce(puzzle, level)
                assert not reached.contradiction
                assert not TRIANGLE_DOMAINS & set(reached.domains), SHAKA.format(puzzle)
                decided_cells += sum(bin(d).count("1") == 1 for d in reached.domains)
    assert triangles > 0 and decided_cells > 0  # boards with triangles, rules that decide cells


def test_a_board_with_no_triangle_is_below_the_floor():
    puzzle = SHAKA.parse("#0#,0.0,#0#")
    grade = SHAKA.grade(puzzle)
    assert grade.name == "clues"
    reasons = SHAKA.below_floor(puzzle, grade.solution, grade.name)
    assert reasons == [
        "grade clues holds no real puzzle: the numbers and parity never decide a triangle",
        "triangles 0 < 1 (puzz.link: there are no triangles on the board)",
        "black_share 0.889 > 0.3333 (twice the reference's 6x6 share)",
    ]


def test_a_generated_board_passes_the_floor_and_a_black_one_does_not():
    spec = GenerationSpec(6, 6, "search")
    made = [GENERATOR.generate(random.Random(seed), spec) for seed in range(6)]
    made = [m for m in made if isinstance(m, Candidate)]
    assert made
    for candidate in made:
        assert SHAKA.below_floor(candidate.puzzle, candidate.solution, "search") == []
    black = GENERATOR.generate(random.Random(1), GenerationSpec(6, 6, "tips",
                                                                  {"black_density": 0.4}))
    assert isinstance(black, Candidate)
    assert SHAKA.below_floor(black.puzzle, black.solution, "tips") == [
        "black_share 0.389 > 0.3333 (twice the reference's 6x6 share)"]


SEEDS = 24  # boards a grade at each size: the mean of 24 stays within a few tenths of a number


def references_black_cells_and_numbers(size: int) -> None:
    """Assert that `reflex` and `search` boards made from seeds 0-23 at size x size carry, on
    average, the reference's black cells and numbers within 20%, and each at most twice its
    black share."""
    black, numbers = REFERENCE[size, size]
    for grade in ("reflex", "search"):
        made = [GENERATOR.generate(random.Random(seed), GenerationSpec(size, size, grade))
                for seed in range(SEEDS)]
        measured = [SHAKA.quality.measure(m.puzzle, m.solution) for m in made
                    if isinstance(m, Candidate)]
        assert len(measured) >= SEEDS // 2, grade
        assert statistics.mean(m["black"] for m in measured) == pytest.approx(black, rel=0.2)
        assert statistics.mean(m["numbers"] for m in measured) == pytest.approx(
            numbers, rel=0.2), grade
        assert all(m["black_share"] <= 2 * black / size**2 for m in measured)


@pytest.mark.parametrize("size", [6, 8])
def test_reflex_and_search_boards_have_the_references_black_cells_and_numbers(size):
    references_black_cells_and_numbers(size)


@pytest.mark.slow
def test_reflex_and_search_10x10_boards_have_the_references_black_cells_and_numbers():
    references_black_cells_and_numbers(10)
