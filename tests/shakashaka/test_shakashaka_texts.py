"""Shakashaka texts: canonical round trips; bad texts rejected with their position and reason."""

import pytest

from solvers import get_genre
from solvers.core import NO_SOLUTION, PuzzleFormatError
from solvers.shakashaka.board import BLACK, TNE, TNW, TSE, TSW, E

SHAKA = get_genre("shakashaka")


def test_puzzle_and_solution_texts_round_trip():
    text = ".#2,...,0.."
    puzzle = SHAKA.parse(text)
    assert (puzzle.width, puzzle.height) == (3, 3)
    assert puzzle.black == (False, True, True, False, False, False, True, False, False)
    assert puzzle.numbers == (None, None, 2, None, None, None, 0, None, None)
    assert SHAKA.format(puzzle) == text
    assert SHAKA.clue_count(puzzle) == 2
    assert SHAKA.dimensions(puzzle) == (3, 3)
    solution = SHAKA.parse_solution(".##,1.4,#23", puzzle)
    assert solution.cells == (E, BLACK, BLACK, TNW, E, TSW, BLACK, TNE, TSE)
    assert SHAKA.format_solution(solution) == ".##,1.4,#23"


@pytest.mark.parametrize(
    ("text", "row", "col", "reason"),
    [
        ("", None, None, "empty text"),
        (",", 0, None, "at least one cell"),
        ("...,..", 1, None, "expected 3 characters, found 2"),
        ("...,.5.", 1, 1, "'5' is not a shakashaka cell"),
    ],
)
def test_bad_puzzle_texts_name_position_and_reason(text, row, col, reason):
    with pytest.raises(PuzzleFormatError) as caught:
        SHAKA.parse(text)
    assert (caught.value.row, caught.value.col) == (row, col)
    assert reason in caught.value.reason


@pytest.mark.parametrize("text", ["3..,...", "...,..4", "..,4.,..", "1"])
def test_a_number_above_its_cells_neighbours_parses_and_has_no_solution(text):
    """As on puzz.link, such a number is well formed; every engine and the grade say 0."""
    puzzle = SHAKA.parse(text)
    assert SHAKA.format(puzzle) == text
    assert [SHAKA.count(puzzle, 2, engine).count for engine in SHAKA.engines] == [0, 0, 0]
    assert SHAKA.grade(puzzle).status == NO_SOLUTION


def test_an_interior_black_cell_takes_a_four_and_a_corner_a_two():
    assert SHAKA.parse("...,.4.,...").numbers[4] == 4
    assert SHAKA.parse("2..,...").numbers[0] == 2


@pytest.mark.parametrize(
    ("text", "row", "col"),
    [("..,.", 1, None), ("..", None, None), ("..,.5", 1, 1), ("..,.0", 1, 1),
     ("..,..,..", None, None)],
)
def test_bad_solution_texts_are_refused(text, row, col):
    puzzle = SHAKA.parse("..,..")
    with pytest.raises(PuzzleFormatError) as caught:
        SHAKA.parse_solution(text, puzzle)
    assert (caught.value.row, caught.value.col) == (row, col)


def test_draw_shows_numbers_black_cells_and_triangles():
    puzzle = SHAKA.parse("...,.1#")
    solution = SHAKA.parse_solution("12.,.##", puzzle)
    assert SHAKA.draw(puzzle) == ". . .\n. 1 #"
    assert SHAKA.draw(puzzle, solution) == "◤ ◥ .\n. 1 #"
