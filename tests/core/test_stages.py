"""The stage clock: time goes to the innermost marked stage, the rest to the outer one, and
nothing is recorded (or charged) when no clock measures."""

import time

import pytest

from solvers import get_genre
from solvers.core.stages import GRADE, StageClock, stage


def spin(seconds: float) -> None:
    """Burn CPU for about `seconds` of process time."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_an_inner_stage_keeps_its_own_time_and_the_outer_stage_the_rest():
    clock = StageClock()
    started = time.process_time()
    with clock.measuring("outer"):
        spin(0.02)
        with stage("inner"):
            spin(0.03)
            with stage("innermost"):
                spin(0.01)
        spin(0.02)
    total = time.process_time() - started
    assert set(clock.seconds) == {"outer", "inner", "innermost"}
    assert 0.04 <= clock.seconds["outer"] < 0.04 + (total - 0.06)
    assert 0.03 <= clock.seconds["inner"] < 0.03 + (total - 0.07)
    assert 0.01 <= clock.seconds["innermost"] < 0.01 + (total - 0.07)
    assert sum(clock.seconds.values()) <= total


def test_a_genre_grade_is_charged_to_grade_only_while_a_clock_measures():
    slant = get_genre("slant")
    puzzle = slant.parse("1.1.,.3..,..2.,1...,....")
    clock = StageClock()
    slant.grade(puzzle)
    assert clock.seconds == {}
    with clock.measuring("outer"):
        slant.grade(puzzle)
    assert set(clock.seconds) == {"outer", GRADE} and clock.seconds[GRADE] > 0


def test_only_one_clock_measures_at_a_time():
    with (StageClock().measuring("outer"), pytest.raises(RuntimeError),
          StageClock().measuring("outer")):
        pass
    with StageClock().measuring("outer"):  # the first one stopped measuring on its way out
        pass
