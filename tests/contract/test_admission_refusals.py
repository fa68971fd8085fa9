"""Contract: the bank's gate (pipeline/admission.py) refuses a puzzle with two solutions and a
puzzle with none, for every genre, on the build path (`contend`, here fed by a generator that
returns the board) and on the re-verification path (`rejection`, `verify_rows`).

A genre counting solvable-or-not (Color Sort) has no deal of two solutions: its counts are at
most one (tests/contract/test_counters.py), so only the refusal of a deal none sorts applies.
"""

import pytest

import pipeline.admission as admission
from solvers import GENRE_NAMES, get_genre
from tests.contract.boards import count, generated_boards, tiny_boards
from tests.contract.gate import contended
from tests.contract.genres import CASES, Counting

UNIQUE_GENRES = [name for name in GENRE_NAMES if CASES[name].counting is Counting.UNIQUE]


@pytest.mark.parametrize("name", UNIQUE_GENRES)
def test_a_puzzle_with_two_solutions_is_refused_as_ambiguous(name, monkeypatch):
    genre = get_genre(name)
    row = generated_boards(name)[0].row
    ambiguous = [b for b in tiny_boards(name) if b.solutions and len(b.solutions) >= 2][:5]
    assert len(ambiguous) == 5
    for board in ambiguous:
        solution = board.examples[0]
        assert admission.rejection(genre, board.puzzle, solution,
                                   genre.grade(board.puzzle)) == admission.AMBIGUOUS
        assert contended(monkeypatch, name, board.puzzle, solution) == admission.AMBIGUOUS
        texts = {"puzzle": genre.format(board.puzzle),
                 "solution": genre.format_solution(solution)}
        problems = admission.verify_rows([row | texts])
        assert f"{row['id']}: fails admission: {admission.AMBIGUOUS}" in problems


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_puzzle_without_a_solution_is_refused(name, monkeypatch):
    genre = get_genre(name)
    solution = generated_boards(name)[0].solution  # never looked at: counting refuses first
    unsolvable = [b for b in tiny_boards(name) if not b.solvable
                  and not count(name, b.puzzle, 2, "ladder").truncated][:5]
    assert len(unsolvable) == 5
    for board in unsolvable:
        grade = genre.grade(board.puzzle)
        assert admission.rejection(genre, board.puzzle, solution, grade) == admission.NO_SOLUTION
        assert contended(monkeypatch, name, board.puzzle, solution) == admission.NO_SOLUTION


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_the_generated_puzzles_pass_the_gate(name):
    for board in generated_boards(name):
        assert admission.verify_rows([board.row]) == []
