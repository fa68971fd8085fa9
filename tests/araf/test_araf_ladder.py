"""Araf ladder: sound at every level, each level's own example, and honest grades."""

import random
from dataclasses import replace

from generators import GenerationSpec, get_generator
from generators.araf import random_rooms, tight_board
from generators.ladder_report import measure
from solvers import get_genre
from solvers.araf.board import ArafPuzzle, solution_of
from solvers.araf.deduce import solution_owners
from solvers.araf.rules import tables, within_budget
from solvers.core import AMBIGUOUS, GRADED, NEEDS_SEARCH, NO_SOLUTION

ARAF = get_genre("araf")
GENERATOR = get_generator("araf")
CELL_5X5 = "1 7 1 8 .,2 . 3 2 .,. . 5 1 .,4 10 . 1 .,4 . 4 3 5"
RATION_5X5 = ". 6 . 3 1,. . 2 . 10,1 2 . 2 4,. 1 . . 4,4 3 . . 6"
RATION_5X5_ANSWER = "0 0 1 2 2,0 0 1 1 1,3 0 1 4 4,3 5 6 4 6,3 5 6 6 6"


def planted_boards(n: int, seed: int):
    """Yield (puzzle, drawn solution): tight numbers on drawn rooms, some loosened at random, so
    many boards have several solutions; the drawn one is always among them."""
    rng = random.Random(seed)
    for _ in range(n):
        w, h = rng.randint(3, 6), rng.randint(3, 6)
        rooms = random_rooms(rng, w, h, 5)
        numbers, ends = tight_board(rng, w, h, rooms)
        for lo_cell, hi_cell in ends:
            if rng.random() < 0.3:
                numbers[lo_cell] = max(1, numbers[lo_cell] - rng.randint(1, 2))
            if rng.random() < 0.3:
                numbers[hi_cell] += rng.randint(1, 3)
        yield ArafPuzzle(w, h, tuple(numbers)), solution_of(w, h, rooms)


def test_every_level_and_every_ablation_keeps_the_drawn_solution():
    for puzzle, truth in planted_boards(60, seed=4):
        truth_owners = solution_owners(puzzle, truth)
        for level in ARAF.ladder:
            for skip in ((), *((name,) for name in ARAF.ladder[:-1] if name != level)):
                deduction = ARAF.deduce(puzzle, level, skip=skip)
                assert not deduction.contradiction, (ARAF.format(puzzle), level, skip)
                for owners, (pair,) in zip(deduction.domains, truth_owners, strict=True):
                    assert pair in owners
                if deduction.solved:
                    assert deduction.solution == truth


def test_search_decides_exactly_the_unique_boards_and_nothing_below_it_guesses():
    for puzzle, _ in planted_boards(60, seed=5):
        unique = ARAF.count(puzzle, 2, "cpsat").count == 1
        assert ARAF.deduce(puzzle, "search").solved == unique
        for level in ARAF.ladder[:-1]:
            if ARAF.deduce(puzzle, level).solved:
                assert unique


def decided(text: str, level: str) -> int:
    """Return how many cells the level decides (one owner pair left) on a board."""
    return sum(len(owners) == 1 for owners in ARAF.deduce(ARAF.parse(text), level).domains)


def test_the_cell_rules_solve_a_board_the_screens_alone_cannot():
    assert decided(CELL_5X5, "pair") == 3
    grade = ARAF.grade(ARAF.parse(CELL_5X5))
    assert (grade.status, grade.name, grade.steps) == (GRADED, "cell", 11)


def test_ration_solves_a_board_the_unit_rules_leave_open():
    puzzle = ARAF.parse(RATION_5X5)
    assert decided(RATION_5X5, "cell") == 15
    assert not ARAF.deduce(puzzle, "cell").solved
    deduction = ARAF.deduce(puzzle, "ration")
    assert ARAF.format_solution(deduction.solution) == RATION_5X5_ANSWER
    assert deduction.rule_steps["ration"] > 0
    assert ARAF.grade(puzzle).name == "ration"


def test_a_lone_room_is_decided_by_the_screens_alone():
    puzzle = ARAF.parse("1 . 7,. . .")
    deduction = ARAF.deduce(puzzle, "pair")
    assert deduction.solved and deduction.steps == 0
    assert deduction.domains == (((0, 2),),) * 6


def test_grade_tells_ambiguous_from_no_solution_from_graded():
    assert ARAF.grade(ARAF.parse("1 . . 9,. . . .,9 . . 1")).status == AMBIGUOUS
    assert ARAF.grade(ARAF.parse("1 . 4,. . .")).status == NO_SOLUTION
    assert ARAF.deduce(ARAF.parse("1 . 4,. . ."), "search").contradiction
    assert ARAF.grade(ARAF.parse("1 . 7,. . .")).name == "pair"


def test_needs_search_is_a_unique_puzzle_beyond_the_top_of_a_shortened_ladder():
    short_ladder = replace(ARAF, ladder=("pair", "cell"))
    result = short_ladder.grade(ARAF.parse(RATION_5X5))
    assert result.status == NEEDS_SEARCH
    assert ARAF.format_solution(result.solution) == RATION_5X5_ANSWER


def test_the_ladder_report_runs_on_araf_samples():
    report = measure("araf", 4, 4, 30, seed=0)
    rate = report.incremental
    assert rate["pair"] <= rate["cell"] <= rate["ration"] <= report.unique
    assert report.ablation["full"] == rate["ration"]
    assert 0 < report.unique < 1


def test_samples_are_tight_unless_widened():
    spec = GenerationSpec(6, 6)
    puzzle = GENERATOR.sample(random.Random(1), spec)
    wider = GENERATOR.sample(random.Random(1), GenerationSpec(6, 6, options={"widenings": 8}))
    assert puzzle != wider
    assert sum(x is not None for x in puzzle.numbers) == sum(x is not None for x in wider.numbers)


def test_the_budget_refuses_numbers_whose_smallest_rooms_need_more_than_the_board():
    """Smallest rooms at the 6, 3, 2 and 4: 3, 4, 3 and 3 cells, each room counted at both of
    its numbers, so 13 halves of rooms would need 6.5 cells of the 6."""
    tab = tables(ARAF.parse(". 6 3,2 . 4"))
    assert [sizes[0] for sizes in tab.sizes] == [3, 4, 3, 3]
    assert not within_budget(tab, tab.cat.all_rooms)
    roomy = tables(ARAF.parse(RATION_5X5))
    assert within_budget(roomy, roomy.cat.all_rooms)
