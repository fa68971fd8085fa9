"""Contract: every counter of a genre (each engine, and the ladder counter at every level) agrees
with the reference on every tiny board.

A genre that counts every solution (Counting.UNIQUE) must find exactly the reference's solution
set, or, past `limit`, say truncated with `limit` of them; no counter may give up on a tiny
board. A genre that counts solvable-or-not (Counting.SOLVABLE, Color Sort) counts 1 for a deal
some pours sort and 0 for one none do, never more whatever the limit; a counter may give up
(truncated: the count is a lower bound, 0), as the reference's DFS does on deals with a colour
dealt twice, but the engine the bank admits with (`independent`) must decide nearly every deal.
A solution any counter returns is accepted by `check`.
"""

from typing import Any

import pytest

from solvers import GENRE_NAMES, get_genre
from solvers.core import Count
from tests.contract.boards import LIMIT, SWEEP_SCALE, TINY_BOARDS, TinyBoard, count, tiny_boards
from tests.contract.genres import CASES, Counting


def counts(name: str, puzzle: Any, limit: int) -> dict[str, Count]:
    """Return the Count of every engine, and of the ladder counter at every level."""
    genre = get_genre(name)
    found = {engine: count(name, puzzle, limit, engine) for engine in genre.engines}
    for level in genre.ladder:
        found[f"ladder@{level}"] = count(name, puzzle, limit, level=level)
    return found


def assert_agrees(name: str, board: TinyBoard, limit: int = LIMIT) -> set[str]:
    """Assert every counter agrees with the board's reference; return the counters that gave
    up (truncated) where the reference says they need not have."""
    genre = get_genre(name)
    text = genre.format(board.puzzle)
    gave_up = set()
    for counter, found in counts(name, board.puzzle, limit).items():
        assert len(found.solutions) == found.count, (text, counter)
        for solution in found.solutions:
            assert genre.check(board.puzzle, solution) == [], (text, counter)
        if CASES[name].counting is Counting.SOLVABLE:
            assert found.count <= int(board.solvable), (text, counter)
            if found.truncated:
                gave_up.add(counter)
            else:
                assert found.count == int(board.solvable), (text, counter)
            continue
        assert board.solutions is not None
        assert set(found.solutions) <= board.solutions, (text, counter)
        if len(board.solutions) >= limit:
            assert (found.count, found.truncated) == (limit, True), (text, counter)
        elif found.truncated:
            gave_up.add(counter)
        else:
            assert found.count == len(board.solutions), (text, counter)
    return gave_up


def assert_few_give_up(name: str, gave_up: list[set[str]]) -> None:
    """Assert the counters that must decide (all of a genre counting every solution, else the
    independent one) gave up on at most one board in 50."""
    genre = get_genre(name)
    must_decide = [genre.independent] if CASES[name].counting is Counting.SOLVABLE else [
        *genre.engines, *(f"ladder@{level}" for level in genre.ladder)]
    for counter in must_decide:
        assert sum(counter in counters for counters in gave_up) <= len(gave_up) // 50, counter


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_counter_finds_the_reference_on_every_tiny_board(name):
    boards = tiny_boards(name)
    assert_few_give_up(name, [assert_agrees(name, board) for board in boards])
    outcomes = {"none": 0, "one": 0, "many": 0}
    for board in boards:
        n = 0 if not board.solvable else 1 if board.solutions is None else len(board.solutions)
        outcomes["none" if n == 0 else "one" if n == 1 else "many"] += 1
    many = 0 if CASES[name].counting is Counting.SOLVABLE else 15
    assert outcomes["none"] >= 15 and outcomes["one"] >= 15 and outcomes["many"] >= many, outcomes


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_counter_stops_at_the_limit_and_says_so(name):
    """A board of n >= 2 solutions, counted to below n (2, or 1 when n is 2): that many,
    truncated. A genre counting solvable-or-not counts at most one at any limit."""
    if CASES[name].counting is Counting.SOLVABLE:
        for board in tiny_boards(name)[:40]:
            assert all(found.count <= int(board.solvable)
                       for found in counts(name, board.puzzle, 3).values())
        return
    boards = [b for b in tiny_boards(name) if b.solutions and len(b.solutions) >= 2]
    for board in boards[:20]:
        limit = min(2, len(board.solutions) - 1)
        for counter, found in counts(name, board.puzzle, limit).items():
            assert (found.count, found.truncated) == (limit, True), counter
    assert len(boards) >= 10


@pytest.mark.sweep
@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_counter_finds_the_reference_on_many_more_tiny_boards(name):
    boards = tiny_boards(name, round(TINY_BOARDS * 5 * SWEEP_SCALE), seed=1)
    assert_few_give_up(name, [assert_agrees(name, board) for board in boards])
