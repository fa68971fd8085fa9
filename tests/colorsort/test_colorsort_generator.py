"""Color Sort generation and grading: kept deals pass the bank's gate, grades follow the
published bands, rejections are counted by reason, and the CLI views give the reference's
example."""

import json
import random
from functools import partial

import pytest

import generators.colorsort as colorsort_generator
import solvers.colorsort.grading as grading
from generators import GenerationSpec, get_generator
from generators.colorsort import PRESETS, REJECTION_REASONS, attempt, preset_spec, shape_of
from generators.colorsort import js_deal as deal_view
from generators.ladder_report import measure as ladder_report
from pipeline.solving import json_report
from solvers import get_genre
from solvers.colorsort.board import from_tubes
from solvers.colorsort.grades import GRADE_BANDS, LADDER, node_range
from solvers.colorsort.grading import Measurements, band_of
from solvers.colorsort.jsengine import deal_tubes
from solvers.colorsort.jsrandom import rng
from solvers.colorsort.optimal import UNKNOWN, OptimalResult
from solvers.core import GRADED, NEEDS_SEARCH, NO_SOLUTION

COLORSORT = get_genre("colorsort")
GENERATOR = get_generator("colorsort")
SAMPLE = "4:3320,2113,0231,2010,,"
solve_view = partial(json_report, COLORSORT)


@pytest.mark.parametrize("preset", ["4x4", "7x4", "4x5-one-empty"])
def test_kept_deals_pass_the_banks_gate_and_re_deal_from_their_seed(preset):
    spec = preset_spec(preset)
    for seed in range(4):
        candidate = attempt(random.Random(seed), spec).candidate
        puzzle, m = candidate.puzzle, candidate.measurements
        assert COLORSORT.count(puzzle, 2, "ladder").count == 1
        assert COLORSORT.count(puzzle, 2, COLORSORT.independent).count == 1
        assert COLORSORT.check(puzzle, candidate.solution) == []
        grade = COLORSORT.grade(puzzle)
        assert grade.status == GRADED and grade.name == m["grade"]
        assert grade.steps == m["optimal_pours"] == len(candidate.solution.moves)
        assert COLORSORT.dimensions(puzzle) == (spec.width, spec.height)
        assert json.loads(json.dumps(m)) == m
        shape = PRESETS[preset]
        tubes = deal_tubes(shape.colors, shape.capacity, rng(m["deal_seed"]), shape.duplicates,
                           shape.empty_tubes)
        assert from_tubes(shape.capacity, tubes) == puzzle
        assert COLORSORT.parse(COLORSORT.format(puzzle)) == puzzle


def test_the_same_seed_gives_the_same_deal_and_measurements():
    first = GENERATOR.generate(random.Random(11), preset_spec("7x4"))
    second = GENERATOR.generate(random.Random(11), preset_spec("7x4"))
    assert first == second
    assert GENERATOR.generate(random.Random(12), preset_spec("7x4")).puzzle != first.puzzle


def test_generate_deals_once_and_names_why_a_deal_was_thrown_away():
    outcomes = [GENERATOR.generate(random.Random(seed), preset_spec("5x6-one-empty-duplicate"))
                for seed in range(12)]
    reasons = [outcome for outcome in outcomes if isinstance(outcome, str)]
    assert "unsolvable" in reasons
    assert set(reasons) <= set(REJECTION_REASONS)
    assert any(not isinstance(outcome, str) for outcome in outcomes)


def test_a_wanted_grade_is_the_grade_kept_and_other_grades_are_counted_off_grade():
    kept = attempt(random.Random(2), preset_spec("7x4", grade="easy"))
    assert kept.candidate.measurements["grade"] == "easy"
    off = attempt(random.Random(2), GenerationSpec(2, 2, "expert", {"attempts": 5}))
    assert off.candidate is None
    assert off.rejections == dict.fromkeys(REJECTION_REASONS, 0) | {"off-grade": 5}


def test_one_empty_tube_brings_unsolvable_rejections_and_the_node_limit_truncated_ones(
        monkeypatch):
    one_empty = attempt(random.Random(0), preset_spec("5x6-one-empty-duplicate"))
    assert one_empty.rejections["unsolvable"] > 0
    assert one_empty.rejections["truncated"] == 0
    assert one_empty.candidate.measurements["rejections"] == one_empty.rejections
    monkeypatch.setattr(colorsort_generator, "DEFAULT_NODE_LIMIT", 30)
    tight = attempt(random.Random(0), GenerationSpec(9, 4, None, {"attempts": 30}))
    assert tight.rejections["truncated"] > 0
    assert tight.rejections["unsolvable"] == 0


def test_options_default_to_the_js_defaults():
    shape = shape_of(GenerationSpec(6, 5))
    assert (shape.colors, shape.capacity, shape.duplicates, shape.empty_tubes) == (6, 5, 0, 2)
    sample = GENERATOR.sample(random.Random(1), GenerationSpec(6, 5, options={"duplicates": 1}))
    assert COLORSORT.dimensions(sample) == (6, 5)
    assert len(sample.tubes) == 6 + 1 + 2


def test_the_bands_are_the_ladder_ten_times_apart_up_to_the_references_node_limit():
    assert LADDER == ("easy", "medium", "hard", "expert") == tuple(b.name for b in GRADE_BANDS)
    assert [b.max_dfs_nodes for b in GRADE_BANDS] == [60, 600, 6000, 20000]
    assert [node_range(grade) for grade in LADDER] == [(0, 60), (60, 600), (600, 6000),
                                                        (6000, 20000)]


@pytest.mark.parametrize(("nodes", "grade"), [(1, "easy"), (60, "easy"), (61, "medium"),
                                              (600, "medium"), (601, "hard"), (6000, "hard"),
                                              (6001, "expert"), (20000, "expert")])
def test_grades_follow_the_novices_nodes_alone(nodes, grade):
    assert band_of(Measurements(10, 0, nodes, 0)).name == grade
    assert band_of(Measurements(99, 0, nodes, 99)).name == grade  # the pours do not grade


def test_a_deal_beyond_the_last_band_has_no_band():
    assert band_of(Measurements(10, 0, 20001, 0)) is None


def test_the_sample_grades_easy_its_16_novice_nodes_and_reports_12_pours():
    grade = COLORSORT.grade(COLORSORT.parse(SAMPLE))
    assert (grade.status, grade.name, grade.level, grade.steps) == (GRADED, "easy", 0, 12)
    assert COLORSORT.deduce_with(COLORSORT.parse(SAMPLE), frozenset({"easy"})).steps == 16


def test_the_grade_is_the_lowest_ladder_level_whose_dfs_sorts_the_deal():
    for seed in range(3):
        for grade in LADDER:
            made = GENERATOR.generate(random.Random(seed), GenerationSpec(4, 4, grade))
            if isinstance(made, str):
                continue
            solving = next(level for level in LADDER if COLORSORT.deduce_with(
                made.puzzle, frozenset(LADDER[: LADDER.index(level) + 1])).solved)
            assert solving == made.measurements["grade"] == grade


def test_ungraded_deals_say_why(monkeypatch):
    assert COLORSORT.grade(COLORSORT.parse("2:01,10")).status == NO_SOLUTION
    monkeypatch.setattr(grading, "DEFAULT_NODE_LIMIT", 5)
    assert COLORSORT.grade(COLORSORT.parse(SAMPLE)).status == NEEDS_SEARCH
    monkeypatch.setattr(grading, "optimal_result", lambda puzzle: OptimalResult(UNKNOWN, (), 9))
    assert COLORSORT.grade(COLORSORT.parse(SAMPLE)).status == "unknown"


def test_the_ladder_report_runs_on_colorsort():
    report = ladder_report("colorsort", 6, 4, 6)
    assert report.unique == 1.0  # two empty tubes: every deal sorted (count 1 = solvable)
    assert report.incremental["expert"] == 1.0


def test_the_deal_view_is_the_references_example():
    assert deal_view("sample", 4, 4, 0, 2) == {
        "tubes": [[3, 3, 2, 0], [2, 1, 1, 3], [0, 2, 3, 1], [2, 0, 1, 0], [], []],
        "solve": {"solved": True, "nodes": 16, "truncated": False, "moves": [
            [0, 4], [0, 5], [1, 0], [2, 1], [0, 2], [2, 0], [2, 5], [2, 4], [1, 2], [5, 1],
            [3, 4], [2, 3], [3, 2], [4, 3], [3, 4], [1, 3]]},
    }
    truncated = deal_view("sample", 4, 4, 0, 2, node_limit=3)["solve"]
    assert truncated == {"solved": False, "moves": [], "nodes": 4, "truncated": True}


def test_the_solve_view_says_solvable_optimal_solution_and_grade():
    view = solve_view(SAMPLE)
    assert view | {"solution": None} == {"genre": "colorsort", "puzzle": SAMPLE,
                                         "solvable": True, "optimal": 12, "solution": None,
                                         "grade": "easy"}
    puzzle = COLORSORT.parse(SAMPLE)
    assert COLORSORT.check(puzzle, COLORSORT.parse_solution(view["solution"], puzzle)) == []
    assert solve_view("2:01,10") == {"genre": "colorsort", "puzzle": "2:01,10", "solvable": False,
                                     "optimal": None, "solution": None, "grade": None}
    assert solve_view("2:0x1") == {"puzzle": "2:0x1", "error": "row 0, column 2: tube holds 3 "
                                   "units, capacity is 2"}
    json.dumps(view)
