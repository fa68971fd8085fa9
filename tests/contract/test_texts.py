"""Contract: every genre's puzzle and solution texts round trip, a corrupted cell is refused
with its position, and no string makes `parse` fail but with PuzzleFormatError."""

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import GENRE_NAMES, get_genre
from solvers.core import PuzzleFormatError
from tests.contract.boards import generated_boards, tiny_boards
from tests.contract.genres import CASES

BAD_CELL = "?"  # a character no genre's text uses for a cell


def test_every_registered_genre_has_a_row_in_the_table():
    assert set(CASES) == set(GENRE_NAMES)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_puzzle_texts_round_trip(name):
    genre = get_genre(name)
    for board in tiny_boards(name):
        text = genre.format(board.puzzle)
        assert genre.parse(text) == board.puzzle
        assert genre.format(genre.parse(text)) == text


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_solution_texts_round_trip(name):
    genre = get_genre(name)
    pairs = [(b.puzzle, b.solution) for b in generated_boards(name)]
    pairs += [(b.puzzle, solution) for b in tiny_boards(name) for solution in b.examples]
    assert len(pairs) >= 50
    for puzzle, solution in pairs:
        text = genre.format_solution(solution)
        assert genre.parse_solution(text, puzzle) == solution
        assert genre.format_solution(genre.parse_solution(text, puzzle)) == text


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_corrupted_puzzle_cell_is_refused_at_its_row_and_column(name):
    genre, layout = get_genre(name), CASES[name].puzzle
    for board in generated_boards(name):
        text = genre.format(board.puzzle)
        for row, col in layout.positions(text):
            with pytest.raises(PuzzleFormatError) as caught:
                genre.parse(layout.with_cell(text, row, col, BAD_CELL))
            assert (caught.value.row, caught.value.col) == layout.where(row, col), text
            assert BAD_CELL in caught.value.reason


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_corrupted_solution_cell_is_refused_at_its_row_and_column(name):
    genre, layout = get_genre(name), CASES[name].solution
    for board in generated_boards(name):
        text = genre.format_solution(board.solution)
        for row, col in layout.positions(text):
            with pytest.raises(PuzzleFormatError) as caught:
                genre.parse_solution(layout.with_cell(text, row, col, BAD_CELL), board.puzzle)
            assert (caught.value.row, caught.value.col) == layout.where(row, col), text
            assert BAD_CELL in caught.value.reason


@cache
def alphabet(name: str) -> str:
    """Return the characters of the genre's tiny puzzle and solution texts, every digit, and
    some characters no text uses."""
    genre = get_genre(name)
    used = {ch for board in tiny_boards(name)[:40] for ch in genre.format(board.puzzle)}
    used |= {ch for board in tiny_boards(name)[:40] for solution in board.examples
             for ch in genre.format_solution(solution)}
    return "".join(sorted(used | set("0123456789 x?-\n")))


@pytest.mark.parametrize("name", GENRE_NAMES)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_string_parses_to_its_canonical_puzzle_text_or_is_refused_with_a_reason(name, data):
    genre = get_genre(name)
    text = data.draw(st.text(alphabet=alphabet(name), max_size=30))
    try:
        puzzle = genre.parse(text)
    except PuzzleFormatError as error:
        assert error.reason
    else:
        assert genre.format(puzzle) == text.strip()


@cache
def smallest_solved(name: str) -> object:
    """Return the tiny board with a solution whose solution text is shortest (so that random
    strings parse as its solution now and then)."""
    genre = get_genre(name)
    solved = [b for b in tiny_boards(name) if b.examples]
    return min(solved, key=lambda b: len(genre.format_solution(b.examples[0]))).puzzle


@pytest.mark.parametrize("name", GENRE_NAMES)
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_string_parses_to_its_canonical_solution_text_or_is_refused_with_a_reason(name, data):
    genre = get_genre(name)
    puzzle = smallest_solved(name)
    text = data.draw(st.text(alphabet=alphabet(name), max_size=30))
    try:
        solution = genre.parse_solution(text, puzzle)
    except PuzzleFormatError as error:
        assert error.reason
    else:
        assert genre.format_solution(solution) == text.strip()
        assert isinstance(genre.check(puzzle, solution), list)
