"""Contract: every ladder level is sound (its fixpoint never rules out a solution, never claims
a contradiction on a board that has one, and solves only to a solution), and the grade of a
generated puzzle is the target it was made for and is the same when its text is graded again."""

import pytest

from solvers import GENRE_NAMES, get_genre
from tests.contract.boards import generated_boards, tiny_boards
from tests.contract.genres import CASES, Counting


def rule_choices(name: str) -> list[dict]:
    """Return the `deduce` arguments of every ladder level and of the whole ladder less each
    one rule."""
    ladder = get_genre(name).ladder
    return [{"level": level} for level in ladder] + [{"skip": (rule,)} for rule in ladder]


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_level_and_ablation_keeps_every_solution(name):
    genre, keeps = get_genre(name), CASES[name].keeps
    unique = CASES[name].counting is Counting.UNIQUE  # else a solution is one way of many
    cases = [(b.puzzle, frozenset({b.solution}) if unique else None)
             for b in generated_boards(name)]
    cases += [(b.puzzle, b.solutions) for b in tiny_boards(name) if b.solvable]
    assert len(cases) >= 100
    for puzzle, solutions in cases:
        for choice in rule_choices(name):
            deduction = genre.deduce(puzzle, **choice)
            text = genre.format(puzzle)
            assert not deduction.contradiction, (text, choice)
            if deduction.solved:
                assert genre.check(puzzle, deduction.solution) == [], (text, choice)
                assert solutions is None or deduction.solution in solutions, (text, choice)
            if keeps is not None and solutions is not None:
                for solution in solutions:
                    assert keeps(deduction.domains, puzzle, solution), (text, choice)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_contradiction_is_found_only_on_a_board_without_a_solution(name):
    genre = get_genre(name)
    unsolvable = 0
    for board in tiny_boards(name):
        deduction = genre.deduce(board.puzzle)
        if deduction.contradiction:
            assert not board.solvable, genre.format(board.puzzle)
            unsolvable += 1
    assert unsolvable >= 5


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_generated_puzzles_have_the_grade_asked_for_and_it_is_reproduced(name):
    genre = get_genre(name)
    boards = generated_boards(name)
    for board in boards:
        row = board.row
        if board.wanted is not None:
            assert row["grade"] == board.wanted
        grade = genre.grade(genre.parse(row["puzzle"]))
        assert (grade.name, grade.level, grade.steps) == (row["grade"], row["grade_level"],
                                                          row["steps"])
        assert genre.ladder[grade.level] == grade.name
    assert {b.wanted for b in boards} == {spec.grade for spec in CASES[name].generated}
