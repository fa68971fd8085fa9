"""The brute-force counter: every filling of the white cells, each judged by the rulebook.

Leaf-only on purpose: nothing is pruned before a board is complete, and the search stops only
at `limit` solutions. For tiny boards (5^whites leaves).
"""

from solvers.core.results import Count
from solvers.shakashaka.board import BLACK, ShakaPuzzle, ShakaSolution
from solvers.shakashaka.rulebook import check


def count_brute(puzzle: ShakaPuzzle, limit: int = 2) -> Count:
    """Return every solution up to `limit`; `nodes` counts the partial fillings visited
    (the root included), so an exhaustive run over w white cells visits (5^(w+1) - 1) / 4."""
    w, h = puzzle.width, puzzle.height
    cells = [BLACK if b else 0 for b in puzzle.black]
    whites = [k for k in range(w * h) if not puzzle.black[k]]
    found: list[ShakaSolution] = []
    nodes = 0

    def fill(i: int) -> bool:
        """Fill whites[i:] every way; return False once `limit` solutions are found."""
        nonlocal nodes
        nodes += 1
        if i == len(whites):
            solution = ShakaSolution(w, h, tuple(cells))
            if not check(puzzle, solution):
                found.append(solution)
            return len(found) < limit
        for state in range(5):
            cells[whites[i]] = state
            if not fill(i + 1):
                return False
        return True

    complete = fill(0)
    return Count(len(found), tuple(found), nodes, truncated=not complete)
