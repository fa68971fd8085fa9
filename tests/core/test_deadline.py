"""The solve deadline (solvers/core/deadline.py): every engine of every genre gives up on a
puzzle too open to decide, soon after the deadline, and one that meets no deadline answers as it
did without one."""

import time

import pytest

from solvers import get_genre
from solvers.core.deadline import OutOfTime, check, seconds_left, within
from tests.slow_inputs import TOO_OPEN

SLACK = 3.0  # seconds past the deadline an engine may take to notice it, on a loaded machine


def test_no_deadline_outside_within_and_the_sooner_one_inside_nested_blocks():
    check()
    assert seconds_left() is None
    with within(100), within(None) as kept:
        assert kept is not None and 99 < kept.left() <= 100
        with within(1000) as inner:
            assert inner is kept
        with within(0), pytest.raises(OutOfTime, match="no answer within 0 s"):
            check()
    assert seconds_left() is None


@pytest.mark.parametrize(("name", "text"), TOO_OPEN, ids=lambda value: str(value)[:12])
@pytest.mark.parametrize("work", ["ladder", "independent", "grade"])
def test_every_engine_gives_up_on_a_too_open_puzzle_soon_after_the_deadline(name, text, work):
    genre = get_genre(name)
    puzzle = genre.parse(text)
    run = {"ladder": lambda: genre.count(puzzle, 2, "ladder"),
           "independent": lambda: genre.count(puzzle, 2, genre.independent),
           "grade": lambda: genre.grade(puzzle)}[work]
    started = time.monotonic()
    try:
        with within(1):
            run()
    except OutOfTime as stop:
        assert stop.seconds == 1
    assert time.monotonic() - started < 1 + SLACK


@pytest.mark.parametrize(("name", "text"), [
    ("slant", "1.1,...,1.1"), ("shakashaka", "..#,1.."), ("araf", "2 . 3,. . .,. 2 ."),
    ("chesspy", "R1B0N1:11..1,0....,..0..,..0.0,..0.."), ("colorsort", "2:01,10,,"),
])
def test_a_deadline_not_reached_changes_no_answer(name, text):
    genre = get_genre(name)
    puzzle = genre.parse(text)
    free = [genre.count(puzzle, 2, engine) for engine in genre.engines] + [genre.grade(puzzle)]
    with within(600):
        timed = [genre.count(puzzle, 2, engine) for engine in genre.engines] + [genre.grade(puzzle)]
    assert timed == free
