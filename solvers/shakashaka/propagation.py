"""The propagation engine: cell domains, the number and lattice propagators, and their fixpoint.

Vocabulary (see board.py, lattice.py, support.py): `dom[k]` is the domain of cell k, a 6-bit
set of states; the extra cell OFF = W*H stands for everything off the board and, like a black
cell, holds BLACK alone. A *point* is an index into `Context.points`, the lattice points that
touch a white cell, each as its four quadrant cells (q0 NE, q1 SE, q2 SW, q3 NW). A *number* is
an index into `Context.numbers`, (n, the white neighbours of a numbered cell). A `Propagation`
keeps the domains with two agendas: narrowing a cell queues its points and numbers, so a
propagator only looks again where something changed.

- the number propagator: once n neighbours surely hold a triangle the others are empty; once
  only n can, they all hold one;
- the lattice propagator: a point keeps in each cell only the states whose quadrant pattern
  takes part in an allowed sector pattern of the table (one memoised lookup, support.py).
A propagator application that narrows something is a *step*; a contradiction is CONTRADICTION.
"""

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from solvers.shakashaka.board import BLACK, TRIANGLES, E, ShakaPuzzle, neighbours
from solvers.shakashaka.lattice import FULL
from solvers.shakashaka.support import (
    KEY_PART,
    PATTERN_SET,
    STATES_WITH,
    SupportMemo,
    key_of,
    memo_for,
)

CONTRADICTION = -1
BLACK_DOMAIN = 1 << BLACK
EMPTY_DOMAIN = 1 << E
TRIANGLE_DOMAIN = sum(1 << s for s in TRIANGLES)
WHITE_DOMAIN = EMPTY_DOMAIN | TRIANGLE_DOMAIN
SIZE = tuple(domain.bit_count() for domain in range(64))


@dataclass(frozen=True)
class Context:
    """A puzzle's derived tables.

    `initial` is the domain list before any propagation (OFF last); `whites` the white cells;
    `points[i]` the four quadrant cells of point i and `cell_points[k]` the (point, quadrant)
    pairs of cell k;
    `numbers[j]` = (n, white neighbours) and `cell_numbers[k]` the numbers next to cell k.
    """

    puzzle: ShakaPuzzle
    initial: tuple[int, ...]
    whites: tuple[int, ...]
    points: tuple[tuple[int, int, int, int], ...]
    cell_points: tuple[tuple[tuple[int, int], ...], ...]
    numbers: tuple[tuple[int, tuple[int, ...]], ...]
    cell_numbers: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=1024)
def context(puzzle: ShakaPuzzle) -> Context:
    """Return the derived tables of `puzzle` (cached: the same puzzle is asked about often)."""
    w, h = puzzle.width, puzzle.height
    off = w * h
    initial = (*(BLACK_DOMAIN if b else WHITE_DOMAIN for b in puzzle.black), BLACK_DOMAIN)

    def cell(r: int, c: int) -> int:
        return r * w + c if 0 <= r < h and 0 <= c < w else off

    points = []
    cell_points: list[list[tuple[int, int]]] = [[] for _ in range(off + 1)]
    for i in range(h + 1):
        for j in range(w + 1):
            quadrants = (cell(i - 1, j), cell(i, j), cell(i, j - 1), cell(i - 1, j - 1))
            if all(initial[k] == BLACK_DOMAIN for k in quadrants):
                continue
            for q, k in enumerate(quadrants):
                cell_points[k].append((len(points), q))
            points.append(quadrants)
    numbers = []
    cell_numbers: list[list[int]] = [[] for _ in range(off + 1)]
    for k, n in enumerate(puzzle.numbers):
        if n is None:
            continue
        around = tuple(x for x in neighbours(w, h, k) if not puzzle.black[x])
        for x in around:
            cell_numbers[x].append(len(numbers))
        numbers.append((n, around))
    whites = tuple(k for k in range(off) if not puzzle.black[k])
    return Context(puzzle, initial, whites, tuple(points), tuple(map(tuple, cell_points)),
                   tuple(numbers), tuple(map(tuple, cell_numbers)))


class Propagation:
    """Domains under propagation, with the agendas of the points and numbers to look at again.

    `memo` is the support memo of the lattice table (None: no lattice propagator);
    `use_numbers` turns the number propagator on. `tally` counts steps by `names`
    (number steps, lattice steps).
    """

    __slots__ = ("ctx", "dom", "memo", "names", "number_flags", "number_queue", "point_flags",
                 "point_queue", "tally", "use_numbers")

    def __init__(self, ctx: Context, use_numbers: bool, table: bytes | None,
                 names: tuple[str, str] = ("numbers", "lattice")) -> None:
        self.ctx = ctx
        self.dom = list(ctx.initial)
        self.memo: SupportMemo | None = None if table is None else memo_for(table)
        self.use_numbers = use_numbers
        self.names = names
        self.tally: dict[str, int] = {}
        points, numbers = len(ctx.points), len(ctx.numbers)
        self.point_queue = deque(range(points) if table is not None else ())
        self.point_flags = bytearray([table is not None]) * points
        self.number_queue = list(range(numbers)) if use_numbers else []
        self.number_flags = bytearray([use_numbers]) * numbers

    def trial(self, k: int, state: int) -> "Propagation":
        """Return a copy (its agendas empty, as at a fixpoint) in which cell k holds `state`."""
        copy = Propagation.__new__(Propagation)
        copy.ctx, copy.memo, copy.use_numbers, copy.names = (
            self.ctx, self.memo, self.use_numbers, self.names)
        copy.dom = self.dom.copy()
        copy.tally = {}
        copy.point_queue, copy.number_queue = deque(), []
        copy.point_flags = bytearray(len(self.point_flags))
        copy.number_flags = bytearray(len(self.number_flags))
        copy.narrow(k, 1 << state)
        return copy

    def narrow(self, k: int, domain: int, settled: int = -1) -> None:
        """Set cell k's domain and queue the propagators that must look at it again: the points
        whose pattern set of the cell shrank (but point `settled`, which has just narrowed it
        to its own fixpoint) and the numbers beside it."""
        dom = self.dom
        old, dom[k] = dom[k], domain
        if self.memo is not None:
            flags, queue = self.point_flags, self.point_queue
            for i, q in self.ctx.cell_points[k]:
                if not flags[i] and i != settled and PATTERN_SET[q][old] != PATTERN_SET[q][domain]:
                    flags[i] = 1
                    queue.append(i)
        if self.use_numbers:
            flags, queue = self.number_flags, self.number_queue
            for j in self.ctx.cell_numbers[k]:
                if not flags[j]:
                    flags[j] = 1
                    queue.append(j)

    def number_rule(self, j: int) -> int:
        """Apply number j; return 1 if it narrowed something, 0 if not, or CONTRADICTION."""
        n, around = self.ctx.numbers[j]
        dom = self.dom
        sure = possible = 0
        for k in around:
            if dom[k] & TRIANGLE_DOMAIN:
                possible += 1
                if not dom[k] & EMPTY_DOMAIN:
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

    def lattice_rule(self, i: int) -> int:
        """Apply point i; return 1 if it narrowed something, 0 if not, or CONTRADICTION.

        A support is its own support, so the point need not look at its cells again."""
        dom = self.dom
        cells = self.ctx.points[i]
        a, b, c, d = cells
        da, db, dc, dd = dom[a], dom[b], dom[c], dom[d]
        key = KEY_PART[0][da] | KEY_PART[1][db] | KEY_PART[2][dc] | KEY_PART[3][dd]
        kept = self.memo[key]
        if kept == key:
            return 0
        if not kept:
            return CONTRADICTION
        for q, k, old in ((0, a, da), (1, b, db), (2, c, dc), (3, d, dd)):
            new = old & STATES_WITH[q][kept >> 4 * q & 15]
            if new != old:
                self.narrow(k, new, settled=i)
        return 1

    def run(self) -> int:
        """Run the active propagators to their fixpoint; return the steps or CONTRADICTION.

        Numbers go first (they are cheap); a complete board is not judged here (`is_solution`).
        """
        steps = 0
        number_name, lattice_name = self.names
        tally = self.tally
        number_queue, number_flags = self.number_queue, self.number_flags
        point_queue, point_flags = self.point_queue, self.point_flags
        while True:
            if number_queue:
                j = number_queue.pop()
                number_flags[j] = 0
                name, fired = number_name, self.number_rule(j)
            elif point_queue:
                i = point_queue.popleft()  # first in, first out: fewer visits
                point_flags[i] = 0
                name, fired = lattice_name, self.lattice_rule(i)
            else:
                return steps
            if fired == CONTRADICTION:
                return CONTRADICTION
            if fired:
                steps += 1
                tally[name] = tally.get(name, 0) + 1

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
        key = key_of(dom[a], dom[b], dom[c], dom[d])
        if full[key] != key:
            return False
    return all(sum(dom[k] != EMPTY_DOMAIN for k in around) == n for n, around in ctx.numbers)
