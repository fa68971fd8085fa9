"""The brute-force counter: fill cells in row-major order with nothing but degree arithmetic
and a rollback union-find, and let the rulebook validator judge every complete board.

It shares no rule code with the ladder. The same search runs in C (_brute.c, built by `pip
install -e .`) placement for placement, without the validator: a vertex's last cell leaves it
touched exactly as its clue says and no placement closes a loop, so every complete board it
reaches is a solution (the tests hold the two to each other, solutions and node counts).
Vocabulary: `touched[v]` diagonals touching vertex v so far, `unfilled[v]` cells around v still
empty, `loops` the union-find of joined lattice points.
"""

from types import ModuleType

from solvers.core.results import Count
from solvers.core.unionfind import RollbackUnionFind
from solvers.slant.board import SlantPuzzle, SlantSolution
from solvers.slant.rulebook import check

compiled: ModuleType | None
try:
    from solvers.slant import _brute as compiled
except ImportError:  # not built: the Python search below (slower, the same answers)
    compiled = None

NO_CLUE = 255


def count_brute(puzzle: SlantPuzzle, limit: int = 2, max_nodes: int | None = None) -> Count:
    """Return every solution up to `limit`, by exhaustive filling; `nodes` counts placements.
    The count is truncated when the search stopped at `limit` solutions or, with `max_nodes`,
    after that many placements."""
    if compiled is not None:
        return _count_compiled(compiled, puzzle, limit, max_nodes)
    return _count_python(puzzle, limit, max_nodes)


def _count_compiled(kernel: ModuleType, puzzle: SlantPuzzle, limit: int,
                    max_nodes: int | None) -> Count:
    """Return count_brute's answer from the C search (a limit below 1 stops at the first
    solution, as the Python search does)."""
    w, h = puzzle.width, puzzle.height
    clues = bytes(NO_CLUE if n is None else n for n in puzzle.clues)
    fillings, nodes, complete = kernel.count(w, h, clues, max(limit, 1),
                                             -1 if max_nodes is None else max_nodes)
    found = tuple(SlantSolution(w, h, tuple(filling)) for filling in fillings)
    return Count(len(found), found, nodes, truncated=not complete)


def _count_python(puzzle: SlantPuzzle, limit: int, max_nodes: int | None) -> Count:
    """Return count_brute's answer from the search in Python."""
    w, h = puzzle.width, puzzle.height
    stride = w + 1
    clues = puzzle.clues
    touched = [0] * len(clues)
    unfilled = [0] * len(clues)
    for r in range(h):
        for c in range(w):
            for v in (r * stride + c, r * stride + c + 1, (r + 1) * stride + c,
                      (r + 1) * stride + c + 1):
                unfilled[v] += 1
    loops = RollbackUnionFind(len(clues))
    cells = [0] * (w * h)
    found: list[SlantSolution] = []
    nodes = 0

    def arithmetic_allows(v: int) -> bool:
        n = clues[v]
        return n is None or touched[v] <= n <= touched[v] + unfilled[v]

    def fill(i: int) -> bool:
        """Fill cells i.. in every consistent way; return False once `limit` is reached."""
        nonlocal nodes
        if i == len(cells):
            solution = SlantSolution(w, h, tuple(cells))
            if not check(puzzle, solution):
                found.append(solution)
            return len(found) < limit
        r, c = divmod(i, w)
        tl = r * stride + c
        corners = (tl, tl + 1, tl + stride, tl + stride + 1)
        for diagonal, ends in ((1, (tl + 1, tl + stride)), (2, (tl, tl + stride + 1))):
            mark = loops.mark()
            if not loops.union(*ends):
                continue
            if max_nodes is not None and nodes >= max_nodes:
                loops.rollback(mark)
                return False
            nodes += 1
            for v in corners:
                unfilled[v] -= 1
            for v in ends:
                touched[v] += 1
            cells[i] = diagonal
            go_on = True
            if all(arithmetic_allows(v) for v in corners):
                go_on = fill(i + 1)
            for v in ends:
                touched[v] -= 1
            for v in corners:
                unfilled[v] += 1
            loops.rollback(mark)
            if not go_on:
                return False
        return True

    complete = fill(0)
    return Count(len(found), tuple(found), nodes, truncated=not complete)
