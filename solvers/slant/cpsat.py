"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by re-solving.

One Boolean per cell (true: '\\', false: '/'), and nothing else, so every count is of distinct
diagonal fillings. A clue is a linear equality over the literals that touch its vertex. No-loop
is added lazily: when a solution holds a loop, a cut forbids that loop's diagonals all at once;
when it holds none, it is counted and a blocking clause forbids exactly that filling.
"""

from ortools.sat.python import cp_model

from solvers.core.cpsat import Reading, count_by_blocking
from solvers.core.results import Count
from solvers.slant.board import SlantPuzzle, SlantSolution


def _diagonal_literals(model: cp_model.CpModel, puzzle: SlantPuzzle):
    """Return the cell variables and, per vertex, the literals meaning 'a diagonal touches me'."""
    w, h, stride = puzzle.width, puzzle.height, puzzle.width + 1
    back = [model.new_bool_var(f"back_{k}") for k in range(w * h)]
    touching: dict[int, list] = {}
    for k, is_back in enumerate(back):
        r, c = divmod(k, w)
        tl = r * stride + c
        for v in (tl, tl + stride + 1):
            touching.setdefault(v, []).append(is_back)
        for v in (tl + 1, tl + stride):
            touching.setdefault(v, []).append(~is_back)
    return back, touching


def _loop_cells(puzzle: SlantPuzzle, cells: list[int]) -> list[int] | None:
    """Return the cells of one closed loop in a filling (2 = '\\', 1 = '/'), or None."""
    w, stride = puzzle.width, puzzle.width + 1
    edge_cell = {}
    adjacency: dict[int, list[int]] = {}
    for k, d in enumerate(cells):
        r, c = divmod(k, w)
        tl = r * stride + c
        a, b = (tl, tl + stride + 1) if d == 2 else (tl + 1, tl + stride)
        edge_cell[frozenset((a, b))] = k
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    for start in adjacency:
        parent = {start: None}
        stack = [start]
        while stack:
            v = stack.pop()
            for u in adjacency[v]:
                if u == parent[v]:
                    continue
                if u in parent:  # closing edge v-u: the loop is v..lca..u plus (v, u)
                    return _cycle(parent, v, u, edge_cell)
                parent[u] = v
                stack.append(u)
    return None


def _cycle(parent: dict, v: int, u: int, edge_cell: dict) -> list[int]:
    """Return the cells on the tree paths from v and u to their meeting point, plus edge (v, u)."""
    path_v, x = [], v
    while x is not None:
        path_v.append(x)
        x = parent[x]
    on_v = {x: i for i, x in enumerate(path_v)}
    path_u, x = [], u
    while x not in on_v:
        path_u.append(x)
        x = parent[x]
    loop = path_v[: on_v[x] + 1] + path_u[::-1]
    pairs = zip(loop, loop[1:] + loop[:1], strict=True)
    return [edge_cell[frozenset(pair)] for pair in pairs]


def count_cpsat(puzzle: SlantPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`; `nodes` counts CP-SAT solve calls."""
    model = cp_model.CpModel()
    back, touching = _diagonal_literals(model, puzzle)
    for v, n in enumerate(puzzle.clues):
        if n is not None:
            model.add(sum(touching[v]) == n)

    def read(solver: cp_model.CpSolver) -> Reading:
        cells = [2 if solver.boolean_value(b) else 1 for b in back]
        loop = _loop_cells(puzzle, cells)
        chosen = [back[k] if cells[k] == 2 else ~back[k] for k in (loop or range(len(cells)))]
        if loop is not None:
            return None, chosen
        return SlantSolution(puzzle.width, puzzle.height, tuple(cells)), chosen

    return count_by_blocking(model, read, limit)
