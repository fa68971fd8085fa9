"""The lattice constraint as a propagator: arc consistency over a point's four cells.

Vocabulary (see lattice.py): a cell's *domain* is a 6-bit set of states, bit s for state s of
board.py (a black or off-board cell's domain is BLACK alone). Seen from quadrant q, a domain
reduces to a 4-bit *pattern set*, bit p when quadrant pattern p is possible. A point's *key* is
its four pattern sets side by side (q0 in the low nibble). The *support* of a key under a table
is the key of the patterns that take part in at least one allowed sector pattern: arc
consistency of the whole point in one lookup, memoised per table on the 16-bit key. A support of
0 is a contradiction; a support equal to its key narrows nothing.
"""

from solvers.shakashaka.lattice import PAT

DOMAIN_SIZE = 64
PATTERNS_IN = tuple(tuple(p for p in range(4) if pattern_set >> p & 1) for pattern_set in range(16))

# PATTERN_SET[q][domain] and its place in the key, KEY_PART[q][domain].
PATTERN_SET = tuple(
    tuple(sum(1 << p for p in {PAT[q][s] for s in range(6) if domain >> s & 1})
          for domain in range(DOMAIN_SIZE))
    for q in range(4)
)
KEY_PART = tuple(tuple(ps << 4 * q for ps in PATTERN_SET[q]) for q in range(4))
# STATES_WITH[q][pattern_set]: the domain of the states whose quadrant pattern is in the set.
STATES_WITH = tuple(
    tuple(sum(1 << s for s in range(6) if pattern_set >> PAT[q][s] & 1)
          for pattern_set in range(16))
    for q in range(4)
)


def key_of(d0: int, d1: int, d2: int, d3: int) -> int:
    """Return the key of a point whose quadrant cells have these domains."""
    return KEY_PART[0][d0] | KEY_PART[1][d1] | KEY_PART[2][d2] | KEY_PART[3][d3]


def support(table: bytes, key: int) -> int:
    """Return the support of `key` under `table` (see the module docstring)."""
    s0, s1, s2, s3 = (PATTERNS_IN[key >> 4 * q & 15] for q in range(4))
    found = 0
    for p0 in s0:
        for p1 in s1:
            low = p0 | p1 << 2
            for p2 in s2:
                for p3 in s3:
                    if table[low | p2 << 4 | p3 << 6]:
                        found |= 1 << p0 | 1 << (4 + p1) | 1 << (8 + p2) | 1 << (12 + p3)
    return found


class SupportMemo:
    """The supports of one table, computed on first lookup: memo[key] == support(table, key).

    `known` is the plain dict of the supports computed so far: the propagator reads it first,
    since a plain dict's lookup is cheaper than a dict subclass's with `__missing__`.
    """

    __slots__ = ("known", "table")

    def __init__(self, table: bytes) -> None:
        self.table = table
        self.known: dict[int, int] = {}

    def __getitem__(self, key: int) -> int:
        try:
            return self.known[key]
        except KeyError:
            found = self.known[key] = support(self.table, key)
            return found


_MEMOS: dict[bytes, SupportMemo] = {}


def memo_for(table: bytes) -> SupportMemo:
    """Return the one shared support memo of `table`."""
    if table not in _MEMOS:
        _MEMOS[table] = SupportMemo(table)
    return _MEMOS[table]
