"""Chesspy counters: three engines and four ladder levels agree on every board they can all run."""

import random

import pytest

from generators.chesspy import numbers_of
from solvers import get_genre
from solvers.chesspy.board import EMPTY, PIECES, ChesspyPuzzle, ChesspySolution, geometry

CHESSPY = get_genre("chesspy")
ENGINES = ("ladder", "brute", "cpsat")
LIMIT = 40


def all_counts(puzzle: ChesspyPuzzle) -> dict[str, object]:
    """Return the Count of every engine and of the ladder counter at every level."""
    counts = {engine: CHESSPY.count(puzzle, LIMIT, engine) for engine in ENGINES}
    for level in CHESSPY.ladder:
        counts[f"ladder@{level}"] = CHESSPY.count(puzzle, LIMIT, level=level)
    return counts


def assert_agree(puzzle: ChesspyPuzzle) -> int:
    """Assert every counter gives the same count (and solution set when complete); return it."""
    counts = all_counts(puzzle)
    numbers = {name: c.count for name, c in counts.items()}
    assert len(set(numbers.values())) == 1, (CHESSPY.format(puzzle), numbers)
    complete = {name: frozenset(c.solutions) for name, c in counts.items() if not c.truncated}
    assert len(complete) in (0, len(counts)), (CHESSPY.format(puzzle), numbers)
    assert len(set(complete.values())) <= 1, CHESSPY.format(puzzle)
    for solution in counts["brute"].solutions:
        assert CHESSPY.check(puzzle, solution) == []
    return numbers["brute"]


def random_board(rng: random.Random) -> ChesspyPuzzle:
    """Return a 1x1..5x5 board: a random placement's numbers, a random share of them kept,
    sometimes one number altered or the inventory nudged (so some boards have no solution)."""
    w, h = rng.randint(1, 5), rng.randint(1, 5)
    cells = [EMPTY] * (w * h)
    for k in rng.sample(range(w * h), rng.randint(0, min(4, w * h))):
        cells[k] = rng.choice(PIECES)
    numbers = numbers_of(ChesspySolution(w, h, tuple(cells)))
    density = rng.random()
    numbers = [n if n is not None and rng.random() < density else None for n in numbers]
    if rng.random() < 0.2:
        numbers[rng.randrange(w * h)] = rng.randint(0, 3)
    inventory = tuple(cells.count(p) for p in PIECES)
    if rng.random() < 0.1:
        inventory = tuple(max(0, n + rng.randint(-1, 1)) for n in inventory)
    return ChesspyPuzzle(w, h, inventory, tuple(numbers))


def test_counters_and_levels_agree_on_250_random_small_boards():
    rng = random.Random(20261129)
    outcomes = {"none": 0, "one": 0, "many": 0}
    for _ in range(250):
        n = assert_agree(random_board(rng))
        outcomes[("none", "one", "many")[min(n, 2)]] += 1
    assert min(outcomes.values()) >= 25, outcomes


def test_an_empty_2x2_takes_a_rook_and_a_bishop_in_12_ways_by_every_counter():
    counts = all_counts(CHESSPY.parse("R1B1N0:..,.."))
    assert {name: c.count for name, c in counts.items()} == dict.fromkeys(counts, 12)
    assert all(not c.truncated for c in counts.values())


@pytest.mark.parametrize("engine", ENGINES)
def test_counters_stop_at_the_limit_and_say_so(engine):
    count = CHESSPY.count(CHESSPY.parse("R1B1N1:....,....,....,...."), 7, engine)
    assert (count.count, count.truncated) == (7, True)


def test_attack_tables_pass_through_pieces_and_numbers_to_the_edge():
    geo = geometry(5, 5)
    centre = 12
    assert bin(geo.attacks[PIECES[0]][centre]).count("1") == 8  # rook: 4 + 4
    assert bin(geo.attacks[PIECES[1]][centre]).count("1") == 8  # bishop: both diagonals
    assert bin(geo.attacks[PIECES[2]][centre]).count("1") == 8  # knight: 8 jumps
    assert bin(geo.attacks[PIECES[2]][0]).count("1") == 2  # a corner knight
    # A rook on A1 attacks D1 through the 1 on B1 and past C1 (nothing blocks), so the row
    # ".1.0" has no place for a rook; without the 0 it has two.
    for engine in ENGINES:
        assert CHESSPY.count(CHESSPY.parse("R1B0N0:.1.0"), 10, engine).count == 0
        assert CHESSPY.count(CHESSPY.parse("R1B0N0:.1.."), 10, engine).count == 3
