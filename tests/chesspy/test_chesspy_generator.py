"""Chesspy generator: the stage table, a day's set that is the same every time, stage boards
that meet their row, and the bank pipeline's generate and sample."""

import datetime
import random

import pytest

from generators import GenerationSpec, get_generator
from generators.chesspy import (
    STAGE_TABLE,
    daily_lines,
    daily_set,
    make_stage,
    recipe_for,
    stage_numbers,
    stage_row,
)
from solvers import get_genre
from solvers.chesspy.board import EMPTY, KNIGHT, geometry
from solvers.chesspy.rules import LADDER
from solvers.core import GRADED

CHESSPY = get_genre("chesspy")
GENERATOR = get_generator("chesspy")
SUNDAY, MONDAY = datetime.date(2026, 11, 29), datetime.date(2026, 11, 30)

# `puzzlebank daily chesspy 2026-11-29`; it changes only with generators.chesspy.VERSION.
DAILY_2026_11_29 = """\
 1  3x3  R0B1N0   4 steps  rule 3 board   R0B1N0:100,.1.,...
 2  3x3  R1B0N0   2 steps  rule 2 number  R1B0N0:0..,.01,11.
 3  4x4  R1B1N0   6 steps  rule 3 board   R1B1N0:....,2.10,.0..,..00
 4  4x4  R1B1N0   5 steps  rule 3 board   R1B1N0:..0.,1...,.1.0,02..
 5  4x4  R1B1N0   6 steps  rule 2 number  R1B1N0:.000,1...,.01.,...2
 6  5x5  R1B2N0   7 steps  rule 3 board   R1B2N0:..2..,.....,1.3.0,.1...,2....
 7  5x5  R1B1N0   9 steps  rule 3 board   R1B1N0:....0,...0.,1...0,0.01.,....2
 8  5x5  R2B1N0   9 steps  rule 3 board   R2B1N0:..1..,..0..,...0.,1...1,..010
 9  5x5  R2B1N0   5 steps  rule 2 number  R2B1N0:311..,.1...,..2..,.....,1..02
10  5x5  R2B0N1   9 steps  rule 3 board   R2B0N1:.....,.1.12,....1,002.1,001..
11  5x5  R1B1N1  12 steps  rule 3 board   R1B1N1:1.00.,1..0.,..2..,0.010,.1...
12  5x5  R2B0N1  12 steps  rule 3 board   R2B0N1:.1...,2....,0.01.,0.00.,01..1
13  5x5  R2B0N1   8 steps  rule 3 board   R2B0N1:...3.,0.1..,..00.,...0.,...1.
14  6x6  R3B0N1  14 steps  rule 4 type    R3B0N1:.3.2.2,11....,..0..0,..10..,...0..,..1.2.
15  6x6  R0B1N2  15 steps  rule 4 type    R0B1N2:0000..,1.1...,0..110,.....1,0.....,...0..
16  6x6  R1B1N1  11 steps  rule 4 type    R1B1N1:.10...,....1.,2...0.,1.....,..0...,1..10.
17  6x6  R2B1N1  12 steps  rule 3 board   R2B1N1:..2...,....0.,..10.3,00.0..,1.....,..2..1
18  7x7  R1B3N2  21 steps  rule 4 type    R1B3N2:11...0.,.1..01.,21....1,011...0,......0,12....1,.1...01
19  7x7  R1B3N2  20 steps  rule 3 board   R1B3N2:1......,...2.1.,..3....,2..3...,1.0...2,0.01.1.,101...2
20  7x7  R1B1N4  18 steps  rule 4 type    R1B1N4:0....0.,.1.00..,....01.,.3..0.0,111...1,.......,....111"""  # noqa: E501


def test_the_daily_set_of_2026_11_29_is_the_same_every_time():
    assert daily_lines(daily_set(SUNDAY)) == DAILY_2026_11_29
    assert daily_lines(daily_set(SUNDAY)) == DAILY_2026_11_29


def test_another_day_gives_other_boards_and_weekdays_stop_at_6x6():
    monday = daily_set(MONDAY)
    assert {board.text for board in monday}.isdisjoint(
        line.split()[-1] for line in DAILY_2026_11_29.splitlines())
    assert [board.made.puzzle.width for board in monday][-3:] == [6, 6, 6]


def test_the_stage_table_is_data_covering_stages_1_to_20_every_day():
    assert list(stage_numbers()) == list(range(1, 21))
    for day in (SUNDAY, MONDAY):
        for stage in stage_numbers():
            row = stage_row(day, stage)
            assert row["first"] <= stage <= row["last"]
            assert row["highest_rule"] in LADDER
    assert stage_row(SUNDAY, 18)["size"] == 7 and stage_row(MONDAY, 18)["size"] == 6
    assert stage_row(SUNDAY, 17)["size"] == 6
    assert all(isinstance(value, (int, str, list)) for row in STAGE_TABLE for value in row.values())
    with pytest.raises(ValueError):
        stage_row(MONDAY, 21)


def attacked_numbers(puzzle, solution, k):
    geo = geometry(puzzle.width, puzzle.height)
    piece = solution.cells[k]
    return [t for t, n in enumerate(puzzle.numbers)
            if n is not None and geo.attacks[piece][k] >> t & 1]


@pytest.mark.parametrize("day", [SUNDAY, MONDAY])
def test_every_stage_board_meets_its_row_and_is_unique_by_both_counters(day):
    for board in daily_set(day):
        row, puzzle, made = stage_row(day, board.stage), board.made.puzzle, board.made
        assert (puzzle.width, puzzle.height) == (row["size"], row["size"])
        assert row["pieces"][0] <= puzzle.pieces <= row["pieces"][1]
        kinds = sum(n > 0 for n in puzzle.inventory)
        assert kinds >= 2 or puzzle.pieces == 1
        knights = puzzle.inventory[2]
        assert {"none": knights == 0, "required": knights >= 1, "allowed": True}[row["knights"]]
        assert row["steps"][0] <= made.steps <= row["steps"][1]
        assert made.highest <= LADDER.index(row["highest_rule"])
        grade = CHESSPY.grade(puzzle)
        assert (grade.status, grade.level, grade.steps) == (GRADED, made.highest, made.steps)
        assert CHESSPY.count(puzzle, 2, "cpsat").count == 1
        assert CHESSPY.count(puzzle, 2, "ladder").count == 1
        assert CHESSPY.check(puzzle, made.solution) == []
        for k, piece in enumerate(made.solution.cells):
            if piece != EMPTY:
                assert attacked_numbers(puzzle, made.solution, k), (board.stage, k)
        if row["knights"] == "none":
            assert KNIGHT not in made.solution.cells


def test_a_stage_that_cannot_be_made_in_its_attempts_shifts_the_seed(monkeypatch):
    import generators.chesspy as chesspy

    calls = []
    real = chesspy.attempt

    def fail_first_shift(rng, recipe):
        calls.append(rng)
        return None if len(calls) <= chesspy.ATTEMPTS else real(rng, recipe)

    monkeypatch.setattr(chesspy, "attempt", fail_first_shift)
    board = make_stage(SUNDAY, 4)
    assert board.shift == 1 and board.attempts > chesspy.ATTEMPTS


@pytest.mark.parametrize("grade", LADDER[1:])
def test_bank_generate_hits_a_target_grade_and_returns_unique_boards(grade):
    found, seed = [], 0
    while len(found) < 3 and seed < 400:
        candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(6, 6, grade))
        seed += 1
        if candidate is not None:
            found.append(candidate)
    assert len(found) == 3
    for candidate in found:
        result = CHESSPY.grade(candidate.puzzle)
        assert (result.status, result.name) == (GRADED, grade)
        assert result.solution == candidate.solution
        assert CHESSPY.count(candidate.puzzle, 2, "cpsat").count == 1
        assert candidate.measurements["highest_rule"] == grade


def test_bank_defaults_come_from_the_stage_table_and_options_override_them():
    assert recipe_for(GenerationSpec(5, 5)).pieces == (2, 3)
    assert recipe_for(GenerationSpec(6, 6)).pieces == (3, 5)
    assert recipe_for(GenerationSpec(8, 4)).pieces == (3, 4)
    recipe = recipe_for(GenerationSpec(5, 5, options={"pieces": 4, "knights": "none",
                                                      "steps": [3, 9]}))
    assert (recipe.pieces, recipe.knights, recipe.steps, recipe.put_back) == \
        ((4, 4), "none", (3, 9), (0, 0))
    candidate = next(c for seed in range(50)
                     if (c := GENERATOR.generate(random.Random(seed), GenerationSpec(
                         5, 5, options={"pieces": 4, "knights": "none", "steps": [3, 9]}))))
    assert candidate.puzzle.pieces == 4 and candidate.puzzle.inventory[2] == 0
    assert 3 <= candidate.measurements["steps"] <= 9


def test_the_same_seed_makes_the_same_bank_board_and_samples_follow_density():
    spec = GenerationSpec(6, 6)
    first = next(c for s in range(50) if (c := GENERATOR.generate(random.Random(s), spec)))
    again = next(c for s in range(50) if (c := GENERATOR.generate(random.Random(s), spec)))
    assert CHESSPY.format(first.puzzle) == CHESSPY.format(again.puzzle)
    assert first.measurements == again.measurements
    dense = GenerationSpec(7, 7, options={"density": 0.3})
    shares = []
    for s in range(30):
        puzzle = GENERATOR.sample(random.Random(s), dense)
        shares.append(CHESSPY.clue_count(puzzle) / (49 - puzzle.pieces))
    assert 0.2 < sum(shares) / len(shares) < 0.4
