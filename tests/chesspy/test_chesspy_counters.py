"""Chesspy counters: the empty 2x2 worked example by every engine and level, and the attack
tables (every counter against the brute counter on tiny boards: tests/contract)."""

from solvers import get_genre
from solvers.chesspy.board import PIECES, geometry
from tests.counters import agreed_count

CHESSPY = get_genre("chesspy")
LIMIT = 40


def test_an_empty_2x2_takes_a_rook_and_a_bishop_in_12_ways_by_every_counter():
    counts = agreed_count("chesspy", CHESSPY.parse("R1B1N0:..,.."), LIMIT)
    assert (counts["brute"].count, counts["brute"].truncated) == (12, False)


def test_attack_tables_pass_through_pieces_and_numbers_to_the_edge():
    geo = geometry(5, 5)
    centre = 12
    assert bin(geo.attacks[PIECES[0]][centre]).count("1") == 8  # rook: 4 + 4
    assert bin(geo.attacks[PIECES[1]][centre]).count("1") == 8  # bishop: both diagonals
    assert bin(geo.attacks[PIECES[2]][centre]).count("1") == 8  # knight: 8 jumps
    assert bin(geo.attacks[PIECES[2]][0]).count("1") == 2  # a corner knight
    # A rook on A1 attacks D1 through the 1 on B1 and past C1 (nothing blocks), so the row
    # ".1.0" has no place for a rook; without the 0 it has two.
    for engine in CHESSPY.engines:
        assert CHESSPY.count(CHESSPY.parse("R1B0N0:.1.0"), 10, engine).count == 0
        assert CHESSPY.count(CHESSPY.parse("R1B0N0:.1.."), 10, engine).count == 3
