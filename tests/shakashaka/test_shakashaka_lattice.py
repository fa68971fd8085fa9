"""The region rule as data: PAT against the drawn picture, the tables' algebra, and the reference's
table of the naive 'white angle is 0, 90, 180 or 360 degrees' rule."""

import itertools
import math
import random

import pytest

from generators import GenerationSpec
from generators.shakashaka import generate
from solvers import get_genre
from solvers.shakashaka.board import BLACK, TNE, TNW, TSE, TSW, E
from solvers.shakashaka.lattice import (
    ANY,
    FULL,
    NAIVE,
    PARITY,
    REFLEX,
    TIPS,
    intersect,
    runs,
    sector_pattern,
)
from solvers.shakashaka.rules import count_relaxed
from solvers.shakashaka.support import STATES_WITH, key_of, memo_for

SHAKA = get_genre("shakashaka")
HAIR = 1e-3


def drawn_white(state: int, x: float, y: float) -> bool:
    """Return True if the point (x, y) of a cell (x right, y down, both in 0..1) is white in
    the drawn picture: a triangle with its right angle at a corner blackens that corner's half."""
    black = {
        E: False,
        TNW: x + y < 1,
        TNE: y < x,
        TSE: x + y > 1,
        TSW: y > x,
        BLACK: True,
    }
    return not black[state]


def picture_pattern(states: tuple[int, int, int, int]) -> int:
    """Return the sector pattern read off the picture: from a lattice point at (0, 0), a hair
    towards the middle of each 45-degree sector, clockwise from north, is that spot white?
    states are of the north-east, south-east, south-west and north-west cells."""
    cell_origin = {0: (0, -1), 1: (0, 0), 2: (-1, 0), 3: (-1, -1)}  # top-left corner, y down
    pattern = 0
    for sector in range(8):
        angle = math.radians(22.5 + 45 * sector)
        x, y = HAIR * math.sin(angle), -HAIR * math.cos(angle)
        quadrant = (0 if y < 0 else 1) if x > 0 else (2 if y > 0 else 3)
        ox, oy = cell_origin[quadrant]
        if drawn_white(states[quadrant], x - ox, y - oy):
            pattern |= 1 << sector
    return pattern


def test_pat_matches_the_drawn_picture_at_all_1296_meetings_of_four_cells():
    meetings = list(itertools.product(range(6), repeat=4))
    assert len(meetings) == 1296
    for states in meetings:
        assert sector_pattern(*states) == picture_pattern(states), states


def test_runs_are_maximal_cyclic_blocks_of_white_sectors():
    assert runs(0) == ()
    assert runs(0xFF) == (8,)
    assert runs(0b10000001) == (2,)  # sectors 7 and 0 wrap round north
    assert sorted(runs(0b01101110)) == [2, 3]
    assert runs(0b00111111) == (6,)


def test_tips_and_reflex_together_are_the_full_rule():
    assert intersect(TIPS, REFLEX) == FULL
    assert intersect(TIPS, PARITY) == TIPS  # parity is implied by tips: redundant on the ladder
    assert intersect(ANY, FULL) == FULL
    allowed = [p for p in range(256) if FULL[p]]
    # nothing, 8 corners (any two adjacent sectors), 8 straight edges, the inside; and pairs of
    # corners or a corner and an edge that meet only at the point
    assert sum(1 for p in allowed if len(runs(p)) <= 1) == 1 + 8 + 8 + 1
    assert all(sum(runs(p)) == p.bit_count() for p in range(256))


def test_one_support_lookup_is_arc_consistency_over_the_four_cells_states():
    rng = random.Random(16)
    for table in (FULL, TIPS, REFLEX, PARITY, intersect(PARITY, REFLEX)):
        memo = memo_for(table)
        for _ in range(3000):
            domains = [rng.choice((1 << BLACK, *range(1, 32))) for _ in range(4)]
            kept = memo[key_of(*domains)]
            states = [[s for s in range(6) if d >> s & 1] for d in domains]
            allowed = [combo for combo in itertools.product(*states)
                       if table[sector_pattern(*combo)]]
            for q in range(4):
                expected = sum(1 << s for s in {combo[q] for combo in allowed})
                assert domains[q] & STATES_WITH[q][kept >> 4 * q & 15] == expected


def test_each_table_allows_exactly_what_its_rule_says():
    """FULL: nothing (1), one corner (8), one edge (8), inside (1), two corners (12), a corner
    and an edge (8); TIPS adds the 8 reflex corners; REFLEX refuses only those 8; PARITY the
    128 odd patterns."""
    assert (sum(FULL), sum(TIPS), sum(REFLEX), sum(PARITY), sum(ANY)) == (38, 46, 248, 128, 256)
    assert REFLEX[0b01111111] and not TIPS[0b01111111]  # a run of 7 is a tip, not a reflex
    assert not REFLEX[0b00111111] and TIPS[0b00111111] and PARITY[0b00111111]
    assert not PARITY[0b00000111] and REFLEX[0b00000111]


def test_every_table_allows_the_point_with_no_white_so_such_points_never_narrow():
    """propagation.py keeps every lattice point, those amid black cells too, on this fact."""
    assert all(table[0] for table in (ANY, FULL, TIPS, REFLEX, PARITY, NAIVE))


def test_the_naive_rule_differs_from_the_full_rule_in_both_directions_at_one_point():
    two_corners = 0b00110011  # two right angles meeting at the point: legal, white angle 180
    corner_and_edge = 0b01111011  # a corner and an edge: legal, 270 degrees, naive refuses
    two_tips = 0b00010001  # two 45-degree tips: illegal, 90 degrees, naive passes
    assert FULL[two_corners] and NAIVE[two_corners]
    assert FULL[corner_and_edge] and not NAIVE[corner_and_edge]
    assert not FULL[two_tips] and NAIVE[two_tips]


@pytest.mark.parametrize(
    ("size", "legal", "naive", "legal_refused", "illegal_passed"),
    [(2, 2, 13, 0, 11), (3, 3, 1, 2, 0), (4, 23, 13958, 21, 13956)],
)
def test_the_seeds_naive_rule_table_on_empty_boards(size, legal, naive, legal_refused,
                                                    illegal_passed):
    puzzle = SHAKA.parse(",".join(["." * size] * size))
    every = 10**6
    assert SHAKA.count(puzzle, every).count == legal
    assert SHAKA.count(puzzle, every, "cpsat").count == legal
    assert count_relaxed(puzzle, frozenset(), every, table=NAIVE).count == naive
    both = count_relaxed(puzzle, frozenset(), every, table=intersect(NAIVE, FULL)).count
    assert legal - both == legal_refused
    assert naive - both == illegal_passed


def test_every_generated_10x10_solution_has_two_regions_meeting_at_a_point():
    """The reference: in 10x10 solutions a third of the lattice points are two separate corners
    (on 16 of 16 boards), so a rule that sums the white angle misreads every real board."""
    w = h = 10
    for seed in range(4):
        cells = generate(random.Random(seed), GenerationSpec(w, h)).solution.cells

        def state(r, c, cells=cells):
            return cells[r * w + c] if 0 <= r < h and 0 <= c < w else BLACK

        patterns = [sector_pattern(state(i - 1, j), state(i, j), state(i, j - 1),
                                   state(i - 1, j - 1)) for i in range(h + 1) for j in range(w + 1)]
        assert all(FULL[p] for p in patterns)
        split = [p for p in patterns if len(runs(p)) == 2]
        assert len(split) >= 0.15 * len(patterns)
