"""Slant texts: canonical round trips, and bad texts rejected with their position and reason."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import get_genre
from solvers.core import PuzzleFormatError

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
        ("1.0,.2.,..x", 2, 2, "'x' is not a vertex clue"),
        ("2..,...,...", 0, 0, "clue 2 exceeds the 1 cells"),
        ("...,...,..2", 2, 2, "clue 2 exceeds the 1 cells"),
        ("...,3..,...", 1, 0, "clue 3 exceeds the 2 cells"),
        (".3.,...,...", 0, 1, "clue 3 exceeds the 2 cells"),
        ("...,.5.,...", 1, 1, "'5' is not a vertex clue"),
        ("", None, None, "empty text"),
    ],
)
def test_bad_puzzle_texts_name_position_and_reason(text, row, col, reason):
    with pytest.raises(PuzzleFormatError) as caught:
        SLANT.parse(text)
    assert (caught.value.row, caught.value.col) == (row, col)
    assert reason in caught.value.reason


def test_an_interior_vertex_takes_a_four():
    assert SLANT.parse("...,.4.,...").clues[4] == 4


@pytest.mark.parametrize(
    ("text", "row", "col"),
    [("\\/,/", 1, None), ("\\/", None, None), ("\\/,/x", 1, 1), ("\\/,/\\,//", None, None)],
)
def test_bad_solution_texts_are_refused(text, row, col):
    puzzle = SLANT.parse("...,...,...")
    with pytest.raises(PuzzleFormatError) as caught:
        SLANT.parse_solution(text, puzzle)
    assert (caught.value.row, caught.value.col) == (row, col)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="01234.,/\\ x\n-", max_size=40))
def test_random_strings_parse_or_raise_only_puzzle_format_error(text):
    try:
        puzzle = SLANT.parse(text)
    except PuzzleFormatError as error:
        assert str(error)
    else:
        assert SLANT.format(puzzle) == text.strip()


def test_images_of_a_turned_puzzle_share_the_id():
    puzzle = SLANT.parse("1.0.,.2..,1...")
    turned = SLANT.parse("1.1,.2.,..0,...")  # a quarter turn clockwise
    assert SLANT.puzzle_id(puzzle) == SLANT.puzzle_id(turned)
    assert SLANT.puzzle_id(puzzle) != SLANT.puzzle_id(SLANT.parse("1.0.,.2..,..1."))
