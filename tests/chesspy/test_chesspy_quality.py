"""Chesspy's quality floor (issue 24): the reference's stage table by size, pieces and steps;
a one-piece 5x5 board is below it; the generator's boards are inside it."""

import random

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.chesspy import STAGE_TABLE, numbers_of
from solvers import get_genre
from solvers.chesspy.board import ROOK, ChesspyPuzzle, ChesspySolution
from solvers.chesspy.quality import STAGES, likeness

CHESSPY = get_genre("chesspy")
GENERATOR = get_generator("chesspy")


def test_the_floors_table_is_the_union_of_the_stage_tables_rows_by_size():
    sizes = {row["size"] for row in STAGE_TABLE}
    union = {}
    for size in sizes:
        rows = [row for row in STAGE_TABLE if row["size"] == size]
        union[size, size] = (min(r["pieces"][0] for r in rows), max(r["pieces"][1] for r in rows),
                             min(r["steps"][0] for r in rows), max(r["steps"][1] for r in rows))
    assert union == STAGES


def one_rook_board(width: int) -> tuple[ChesspyPuzzle, ChesspySolution]:
    cells = [ROOK] + [1] * (width * width - 1)  # 1: EMPTY
    solution = ChesspySolution(width, width, tuple(cells))
    return ChesspyPuzzle(width, width, (1, 0, 0), tuple(numbers_of(solution))), solution


def test_a_one_piece_5x5_board_is_below_the_floor_and_fine_on_3x3():
    puzzle, solution = one_rook_board(5)
    grade = CHESSPY.grade(puzzle)
    assert grade.solution == solution
    assert CHESSPY.below_floor(puzzle, solution, grade.name) == [
        "pieces 1 < 2 (the reference's stage table at 5x5)",
        f"steps {grade.steps} < 4 (the reference's stage table at 5x5)"]
    small, placed = one_rook_board(3)
    assert CHESSPY.below_floor(small, placed, CHESSPY.grade(small).name) == []


@pytest.mark.parametrize("size", [3, 5, 7])
def test_generated_boards_are_inside_the_stage_table(size):
    least, _, fewest, most = STAGES[size, size]
    made = [GENERATOR.generate(random.Random(seed), GenerationSpec(size, size, "type"))
            for seed in range(60)]
    made = [m for m in made if isinstance(m, Candidate)]
    assert made
    for candidate in made:
        measured = CHESSPY.quality.measure(candidate.puzzle, candidate.solution)
        assert measured["pieces"] >= least and fewest <= measured["steps"] <= most
        assert CHESSPY.below_floor(candidate.puzzle, candidate.solution, "type") == []


def test_a_solution_turned_or_mirrored_has_the_same_likeness():
    puzzle, solution = one_rook_board(3)
    turned = ChesspySolution(3, 3, tuple(reversed(solution.cells)))
    moved = ChesspySolution(3, 3, (1, ROOK) + (1,) * 7)
    assert likeness(puzzle, turned) == likeness(puzzle, solution) != likeness(puzzle, moved)
