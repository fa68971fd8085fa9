"""Traces: replayed from the empty board they reach the solution; stored, they read back; the
score is deterministic and its median rises with the grade."""

import statistics

import pytest

from solvers import get_explainer, get_genre
from solvers.colorsort.explain import play
from solvers.colorsort.jsengine import is_solved
from solvers.core.explain import decode, encode, score
from solvers.core.partial import cells_of_text
from tests.explain.conftest import GRADES

GRID_GENRES = ("slant", "shakashaka", "araf", "chesspy")


def solution_cells(genre, solution) -> list[str]:
    spaced = genre.name == "araf"
    return [t for row in cells_of_text(genre.format_solution(solution), spaced) for t in row]


def given_cells(name: str, puzzle) -> dict[int, str]:
    """The cells a trace never names, with their solution values."""
    if name == "shakashaka":
        return {k: "#" for k, black in enumerate(puzzle.black) if black}
    if name == "chesspy":
        return {k: "." for k, n in enumerate(puzzle.numbers) if n is not None}
    return {}


def same_value(name: str, value: str, k: int, solution: list[str], width: int) -> bool:
    """Araf values name a number of the cell's room ("r,c"): compare the rooms' labels."""
    if name == "araf":
        r, c = map(int, value.split(","))
        return solution[r * width + c] == solution[k]
    return value == solution[k]


@pytest.mark.parametrize("name", GRID_GENRES)
def test_the_trace_from_the_empty_board_decides_every_cell_once_as_the_solution_has_it(
        name, sample):
    genre, explainer = get_genre(name), get_explainer(name)
    for case in sample[name]:
        trace = explainer.explain(case.puzzle, case.solution)
        assert not trace.stuck, (case.grade, case.seed)
        width = genre.dimensions(case.puzzle)[0]
        solution = solution_cells(genre, case.solution)
        board = given_cells(name, case.puzzle)
        for step in decode(encode(trace, width), genre.ladder if name != "colorsort" else ()):
            for k, value in step.cells.items():
                assert k not in board, (case.seed, k)
                assert same_value(name, value, k, solution, width), (case.grade, case.seed, k)
                board[k] = value
        assert sorted(board) == list(range(len(solution))), (case.grade, case.seed)


def test_the_stored_trace_reads_back_as_the_steps_it_was_made_from(sample):
    for name in GRID_GENRES:
        genre, explainer = get_genre(name), get_explainer(name)
        case = sample[name][-1]
        trace = explainer.explain(case.puzzle, case.solution)
        width = genre.dimensions(case.puzzle)[0]
        stored = decode(encode(trace, width), genre.ladder)
        assert [s.rule for s in stored] == [s.rule for s in trace.steps]
        assert [s.cells for s in stored] == [
            {c.row * width + c.col: c.value for c in s.cells} for s in trace.steps]


def test_color_sort_traces_sort_the_deal_in_no_more_pours_than_the_generators_sort(sample):
    explainer = get_explainer("colorsort")
    for case in sample["colorsort"]:
        trace = explainer.explain(case.puzzle, case.solution)
        pours = [s.pour for s in decode(encode(trace, 1), trace.ladder)]
        assert pours == [s.pour for s in trace.steps]
        tubes = play(case.puzzle, tuple(pours))
        assert is_solved(tubes, case.puzzle.capacity), case.seed
        assert len(pours) <= len(case.solution.moves)  # no longer than the generator's sort


@pytest.mark.parametrize("name", tuple(GRADES))
def test_the_score_is_deterministic_and_its_median_rises_with_the_grade(name, sample):
    explainer = get_explainer(name)
    medians = []
    for grade in GRADES[name]:
        cases = [case for case in sample[name] if case.grade == grade]
        scores = [score(explainer.explain(c.puzzle, c.solution), explainer.weights)
                  for c in cases]
        again = [score(explainer.explain(c.puzzle, c.solution), explainer.weights)
                 for c in cases]
        assert scores == again
        medians.append(statistics.median(s.value for s in scores))
    assert medians == sorted(medians) and len(set(medians)) == len(medians), medians


def test_chesspy_steps_read_as_its_existing_hints_one_for_one(sample):
    from solvers.chesspy import walkthrough

    explainer = get_explainer("chesspy")
    for case in sample["chesspy"]:
        trace = explainer.explain(case.puzzle, case.solution)
        assert [step.text for step in trace.steps] == walkthrough(case.puzzle)
