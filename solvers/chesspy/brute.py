"""The brute-force counter: place the inventory cell by cell (in row-major order) with nothing
but attack arithmetic, and let the rulebook validator judge every complete placement.

It shares no rule code with the ladder; it is meant for tiny boards. Vocabulary: `clues[k]` the
number on numbered cell k, `hits[k]` attacks on it so far, `left[p]` pieces of type p still to
place, `targets[p][k]` the numbered cells a piece p on free cell k attacks.
"""

from solvers.chesspy.board import ChesspyPuzzle, ChesspySolution
from solvers.chesspy.rulebook import check
from solvers.core.results import Count

_MOVES = {
    2: lambda dr, dc: dr == 0 or dc == 0,
    4: lambda dr, dc: dr == dc,
    8: lambda dr, dc: {dr, dc} == {1, 2},
}


def count_brute(puzzle: ChesspyPuzzle, limit: int = 2) -> Count:
    """Return every solution up to `limit`, by exhaustive placement; `nodes` counts placements."""
    w, numbers = puzzle.width, puzzle.numbers
    clues = {k: n for k, n in enumerate(numbers) if n is not None}
    numbered = list(clues)
    free = [k for k, n in enumerate(numbers) if n is None]
    targets = {
        p: {k: [t for t in numbered
                if (k != t and move(abs(k // w - t // w), abs(k % w - t % w)))]
            for k in free}
        for p, move in _MOVES.items()
    }
    hits = dict.fromkeys(numbered, 0)
    left = dict(zip((2, 4, 8), puzzle.inventory, strict=True))
    cells = [1] * len(numbers)
    found: list[ChesspySolution] = []
    nodes = 0

    def place(i: int) -> bool:
        """Fill free cells i.. in every way; return False once `limit` is reached."""
        nonlocal nodes
        if sum(left.values()) > len(free) - i:
            return True
        if i == len(free):
            solution = ChesspySolution(w, puzzle.height, tuple(cells))
            if not check(puzzle, solution):
                found.append(solution)
            return len(found) < limit
        k = free[i]
        if not place(i + 1):
            return False
        for p in (2, 4, 8):
            if not left[p]:
                continue
            nodes += 1
            left[p] -= 1
            cells[k] = p
            for t in targets[p][k]:
                hits[t] += 1
            go_on = True
            if all(hits[t] <= clues[t] for t in targets[p][k]):
                go_on = place(i + 1)
            for t in targets[p][k]:
                hits[t] -= 1
            cells[k] = 1
            left[p] += 1
            if not go_on:
                return False
        return True

    complete = place(0)
    return Count(len(found), tuple(found), nodes, truncated=not complete)
