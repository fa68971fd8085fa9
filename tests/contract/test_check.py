"""Contract: `check` accepts every solution and refuses a one-cell change of one, unless the
change is itself a solution (a board of several solutions)."""

import pytest

from solvers import GENRE_NAMES, get_genre
from solvers.core import PuzzleFormatError
from tests.contract.boards import generated_boards, tiny_boards
from tests.contract.genres import CASES


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_check_accepts_every_solution(name):
    genre = get_genre(name)
    for board in generated_boards(name):
        assert genre.check(board.puzzle, board.solution) == []
    for board in tiny_boards(name):
        for solution in board.solutions or board.examples:
            assert genre.check(board.puzzle, solution) == [], genre.format(board.puzzle)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_check_refuses_a_one_cell_change_of_a_solution_unless_it_is_another_solution(name):
    """Color Sort's answers are pour sequences, not unique: its change is the sequence one
    pour short, which no deal accepts (see the table's `one_pour_short`)."""
    genre, case = get_genre(name), CASES[name]
    cases = [(b.puzzle, b.solution, frozenset({b.solution})) for b in generated_boards(name)]
    cases += [(b.puzzle, s, b.solutions or frozenset()) for b in tiny_boards(name)
              for s in b.examples]
    refused = 0
    for puzzle, solution, solutions in cases:
        for text in case.changes(genre.format_solution(solution)):
            try:
                changed = genre.parse_solution(text, puzzle)
            except PuzzleFormatError:
                continue
            violations = genre.check(puzzle, changed)
            assert (violations == []) == (changed in solutions), (genre.format(puzzle), text)
            refused += bool(violations)
    assert refused >= 100
