"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by re-solving.

One Boolean per (free cell, piece type the inventory has); at most one per cell; each type's
sum is its inventory count; each number is a linear equality over the Booleans of the pieces
that would attack it. Every solution found is counted and then forbidden by a blocking clause
(solvers.core.cpsat.count_by_blocking).
"""

from ortools.sat.python import cp_model

from solvers.chesspy.board import ChesspyPuzzle, ChesspySolution
from solvers.core.cpsat import Reading, count_by_blocking
from solvers.core.results import Count


def _attacks(piece: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Return True if `piece` ('R', 'B' or 'N') standing on a attacks b (a != b)."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if piece == "R":
        return dr == 0 or dc == 0
    if piece == "B":
        return dr == dc
    return sorted((dr, dc)) == [1, 2]


def count_cpsat(puzzle: ChesspyPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`; `nodes` counts CP-SAT solve calls."""
    w = puzzle.width
    model = cp_model.CpModel()
    where = {k: divmod(k, w) for k in range(len(puzzle.numbers))}
    free = [k for k, n in enumerate(puzzle.numbers) if n is None]
    kinds = [(piece, n) for piece, n in zip("RBN", puzzle.inventory, strict=True) if n]
    x = {(k, piece): model.new_bool_var(f"{piece}{k}") for k in free for piece, _ in kinds}
    for k in free:
        model.add_at_most_one(x[k, piece] for piece, _ in kinds)
    sums = [([x[k, piece] for k in free if (k, piece) in x], n)
            for piece, n in zip("RBN", puzzle.inventory, strict=True)]
    sums += [([var for (k, piece), var in x.items() if _attacks(piece, where[k], where[t])], n)
             for t, n in enumerate(puzzle.numbers) if n is not None]
    for terms, n in sums:
        if not terms and n:
            return Count(0, (), 0, truncated=False)  # a number no piece can ever reach
        if terms:
            model.add(sum(terms) == n)
    if not x:  # nothing to place: the empty placement is the one solution
        return Count(1, (ChesspySolution(w, puzzle.height, (1,) * len(puzzle.numbers)),), 1,
                     truncated=False)
    letter_value = {"R": 2, "B": 4, "N": 8}

    def read(solver: cp_model.CpSolver) -> Reading:
        cells = [1] * len(puzzle.numbers)
        for (k, piece), var in x.items():
            if solver.boolean_value(var):
                cells[k] = letter_value[piece]
        holding = [var if solver.boolean_value(var) else ~var for var in x.values()]
        return ChesspySolution(w, puzzle.height, tuple(cells)), holding

    return count_by_blocking(model, read, limit)
