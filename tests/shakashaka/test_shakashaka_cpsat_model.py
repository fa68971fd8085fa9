"""The CP-SAT counter's region rule: its short clauses round a lattice point say exactly what
the rulebook's white blocks say."""

import itertools

from solvers.shakashaka.cpsat import SECTOR_CLAUSES


def blocks_allowed(black: tuple[bool, ...]) -> bool:
    """Return whether every maximal white block round the eight sectors is 2, 4 or 8 long."""
    if all(black):
        return True
    start = black.index(True) if any(black) else 0
    turn = black[start + 1:] + black[:start + 1]
    lengths = [len(run) for run in "".join("B" if b else "w" for b in turn).split("B") if run]
    return all(length in (2, 4, 8) for length in lengths)


def clauses_hold(black: tuple[bool, ...]) -> bool:
    """Return whether every sector clause has a sector of the colour it names."""
    return all(any(black[t] == wants_black for t, wants_black in clause)
               for clause in SECTOR_CLAUSES)


def test_sector_clauses_allow_exactly_the_blocks_of_2_4_and_8_on_all_256_colourings():
    colourings = list(itertools.product((False, True), repeat=8))
    allowed = [black for black in colourings if blocks_allowed(black)]
    assert len(allowed) == 38  # all black, all white, and 36 mixed
    assert [black for black in colourings if clauses_hold(black)] == allowed

