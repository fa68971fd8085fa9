"""The region rule as data: what each cell shows at a lattice point, and 256-entry tables.

Vocabulary: a *lattice point* is a cell corner; up to four *quadrant* cells meet there: q0 the
north-east cell, q1 south-east, q2 south-west, q3 north-west. Around the point, 8 *sectors* of
45 degrees are numbered clockwise from north; quadrant q owns sectors 2q and 2q+1. PAT[q][s] is
the 2-bit *quadrant pattern* a cell in state s fills in quadrant q (bit i: sector 2q+i is white);
black and off-board cells fill nothing. The point's 8-bit *sector pattern* is the four quadrant
patterns side by side (q0 in the low bits). A *run* is a maximal cyclic block of white sectors.
A *table* is 256 bytes, table[p] = 1 when sector pattern p is allowed.

The region rule (white regions are upright or 45-degree rectangles) holds exactly when every run
at every lattice point has length 2, 4 or 8: a corner, a straight edge or an interior point.
That is FULL = TIPS & REFLEX: TIPS forbids odd runs (the 45-degree wedge of a lone triangle's
tip), REFLEX forbids runs of 6 (a reflex corner). PARITY (white angle a multiple of 90 degrees)
is implied by TIPS. NAIVE (total white angle 0, 90, 180 or 360 degrees) is the tempting
shortcut, wrong in both directions.
"""

# PAT[q][state] for the states E, TNW, TNE, TSE, TSW, BLACK of board.py (0..5). A triangle whose
# right angle is at the cell's corner far from the point fills both sectors, at the near corner
# neither, else one.
PAT = (
    (0b11, 0b10, 0b11, 0b01, 0b00, 0b00),  # q0: the point is the cell's south-west corner
    (0b11, 0b00, 0b10, 0b11, 0b01, 0b00),  # q1: north-west corner
    (0b11, 0b01, 0b00, 0b10, 0b11, 0b00),  # q2: north-east corner
    (0b11, 0b11, 0b01, 0b00, 0b10, 0b00),  # q3: south-east corner
)


def sector_pattern(q0: int, q1: int, q2: int, q3: int) -> int:
    """Return the sector pattern of a point whose quadrant cells hold these states."""
    return PAT[0][q0] | PAT[1][q1] << 2 | PAT[2][q2] << 4 | PAT[3][q3] << 6


def runs(pattern: int) -> tuple[int, ...]:
    """Return the lengths of the maximal cyclic runs of white sectors of `pattern`."""
    if pattern == 0xFF:
        return (8,)
    start = next(i for i in range(8) if not pattern >> i & 1)  # a black sector
    lengths, length = [], 0
    for step in range(1, 9):
        if pattern >> (start + step) % 8 & 1:
            length += 1
        elif length:
            lengths.append(length)
            length = 0
    return tuple(lengths)


def table(allowed) -> bytes:
    """Return the table of the sector patterns p for which allowed(p) is true."""
    return bytes(bool(allowed(p)) for p in range(256))


def intersect(*tables: bytes) -> bytes:
    """Return the table allowing what every one of `tables` allows (ANY for none)."""
    return bytes(all(t[p] for t in tables) for p in range(256))


ANY = table(lambda p: True)
FULL = table(lambda p: all(length in (2, 4, 8) for length in runs(p)))
TIPS = table(lambda p: all(length % 2 == 0 for length in runs(p)))
REFLEX = table(lambda p: 6 not in runs(p))
PARITY = table(lambda p: p.bit_count() % 2 == 0)
NAIVE = table(lambda p: p.bit_count() in (0, 2, 4, 8))
