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
    """Return the piece of forbidden white blocks round one lattice point, whose eight
    sectors (AROUND's order) are quarter variables, or None where black or off the board."""
    present = tuple(sector is not None for sector in sectors)
    return add_clauses(cmh.CpModelProto(), [
        [sectors[t] for t in block] + [negated(sectors[b]) for b in bounds]  # type: ignore[arg-type]
        for block, bounds in _block_clauses(present)])


def _model(puzzle: ShakaPuzzle) -> cmh.CpModelProto:
    """Return the model: four "quarter is black" variables per cell (module docstring)."""
    w, h = puzzle.width, puzzle.height
    pieces = [_black_cell(k) if dark else _white_cell(k) for k, dark in enumerate(puzzle.black)]
    for k, n in enumerate(puzzle.numbers):
        if n is not None:
            whites = tuple(x for x in neighbours(w, h, k) if not puzzle.black[x])
            pieces.append(_number(k, n, whites))
    for i in range(h + 1):
        for j in range(w + 1):
            sectors = []
            for dr, dc, q in AROUND:
                r, c = i + dr, j + dc
                white = 0 <= r < h and 0 <= c < w and not puzzle.black[r * w + c]
                sectors.append(_quarter(r * w + c, q) if white else None)
            pieces.append(_lattice_point(tuple(sectors)))
    return assemble(boolean_model(4 * w * h), pieces)


STATE_OF_BLACK_QUARTERS = {tuple(q in dark for q in (N, E, S, W)): state
                           for state, dark in enumerate(BLACK_QUARTERS)}


def count_cpsat(puzzle: ShakaPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`, enumerated by one CP-SAT search; `nodes` is 1."""
    black = puzzle.black

    def judge(values: list[int]) -> Verdict:
        cells = tuple(BLACK if dark else STATE_OF_BLACK_QUARTERS[tuple(values[4 * k:4 * k + 4])]
                      for k, dark in enumerate(black))
        blocking = [negated(v) if d else v for v, d in enumerate(values)]
        return Verdict(ShakaSolution(puzzle.width, puzzle.height, cells), [blocking])

    return count_by_rounds(_model(puzzle), judge, limit)
