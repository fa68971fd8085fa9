"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by enumeration.

A *room* here is a legal room of the rulebook: a connected set of cells (through edges) holding
exactly two numbered cells, with more cells than the smaller number and fewer than the larger.
The model has one Boolean per legal room and says that every cell lies in exactly one chosen
room: an exact cover, so every solution is a partition and every partition one assignment, and
CP-SAT enumerates them in one search up to the limit.

The rooms are grown here, sharing no code with the ladder's catalogue: for each pair of numbers
whose window is not empty, pieces are grown from the first cell through cells that hold no third
number, each piece once (a set of the pieces seen), up to the pair's largest size. Distances on
the empty board (d, in steps) prune the growth: a cell k can only be in a room of the pair (p,
q) of at most m cells if (d(p, k) + d(k, q) + d(p, q)) / 2 + 1 <= m (the shortest tree joining
three cells of a grid), and a piece of s cells without q needs s + d(piece, q) <= m.
"""

from ortools.sat.python import cp_model

from solvers.araf.board import ArafPuzzle, ArafSolution
from solvers.core.cpsat import count_by_enumeration
from solvers.core.deadline import CHECK_MASK, check
from solvers.core.results import Count


def _steps(width: int, a: int, b: int) -> int:
    """Return the steps between cells a and b on the empty board (moves through edges)."""
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    return abs(ra - rb) + abs(ca - cb)


def _touching(width: int, height: int) -> list[list[int]]:
    """Return, for each cell, the cells sharing an edge with it."""
    return [[(r + dr) * width + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
             if 0 <= r + dr < height and 0 <= c + dc < width]
            for r in range(height) for c in range(width)]


def _rooms_of_pair(puzzle: ArafPuzzle, touching: list[list[int]], p: int, q: int, fewest: int,
                   most: int) -> list[int]:
    """Return the cell sets of the legal rooms holding the numbered cells p and q."""
    w = puzzle.width
    span = _steps(w, p, q)
    allowed = {k for k, n in enumerate(puzzle.numbers)
               if (n is None or k in (p, q))
               and (_steps(w, p, k) + _steps(w, k, q) + span) // 2 + 1 <= most}
    start = 1 << p
    seen = {start}
    todo = [(start, [p], span)]
    found = []
    turns = 0
    while todo:
        turns += 1
        if not turns & CHECK_MASK:
            check()  # a solve's deadline (solvers/core/deadline.py)
        piece, cells, gap = todo.pop()
        size = len(cells)
        if not gap and size >= fewest:
            found.append(piece)
        if size == most:
            continue
        for k in cells:
            for y in touching[k]:
                bigger = piece | 1 << y
                if y not in allowed or bigger == piece or bigger in seen:
                    continue
                seen.add(bigger)
                left = min(gap, _steps(w, y, q))
                if size + 1 + left <= most:
                    todo.append((bigger, [*cells, y], left))
    return found


def legal_rooms(puzzle: ArafPuzzle) -> list[int]:
    """Return the cell sets of every legal room of `puzzle` (module docstring)."""
    touching = _touching(puzzle.width, puzzle.height)
    value = {k: n for k, n in enumerate(puzzle.numbers) if n is not None}
    numbered = sorted(value)
    rooms = []
    for i, p in enumerate(numbered):
        for q in numbered[i + 1:]:
            a, b = sorted((value[p], value[q]))
            if a + 1 <= b - 1 and _steps(puzzle.width, p, q) + 1 <= b - 1:
                rooms.extend(_rooms_of_pair(puzzle, touching, p, q, a + 1, b - 1))
    return rooms


def count_cpsat(puzzle: ArafPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`; `nodes` is 1 (one CP-SAT search)."""
    rooms = legal_rooms(puzzle)
    model = cp_model.CpModel()
    chosen = [model.new_bool_var(f"room_{i}") for i in range(len(rooms))]
    holders: list[list[cp_model.IntVar]] = [[] for _ in puzzle.numbers]
    for room, literal in zip(rooms, chosen, strict=True):
        for k in range(len(puzzle.numbers)):
            if room >> k & 1:
                holders[k].append(literal)
    for literals in holders:
        model.add_exactly_one(literals)

    def read(solver: cp_model.CpSolverSolutionCallback) -> ArafSolution:
        labels = [0] * len(puzzle.numbers)
        label = 0
        for room, literal in zip(rooms, chosen, strict=True):
            if solver.boolean_value(literal):
                for k in range(len(labels)):
                    if room >> k & 1:
                        labels[k] = label
                label += 1
        renumber: dict[int, int] = {}
        canonical = tuple(renumber.setdefault(x, len(renumber)) for x in labels)
        return ArafSolution(puzzle.width, puzzle.height, canonical)

    return count_by_enumeration(model, read, limit)
