"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by enumeration.

It shares no tables or code with the ladder. For each quarter of a white cell (the rulebook's
N, E, S, W triangles) a Boolean "this quarter is black". A cell's black quarters are none or two
that meet at a corner (its triangle), which four clauses per cell say: not N and S, not E and
W, and a black N or S needs a black E or W, and the other way round. Every triangle blackens
exactly one of N and S, so a number is a linear equality over its neighbours' N and S literals.
The region rule in its local form: at each lattice point, going round the eight quarters that
touch it, a maximal block of white quarters must be 2, 4 or 8 long (a corner, a straight edge,
the inside), so every block of 1, 3, 5, 6 or 7 white quarters between black ones is a forbidden
clause. A filling is one assignment of the quarter literals, so the solutions are enumerated in
one search, not found one solve at a time.
"""

from functools import lru_cache

from ortools.sat.python import cp_model

from solvers.core.cpsat import count_by_enumeration
from solvers.core.results import Count
from solvers.shakashaka.board import BLACK, ShakaPuzzle, ShakaSolution

N, E, S, W = range(4)
# The quarters a state leaves white: empty, right angle at NW, NE, SE, SW.
WHITE_QUARTERS = ((N, E, S, W), (E, S), (S, W), (N, W), (N, E))
BLACK_QUARTERS = tuple(frozenset((N, E, S, W)) - frozenset(white) for white in WHITE_QUARTERS)
# The eight quarters round a lattice point, clockwise from north: (row step, column step,
# quarter) of the cells to the north-east, south-east, south-west and north-west.
AROUND = ((-1, 0, W), (-1, 0, S), (0, 0, N), (0, 0, W), (0, -1, E), (0, -1, N), (-1, -1, S),
          (-1, -1, E))
FORBIDDEN_BLOCKS = (1, 3, 5, 6, 7)


@lru_cache(maxsize=256)
def _block_clauses(present: tuple[bool, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]],
                                                       ...]:
    """Return, for a lattice point whose sectors `present` may be white (the others are black or
    off the board), each forbidden block as (its sectors, its bounds that may be white): the
    clause is that a sector of the block is black or a bound is white (cached: few patterns)."""
    clauses = []
    for length in FORBIDDEN_BLOCKS:
        for first in range(8):
            inside = tuple((first + i) % 8 for i in range(length))
            if not all(present[t] for t in inside):
                continue
            bounds = tuple(b for b in sorted({(first - 1) % 8, (first + length) % 8})
                           if present[b])
            clauses.append((inside, bounds))
    return tuple(clauses)


def _model(puzzle: ShakaPuzzle):
    """Return (model, {white cell: its four "quarter is black" literals, N, E, S, W})."""
    w, h = puzzle.width, puzzle.height
    model = cp_model.CpModel()
    black = {k: [model.new_bool_var(f"b{k}_{q}") for q in (N, E, S, W)]
             for k in range(w * h) if not puzzle.black[k]}
    for north, east, south, west in black.values():
        model.add_bool_or([~north, ~south])
        model.add_bool_or([~east, ~west])
        model.add_bool_or([~north, east, west])
        model.add_bool_or([~south, east, west])
        model.add_bool_or([~east, north, south])
        model.add_bool_or([~west, north, south])
    for k, n in enumerate(puzzle.numbers):
        if n is not None:
            r, c = divmod(k, w)
            around = [(r + dr) * w + c + dc for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
                      if 0 <= r + dr < h and 0 <= c + dc < w]
            model.add(sum(black[x][N] + black[x][S] for x in around if x in black) == n)
    for i in range(h + 1):
        for j in range(w + 1):
            sectors = []
            for dr, dc, q in AROUND:
                r, c = i + dr, j + dc
                inside = 0 <= r < h and 0 <= c < w
                sectors.append(black[r * w + c][q] if inside and r * w + c in black else False)
            present = tuple(sector is not False for sector in sectors)
            white = [~sector if sector is not False else False for sector in sectors]
            for block, bounds in _block_clauses(present):
                model.add_bool_or([sectors[t] for t in block] + [white[b] for b in bounds])
    return model, black


def count_cpsat(puzzle: ShakaPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`, enumerated by one CP-SAT search; `nodes` is 1."""
    model, black = _model(puzzle)

    def read(solver: cp_model.CpSolverSolutionCallback) -> ShakaSolution:
        cells = [BLACK] * (puzzle.width * puzzle.height)
        for k, literals in black.items():
            dark = frozenset(q for q in (N, E, S, W) if solver.boolean_value(literals[q]))
            cells[k] = BLACK_QUARTERS.index(dark)
        return ShakaSolution(puzzle.width, puzzle.height, tuple(cells))

    return count_by_enumeration(model, read, limit)
