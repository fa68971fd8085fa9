"""Admission: a puzzle enters a bank only when both counters say one solution, the rulebook
accepts it and the ladder grades it; verify_rows re-runs that gate on stored rows. (Real
puzzles of two solutions and of none, every genre: tests/contract/test_admission_refusals.py.)"""

import dataclasses
import json

import pytest

from generators import GenerationSpec
from pipeline.admission import (
    CHECK_FAILED,
    COUNT_TRUNCATED,
    COUNTER_DISAGREE,
    NO_CANDIDATE,
    admit,
    rejection,
    verify_rows,
)
from pipeline.outcomes import Rejection
from solvers import get_genre
from solvers.core import Count, Grade

SLANT = get_genre("slant")
SPEC = GenerationSpec(4, 4, "cycle")


@pytest.fixture(scope="module")
def row():
    """Return an admitted 4x4 slant row (seed 0 of the cycle grade)."""
    admitted = admit("slant", SPEC, 0)
    assert isinstance(admitted, dict)
    return admitted


def test_an_admitted_row_has_every_bank_column_derived_from_the_puzzle(row):
    puzzle = SLANT.parse(row["puzzle"])
    assert row["id"] == SLANT.puzzle_id(puzzle)
    assert (row["genre"], row["width"], row["height"], row["size"]) == ("slant", 4, 4, "4x4")
    assert (row["grade"], row["grade_level"]) == ("cycle", SLANT.ladder.index("cycle"))
    assert row["clues"] == SLANT.clue_count(puzzle)
    assert row["seed"] == 0
    assert json.loads(row["measurements"])["clues"] == row["clues"]
    assert row["measurements"] == json.dumps(json.loads(row["measurements"]), sort_keys=True,
                                             separators=(",", ":"))


def test_a_seed_gives_the_same_row_every_time(row):
    assert admit("slant", SPEC, 0) == row


def test_a_seed_whose_generator_gives_up_is_refused_as_no_candidate():
    outcomes = {admit("slant", GenerationSpec(4, 4, "probe"), seed) for seed in range(12)
                if isinstance(admit("slant", GenerationSpec(4, 4, "probe"), seed), Rejection)}
    assert outcomes == {NO_CANDIDATE}


def parsed(row):
    puzzle = SLANT.parse(row["puzzle"])
    return puzzle, SLANT.parse_solution(row["solution"], puzzle), SLANT.grade(puzzle)


def test_the_genuine_puzzle_passes_the_gate(row):
    assert rejection(SLANT, *parsed(row)) is None


def test_counters_that_disagree_keep_the_puzzle_out(row):
    puzzle, solution, grade = parsed(row)
    two = Count(2, (solution, solution), 1, truncated=True)
    lying = dataclasses.replace(SLANT, counters={SLANT.independent: lambda puzzle, limit: two})
    assert rejection(lying, puzzle, solution, grade) == COUNTER_DISAGREE


def test_the_counters_own_solutions_need_not_be_the_generators(row):
    """A genre may count "solvable" as one (Color Sort): only `check` judges the solution."""
    puzzle, solution, grade = parsed(row)
    other = dataclasses.replace(solution, cells=tuple(3 - d for d in solution.cells))
    one_other = Count(1, (other,), 1, truncated=False)
    solvable = dataclasses.replace(SLANT, counters={SLANT.independent: lambda p, limit: one_other},
                                   count_ladder=lambda p, rules, limit, nodes: one_other)
    assert rejection(solvable, puzzle, solution, grade) is None


def test_a_counter_that_gives_up_keeps_the_puzzle_out(row):
    puzzle, solution, grade = parsed(row)
    gave_up = Count(1, (solution,), 10**6, truncated=True)
    tired = dataclasses.replace(SLANT, counters={SLANT.independent: lambda p, limit: gave_up})
    assert rejection(tired, puzzle, solution, grade) == COUNT_TRUNCATED


def test_a_solution_the_rulebook_refuses_keeps_the_puzzle_out(row):
    strict = dataclasses.replace(SLANT, check=lambda puzzle, solution: ["a made-up violation"])
    assert rejection(strict, *parsed(row)) == CHECK_FAILED


def test_a_puzzle_no_ladder_level_solves_is_refused_with_its_grade_status(row):
    puzzle, solution, _ = parsed(row)
    assert rejection(SLANT, puzzle, solution, Grade("needs-search")) == Rejection("needs-search")


def test_verify_rows_passes_genuine_rows(row):
    assert verify_rows([row]) == []


def test_verify_rows_names_the_row_and_the_column_that_does_not_match(row):
    problems = verify_rows([row | {"steps": row["steps"] + 1}])
    assert problems == [f"{row['id']}: steps is {row['steps'] + 1}, recomputed {row['steps']}"]


def test_verify_rows_catches_a_changed_clue_by_recounting(row):
    index = next(i for i, ch in enumerate(row["puzzle"]) if ch in "1234")
    changed = row["puzzle"][:index] + "0" + row["puzzle"][index + 1 :]
    problems = verify_rows([row | {"puzzle": changed}])
    assert problems[0].startswith(f"{row['id']}: fails admission: ")
    assert any("id is" in problem for problem in problems)


def test_verify_rows_reports_text_that_does_not_parse_and_repeated_ids(row):
    problems = verify_rows([row | {"solution": "//"}, row])
    assert problems[0].startswith(f"{row['id']}: does not parse: ")
    assert problems[-1] == f"{row['id']}: appears 2 times"


def test_verify_rows_reports_an_unknown_genre(row):
    [problem] = verify_rows([row | {"genre": "nonesuch"}])
    assert problem.startswith(f"{row['id']}: unknown genre 'nonesuch' (known: slant")


def test_a_generators_own_reason_is_the_rejection_so_builds_count_it_apart():
    from generators.colorsort import preset_spec

    spec = preset_spec("5x6-one-empty-duplicate")
    outcomes = [admit("colorsort", spec, seed) for seed in range(12)]
    assert Rejection("unsolvable") in outcomes
    assert any(isinstance(outcome, dict) for outcome in outcomes)
