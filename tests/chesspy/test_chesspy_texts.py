"""Chesspy texts: canonical round trips, cell names, and bad texts refused with position and
reason."""

import pytest

from solvers import get_genre
from solvers.chesspy.board import BISHOP, EMPTY, ROOK, cell_name
from solvers.core import PuzzleFormatError

CHESSPY = get_genre("chesspy")
EXAMPLE = "R1B1N0:.2.0,.1..,.1..,1..."


def test_the_seed_example_round_trips_with_its_solution():
    puzzle = CHESSPY.parse(EXAMPLE)
    assert (puzzle.width, puzzle.height, puzzle.inventory) == (4, 4, (1, 1, 0))
    assert puzzle.numbers[:4] == (None, 2, None, 0)
    assert CHESSPY.format(puzzle) == EXAMPLE
    solution = CHESSPY.parse_solution("....,....,...B,.R..", puzzle)
    assert solution.cells[11] == BISHOP and solution.cells[13] == ROOK
    assert solution.cells.count(EMPTY) == 14
    assert CHESSPY.format_solution(solution) == "....,....,...B,.R.."
    assert CHESSPY.check(puzzle, solution) == []


def test_cells_are_named_by_column_letter_and_row_number_from_the_top():
    # On the reference's 4x4 board B4 is column B of the bottom row, D3 column D of row 3.
    assert cell_name(0, 4) == "A1"
    assert cell_name(3, 4) == "D1"
    assert cell_name(3 * 4 + 1, 4) == "B4"
    assert cell_name(2 * 4 + 3, 4) == "D3"
    assert CHESSPY.parse(EXAMPLE).numbers[3 * 4 + 0] == 1  # the 1 on A4


@pytest.mark.parametrize(
    ("text", "row", "col", "reason"),
    [
        (".2.0,.1..", None, None, "expected the inventory"),
        ("R1B1:.2.0,.1..", None, None, "expected the inventory"),
        ("B1R1N0:.2.0", None, None, "expected the inventory"),
        ("R1B1N0:", None, None, "empty text"),
        ("R1B1N0:.2.0,.1.", 1, None, "expected 4 characters, found 3"),
        ("R1B1N0:.R..", 0, 1, "'R' is not a number or '.'"),
        ("R1B0N0:" + "." * 27, None, None, "at most 26 columns"),
        ("R1B0N17:.2.0,.1..,.1..,1...", None, None,
         "the knight count is at most 16, the cells of a 4x4 board (this one is 17)"),
        ("R1B0N9223372036854775807:.2.0,.1..,.1..,1...", None, None,
         "the knight count is at most 16, the cells of a 4x4 board (this one has 19 digits)"),
        ("R18446744073709551616B0N0:.2.0,.1..,.1..,1...", None, None,
         "the rook count is at most 16, the cells of a 4x4 board (this one has 20 digits)"),
        ("R1B" + "9" * 1000 + "N0:.2.0", None, None,
         "the bishop count is at most 4, the cells of a 4x1 board (this one has 1000 digits)"),
    ],
)
def test_bad_puzzle_texts_name_position_and_reason(text, row, col, reason):
    with pytest.raises(PuzzleFormatError) as caught:
        CHESSPY.parse(text)
    assert (caught.value.row, caught.value.col) == (row, col)
    assert reason in caught.value.reason


@pytest.mark.parametrize(("text", "row", "col"),
                         [("....,....,...B", None, None), ("....,...,...B,.R..", 1, None)])
def test_bad_solution_texts_are_refused(text, row, col):
    with pytest.raises(PuzzleFormatError) as caught:
        CHESSPY.parse_solution(text, CHESSPY.parse(EXAMPLE))
    assert (caught.value.row, caught.value.col) == (row, col)


def test_the_same_numbers_with_another_inventory_have_another_id():
    puzzle = CHESSPY.parse(EXAMPLE)
    other_inventory = CHESSPY.parse("R0B2N0:.2.0,.1..,.1..,1...")
    assert CHESSPY.puzzle_id(puzzle) != CHESSPY.puzzle_id(other_inventory)


def test_the_drawing_shows_letters_numbers_and_the_pieces():
    puzzle = CHESSPY.parse(EXAMPLE)
    drawing = CHESSPY.draw(puzzle, CHESSPY.grade(puzzle).solution)
    assert drawing.splitlines() == [
        "rooks 1, bishops 1, knights 0",
        "   A B C D",
        " 1 . 2 . 0",
        " 2 . 1 . .",
        " 3 . 1 . B",
        " 4 1 R . .",
    ]


def test_the_rulebook_names_each_kind_of_violation():
    puzzle = CHESSPY.parse(EXAMPLE)
    wrong = CHESSPY.parse_solution(".R..,....,....,...B", puzzle)
    violations = CHESSPY.check(puzzle, wrong)
    assert "a piece stands on the number at row 0, column 1" in violations
    assert "row 3, column 0: number 1, attacked by 0" in violations
    short = CHESSPY.parse_solution("....,....,....,.R..", puzzle)
    assert "0 bishops placed, the inventory has 1" in CHESSPY.check(puzzle, short)
