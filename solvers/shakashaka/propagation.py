"""The propagation engine: cell domains, the number and lattice propagators, and their fixpoint.

Vocabulary (see board.py, lattice.py, support.py): `dom[k]` is the domain of cell k, a 6-bit
set of states; the extra cell OFF = W*H stands for everything off the board and, like a black
cell, holds BLACK alone. A *point* is an index into `Context.points`, the lattice points of the
board row by row, each as its four quadrant cells (q0 NE, q1 SE, q2 SW, q3 NW); a point with
no white cell never narrows anything (every table allows sector pattern 0, no white), so the
points depend on the board's size alone. A cell's *corners* are the points at its NW, NE, SW
and SE corners. A *number* is an index into `Context.numbers`, (n, the white neighbours of a
numbered cell). A `Propagation` keeps the domains with two agendas: narrowing a cell queues
its points and numbers, so a propagator only looks again where something changed.

- the number propagator: once n neighbours surely hold a triangle the others are empty; once
  only n can, they all hold one;
- the lattice propagator: a point keeps in each cell only the states whose quadrant pattern
  takes part in an allowed sector pattern of the table (one memoised lookup, support.py).
A propagator application that narrows something is a *step*; a contradiction is CONTRADICTION.
"""

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from solvers.core.results import CONTRADICTION
from solvers.shakashaka.board import BLACK, TRIANGLES, E, ShakaPuzzle, neighbours
from solvers.shakashaka.lattice import FULL
from solvers.shakashaka.support import (
    DOMAIN_SIZE,
    KEY_PART,
    PATTERN_SET,
    STATES_WITH,
    SupportMemo,
    memo_for,
)

BLACK_DOMAIN = 1 << BLACK
EMPTY_DOMAIN = 1 << E
TRIANGLE_DOMAIN = sum(1 << s for s in TRIANGLES)
WHITE_DOMAIN = EMPTY_DOMAIN | TRIANGLE_DOMAIN
SIZE = tuple(domain.bit_count() for domain in range(64))
KEY_0, KEY_1, KEY_2, KEY_3 = KEY_PART
STATES_0, STATES_1, STATES_2, STATES_3 = STATES_WITH
# A cell's corners in reading order, NW, NE, SW, SE (so their points in increasing order); the
# cell is quadrant CORNER_QUADRANT[corner] of the point at that corner.
CORNER_QUADRANT = (1, 2, 0, 3)
# SHRUNK[old][new]: the corners where narrowing a cell from domain old to new shrinks its
# pattern set, the points that must look at the cell again.
SHRUNK = tuple(
    tuple(tuple(corner for corner, q in enumerate(CORNER_QUADRANT)
                if PATTERN_SET[q][old] != PATTERN_SET[q][new]) for new in range(DOMAIN_SIZE))
    for old in range(DOMAIN_SIZE)
)


@dataclass(frozen=True)
class Context:
    """A puzzle's derived tables.

    `initial` is the domain list before any propagation (OFF last); `whites` the white cells;
    `points[i]` the four quadrant cells of point i and `corners[k]` the points at the corners
    of cell k (NW, NE, SW, SE);
    `numbers[j]` = (n, white neighbours) and `cell_numbers[k]` the numbers next to cell k.
    """

    puzzle: ShakaPuzzle
    initial: tuple[int, ...]
    whites: tuple[int, ...]
    points: tuple[tuple[int, int, int, int], ...]
    corners: tuple[tuple[int, int, int, int], ...]
    numbers: tuple[tuple[int, tuple[int, ...]], ...]
    cell_numbers: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=64)
def board_points(
    width: int, height: int
) -> tuple[tuple[tuple[int, int, int, int], ...], tuple[tuple[int, int, int, int], ...]]:
    """Return (points, corners) of a W x H board, as in `Context`: every lattice point, row by
    row, as its four quadrant cells (OFF = W*H off the board), and every cell's corners."""
    off = width * height

    def cell(r: int, c: int) -> int:
        return r * width + c if 0 <= r < height and 0 <= c < width else off

    points = tuple((cell(i - 1, j), cell(i, j), cell(i, j - 1), cell(i - 1, j - 1))
                   for i in range(height + 1) for j in range(width + 1))
    row = width + 1  # points in a row of points
    corners = tuple((i, i + 1, i + row, i + row + 1)
                    for i in (r * row + c for r in range(height) for c in range(width)))
    return points, corners


@lru_cache(maxsize=64)
def all_neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Return the orthogonal neighbours of every cell of a W x H board."""
    return tuple(neighbours(width, height, k) for k in range(width * height))


@lru_cache(maxsize=1024)
def context(puzzle: ShakaPuzzle) -> Context:
    """Return the derived tables of `puzzle` (cached: the same puzzle is asked about often)."""
    w, h, black = puzzle.width, puzzle.height, puzzle.black
    initial = (*(BLACK_DOMAIN if b else WHITE_DOMAIN for b in black), BLACK_DOMAIN)
    sides = all_neighbours(w, h)
    numbers: list[tuple[int, tuple[int, ...]]] = []
    cell_numbers: list[tuple[int, ...]] = [()] * (w * h + 1)
    for k, n in enumerate(puzzle.numbers):
        if n is None:
            continue
        around = tuple(x for x in sides[k] if not black[x])
        for x in around:
            cell_numbers[x] += (len(numbers),)
        numbers.append((n, around))
    whites = tuple(k for k, b in enumerate(black) if not b)
    return Context(puzzle, initial, whites, *board_points(w, h), tuple(numbers),
                   tuple(cell_numbers))


class Propagation:
    """Domains under propagation, with the agendas of the points and numbers to look at again.

    `memo` is the support memo of the lattice table (None: no lattice propagator), `known` its
    dict of the supports computed so far (empty without a table); `use_numbers` turns the number
    propagator on. `corners` and `cell_numbers` are the context's, read by `narrow`. `tally`
    counts steps by `names` (number steps, lattice steps).
    """

    __slots__ = ("cell_numbers", "corners", "ctx", "dom", "known", "memo", "names",
                 "number_flags", "number_queue", "point_flags", "point_queue", "tally",
                 "use_numbers")

    def __init__(self, ctx: Context, use_numbers: bool, table: bytes | None,
                 names: tuple[str, str] = ("numbers", "lattice")) -> None:
        self.ctx = ctx
        self.corners, self.cell_numbers = ctx.corners, ctx.cell_numbers
        self.dom = list(ctx.initial)
        self.memo: SupportMemo | None = None if table is None else memo_for(table)
        self.known: dict[int, int] = {} if self.memo is None else self.memo.known
        self.use_numbers = use_numbers
        self.names = names
        self.tally: dict[str, int] = {}
        points, numbers = len(ctx.points), len(ctx.numbers)
        self.point_queue = deque(range(points) if table is not None else ())
        self.point_flags = [table is not None] * points  # lists: they index faster than bytes
        self.number_queue = list(range(numbers)) if use_numbers else []
        self.number_flags = [use_numbers] * numbers

    def trial(self, k: int, state: int) -> "Propagation":
        """Return a copy (its agendas empty, as at a fixpoint) in which cell k holds `state`."""
        copy = Propagation.__new__(Propagation)
        copy.ctx, copy.corners, copy.cell_numbers = self.ctx, self.corners, self.cell_numbers
        copy.memo, copy.known, copy.use_numbers, copy.names = (
            self.memo, self.known, self.use_numbers, self.names)
        copy.dom = self.dom.copy()
        copy.tally = {}
        copy.point_queue, copy.number_queue = deque(), []
        copy.point_flags = [False] * len(self.point_flags)
        copy.number_flags = [False] * len(self.number_flags)
        copy.narrow(k, 1 << state)
        return copy

    def narrow(self, k: int, domain: int, settled: int = -1) -> None:
        """Set cell k's domain and queue the propagators that must look at it again: the points
        whose pattern set of the cell shrank (but point `settled`, which has just narrowed it
        to its own fixpoint) and the numbers beside it."""
        dom = self.dom
        old, dom[k] = dom[k], domain
        if self.memo is not None:
            flags, corners = self.point_flags, self.corners[k]
            for corner in SHRUNK[old][domain]:
                i = corners[corner]
                if not flags[i] and i != settled:
                    flags[i] = True
                    self.point_queue.append(i)
        if self.use_numbers:
            flags = self.number_flags
            for j in self.cell_numbers[k]:
                if not flags[j]:
                    flags[j] = True
                    self.number_queue.append(j)

    def number_rule(self, j: int) -> int:
        """Apply number j; return 1 if it narrowed something, 0 if not, or CONTRADICTION."""
        n, around = self.ctx.numbers[j]
        dom = self.dom
        sure = possible = 0
        for k in around:
            d = dom[k]
            if d & TRIANGLE_DOMAIN:
                possible += 1
                if not d & EMPTY_DOMAIN:
                    sure += 1
        if sure > n or possible < n:
            return CONTRADICTION
        if sure == possible or n not in (sure, possible):
            return 0
        keep = EMPTY_DOMAIN if sure == n else TRIANGLE_DOMAIN
        for k in around:
            d = dom[k]
            if d & EMPTY_DOMAIN and d & TRIANGLE_DOMAIN:
                self.narrow(k, d & keep)
        return 1

    def run(self) -> int:
        """Run the active propagators to their fixpoint; return the steps or CONTRADICTION.

        Numbers go first (they are cheap), points first in, first out (fewer visits); the loop
        breaks only at a contradiction, and a complete board is not judged here (`is_solution`).
        The lattice propagator is spelt out in the loop, being the innermost step of every
        count: point i looks up the support of its key, and narrows, in order, each cell whose
        nibble of the key lost a pattern. A support is its own support, so the point need not
        look at its cells again.
        """
        number_queue, number_flags = self.number_queue, self.number_flags
        point_queue, point_flags = self.point_queue, self.point_flags
        number_rule, narrow = self.number_rule, self.narrow
        dom, points, known = self.dom, self.ctx.points, self.known
        number_steps = lattice_steps = 0
        while True:
            if number_queue:
                j = number_queue.pop()
                number_flags[j] = False
                fired = number_rule(j)
                if fired == CONTRADICTION:
                    break
                number_steps += fired
                continue
            if not point_queue:
                self.record(number_steps, lattice_steps)
                return number_steps + lattice_steps
            i = point_queue.popleft()
            point_flags[i] = False
            a, b, c, d = points[i]
            da, db, dc, dd = dom[a], dom[b], dom[c], dom[d]
            key = KEY_0[da] | KEY_1[db] | KEY_2[dc] | KEY_3[dd]
            try:
                kept = known[key]
            except KeyError:  # the first lookup of this key under the table
                assert self.memo is not None, "points are queued only under a lattice table"
                kept = self.memo[key]
            if kept == key:
                continue
            if not kept:  # no allowed sector pattern is left
                break
            lattice_steps += 1
            lost = key ^ kept
            if lost & 0x000F:
                narrow(a, da & STATES_0[kept & 15], i)
            if lost & 0x00F0:
                narrow(b, db & STATES_1[kept >> 4 & 15], i)
            if lost & 0x0F00:
                narrow(c, dc & STATES_2[kept >> 8 & 15], i)
            if lost & 0xF000:
                narrow(d, dd & STATES_3[kept >> 12], i)
        self.record(number_steps, lattice_steps)
        return CONTRADICTION

    def record(self, number_steps: int, lattice_steps: int) -> None:
        """Add a run's steps to the tally, under the names of the two propagators."""
        for name, steps in zip(self.names, (number_steps, lattice_steps), strict=True):
            if steps:
                self.tally[name] = self.tally.get(name, 0) + steps

    def open_cell(self) -> int:
        """Return the open white cell with the smallest domain (the first such), or -1."""
        best, best_size = -1, 6
        dom = self.dom
        for k in self.ctx.whites:
            size = SIZE[dom[k]]
            if 1 < size < best_size:
                best, best_size = k, size
                if size == 2:
                    break
        return best


def is_solution(ctx: Context, dom: list[int]) -> bool:
    """Return True if every cell is decided, every point's sector pattern is in FULL and every
    number counts its triangles."""
    if any(SIZE[dom[k]] != 1 for k in ctx.whites):
        return False
    full = memo_for(FULL)
    for a, b, c, d in ctx.points:
        key = KEY_0[dom[a]] | KEY_1[dom[b]] | KEY_2[dom[c]] | KEY_3[dom[d]]
        if full[key] != key:
            return False
    return all(sum(dom[k] != EMPTY_DOMAIN for k in around) == n for n, around in ctx.numbers)
