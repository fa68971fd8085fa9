"""Chesspy ladder: the reference's worked example step by step, each rule on its own, soundness at
every level, and grades that never call a board the rules cannot finish "graded"."""

import random

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.ladder_report import measure
from solvers import get_genre
from solvers.chesspy import hint, walkthrough
from solvers.chesspy.board import BISHOP, EMPTY, KNIGHT, ROOK, ChesspyPuzzle
from solvers.chesspy.rules import LADDER, trace_with
from solvers.core import AMBIGUOUS, GRADED, NEEDS_SEARCH, NO_SOLUTION

CHESSPY = get_genre("chesspy")
GENERATOR = get_generator("chesspy")
EXAMPLE = CHESSPY.parse("R1B1N0:.2.0,.1..,.1..,1...")
B4, D3 = 3 * 4 + 1, 2 * 4 + 3

SEED_WALKTHROUGH = [
    "Rule 1: look at the 0 on D1. No rook can stand in row 1 or column D and no bishop on the "
    "diagonal at C2. Now A1, C1, D2, D3 and D4 can hold only a bishop, and C2 only a rook.",
    "Rule 2: look at the 2 on B1. There are 2 pieces in all, so both must attack B1. Every "
    "candidate that cannot reach B1 goes; only A2 (bishop), D3 (bishop) and B4 (rook) remain.",
    "Rule 2: only the rook on B4 can attack the 1 on A4. Exactly 1 cell, so B4 is a rook.",
    "Rule 2: the 1 on B3 is met by the rook on B4. A bishop on A2 would attack B3 diagonally, "
    "so it goes.",
    "Rule 3: only D3 still has a candidate, and 1 piece is left. D3 is a bishop.",
]


def test_the_reference_example_solves_to_rook_b4_bishop_d3_in_5_steps_highest_rule_3():
    deduction = CHESSPY.deduce(EXAMPLE)
    assert deduction.solved
    assert [k for k, v in enumerate(deduction.solution.cells) if v != EMPTY] == [D3, B4]
    assert (deduction.solution.cells[B4], deduction.solution.cells[D3]) == (ROOK, BISHOP)
    assert deduction.steps == 5
    assert deduction.rule_steps == {"zero": 1, "number": 3, "board": 1}
    assert trace_with(EXAMPLE, frozenset(LADDER)).highest + 1 == 3
    grade = CHESSPY.grade(EXAMPLE)
    assert (grade.status, grade.name, grade.level, grade.steps) == (GRADED, "board", 2, 5)


def test_the_five_hints_follow_the_references_walkthrough():
    assert walkthrough(EXAMPLE) == SEED_WALKTHROUGH
    assert [hint(EXAMPLE, shown) for shown in range(6)] == [*SEED_WALKTHROUGH, None]
    assert hint(EXAMPLE) == SEED_WALKTHROUGH[0]


def test_the_sweep_lets_board_finish_what_number_alone_would_finish_a_pass_later():
    """The reference reports highest rule 3 for its example, yet rules 1-2 alone finish it too (a
    second look at the 2 on B1 forces D3): the grade is the highest rule the run uses."""
    lower = CHESSPY.deduce(EXAMPLE, "number")
    assert lower.solved and lower.rule_steps == {"zero": 1, "number": 4}
    assert lower.solution == CHESSPY.deduce(EXAMPLE).solution
    assert not CHESSPY.deduce(EXAMPLE, "zero").solved


def domains(puzzle, level=None, skip=()):
    return CHESSPY.deduce(puzzle, level, skip=skip).domains


def test_a_zero_strikes_exactly_the_piece_types_that_would_attack_it():
    puzzle = CHESSPY.parse("R1B1N1:...,.0.,...")  # the 0 in the middle of a 3x3 board
    after = domains(puzzle, "zero")
    every = EMPTY | ROOK | BISHOP | KNIGHT
    corners, edges = (0, 2, 6, 8), (1, 3, 5, 7)
    assert all(after[k] == every & ~BISHOP for k in corners)  # a knight on a corner jumps away
    assert all(after[k] == EMPTY | BISHOP | KNIGHT for k in edges)


def test_number_fills_the_only_attackers_and_finds_an_unreachable_number():
    # A 2 with exactly two cells that can attack it: both hold attacking pieces.
    deduction = CHESSPY.deduce(CHESSPY.parse("R2B0N0:2.."), "number")
    assert deduction.solved and deduction.solution.cells == (EMPTY, ROOK, ROOK)
    # Row "1..0" with one rook: rule 1 strikes rooks from the row, so nothing can attack the 1.
    assert CHESSPY.deduce(CHESSPY.parse("R1B0N0:1..0"), "number").contradiction
    # The reference's example uses all three sub-rules of rule 2, in the walk-through's order.
    steps = trace_with(EXAMPLE, frozenset(LADDER)).steps
    assert [step.kind for step in steps] == ["zero", "all-attack", "exact", "met", "fill"]


def test_board_and_type_count_what_the_numbers_cannot():
    # No numbers: three cells, three pieces -> board fills them all; type then needs rule 4.
    puzzle = CHESSPY.parse("R1B2N0:...")
    assert CHESSPY.deduce(puzzle, "board").domains == (ROOK | BISHOP,) * 3
    assert not CHESSPY.deduce(puzzle).solved
    # A board only rule 4 finishes: it names the one cell left for the bishop.
    puzzle = CHESSPY.parse("R1B1N0:1...,1..1,0.10,01..")
    assert not CHESSPY.deduce(puzzle, "board").solved
    deduction = CHESSPY.deduce(puzzle)
    assert deduction.solved and deduction.rule_steps["type"] == 1
    assert "Rule 4: 1 bishop is left and only D4 can take it, so D4 is a bishop." in \
        walkthrough(puzzle)


def boards_with_truth(count: int, rng: random.Random):
    """Return (puzzle, solution) pairs: generated boards, and the same thinned further."""
    pairs = []
    for seed in range(count):
        size = 4 + seed % 3
        candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(size, size))
        if not isinstance(candidate, Candidate):
            continue
        pairs.append((candidate.puzzle, candidate.solution))
        p = candidate.puzzle
        thinned = tuple(n if rng.random() < 0.7 else None for n in p.numbers)
        pairs.append((ChesspyPuzzle(p.width, p.height, p.inventory, thinned), candidate.solution))
    return pairs


def test_every_level_and_every_ablation_keeps_the_true_solution_in_its_domains():
    for puzzle, truth in boards_with_truth(40, random.Random(3)):
        for level in LADDER:
            for skip in ((), *((name,) for name in LADDER if name != level)):
                deduction = CHESSPY.deduce(puzzle, level, skip=skip)
                assert not deduction.contradiction, CHESSPY.format(puzzle)
                assert all(d & v for d, v in zip(deduction.domains, truth.cells, strict=True))


def test_a_board_the_rules_finish_has_exactly_one_solution_by_brute_force():
    rng = random.Random(8)
    solved = 0
    for _ in range(150):
        puzzle = GENERATOR.sample(rng, GenerationSpec(4, 4, options={"density": 0.6}))
        deduction = CHESSPY.deduce(puzzle)
        if deduction.solved:
            solved += 1
            assert CHESSPY.count(puzzle, 2, "brute").solutions == (deduction.solution,)
    assert solved >= 30


def test_grades_tell_graded_from_needs_search_from_ambiguous_from_no_solution():
    needs_search = CHESSPY.parse("R1B1N0:.0.0,.11.,.1.1,..11")  # unique, rules stop early
    assert not CHESSPY.deduce(needs_search).solved
    assert CHESSPY.count(needs_search, 2, "cpsat").count == 1
    result = CHESSPY.grade(needs_search)
    assert result.status == NEEDS_SEARCH and result.name is None
    assert CHESSPY.check(needs_search, result.solution) == []
    assert CHESSPY.grade(CHESSPY.parse("R1B0N0:...,...,...")).status == AMBIGUOUS
    assert CHESSPY.grade(CHESSPY.parse("R1B0N0:0.0,.0.,0.0")).status == NO_SOLUTION
    assert CHESSPY.grade(CHESSPY.parse("R1B0N0:000,000,000")).status == NO_SOLUTION


def test_the_grade_is_the_highest_rule_used_and_never_below_the_lowest_level_that_solves():
    rng = random.Random(21)
    for _ in range(120):
        size = rng.choice((4, 5, 6))
        puzzle = GENERATOR.sample(rng, GenerationSpec(size, size, options={"density": 0.6}))
        grade = CHESSPY.grade(puzzle)
        if grade.status != GRADED:
            assert not CHESSPY.deduce(puzzle).solved
            continue
        lowest = next(i for i, name in enumerate(LADDER) if CHESSPY.deduce(puzzle, i).solved)
        assert grade.level >= lowest
        assert grade.steps == CHESSPY.deduce(puzzle).steps
        assert max(LADDER.index(rule) for rule in CHESSPY.deduce(puzzle).rule_steps) \
            == grade.level


@pytest.mark.parametrize("size", [5, 6])
def test_the_ladder_report_shape_on_unfiltered_boards(size):
    """Measured (seed 0, 150 boards, density 0.5): zero alone solves nothing, number does most
    of the work, board adds >= 8 points, type at most a point or two; dropping number or zero
    costs the most."""
    report = measure("chesspy", size, size, 150, seed=0)
    rate, ablated = report.incremental, report.ablation
    assert rate["zero"] == 0
    assert rate["number"] <= rate["board"] <= rate["type"] == ablated["full"] <= report.unique
    assert rate["board"] - rate["number"] >= 0.08
    assert rate["type"] - rate["board"] <= 0.03
    assert ablated["number"] < ablated["zero"] < ablated["board"] <= ablated["full"]
