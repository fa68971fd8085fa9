"""Color Sort texts: round trips, bad texts with position and reason, and one id per puzzle
whatever its tube order and colour names."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import get_genre
from solvers.colorsort.board import COLOUR_CHARS, ColorSortPuzzle, from_tubes, normal_form
from solvers.colorsort.jsengine import canon
from solvers.colorsort.optimal import position, tube_strings
from solvers.core import PuzzleFormatError

COLORSORT = get_genre("colorsort")
SAMPLE = "4:3320,2113,0231,2010,,"


def test_the_architecture_example_round_trips():
    puzzle = COLORSORT.parse(SAMPLE)
    assert puzzle.capacity == 4
    assert puzzle.tubes == ((3, 3, 2, 0), (2, 1, 1, 3), (0, 2, 3, 1), (2, 0, 1, 0), (), ())
    assert COLORSORT.format(puzzle) == SAMPLE
    assert COLORSORT.dimensions(puzzle) == (4, 4)
    assert COLORSORT.clue_count(puzzle) == 6


def test_colours_past_nine_are_letters():
    puzzle = COLORSORT.parse("2:az,za,,")
    assert puzzle.tubes[0] == (10, 35)
    assert COLORSORT.format(from_tubes(2, [[10, 35], [35, 10], [], []])) == "2:az,za,,"


def test_solution_texts_round_trip():
    puzzle = COLORSORT.parse(SAMPLE)
    solution = COLORSORT.parse_solution("0>4 0>5 1>0", puzzle)
    assert solution.moves == ((0, 4), (0, 5), (1, 0))
    assert COLORSORT.format_solution(solution) == "0>4 0>5 1>0"
    assert COLORSORT.parse_solution("", puzzle).moves == ()


@pytest.mark.parametrize(
    ("text", "row", "col", "reason"),
    [
        ("", None, None, "empty text"),
        ("3320,2113", None, None, "expected '<capacity>:'"),
        ("x:3320", None, None, "capacity 'x' is not a positive whole number"),
        ("0:,", None, None, "capacity '0' is not"),
        ("04:3320", None, None, "capacity '04' is not"),
        ("65:3320", None, None, "the capacity is at most 64, the most a colorsort tube holds "
                                "(this one is 65)"),
        ("9" * 4400 + ":3320", None, None, "the capacity is at most 64, the most a colorsort "
                                           "tube holds (this one has 4400 digits)"),
        ("4:3320,21130", 1, 4, "tube holds 5 units, capacity is 4"),
        ("4:,,", None, None, "no colour in any tube"),
        ("4:", None, None, "no colour in any tube"),
        ("4:0000,0,,", None, None, "colour '0' has 5 units, not a whole number of tubes of 4: "
                                   "the deal can never be sorted"),
        ("3:001,11a,,", None, None, "colour '0' has 2 units, not a whole number of tubes of 3"),
        ("2:00,zz,z,,", None, None, "colour 'z' has 3 units"),
    ],
)
def test_bad_puzzle_texts_name_position_and_reason(text, row, col, reason):
    with pytest.raises(PuzzleFormatError) as caught:
        COLORSORT.parse(text)
    assert (caught.value.row, caught.value.col) == (row, col)
    assert reason in caught.value.reason


@pytest.mark.parametrize(
    ("text", "col", "reason"),
    [("0>4  1>0", 1, "'' is not"),
     ("0>6", 0, "a tube's number is at most 5, the last of the deal's 6 tubes (this one is 6)"),
     ("01>2", 0, "is not written"), ("9>0 0>1", 0, "(this one is 9)"),
     ("0>1 1>" + "9" * 4400, 1, "a tube's number is at most 5, the last of the deal's 6 tubes "
                                "(this one has 4400 digits)")],
)
def test_bad_solution_texts_name_the_pour(text, col, reason):
    with pytest.raises(PuzzleFormatError) as caught:
        COLORSORT.parse_solution(text, COLORSORT.parse(SAMPLE))
    assert (caught.value.row, caught.value.col) == (None, col)
    assert reason in caught.value.reason


def test_js_style_tubes_with_a_colour_past_35_are_refused_at_their_place():
    with pytest.raises(PuzzleFormatError) as caught:
        from_tubes(4, [[0, 1], [2, 36]])
    assert (caught.value.row, caught.value.col) == (1, 1)


def shuffled_image(puzzle: ColorSortPuzzle, rng: random.Random) -> ColorSortPuzzle:
    """Return `puzzle` with its tubes in a random order and its colours renamed at random."""
    renamed = list(range(len(COLOUR_CHARS)))
    rng.shuffle(renamed)
    tubes = [tuple(renamed[c] for c in tube) for tube in puzzle.tubes]
    rng.shuffle(tubes)
    return ColorSortPuzzle(puzzle.capacity, tuple(tubes))


puzzles = st.builds(
    lambda capacity, tubes: ColorSortPuzzle(capacity, tuple(tuple(t[:capacity]) for t in tubes)),
    st.integers(1, 5),
    st.lists(st.lists(st.integers(0, 5), max_size=5), min_size=1, max_size=8),
).filter(lambda p: any(p.tubes))


@settings(max_examples=300, deadline=None)
@given(puzzles, st.randoms(use_true_random=False))
def test_tube_order_and_colour_names_never_change_the_id(puzzle, rng):
    image = shuffled_image(puzzle, rng)
    assert COLORSORT.images(image) == COLORSORT.images(puzzle)
    assert COLORSORT.puzzle_id(image) == COLORSORT.puzzle_id(puzzle)


@settings(max_examples=300, deadline=None)
@given(puzzles, st.randoms(use_true_random=False))
def test_canonical_keys_ignore_tube_order(puzzle, rng):
    tubes = list(puzzle.tubes)
    rng.shuffle(tubes)
    reordered = ColorSortPuzzle(puzzle.capacity, tuple(tubes))
    assert canon(reordered.tubes) == canon(puzzle.tubes)
    assert position(tube_strings(reordered)) == position(tube_strings(puzzle))


def test_the_normal_form_keeps_different_puzzles_apart():
    ids = {COLORSORT.puzzle_id(COLORSORT.parse(text))
           for text in ("4:0011,1100,,", "4:0101,1010,,", "4:0011,0011,,", "4:0110,1001,,",
                        "4:0011,1100,", "3:001,110,,")}
    assert len(ids) == 6
    assert normal_form(COLORSORT.parse("4:3320,2113,0231,2010,,")) == COLORSORT.parse(
        "4:,,0012,1232,1330,2103")


def test_the_normal_form_of_many_tubes_with_no_shared_colour_is_quick_and_unique():
    # a value, not a text: parse refuses a colour of one unit in tubes of 4
    puzzle = ColorSortPuzzle(4, tuple(tuple(range(k, k + 4)) for k in range(0, 36, 4)))
    assert COLORSORT.images(puzzle) == ["4:0123,4567,89ab,cdef,ghij,klmn,opqr,stuv,wxyz"]


def test_the_drawing_shows_tubes_top_down_and_the_pour_count():
    puzzle = COLORSORT.parse("3:011,1,00,")
    assert COLORSORT.draw(puzzle, None) == "\n".join([
        "|1| | | | | | |",
        "|1| | | |0| | |",
        "|0| |1| |0| | |",
        " 0   1   2   3"])
    solution = COLORSORT.parse_solution("0>1 2>0", puzzle)
    assert COLORSORT.draw(puzzle, solution).endswith("\n2 pours: 0>1 2>0")
