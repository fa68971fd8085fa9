"""Araf texts: canonical round trips, bad texts rejected with their position and reason."""

import pytest

from solvers import get_genre
from solvers.core import PuzzleFormatError

ARAF = get_genre("araf")


def test_puzzle_and_solution_texts_round_trip_with_numbers_past_nine():
    text = ". 2 10 .,4 . . 1,. 3 . 12"
    puzzle = ARAF.parse(text)
    assert (puzzle.width, puzzle.height) == (4, 3)
    assert puzzle.numbers == (None, 2, 10, None, 4, None, None, 1, None, 3, None, 12)
    assert ARAF.format(puzzle) == text
    assert ARAF.dimensions(puzzle) == (4, 3)
    assert ARAF.clue_count(puzzle) == 6
    solution = ARAF.parse_solution("0 0 1 1,0 2 1 3,2 2 3 3", puzzle)
    assert solution.labels == (0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 3, 3)
    assert ARAF.format_solution(solution) == "0 0 1 1,0 2 1 3,2 2 3 3"


@pytest.mark.parametrize(
    ("text", "row", "col", "reason"),
    [
        ("", None, None, "empty text"),
        ("1 . 3,. 2", 1, None, "expected 3 tokens, found 2"),
        ("1 0 3", 0, 1, "'0' is neither"),
        ("1 -2 3", 0, 1, "'-2' is neither"),
        ("1 02 3", 0, 1, "'02' is neither"),
        ("1  3", 0, 1, "empty token"),
        ("1 . 3,", 1, 0, "empty token"),
        ("1 ² 3", 0, 1, "is neither"),
        ("1 . 1234567890", 0, 2, "of at most 9 digits"),
        ("1 . " + "9" * 5000, 0, 2, "is neither"),
    ],
)
def test_bad_puzzle_texts_name_position_and_reason(text, row, col, reason):
    with pytest.raises(PuzzleFormatError) as caught:
        ARAF.parse(text)
    assert (caught.value.row, caught.value.col) == (row, col)
    assert reason in caught.value.reason


@pytest.mark.parametrize(
    ("text", "row", "col", "reason"),
    [
        ("0 0,1 1", None, None, "expected 3 rows"),
        ("0 0,1 1,1 1", 0, None, "expected 3 tokens, found 2"),
        ("0 0 0,1 1,1 1 1", 1, None, "expected 3 tokens, found 2"),
        ("0 1 2,3 5 4,4 4 4", 1, 1, "label 5 before label 4"),
        ("1 0 0,0 0 0,0 0 0", 0, 0, "label 1 before label 0"),
        ("0 0 0,0 0 0,0 0 0,0 0 0", None, None, "expected 3 rows"),
    ],
)
def test_bad_solution_texts_name_position_and_reason(text, row, col, reason):
    puzzle = ARAF.parse(". . .,. . .,. . .")
    with pytest.raises(PuzzleFormatError) as caught:
        ARAF.parse_solution(text, puzzle)
    assert str(caught.value)
    assert (caught.value.row, caught.value.col) == (row, col)
    assert reason in caught.value.reason


def test_draw_shows_numbers_and_the_walls_between_rooms():
    puzzle = ARAF.parse("1 . 4,3 . .")
    solution = ARAF.parse_solution("0 0 1,0 1 1", puzzle)
    assert ARAF.draw(puzzle, solution) == "\n".join([
        "+---+---+---+",
        "| 1     | 4 |",
        "+   +---+   +",
        "| 3 |       |",
        "+---+---+---+",
    ])
    assert ARAF.draw(ARAF.parse(". .")) == "+---+---+\n|       |\n+---+---+"


def test_the_floors_variant_ids_are_the_ids_of_the_puzzle_less_each_number():
    import random

    from solvers.araf.board import ArafPuzzle
    from tests.variants import compared_variant_ids

    rng = random.Random(5)
    sizes = [(rng.randint(1, 12), rng.randint(1, 12)) for _ in range(150)]
    puzzles = (ArafPuzzle(w, h, tuple(rng.choice((None, None, 1, 3, 9, 10, 123))
                                      for _ in range(w * h))) for w, h in sizes)
    assert compared_variant_ids(ARAF, "numbers", puzzles) > 3000
