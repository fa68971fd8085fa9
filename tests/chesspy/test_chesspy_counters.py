"""Chesspy counters: the empty 2x2 worked example by every engine and level, and the attack
tables (every counter against the brute counter on tiny boards: tests/contract)."""

from solvers import get_genre
from solvers.chesspy.board import PIECES, ChesspyPuzzle, geometry

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


def test_an_empty_2x2_takes_a_rook_and_a_bishop_in_12_ways_by_every_counter():
    counts = all_counts(CHESSPY.parse("R1B1N0:..,.."))
    assert {name: c.count for name, c in counts.items()} == dict.fromkeys(counts, 12)
    assert all(not c.truncated for c in counts.values())


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
