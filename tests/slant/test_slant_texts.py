"""Slant texts: canonical round trips, and bad texts rejected with their position and reason."""

import random

import pytest

from solvers import get_genre
from solvers.core import NO_SOLUTION, PuzzleFormatError
from solvers.core.grid import image_texts
from solvers.slant.board import SlantPuzzle, images

SLANT = get_genre("slant")


def test_puzzle_and_solution_texts_round_trip():
    text = "1.0,.2.,1.."
    puzzle = SLANT.parse(text)
    assert (puzzle.width, puzzle.height) == (2, 2)
    assert puzzle.clues == (1, None, 0, None, 2, None, 1, None, None)
    assert SLANT.format(puzzle) == text
    solution = SLANT.parse_solution("\\/,/\\", puzzle)
    assert solution.cells == (2, 1, 1, 2)
    assert SLANT.format_solution(solution) == "\\/,/\\"


@pytest.mark.parametrize(
    ("text", "row", "col", "reason"),
    [
        ("1.0", None, None, "at least 2 rows"),
        ("1,0", None, None, "at least 2 rows"),
        ("1.0,.2,...", 1, None, "expected 3 characters, found 2"),
        ("...,.5.,...", 1, 1, "'5' is not a vertex clue"),
        ("", None, None, "empty text"),
    ],
)
def test_bad_puzzle_texts_name_position_and_reason(text, row, col, reason):
    with pytest.raises(PuzzleFormatError) as caught:
        SLANT.parse(text)
    assert (caught.value.row, caught.value.col) == (row, col)
    assert reason in caught.value.reason


@pytest.mark.parametrize("text", ["2..,...,...", "...,...,..2", "...,3..,...", ".3.,...,...",
                                  "4.,..,.."])
def test_a_clue_above_the_cells_at_its_vertex_parses_and_has_no_solution(text):
    """As on puzz.link, such a clue is well formed; every engine and the grade say 0."""
    puzzle = SLANT.parse(text)
    assert SLANT.format(puzzle) == text
    assert [SLANT.count(puzzle, 2, engine).count for engine in SLANT.engines] == [0, 0, 0, 0]
    assert SLANT.grade(puzzle).status == NO_SOLUTION


def test_an_interior_vertex_takes_a_four():
    assert SLANT.parse("...,.4.,...").clues[4] == 4


@pytest.mark.parametrize(
    ("text", "row", "col"),
    [("\\/,/", 1, None), ("\\/", None, None), ("\\/,/\\,//", None, None)],
)
def test_bad_solution_texts_are_refused(text, row, col):
    puzzle = SLANT.parse("...,...,...")
    with pytest.raises(PuzzleFormatError) as caught:
        SLANT.parse_solution(text, puzzle)
    assert (caught.value.row, caught.value.col) == (row, col)


def test_images_are_the_texts_of_the_eight_rotations_and_reflections():
    rng = random.Random(8)
    for _ in range(300):
        w, h = rng.randint(1, 12), rng.randint(1, 12)
        clues = tuple(rng.choice((None, 0, 1, 2, 3, 4)) for _ in range((w + 1) * (h + 1)))
        puzzle = SlantPuzzle(w, h, clues)
        assert images(puzzle) == image_texts(SLANT.format(puzzle))


def test_the_floors_variant_ids_are_the_ids_of_the_puzzle_less_each_clue():
    from tests.variants import compared_variant_ids

    rng = random.Random(3)
    sizes = [(rng.randint(1, 12), rng.randint(1, 12)) for _ in range(150)]
    puzzles = (SlantPuzzle(w, h, tuple(rng.choice((None, 0, 1, 2, 3, 4))
                                       for _ in range((w + 1) * (h + 1)))) for w, h in sizes)
    assert compared_variant_ids(SLANT, "clues", puzzles) > 3000
