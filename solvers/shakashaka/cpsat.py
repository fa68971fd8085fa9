"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by enumeration.

It shares no tables or code with the ladder. For each quarter of a cell (the rulebook's N, E,
S, W triangles) a Boolean "this quarter is black" (a black cell's are fixed false: it has no
quarters). A white cell's black quarters are none or two that meet at a corner (its triangle),
which six clauses per cell say: not N and S, not E and W, and a black N or S needs a black E or
W, and the other way round. Every triangle blackens exactly one of N and S, so a number is a
linear equality over its white neighbours' N and S literals. The region rule in its local form:
at each lattice point, going round the eight quarters that touch it, a maximal block of white
quarters must be 2, 4 or 8 long (a corner, a straight edge, the inside), which SECTOR_CLAUSES
say. A filling is one assignment of the quarter literals, so the solutions are enumerated in
one search, not found one solve at a time. The model is assembled from cached pieces (a cell,
a number, a lattice point with its black or missing sectors), not built clause by clause.
"""

from functools import cache, lru_cache
from itertools import chain

from ortools.sat.python import cp_model_helper as cmh

from solvers.core.cpsat_proto import (
    Verdict,
    add_clauses,
    add_exactly,
    assemble,
    boolean_model,
    count_by_rounds,
    negated,
)
from solvers.core.results import Count
from solvers.shakashaka.board import BLACK, ShakaPuzzle, ShakaSolution, neighbours

N, E, S, W = range(4)
# The quarters a state leaves white: empty, right angle at NW, NE, SE, SW.
WHITE_QUARTERS = ((N, E, S, W), (E, S), (S, W), (N, W), (N, E))
BLACK_QUARTERS = tuple(frozenset((N, E, S, W)) - frozenset(white) for white in WHITE_QUARTERS)
# A white cell's state by its quarters' values (N, E, S, W; 1 black) in a solution.
STATE_OF_BLACK_QUARTERS = {tuple(int(q in dark) for q in (N, E, S, W)): state
                           for state, dark in enumerate(BLACK_QUARTERS)}
# The eight quarters round a lattice point, clockwise from north: (row step, column step,
# quarter) of the cells to the north-east, south-east, south-west and north-west.
AROUND = ((-1, 0, W), (-1, 0, S), (0, 0, N), (0, 0, W), (0, -1, E), (0, -1, N), (-1, -1, S),
          (-1, -1, E))
# The region rule round one lattice point as clauses over its eight sectors, each pattern read
# from sector 0 on and rotated to start at every sector ("w": the sector is white, "B": black,
# ".": not in the clause; a clause holds when one of its sectors has its colour): no white sector
# between two black ones; no two white sectors two apart with black ones outside them; no black
# sector with white ones one, three and five steps before it. Together they forbid exactly the
# white blocks of 1, 3, 5, 6 and 7 (tests check all 256 colourings), with three or four sectors
# a clause, so a clause propagates long before a whole block is coloured.
SECTOR_PATTERNS = ("wBw.....", "wB.Bw...", "B.B.Bw..")
SECTOR_CLAUSES = tuple(tuple(((first + i) % 8, colour == "B") for i, colour in enumerate(pattern)
                             if colour != ".")
                       for pattern in SECTOR_PATTERNS for first in range(8))


def _quarter(k: int, q: int) -> int:
    """Return the variable of "quarter q of cell k is black"."""
    return 4 * k + q


@lru_cache(maxsize=1 << 14)
def _white_cell(k: int) -> cmh.CpModelProto:
    """Return the piece saying white cell k has no black quarter or a triangle's two."""
    north, east, south, west = (_quarter(k, q) for q in (N, E, S, W))
    return add_clauses(cmh.CpModelProto(), [
        [negated(north), negated(south)], [negated(east), negated(west)],
        [negated(north), east, west], [negated(south), east, west],
        [negated(east), north, south], [negated(west), north, south]])


@lru_cache(maxsize=1 << 14)
def _black_cell(k: int) -> cmh.CpModelProto:
    """Return the piece fixing the (unused) quarter variables of black cell k to false."""
    return add_clauses(cmh.CpModelProto(), [[negated(_quarter(k, q))] for q in (N, E, S, W)])


@lru_cache(maxsize=1 << 14)
def _number(k: int, n: int, whites: tuple[int, ...]) -> cmh.CpModelProto:
    """Return the piece saying exactly n of the white neighbours `whites` of cell k hold a
    triangle (each triangle blackens exactly one of N and S)."""
    return add_exactly(cmh.CpModelProto(), [_quarter(x, q) for x in whites for q in (N, S)], n)


@lru_cache(maxsize=1 << 16)
def _lattice_point(sectors: tuple[int | None, ...]) -> cmh.CpModelProto:
    """Return the piece of SECTOR_CLAUSES round one lattice point, whose eight sectors (AROUND's
    order) are quarter variables, or None where black or off the board: a clause that wants
    such a sector black holds and is left out, one that wants it white loses that literal."""
    clauses = []
    for clause in SECTOR_CLAUSES:
        if all(sectors[t] is not None or not black for t, black in clause):
            clauses.append([sector if black else negated(sector) for t, black in clause
                            if (sector := sectors[t]) is not None])
    return add_clauses(cmh.CpModelProto(), clauses)


@lru_cache(maxsize=16)
def _variables(width: int, height: int) -> cmh.CpModelProto:
    """Return the model's variables alone: four per cell, the black cells' too (fixed false)."""
    return boolean_model(4 * width * height)


@cache
def _points(width: int, height: int) -> tuple[tuple[tuple[int, int] | None, ...], ...]:
    """Return, per lattice point, its eight sectors in AROUND's order as (cell, quarter
    variable), or None off the board."""
    points = []
    for i in range(height + 1):
        for j in range(width + 1):
            sectors: list[tuple[int, int] | None] = []
            for dr, dc, q in AROUND:
                r, c = i + dr, j + dc
                inside = 0 <= r < height and 0 <= c < width
                sectors.append((r * width + c, _quarter(r * width + c, q)) if inside else None)
            points.append(tuple(sectors))
    return tuple(points)


def _model(puzzle: ShakaPuzzle) -> cmh.CpModelProto:
    """Return the model: four "quarter is black" variables per cell (module docstring)."""
    w, h, black = puzzle.width, puzzle.height, puzzle.black
    pieces = [_black_cell(k) if dark else _white_cell(k) for k, dark in enumerate(black)]
    for k, n in enumerate(puzzle.numbers):
        if n is not None:
            whites = tuple(x for x in neighbours(w, h, k) if not black[x])
            pieces.append(_number(k, n, whites))
    points = (_lattice_point(tuple(None if sector is None or black[sector[0]] else sector[1]
                                   for sector in sectors)) for sectors in _points(w, h))
    return assemble(_variables(w, h), chain(pieces, points))


def count_cpsat(puzzle: ShakaPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`, enumerated by one CP-SAT search; `nodes` is 1."""
    black = puzzle.black

    def judge(values: list[int]) -> Verdict:
        cells = tuple(BLACK if dark else STATE_OF_BLACK_QUARTERS[tuple(values[4 * k:4 * k + 4])]
                      for k, dark in enumerate(black))
        blocking = [negated(v) if d else v for v, d in enumerate(values)]
        return Verdict(ShakaSolution(puzzle.width, puzzle.height, cells), [blocking])

    return count_by_rounds(_model(puzzle), judge, limit)
