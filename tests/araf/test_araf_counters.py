"""Araf counters: a tiny board's exact solutions; the rulebook; and the two misreadings that keep
the intended answer but destroy uniqueness (every counter against the brute counter on random
tiny boards: tests/contract)."""

import random

import pytest

from generators.araf import random_rooms, tight_board
from solvers import get_genre
from solvers.araf.board import CLOSED, DIAGONAL, STRICT, ArafPuzzle, rooms_of
from solvers.araf.brute import count_brute
from solvers.araf.catalogue import catalogue
from solvers.araf.rules import Propagation, tables
from solvers.araf.screens import SURVIVES, screen
from solvers.araf.search import LOWER, exact_cover

ARAF = get_genre("araf")
ENGINES = ("ladder", "brute", "cpsat")
LIMIT = 40


def random_board(rng: random.Random) -> ArafPuzzle:
    """Return a 2x2..5x5 board: drawn rooms with tight numbers, some nudged by -2..+3 (so some
    boards have no solution and some many), or now and then numbers scattered at random."""
    w, h = rng.randint(2, 5), rng.randint(2, 5)
    if rng.random() < 0.1:
        return ArafPuzzle(w, h, tuple(rng.choice((None, None, 1, 2, 3, 4, 5, 6))
                                      for _ in range(w * h)))
    numbers, _ = tight_board(rng, w, h, random_rooms(rng, w, h, rng.randint(3, 5)))
    nudge = rng.random()
    return ArafPuzzle(w, h, tuple(
        None if n is None else max(1, n + rng.randint(-2, 3)) if rng.random() < nudge else n
        for n in numbers))


def assert_agree(puzzle: ArafPuzzle) -> int:
    """Assert every engine and ladder level finds the same solutions; return how many."""
    counts = {engine: ARAF.count(puzzle, LIMIT, engine) for engine in ENGINES}
    for level in ARAF.ladder:
        counts[f"ladder@{level}"] = ARAF.count(puzzle, LIMIT, level=level)
    text = ARAF.format(puzzle)
    assert len({c.count for c in counts.values()}) == 1, (text, counts)
    assert len({c.truncated for c in counts.values()}) == 1, text
    if not counts["brute"].truncated:
        assert len({frozenset(c.solutions) for c in counts.values()}) == 1, text
    for solution in counts["brute"].solutions:
        assert ARAF.check(puzzle, solution) == []
    return counts["brute"].count


def test_a_tiny_board_has_exactly_its_solutions():
    puzzle = ARAF.parse("1 . 4,. . .")  # one room of 2 or 3 cells: never the whole board
    assert ARAF.count(puzzle, 10, "brute").count == 0
    puzzle = ARAF.parse("1 . 7,. . .")  # the whole board is the only room with both numbers
    for engine in ENGINES:
        assert [ARAF.format_solution(s) for s in ARAF.count(puzzle, 10, engine).solutions] \
            == ["0 0 0,0 0 0"]


def test_the_rulebook_names_each_broken_rule():
    puzzle = ARAF.parse("1 . 4,3 . 9")
    split = ARAF.parse_solution("0 1 0,1 1 1", puzzle)
    assert any("room 0 (from cell (0, 0)) is not connected" in v for v in ARAF.check(puzzle, split))
    crowded = ARAF.parse_solution("0 0 0,0 0 0", puzzle)
    assert ARAF.check(puzzle, crowded) == ["room 0 (from cell (0, 0)) holds 4 numbers, not 2"]
    too_big = ARAF.parse_solution("0 0 1,0 1 1", puzzle)
    assert ARAF.check(puzzle, too_big) == [
        "room 0 (from cell (0, 0)) has 3 cells, not strictly between 1 and 3",
        "room 1 (from cell (0, 2)) has 3 cells, not strictly between 4 and 9"]
    floor = ARAF.parse("2 5 .,3 . 6")
    assert ARAF.check(floor, ARAF.parse_solution("0 0 1,1 1 1", floor)) == [
        "room 0 (from cell (0, 0)) has 2 cells, not strictly between 2 and 5"]
    fine = ARAF.parse("1 . 2,5 . 4")
    assert ARAF.check(fine, ARAF.parse_solution("0 0 1,0 1 1", fine)) == []


def misread_count(puzzle: ArafPuzzle, reading, limit: int):
    """Return the exact-cover count of `puzzle` over the catalogue of a reading."""
    return exact_cover(Propagation(tables(puzzle, reading), LOWER), limit)


@pytest.mark.parametrize("reading", [CLOSED, DIAGONAL])
def test_brute_and_exact_cover_agree_under_each_misreading(reading):
    rng = random.Random(41)
    for _ in range(40):
        puzzle = random_board(rng)
        brute = count_brute(puzzle, LIMIT, reading)
        cover = misread_count(puzzle, reading, LIMIT)
        assert brute.count == cover.count
        if not brute.truncated:
            assert set(brute.solutions) == set(cover.solutions)


TIGHT_UNIQUE_6X6 = [  # drawn rooms with tight numbers (seeds 0.. of random_rooms), and rooms
    (". 4 4 . 6 3,2 . . . . 1,. 5 3 . 5 .,. . 3 4 . 5,4 . 5 6 3 .,. . . 6 3 .",
     "0 0 1 1 1 2,0 1 1 3 3 2,4 4 4 3 5 5,4 6 6 3 5 7,8 6 6 3 5 7,8 8 8 8 7 7"),
    (". 4 6 5 3 .,. 1 . . 4 .,. 3 1 3 . .,. . . 5 2 4,3 4 . 5 . .,1 6 3 3 . 6",
     "0 0 0 1 1 1,0 2 0 1 3 4,5 2 6 6 3 4,5 5 7 7 3 4,8 5 7 9 9 4,8 5 7 9 9 4"),
    ("3 3 1 2 . 4,1 3 3 1 . .,. 1 1 1 3 5,4 6 3 3 2 2,. . . 3 4 .,3 1 . 5 . 4",
     "0 1 1 2 2 2,0 3 4 4 5 5,6 3 7 8 5 5,6 6 7 8 9 10,6 6 11 11 9 10,12 12 11 11 9 10"),
    (". 6 5 3 4 .,. 4 . 6 6 .,. 3 . . . 5,4 1 . 4 . .,2 3 3 1 3 .,. 5 . . 3 1",
     "0 0 1 1 2 2,0 0 1 3 2 2,0 4 1 3 2 5,6 4 3 3 3 5,6 7 8 8 5 5,6 7 7 7 9 9"),
]


@pytest.mark.parametrize(("text", "answer"), TIGHT_UNIQUE_6X6)
def test_both_misreadings_keep_the_answer_but_destroy_uniqueness(text, answer):
    """The reference: under a closed interval or corner contact no sampled board stayed unique, more
    rooms and more pairs survive, and the intended answer stays legal under both readings."""
    puzzle = ARAF.parse(text)
    truth = ARAF.parse_solution(answer, puzzle)
    assert [ARAF.format_solution(s) for s in ARAF.count(puzzle, 2).solutions] == [answer]
    survivors = sum(v == SURVIVES for v in screen(puzzle, STRICT).values())
    for reading in (CLOSED, DIAGONAL):
        assert set(rooms_of(truth)) <= set(catalogue(puzzle, reading).rooms)
        assert len(catalogue(puzzle, reading).rooms) > len(catalogue(puzzle).rooms)
        assert sum(v == SURVIVES for v in screen(puzzle, reading).values()) > survivors
        assert misread_count(puzzle, reading, 2).count == 2
        assert count_brute(puzzle, 2, reading).count == 2
